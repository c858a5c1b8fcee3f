import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import { imageRoutes } from './images.ts';
import { systemRoutes } from '../../api/system/routes.ts';
import { readSystemConfig, runRetention } from './service.ts';

export { productSvg } from './images.ts';
export { runRetention, readSystemConfig, type RetentionResult } from './service.ts';

/** Health, client error reports, generated images, and the retention job of this instance. */
export async function systemModule(app: FastifyInstance, { handle }: { handle: DatabaseHandle }) {
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
