// `npm run seed [-- --reset]`: migrate and seed the configured database; --reset starts from empty.
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { readConfig } from '../../config.ts';
import { migrate, openDatabase } from '../database.ts';
import { seedOnce } from './seed.ts';

const config = readConfig();
const reset = process.argv.includes('--reset');
if (reset && !config.DATABASE_URL) rmSync(config.DATA_DIR, { recursive: true, force: true });
const handle = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
if (reset && config.DATABASE_URL) await sql`DROP SCHEMA public CASCADE; CREATE SCHEMA public`.execute(handle.db);
await migrate(handle.db);
const started = Date.now();
const counts = await seedOnce(handle.db, { scale: config.SEED_SCALE });
if (!counts) console.log('Already seeded (use -- --reset to start again).');
else console.log(`Seeded ${counts.products} products, ${counts.variants} variants in ${Date.now() - started} ms.`);
await handle.close();
