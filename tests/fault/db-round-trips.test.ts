import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate, type DatabaseHandle, openDatabase, pipelined } from '../../server/db/database.ts';
import { seed } from '../../server/db/seed/seed.ts';
import { placeOrder } from '../../server/flows/place-order.ts';
import { SoldOut } from '../../server/modules/checkout/errors.ts';
import { Unauthorized } from '../../server/http/errors.ts';
import { hashRequest } from '../../server/http/idempotency.ts';
import { readSession, SESSION_COOKIE } from '../../server/modules/session/index.ts';
import { sessionCheckOf } from '../../server/modules/session/service.ts';
import { createShoppers, pincode, variantIn } from '../api/checkout-fixtures.ts';
import { BACKENDS, POSTGRES_URL } from '../helpers/app.ts';
import { type Conversation, turnCountingProxy } from '../helpers/wire-proxy.ts';

/** The Idempotency-Key of a place-order call without a quote, as the route hands it to the flow. */
const placeKey = (key: string) => ({ scope: 'place-order', key, requestHash: hashRequest({ quote: null }) });

// Round trips of a PostgreSQL transaction (server/db/database.ts, PreparingClient): BEGIN is held back and written
// with the transaction's first statement, so a transaction of one statement costs two waits for the server (the
// statement, COMMIT), not three; a transaction that runs nothing sends nothing. Order placement (server/flows
// place-order.ts) takes two: its locks with the key's claim and the cart's lines; the order's write with its COMMIT
// (server/db/commit-ahead.ts). Counted on the wire, through a proxy between the pool and the server: a "turn" is what
// the client writes before the server next answers, and what it writes in a turn leaves in one write (a "write",
// one chunk at the proxy), not one per statement.

const schema = `dbturns_${process.pid}_${randomBytes(3).toString('hex')}`;

describe.skipIf(!BACKENDS.includes('postgres'))('a PostgreSQL transaction on the wire', () => {
  let proxy: Awaited<ReturnType<typeof turnCountingProxy>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    const target = new URL(POSTGRES_URL);
    proxy = await turnCountingProxy(target);
    const url = new URL(POSTGRES_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    handle = await openDatabase({ databaseUrl: url.toString(), schema });
    await migrate(handle.db);
    await seed(handle.db, { scale: 0 });
    await sql`CREATE TABLE IF NOT EXISTS t (id int PRIMARY KEY, v int NOT NULL)`.execute(handle.db);
    await sql`INSERT INTO t VALUES (1, 0)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await proxy?.close();
    const c = new pg.Client({ connectionString: POSTGRES_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  });

  /** Turns taken, over every connection, while `work` runs. */
  async function turnsOf(work: () => Promise<unknown>) {
    return (await wireOf(work)).turns;
  }

  /**
   * Turns taken and writes received, over every pooled connection, while `work` runs. The readiness probe's own
   * connections (server/db/availability.ts, a heartbeat on a fresh connection) are not the work's: the pool's
   * start-up message carries its statement timeout, the probe's does not.
   */
  async function wireOf(work: () => Promise<unknown>) {
    const before = proxy.conversations.map((c) => ({ turns: c.turns, writes: c.writes }));
    await work();
    const pooled = (c: Conversation) => c.sent.includes('statement_timeout');
    const sum = (k: 'turns' | 'writes') => proxy.conversations.reduce((n, c, i) => n + (pooled(c) ? c[k] - (before[i]?.[k] ?? 0) : 0), 0);
    return { turns: sum('turns'), writes: sum('writes') };
  }

  test('BEGIN travels with the first statement: one statement and COMMIT are two turns', async () => {
    const turns = await turnsOf(() =>
      handle.db.transaction().execute(async (trx) => {
        await sql`UPDATE t SET v = v + 1 WHERE id = 1`.execute(trx);
      }),
    );
    expect(turns).toBe(2);
    expect((await sql<{ v: number }>`SELECT v FROM t WHERE id = 1`.execute(handle.db)).rows[0].v).toBe(1);
    // Still a transaction: BEGIN went first, on the same connection.
    expect(proxy.conversations.some((c) => /begin[\s\S]*UPDATE t SET v = v \+ 1/.test(c.sent))).toBe(true);
  });

  test('an order is placed in two turns of one write each: locks, claim and cart lines; the order, its stock and COMMIT', async () => {
    const variant = await variantIn(handle.db, 30_000, 200_000);
    const [shopper] = await createShoppers(handle.db, 1, [{ variant_id: variant.id, quantity: 2 }], await pincode(handle.db, 'cod'));
    const deps = { db: handle.db, paymentTtlS: 900 };
    let answer: Awaited<ReturnType<typeof placeOrder>> | undefined;
    const wire = await wireOf(async () => {
      answer = await placeOrder(deps, { customerId: shopper.customerId, cookieCartId: null, idempotency: placeKey('turns-1') });
    });
    expect(wire).toEqual({ turns: 2, writes: 2 });
    const conversation = proxy.conversations.find((c) => c.sent.includes('turns-1')) as Conversation;
    // COMMIT went with the order's statement, after it.
    expect(conversation.sent).toMatch(/INSERT INTO orders[\s\S]*commit/);
    // Priced from the lines read in the first turn: two units at the variant's price.
    expect(answer?.amount).toBeGreaterThanOrEqual(2 * variant.sale_price);
    const stock = await handle.db.selectFrom('variants').select('stock').where('id', '=', variant.id).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(variant.stock - 2);
    // The same key answers the same order.
    expect(await placeOrder(deps, { customerId: shopper.customerId, cookieCartId: null, idempotency: placeKey('turns-1') })).toEqual(
      answer,
    );
  });

  test('an order whose first statement checks the session takes the same two turns; a session not live keeps nothing', async () => {
    const variant = await variantIn(handle.db, 30_000, 200_000, 2);
    const [shopper] = await createShoppers(handle.db, 1, [{ variant_id: variant.id, quantity: 1 }], await pincode(handle.db, 'cod'));
    const deps = { db: handle.db, paymentTtlS: 900 };
    const req = { cookies: { [SESSION_COOKIE]: shopper.token } } as unknown as FastifyRequest;
    const settled: Array<number | null> = [];
    const session = () => {
      const check = sessionCheckOf(req);
      if (!check) throw new Error('the request carries its session cookie');
      return {
        check,
        settle(customerId: number | null) {
          settled.push(customerId);
          if (customerId === null) throw new Unauthorized();
          return customerId;
        },
      };
    };
    await handle.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('customer_id', '=', shopper.customerId)
      .execute();
    const wireEnded = await wireOf(() =>
      expect(placeOrder(deps, { session: session(), cookieCartId: null, idempotency: placeKey('turns-ended') })).rejects.toBeInstanceOf(
        Unauthorized,
      ),
    );
    // The statement and its ROLLBACK: no more, and neither the key nor the cart's lock is kept.
    expect(wireEnded.turns).toBe(2);
    expect(settled).toEqual([null]);
    expect(await handle.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'turns-ended').execute()).toEqual([]);
    await handle.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 86_400_000) })
      .where('customer_id', '=', shopper.customerId)
      .execute();
    let answer: Awaited<ReturnType<typeof placeOrder>> | undefined;
    const wire = await wireOf(async () => {
      answer = await placeOrder(deps, { session: session(), cookieCartId: null, idempotency: placeKey('turns-session') });
    });
    expect(wire).toEqual({ turns: 2, writes: 2 });
    expect(settled).toEqual([null, shopper.customerId]);
    expect(answer?.amount).toBeGreaterThanOrEqual(variant.sale_price);
    const order = await handle.db
      .selectFrom('orders')
      .select(['customer_id', 'order_number'])
      .where('order_number', '=', answer?.order_id ?? '')
      .executeTakeFirstOrThrow();
    expect(order.customer_id).toBe(shopper.customerId);
    // The key is the customer's, and answers the same order.
    expect(await placeOrder(deps, { customerId: shopper.customerId, cookieCartId: null, idempotency: placeKey('turns-session') })).toEqual(
      answer,
    );
  });

  test('units gone at the stock take, its COMMIT already sent: nothing of the order is kept', async () => {
    const variant = await variantIn(handle.db, 30_000, 200_000, 1);
    await handle.db.updateTable('variants').set({ stock: 1 }).where('id', '=', variant.id).execute();
    const [shopper] = await createShoppers(handle.db, 1, [{ variant_id: variant.id, quantity: 1 }], await pincode(handle.db, 'cod'));
    const deps = { db: handle.db, paymentTtlS: 900 };
    const ledger = async () =>
      (await handle.db.selectFrom('stock_ledger').select('id').where('variant_id', '=', variant.id).execute()).length;
    const ledgerBefore = await ledger();
    // Another buyer holds the last unit's row: the order reads one unit left, and its guarded take waits on the row.
    const other = new pg.Client({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}` });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('UPDATE variants SET stock = 0 WHERE id = $1', [variant.id]);
      const placing = placeOrder(deps, { customerId: shopper.customerId, cookieCartId: null, idempotency: placeKey('gone-1') });
      placing.catch(() => {});
      const blocker = (await other.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      for (let waiting = 0; waiting === 0; await new Promise((r) => setTimeout(r, 20)))
        waiting = (await other.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [blocker]))
          .rows[0].n;
      await other.query('COMMIT');
      await expect(placing).rejects.toBeInstanceOf(SoldOut);
    } finally {
      await other.end();
    }
    expect(await handle.db.selectFrom('orders').select('id').where('customer_id', '=', shopper.customerId).execute()).toEqual([]);
    expect(await handle.db.selectFrom('idempotency_keys').select('key').where('customer_id', '=', shopper.customerId).execute()).toEqual(
      [],
    );
    expect((await handle.db.selectFrom('carts').select('status').where('id', '=', shopper.cartId).executeTakeFirstOrThrow()).status).toBe(
      'active',
    );
    expect(await ledger()).toBe(ledgerBefore);
    // Stock back: the same key places the order, on connections that are still in order.
    await handle.db.updateTable('variants').set({ stock: 1 }).where('id', '=', variant.id).execute();
    const answer = await placeOrder(deps, { customerId: shopper.customerId, cookieCartId: null, idempotency: placeKey('gone-1') });
    expect(answer.order_id).toMatch(/^KS/);
    expect((await handle.db.selectFrom('variants').select('stock').where('id', '=', variant.id).executeTakeFirstOrThrow()).stock).toBe(0);
    expect(await ledger()).toBe(ledgerBefore + 1);
  });

  test('a session is read, and its last use written when a minute old, in one turn', async () => {
    const variant = await variantIn(handle.db, 30_000, 200_000);
    const [shopper] = await createShoppers(handle.db, 1, [{ variant_id: variant.id, quantity: 1 }], await pincode(handle.db, 'cod'));
    const req = { cookies: { [SESSION_COOKIE]: shopper.token } } as unknown as FastifyRequest;
    const lastSeen = async () =>
      new Date(
        (
          await handle.db
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('customer_id', '=', shopper.customerId)
            .executeTakeFirstOrThrow()
        ).last_seen_at,
      ).getTime();
    const stale = new Date(Date.now() - 5 * 60_000);
    await handle.db.updateTable('sessions').set({ last_seen_at: stale }).where('customer_id', '=', shopper.customerId).execute();
    let session: Awaited<ReturnType<typeof readSession>> = null;
    expect(await turnsOf(async () => (session = await readSession(handle.db, req)))).toBe(1);
    expect(session).toMatchObject({ customerId: shopper.customerId });
    const touched = await lastSeen();
    expect(touched).toBeGreaterThan(Date.now() - 60_000);
    // Within the minute: read, not written again.
    expect(await turnsOf(() => readSession(handle.db, req))).toBe(1);
    expect(await lastSeen()).toBe(touched);
    // Past the idle limit: no session, and nothing written.
    await handle.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 1_000 * 3_600_000) })
      .where('customer_id', '=', shopper.customerId)
      .execute();
    expect(await readSession(handle.db, req)).toBeNull();
    expect(await lastSeen()).toBeLessThan(Date.now() - 999 * 3_600_000);
  });

  test('COMMIT ahead is refused outside a transaction, and the connection goes on', async () => {
    await expect(pipelined(handle.db, [sql`SELECT 1 AS n`.compile(handle.db)], { commit: true })).rejects.toThrow(/outside a transaction/);
    const done = await handle.db.transaction().execute(async (trx) => {
      const [r] = await pipelined(trx, [sql`UPDATE t SET v = v + 1 WHERE id = 1 RETURNING v`.compile(trx)], { commit: true });
      return (r.rows[0] as { v: number }).v;
    });
    expect((await sql<{ v: number }>`SELECT v FROM t WHERE id = 1`.execute(handle.db)).rows[0].v).toBe(done);
    await sql`UPDATE t SET v = v - 1 WHERE id = 1`.execute(handle.db);
  });

  test('a transaction that runs no statement sends nothing', async () => {
    expect(await turnsOf(() => handle.db.transaction().execute(async () => 'nothing'))).toBe(0);
  });

  test('a failure after the first statement still rolls it back', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`UPDATE t SET v = 100 WHERE id = 1`.execute(trx);
        await sql`INSERT INTO t VALUES (1, 0)`.execute(trx); // duplicate key
      }),
    ).rejects.toThrow(/duplicate key/);
    expect((await sql<{ v: number }>`SELECT v FROM t WHERE id = 1`.execute(handle.db)).rows[0].v).toBe(1);
  });

  test('a failing first statement fails the transaction and leaves the connection usable', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO t VALUES (1, 0)`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    const rows = await Promise.all(Array.from({ length: 12 }, (_, i) => sql<{ n: number }>`SELECT ${i}::int AS n`.execute(handle.db)));
    expect(rows.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });
});
