import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { createShoppers, pincode, type Shopper, variantIn } from '../api/checkout-fixtures.ts';
import { BACKENDS, POSTGRES_URL } from '../helpers/app.ts';

// The real server process (server/main.ts, as npm start runs it) on PostgreSQL, in a schema of its own, under
// concurrent checkouts: SIGKILL mid-load, restart, and every order the server acknowledged (a 2xx answer) is
// there and whole: its items and shipment written, its cart closed, its stock taken; no order without items,
// no stock taken without an order. Orders are written in one transaction, so a kill leaves all or nothing.

const PORT = 3987;
const BASE = `http://127.0.0.1:${PORT}`;
const SHOPPERS = 160;
const CONCURRENCY = 16;
/** Kill once this many orders were acknowledged: requests are then in flight by construction. */
const KILL_AFTER_ACKS = 40;

const schema = `fault_${process.pid}_${randomBytes(3).toString('hex')}`;
const databaseUrl = () => {
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
};

let child: ChildProcess | null = null;
let output = '';
let handle: DatabaseHandle;

async function startServer(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: databaseUrl(),
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/nonexistent',
      NODE_ENV: 'test',
      KASRAT_DEV_TOOLS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => {
    output += d;
  });
  proc.stderr?.on('data', (d) => {
    output += d;
  });
  const end = Date.now() + 150_000;
  while (Date.now() < end) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return proc;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${output}`);
}

async function kill(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}

interface Attempt {
  shopper: Shopper;
  key: string;
  status: number | null;
  orderId: string | null;
}

async function placeOrder(shopper: Shopper, key: string): Promise<{ status: number; orderId: string | null }> {
  const res = await fetch(`${BASE}/api/order-confirmation/place-order`, {
    headers: { cookie: `ksid=${shopper.token}`, 'idempotency-key': key },
  });
  const body = (await res.json().catch(() => null)) as { data?: { order_id?: string } } | null;
  return { status: res.status, orderId: body?.data?.order_id ?? null };
}

const stockOf = async (id: number) =>
  (await handle.db.selectFrom('variants').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

describe.skipIf(!BACKENDS.includes('postgres'))('checkout survives SIGKILL of the server (PostgreSQL)', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    // The server migrates and seeds its empty schema on first start, as npm start does.
    child = await startServer();
    handle = await openDatabase({ databaseUrl: POSTGRES_URL, schema });
  }, 200_000);

  afterAll(async () => {
    if (child) await kill(child);
    await handle?.close();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }, 60_000);

  test('every acknowledged order is present and whole after a SIGKILL mid-load; nothing half-written', async () => {
    const db = handle.db;
    const a = await variantIn(db, 30_000, 200_000, 0);
    const b = await variantIn(db, 30_000, 200_000, 1);
    await db.updateTable('variants').set({ stock: 5_000 }).where('id', 'in', [a.id, b.id]).execute();
    const shoppers = await createShoppers(
      db,
      SHOPPERS,
      [
        { variant_id: a.id, quantity: 1 },
        { variant_id: b.id, quantity: 2 },
      ],
      await pincode(db, 'cod'),
    );
    const customerIds = shoppers.map((s) => s.customerId);

    // Load: CONCURRENCY shoppers at a time; the server is killed once KILL_AFTER_ACKS orders were answered.
    const attempts: Attempt[] = shoppers.map((shopper, i) => ({ shopper, key: `kill-${schema}-${i}`, status: null, orderId: null }));
    let next = 0;
    let acked = 0;
    let killed: Promise<void> | null = null;
    const server = child as ChildProcess;
    const worker = async () => {
      while (next < attempts.length) {
        const attempt = attempts[next++];
        try {
          const answer = await placeOrder(attempt.shopper, attempt.key);
          attempt.status = answer.status;
          attempt.orderId = answer.orderId;
          if (answer.status >= 200 && answer.status < 300 && ++acked >= KILL_AFTER_ACKS) killed ??= kill(server);
        } catch {
          // connection refused or reset by the kill: not acknowledged
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await killed;
    expect(server.signalCode).toBe('SIGKILL');

    const ackedAttempts = attempts.filter((t) => t.status !== null && t.status >= 200 && t.status < 300);
    expect(ackedAttempts.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(ackedAttempts.every((t) => t.orderId)).toBe(true);
    // The kill landed mid-load: some shoppers never got an answer.
    expect(attempts.filter((t) => t.status === null).length).toBeGreaterThan(0);
    // No acknowledged refusal other than the kill: every answer before it was an order.
    expect(attempts.filter((t) => t.status !== null && (t.status < 200 || t.status >= 300))).toEqual([]);

    child = await startServer();

    // Every acknowledged order is there, for its shopper and cart.
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'order_number', 'customer_id', 'cart_id', 'item_total', 'status'])
      .where('customer_id', 'in', customerIds)
      .execute();
    const byNumber = new Map(orders.map((o) => [o.order_number, o]));
    for (const t of ackedAttempts) {
      const order = byNumber.get(t.orderId as string);
      expect(order, `acknowledged order ${t.orderId}`).toBeDefined();
      expect(order).toMatchObject({ customer_id: t.shopper.customerId, cart_id: t.shopper.cartId, status: 'payment_pending' });
    }
    await expectWhole(orders.map((o) => o.id));
    expect(orders.length).toBeLessThanOrEqual(SHOPPERS);

    // Stock taken = units ordered (an unacknowledged order either committed whole or took nothing).
    await expectStockMatchesOrders(a.id, b.id, customerIds, { a: 5_000, b: 5_000 });

    // After the restart, the same key answers the same order; an unanswered shopper retrying gets one order.
    for (const t of ackedAttempts.slice(0, 5)) expect(await placeOrder(t.shopper, t.key)).toEqual({ status: 200, orderId: t.orderId });
    for (const t of attempts.filter((x) => x.status === null)) {
      const again = await placeOrder(t.shopper, t.key);
      expect(again.status).toBe(200);
    }
    const perCustomer = await db
      .selectFrom('orders')
      .select(['customer_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('customer_id', 'in', customerIds)
      .groupBy('customer_id')
      .execute();
    expect(perCustomer).toHaveLength(SHOPPERS);
    expect(perCustomer.every((r) => Number(r.n) === 1)).toBe(true);
    const all = await db.selectFrom('orders').select('id').where('customer_id', 'in', customerIds).execute();
    await expectWhole(all.map((o) => o.id));
    await expectStockMatchesOrders(a.id, b.id, customerIds, { a: 5_000, b: 5_000 });
    expect(await stockOf(a.id)).toBe(5_000 - SHOPPERS);
    expect(await stockOf(b.id)).toBe(5_000 - 2 * SHOPPERS);
  }, 300_000);
});

/** Each order has its two lines, its shipment and its first shipment event, totals that add up, and a closed cart. */
async function expectWhole(orderIds: number[]) {
  const db = handle.db;
  if (orderIds.length === 0) return;
  const rows = await sql<{ id: number; items: number; units: number; line_total: number; item_total: number; shipments: number; events: number; cart_status: string }>`
    SELECT o.id,
      (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
      (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS units,
      (SELECT coalesce(sum(i.sale_price * i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS line_total,
      o.item_total,
      (SELECT count(*)::int FROM shipments s WHERE s.order_id = o.id) AS shipments,
      (SELECT count(*)::int FROM shipment_events e JOIN shipments s ON s.id = e.shipment_id WHERE s.order_id = o.id) AS events,
      c.status AS cart_status
    FROM orders o JOIN carts c ON c.id = o.cart_id
    WHERE o.id = ANY(${orderIds})
  `.execute(db);
  expect(rows.rows).toHaveLength(orderIds.length);
  for (const r of rows.rows) {
    expect(r, `order ${r.id}`).toMatchObject({ items: 2, units: 3, shipments: 1, events: 1, cart_status: 'ordered' });
    expect(r.line_total).toBe(r.item_total);
  }
  // Nowhere in the schema an order without items (this run or any other).
  const bare = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)
  `.execute(db);
  expect(bare.rows[0].n).toBe(0);
}

async function expectStockMatchesOrders(a: number, b: number, customerIds: number[], initial: { a: number; b: number }) {
  const units = async (variantId: number) =>
    Number(
      (
        await handle.db
          .selectFrom('order_items as i')
          .innerJoin('orders as o', 'o.id', 'i.order_id')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('i.quantity'), sql<string>`0`).as('n'))
          .where('o.customer_id', 'in', customerIds)
          .where('i.variant_id', '=', variantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(initial.a - (await stockOf(a))).toBe(await units(a));
  expect(initial.b - (await stockOf(b))).toBe(await units(b));
}
