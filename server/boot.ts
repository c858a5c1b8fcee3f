import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, migrate, openDatabase } from './db/database.ts';
import { isSeeded, seed, seedDemoCustomer } from './db/seed/seed.ts';

/** Opens the database, migrates, seeds on first run and builds the app: what `npm start` does. */
export async function boot(config: Config, clientDir: string | null): Promise<{ app: FastifyInstance; handle: DatabaseHandle }> {
  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const handle = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  await migrate(handle.db);
  const app = await buildApp({ config, handle, clientDir });
  if (!(await isSeeded(handle.db))) {
    const started = Date.now();
    const counts = await seed(handle.db, { scale: config.SEED_SCALE });
    app.log.info({ ...counts, ms: Date.now() - started }, 'seeded the database');
  } else if (config.devTools) {
    // A database first seeded without the development tools gets the demo customer when they are turned on.
    await seedDemoCustomer(handle.db);
  }
  app.addHook('onClose', async () => handle.close());
  return { app, handle };
}
