import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import { readSystemConfig, runRetention } from '../../modules/system/index.ts';
import { imageRoutes } from './image-routes.ts';
import { systemRoutes } from './routes.ts';

/** Health, client error reports, generated images, and the retention job of this instance. */
export async function systemApi(app: FastifyInstance, { handle }: { handle: DatabaseHandle }) {
  const config = readSystemConfig();
  await app.register(systemRoutes, { handle, config });
  await app.register(imageRoutes, { db: handle.db });

  let timer: NodeJS.Timeout | null = null;
  const pass = async () => {
    try {
      await runRetention(handle.db, config);
    } catch (error) {
      app.log.warn({ err: String(error) }, 'retention pass failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void pass(), config.RETENTION_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
