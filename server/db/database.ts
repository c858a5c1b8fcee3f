import { PGlite } from '@electric-sql/pglite';
import { type CompiledQuery, Kysely, Migrator, PostgresDialect, type MigrationProvider, type QueryResult, sql } from 'kysely';
import pg from 'pg';
import { Availability, DatabaseUnreachable, isConnectionError } from './availability.ts';
import { COMMIT_AHEAD, COMMIT_AHEAD_SQL } from './commit-ahead.ts';
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
  /** PostgreSQL only: how long connecting, one statement, and a transaction left idle may take. */
  timeouts?: Partial<DatabaseTimeouts>;
  /** PostgreSQL only: told when the database goes away and comes back. */
  logger?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** In milliseconds; 0 turns the statement or idle-in-transaction limit off (README "Configuration"). */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}
export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 30_000, idleInTransactionMs: 60_000 };

export interface Readiness {
  ready: boolean;
  /** How long the database has been unreachable, null while it answers. */
  down_for_ms: number | null;
  error: string | null;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Whether the database answers (PGlite, in this process, always does). */
  readiness(): Readiness;
  /**
   * PostgreSQL only: how the pool reaches the server (the metrics read their figures on a connection of their own,
   * docs/operations.md) and how busy the pool is.
   */
  pool?: { connection: pg.ClientConfig; stats(): PoolStats };
  close(): Promise<void>;
}

/** Pooled connections: open, checked out, and callers waiting for one. */
export interface PoolStats {
  total: number;
  inUse: number;
  waiting: number;
}

/** How long the probe behind readiness waits for the database at most. */
const PROBE_TIMEOUT_MS = 2_000;
/** Past the statement timeout, how long the client waits for an answer the server never sends (it is frozen). */
const READ_TIMEOUT_MARGIN_MS = 2_000;

/** Named statements each pooled connection keeps; past it, a statement runs unnamed (planned on every call). */
const PREPARED_PER_CONNECTION = 500;

/**
 * A pooled PostgreSQL connection that prepares each parameterised statement once (a named statement) instead of
 * having the server parse and plan it on every call: order placement runs the same few statements thousands of
 * times. Schema changes happen only in migrations, before the statements they would invalidate are prepared.
 */
class PreparingClient extends pg.Client {
  readonly #names = new Map<string, string>();
  readonly #failed: (error: unknown) => void;

  constructor(config: pg.ClientConfig & { onConnectionError?: (error: unknown) => void } = {}) {
    super(config);
    this.#failed = config.onConnectionError ?? (() => {});
    // A connection that dies while checked out emits 'error' with no pool listener attached: without this one,
    // a database restart is an uncaught exception. The query in flight fails on its own and the pool drops the
    // client when it comes back (it is no longer queryable).
    this.on('error', (error) => this.#failed(error));
  }

  /** A read that timed out leaves the statement in flight: the connection is closed so no one reuses it. */
  #settled(error: unknown): void {
    if (error instanceof Error && error.message.includes('Query read timeout')) {
      (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    }
    if (isConnectionError(error)) this.#failed(error);
  }

  /** A BEGIN not yet sent: it goes out with the transaction's first statement (see {@link query}). */
  #beginPending = false;

  /** Whether the socket is held corked until the current synchronous run of queries ends (see {@link #coalesce}). */
  #corked = false;

  /**
   * Statements submitted in one synchronous run (a held-back BEGIN and its statement, the statements of
   * `pipelined`) leave in one write to the socket, not one each: on loopback TCP every write is a system call that
   * also runs the receiving side's network stack, the largest cost of an order on the server after its own work
   * (docs/decisions/023-fewer-round-trips.md). The socket is corked at the first and uncorked in a microtask, before
   * any answer can arrive, so nothing waits longer.
   */
  #coalesce(): void {
    if (this.#corked) return;
    const stream = (this as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
    if (!stream?.cork || !stream.uncork) return;
    this.#corked = true;
    stream.cork();
    queueMicrotask(() => {
      this.#corked = false;
      stream.uncork?.();
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has many overloads; only (text, values) is changed.
  override query(...args: any[]): any {
    const [text, values] = args;
    // A transaction's BEGIN is held back and written together with its first statement, one round trip for both
    // (the connection pipelines: see openDatabase; docs/decisions/023-fewer-round-trips.md). A transaction that
    // ends before any statement sends nothing. Kysely sends BEGIN, COMMIT and ROLLBACK as these exact texts
    // without parameters.
    const bare = args.length === 2 && Array.isArray(values) && values.length === 0;
    this.#coalesce();
    if (bare && text === COMMIT_AHEAD_SQL) return this.#commitAhead();
    if (bare && text === 'begin') this.#inTransaction = true;
    if (bare && (text === 'commit' || text === 'rollback')) this.#inTransaction = false;
    if (this.#committed && bare && (text === 'commit' || text === 'rollback')) {
      // The transaction's end, already on the wire: its COMMIT answers for it. A ROLLBACK comes after a failure,
      // when that COMMIT found the transaction aborted and ended it (PostgreSQL answers it with ROLLBACK).
      const ahead = this.#committed;
      this.#committed = undefined;
      return text === 'commit'
        ? ahead.then(() => NOTHING_SENT('COMMIT'))
        : ahead.then(
            () => NOTHING_SENT('ROLLBACK'),
            () => NOTHING_SENT('ROLLBACK'),
          );
    }
    if (bare && text === 'begin' && !this.#beginPending) {
      this.#beginPending = true;
      return Promise.resolve(NOTHING_SENT('BEGIN'));
    }
    if (this.#beginPending) {
      this.#beginPending = false;
      if (bare && (text === 'commit' || text === 'rollback')) return Promise.resolve(NOTHING_SENT(text.toUpperCase()));
      const begun = this.#watch(super.query('begin')) as Promise<unknown>;
      if (args.length !== 2 || typeof text !== 'string') {
        // Any other call shape (a callback, a submittable): BEGIN goes ahead of it, as it would have.
        begun.catch(() => {});
        // @ts-expect-error forwarding whichever overload the caller used
        return super.query(...args);
      }
      const first = this.query(text, values) as Promise<unknown>;
      // Both are on the wire; the statement's answer is the caller's, a failed BEGIN fails it too.
      return Promise.all([begun, first]).then(([, result]) => result);
    }
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      let name = this.#names.get(text);
      if (!name && this.#names.size < PREPARED_PER_CONNECTION) {
        name = `k${this.#names.size}`;
        this.#names.set(text, name);
      }
      if (name) return this.#watch(super.query({ name, text, values }));
    }
    // @ts-expect-error forwarding whichever overload the caller used
    return this.#watch(super.query(...args));
  }

  /** Between a transaction's BEGIN and its COMMIT or ROLLBACK as the caller sends them. */
  #inTransaction = false;

  /** The COMMIT written ahead of the transaction's end (server/db/commit-ahead.ts), until that end comes. */
  #committed: Promise<unknown> | undefined;

  /**
   * COMMIT behind the transaction's last statement, in the same write. PostgreSQL answers a COMMIT of a transaction
   * a statement failed in with ROLLBACK: that is a failure here too, and so is any other outcome but COMMIT.
   */
  #commitAhead(): Promise<unknown> {
    // Only a transaction's own COMMIT or ROLLBACK may be answered by it: outside one, a later transaction's would be.
    if (!this.#inTransaction || this.#committed) return Promise.reject(new Error('COMMIT ahead outside a transaction'));
    const sent = (this.#watch(super.query('commit')) as Promise<{ command: string }>).then((result) => {
      if (result.command !== 'COMMIT') throw new Error(`The transaction did not commit (${result.command}).`);
      return result;
    });
    // Read by pipelined's caller; kept for the transaction's own COMMIT or ROLLBACK, which may come after it failed.
    sent.catch(() => {});
    this.#committed = sent;
    return sent;
  }

  #watch<T>(result: T): T {
    if (result && typeof (result as { then?: unknown }).then === 'function')
      (result as unknown as Promise<unknown>).then(undefined, (error: unknown) => this.#settled(error));
    return result;
  }
}

/**
 * Runs `queries` in order on `db`'s connection (a transaction's own), each written without waiting for the answer
 * to the one before (PostgreSQL: the pool pipelines; PGlite, in this process, runs them one after the other). A
 * failure fails the whole; inside a transaction the statements after a failed one fail too, as they would one by one.
 */
export function pipelined(
  db: Db,
  queries: readonly CompiledQuery[],
  options: {
    /**
     * The statements are the transaction's last: its COMMIT is written right behind them and answered with them, a
     * round trip fewer (docs/decisions/023-fewer-round-trips.md). The caller then runs nothing more in the
     * transaction; a failed statement makes that COMMIT a ROLLBACK, and the whole fails.
     */
    commit?: boolean;
  } = {},
): Promise<QueryResult<unknown>[]> {
  if (!options.commit)
    return db.getExecutor().provideConnection((connection) => Promise.all(queries.map((q) => connection.executeQuery(q))));
  return db.getExecutor().provideConnection(async (connection) => {
    const settled = await Promise.allSettled([...queries, COMMIT_AHEAD].map((q) => connection.executeQuery(q)));
    // The first failure in statement order: a statement's own error, not the COMMIT it turned into a ROLLBACK.
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.slice(0, queries.length).map((s) => (s as PromiseFulfilledResult<QueryResult<unknown>>).value);
  });
}

/** The answer to a transaction statement that was not sent (see PreparingClient.query). */
const NOTHING_SENT = (command: string) => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

/** pg-pool's answer when no pooled connection became free in time (a queue wait, not a failed connect). */
const isPoolWait = (error: unknown) => error instanceof Error && error.message === 'timeout exceeded when trying to connect';

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
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const connection: pg.ClientConfig = {
      connectionString: options.databaseUrl,
      ...(options.schema ? { options: `-c search_path="${options.schema}"` } : {}),
    };
    const availability = new Availability({
      client: connection,
      probeTimeoutMs: Math.min(PROBE_TIMEOUT_MS, timeouts.connectMs || PROBE_TIMEOUT_MS),
      ...(options.logger ? { log: options.logger } : {}),
    });
    const pool = new pg.Pool({
      Client: PreparingClient,
      ...connection,
      max: 10,
      // A statement is written without waiting for the answer to the one before it on the same connection (pg's
      // pipeline mode, each statement still its own protocol sync, so one's failure does not skip the next): a
      // transaction's held-back BEGIN travels with its first statement (PreparingClient).
      pipeline: true,
      connectionTimeoutMillis: timeouts.connectMs,
      // A peer that vanished (failover, a dropped network) is found by TCP keepalive, not by the next query.
      keepAlive: true,
      ...(timeouts.statementMs
        ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + READ_TIMEOUT_MARGIN_MS }
        : {}),
      ...(timeouts.idleInTransactionMs ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionMs } : {}),
      onConnectionError: (error: unknown) => availability.failed(error),
    } as pg.PoolConfig);
    // An idle client whose connection ends (a restart, a failover, pg_terminate_backend) is dropped by the pool,
    // which then emits this; unheard, it would end the process.
    pool.on('error', (error) => availability.failed(error));
    // While the database is known to be away, work fails at once (503) instead of queueing on connections that
    // will not come; the probe reopens the gate.
    const gated = {
      connect: async () => {
        for (;;) {
          if (!availability.up) throw new DatabaseUnreachable();
          try {
            return await pool.connect();
          } catch (error) {
            // pg-pool bounds the wait for a busy pool's free connection with the connect timeout too. Under a
            // burst (a sale) that wait is not an outage: keep waiting while the probe, on its own connection,
            // says the server answers; it turns the gate when the server is really away.
            if (isPoolWait(error)) continue;
            availability.failed(error);
            throw error;
          }
        }
      },
      end: () => pool.end(),
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: gated }) });
    availability.start();
    const readiness = (): Readiness => {
      const { up, down_for_ms, error } = availability.status();
      return { ready: up, down_for_ms, error };
    };
    return {
      db,
      kind: 'postgres',
      readiness,
      pool: {
        connection,
        stats: () => ({ total: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      },
      close: once(async () => {
        availability.stop();
        await db.destroy();
      }),
    };
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
      readiness: () => ({ ready: true, down_for_ms: null, error: null }),
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
