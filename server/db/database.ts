import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, type MigrationProvider, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { migrations } from './migrations/index.ts';
import { PGliteDialect } from './pglite-driver.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** PostgreSQL schema to isolate a test run in (created if missing). */
  schema?: string;
  /** Told when a stale PGlite lock (of a process that died) is taken over. */
  log?: (message: string) => void;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Named statements each pooled connection keeps; past it, a statement runs unnamed (planned on every call). */
const PREPARED_PER_CONNECTION = 500;

/**
 * A pooled PostgreSQL connection that prepares each parameterised statement once (a named statement) instead of
 * having the server parse and plan it on every call: order placement runs the same few statements thousands of
 * times. Schema changes happen only in migrations, before the statements they would invalidate are prepared.
 */
class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has many overloads; only (text, values) is changed.
  override query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      let name = this.#names.get(text);
      if (!name && this.#names.size < PREPARED_PER_CONNECTION) {
        name = `k${this.#names.size}`;
        this.#names.set(text, name);
      }
      if (name) return super.query({ name, text, values });
    }
    // @ts-expect-error forwarding whichever overload the caller used
    return super.query(...args);
  }
}

// int8 (bigserial, count(*)) arrive as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    if (options.schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.schema ? { options: `-c search_path="${options.schema}"` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: once(() => db.destroy()) };
  }
  // int8 as number, matching the pg parser above.
  const parsers = { 20: (v: string) => Number.parseInt(v, 10) };
  const release = options.dataDir ? lockDataDir(options.dataDir, options.log) : () => {};
  try {
    const pglite = await PGlite.create(options.dataDir ? { dataDir: options.dataDir, parsers } : { parsers });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      kind: 'pglite',
      close: once(async () => {
        try {
          await db.destroy();
        } finally {
          release();
        }
      }),
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** close() may be called by the app's onClose hook and again by a shutdown that timed out: the second waits. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= close();
    return closing;
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Db): Promise<void> {
  // Unordered: migrations from parallel branches may land after a later-numbered one already ran.
  // The schema is named so Kysely's "does the lock table exist" check does not see another schema's table
  // (parallel test runs on one PostgreSQL each use their own schema).
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, migrationTableSchema: rows[0].schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
