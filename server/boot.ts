import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, readDatabaseTimeouts } from './config.ts';
import { isConnectionError } from './db/availability.ts';
import { type DatabaseHandle, migrate, openDatabase } from './db/database.ts';
import { seedDemoCustomer, seedOnce } from './db/seed/seed.ts';

/** Before the app's logger exists: the database's comings and goings, one JSON line each like the app's. */
const consoleLogger = {
  warn: (obj: object, msg: string) => console.warn(JSON.stringify({ level: 40, time: Date.now(), ...obj, msg })),
  info: (obj: object, msg: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), ...obj, msg })),
};

/**
 * Runs the first step that needs the database again, backing off to 5 s, for as long as the database cannot be
 * reached: an instance started while PostgreSQL is away waits for it instead of exiting, so a supervisor does not
 * restart it in a loop (README "Reliability"). Any other error ends the start as before.
 */
async function untilReachable(step: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      const waitMs = Math.min(5_000, 250 * 2 ** attempt);
      consoleLogger.warn({ err: String(error), retry_in_ms: waitMs }, 'waiting for the database');
      await new Promise((r) => setTimeout(r, waitMs));
    }
  }
}

/** Opens the database, migrates, seeds on first run and builds the app: what `npm start` does. */
export async function boot(config: Config, clientDir: string | null): Promise<{ app: FastifyInstance; handle: DatabaseHandle }> {
  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const handle = await openDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL, timeouts: readDatabaseTimeouts(), logger: consoleLogger }
      : { dataDir: config.DATA_DIR, log: (m) => console.warn(m) },
  );
  // Closed whatever happens from here: a failed start must not leave PGlite half-written or its lock held.
  try {
    await untilReachable(() => migrate(handle.db));
    const app = await buildApp({ config, handle, clientDir });
    app.addHook('onClose', async () => handle.close());
    const started = Date.now();
    app.log.info('seeding the database if it is empty');
    const counts = await seedOnce(handle.db, { scale: config.SEED_SCALE, demoCustomer: config.devTools });
    if (counts) app.log.info({ ...counts, ms: Date.now() - started }, 'seeded the database');
    // A database first seeded without the development tools gets the demo customer when they are turned on.
    else if (config.devTools) await seedDemoCustomer(handle.db);
    return { app, handle };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}
