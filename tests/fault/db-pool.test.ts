import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isConnectionError } from '../../server/db/availability.ts';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { asAppError, DATABASE_BUSY_MESSAGE, DATABASE_UNREACHABLE_MESSAGE } from '../../server/http/errors.ts';
import { BACKENDS, POSTGRES_URL } from '../helpers/app.ts';
import { freePort } from './db-cluster.ts';

// The pool of server/db/database.ts when the server ends its connections (README "Reliability"): an idle or a
// checked-out connection that dies is an error the caller sees, never an uncaught exception (vitest fails a file
// on one); the pool opens a new connection for the next call; a call to a database that is not there fails at
// once as a 503 with Retry-After; a statement over its timeout is a 503 too. Only this file's own backends are
// ended on the shared server.

const schema = `dbpool_${process.pid}_${randomBytes(3).toString('hex')}`;
let handle: DatabaseHandle;

const admin = async (query: string, values: unknown[] = []) => {
  const c = new pg.Client({ connectionString: POSTGRES_URL });
  await c.connect();
  try {
    return await c.query(query, values);
  } finally {
    await c.end();
  }
};
const backendPid = async (db: DatabaseHandle['db']) =>
  (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]?.pid;
const terminate = (pid: number | undefined) => admin('SELECT pg_terminate_backend($1)', [pid]);
/** Until the ended connection's error has reached its client (the server closes the socket after the notice). */
const settle = () => new Promise((r) => setTimeout(r, 200));

describe.skipIf(!BACKENDS.includes('postgres'))('the PostgreSQL pool when its connections die', () => {
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: POSTGRES_URL, schema, timeouts: { statementMs: 300 } });
  });
  afterAll(async () => {
    await handle?.close();
    await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });

  test('a burst that queues for connections longer than the connect timeout waits its turn: no 503, still ready', async () => {
    const busy = await openDatabase({ databaseUrl: POSTGRES_URL, schema, timeouts: { connectMs: 150 } });
    try {
      // The pool's 10 connections are opened first: on a loaded host opening one can itself take over 150 ms, a
      // real connect timeout this test is not about. What it holds is the wait for a *free* connection.
      for (let tries = 0; tries < 20; tries++) {
        const warm = await Promise.allSettled(Array.from({ length: 10 }, () => sql`SELECT pg_sleep(0.05)`.execute(busy.db)));
        if (warm.every((r) => r.status === 'fulfilled')) break;
      }
      for (let waited = 0; !busy.readiness().ready && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      // 10 pooled connections, 60 calls of 100 ms each: the last wait about 500 ms for a free connection.
      const results = await Promise.allSettled(Array.from({ length: 60 }, () => sql`SELECT pg_sleep(0.1)`.execute(busy.db)));
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      expect(busy.readiness().ready).toBe(true);
    } finally {
      await busy.close();
    }
  });

  test('an idle pooled connection ended by the server: no crash, the next call gets a new one', async () => {
    const pid = await backendPid(handle.db);
    await terminate(pid);
    await settle();
    const next = await backendPid(handle.db);
    expect(next).toBeTypeOf('number');
    expect(next).not.toBe(pid);
    expect(handle.readiness().ready).toBe(true);
  });

  test('a transaction whose connection is ended fails as a 503 and commits nothing', async () => {
    await sql`CREATE TABLE IF NOT EXISTS t (n int)`.execute(handle.db);
    const failure = await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO t VALUES (1)`.execute(trx);
        await terminate(await backendPid(trx));
        await settle();
        await sql`INSERT INTO t VALUES (2)`.execute(trx);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isConnectionError(failure)).toBe(true);
    const mapped = asAppError(failure);
    expect(mapped?.httpStatus).toBe(503);
    expect(mapped?.message).toBe(DATABASE_UNREACHABLE_MESSAGE);
    expect(mapped?.headers?.['retry-after']).toBe('5');
    // The probe finds the server answering; then the pool serves again, and the half-done transaction left nothing.
    await expect.poll(() => handle.readiness().ready, { timeout: 5_000 }).toBe(true);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM t`.execute(handle.db);
    expect(rows[0]?.n).toBe(0);
  });

  test('a statement over DB_STATEMENT_TIMEOUT_MS is a 503 saying the store is busy', async () => {
    const failure = await sql`SELECT pg_sleep(2)`.execute(handle.db).then(
      () => null,
      (error: unknown) => error,
    );
    const mapped = asAppError(failure);
    expect(mapped?.httpStatus).toBe(503);
    expect(mapped?.message).toBe(DATABASE_BUSY_MESSAGE);
    expect(handle.readiness().ready).toBe(true);
  });
});

test('a database that is not there: calls fail at once as 503s and readiness says why', async () => {
  const port = await freePort();
  const absent = await openDatabase({ databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`, timeouts: { connectMs: 1_000 } });
  try {
    const first = await sql`SELECT 1`.execute(absent.db).then(
      () => null,
      (error: unknown) => error,
    );
    expect(asAppError(first)?.httpStatus).toBe(503);
    expect(absent.readiness()).toMatchObject({ ready: false });
    // Known to be down: the pool is not asked again, the call is refused as it is made.
    const second = await sql`SELECT 1`.execute(absent.db).then(
      () => null,
      (error: unknown) => error,
    );
    expect((second as Error).name).toBe('DatabaseUnreachable');
    expect(asAppError(second)?.headers).toEqual({ 'retry-after': '5' });
  } finally {
    await absent.close();
  }
});

test('errors that are the query’s own are not mistaken for an unreachable database', () => {
  for (const code of ['23505', '40001', '22003', '42P01']) expect(isConnectionError(Object.assign(new Error('x'), { code }))).toBe(false);
  expect(asAppError(new Error('boom'))).toBeNull();
  for (const code of ['57P01', '08006', 'ECONNREFUSED', '57P03'])
    expect(isConnectionError(Object.assign(new Error('x'), { code }))).toBe(true);
});
