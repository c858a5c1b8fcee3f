import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, readDatabaseTimeouts } from './config.ts';
import { isConnectionError } from './db/availability.ts';
import { type DatabaseHandle, migrate, openDatabase } from './db/database.ts';
import { seedDemoCustomer, seedOnce } from './db/seed/seed.ts';
import { loadPincodeDirectory } from './modules/stores/index.ts';
import { appLogger } from './observability/logging.ts';

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
  const timeouts = readDatabaseTimeouts();
  const handle = await openDatabase(
    config.DATABASE_URL
      ? { databaseUrl: config.DATABASE_URL, timeouts, logger: consoleLogger }
      : { dataDir: config.DATA_DIR, log: (m) => console.warn(m) },
  );
  // Migrations and first-run seeding run on a small pool of their own without statement or idle-in-transaction
  // limits: an instance waits on another's migration or seeding lock for as long as it is held, and seeding a large
  // catalogue takes longer than any call should (docs/decisions/014-database-outages.md).
  let setup: DatabaseHandle | null = null;
  // Closed whatever happens from here: a failed start must not leave PGlite half-written or its lock held.
  try {
    setup = config.DATABASE_URL
      ? await openDatabase({ databaseUrl: config.DATABASE_URL, timeouts: { ...timeouts, statementMs: 0, idleInTransactionMs: 0 } })
      : handle;
    const setupDb = setup.db;
    await untilReachable(() => migrate(setupDb));
    const app = await buildApp({ config, handle, clientDir, logger: appLogger(config) });
    app.addHook('onClose', async () => handle.close());
    const started = Date.now();
    app.log.info('seeding the database if it is empty');
    const counts = await seedOnce(setupDb, { scale: config.SEED_SCALE, demoCustomer: config.devTools });
    if (counts) app.log.info({ ...counts, ms: Date.now() - started }, 'seeded the database');
    // A database first seeded without the development tools gets the demo customer when they are turned on.
    else if (config.devTools) await seedDemoCustomer(setupDb);
    // A database seeded before, or by an older build, gets the pincode directory this build ships (docs/pincodes.md).
    const directory = await loadPincodeDirectory(setupDb);
    if (directory.loaded) app.log.info(directory, 'loaded the pincode directory');
    return { app, handle };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  } finally {
    if (setup && setup !== handle) await setup.close().catch(() => {});
  }
}
