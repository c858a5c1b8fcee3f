import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { BRANDS } from '../../server/db/seed/data.ts';
import { createShoppers, pincode, type Shopper, variantIn } from '../api/checkout-fixtures.ts';
import { BACKENDS, POSTGRES_URL } from '../helpers/app.ts';
import { kill9, type ServerProcess, shopper, startServer, waitFor, waitHealthy } from './server-process.ts';

// Crash safety (SPEC §7 "no input may lose an acknowledged write"; docs/architecture.md "Data"): the real server is
// killed with SIGKILL in the middle of first-run seeding in the middle of cart writes and outbox sends, and under checkout load, started
// again on the same data, and must hold every write it acknowledged and no partial rows; likewise under concurrent
// order placement (orders are written in one transaction: a kill leaves all of an order or nothing).
const BASE_PORT = 3940 + (process.pid % 20) * 3;

interface Backend {
  env: Record<string, string>;
  /** Opens the data the server used, from the test process, once the server has stopped. */
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

function pgliteBackend(): Backend {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kasrat-crash-'));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function postgresBackend(): Backend {
  const schema = `crash_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  const created = admin(`CREATE SCHEMA "${schema}"`);
  return {
    env: { DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` },
    open: async () => {
      await created;
      return openDatabase({ databaseUrl: POSTGRES_URL, schema });
    },
    cleanup: () => admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`),
  };
}

describe.each(BACKENDS)('crash safety [%s]', (kind) => {
  let backend: Backend;
  let server: ServerProcess | null = null;
  const port = BASE_PORT + (kind === 'pglite' ? 0 : 1);
  beforeAll(async () => {
    backend = kind === 'pglite' ? pgliteBackend() : postgresBackend();
    if (kind === 'postgres') await backend.open().then((h) => h.close());
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) await kill9(server);
    await backend?.cleanup();
  });

  test('killed in the middle of first-run seeding, it seeds again on restart and keeps no partial catalogue', async () => {
    // A bigger catalogue makes seeding last long enough to be interrupted.
    server = startServer(port, { ...backend.env, SEED_SCALE: '3000', OUTBOX_WORKER: 'off' });
    await waitFor(() => server?.output().includes('seeding the database if it is empty') ?? false, 'seeding to start', 150_000, 5);
    await new Promise((r) => setTimeout(r, 400));
    expect(server.output()).not.toContain('"seeded the database"');
    await kill9(server);

    server = startServer(port, { ...backend.env, SEED_SCALE: '3000', OUTBOX_WORKER: 'off' });
    await waitHealthy(server);
    expect(server.output()).toContain('seeded the database');
    if (kind === 'pglite') expect(server.output()).toContain('taking over the lock of a process that no longer runs');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const handle = await backend.open();
    try {
      const brands = await handle.db
        .selectFrom('brands')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(brands.n)).toBe(BRANDS.length);
      const variants = await handle.db
        .selectFrom('variants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(variants.n)).toBeGreaterThanOrEqual(3000);
      const seeded = await handle.db.selectFrom('app_meta').select('key').where('key', '=', 'seeded_at').execute();
      expect(seeded).toHaveLength(1);
    } finally {
      await handle.close();
    }
  }, 600_000);

  test('killed under cart writes and outbox sends, it keeps every acknowledged write and no partial rows', async () => {
    server = startServer(port, backend.env);
    await waitHealthy(server);
    const current = () => server as ServerProcess;
    const search = (await (await fetch(current().url('/api/search/product-search-listing?q=whey'))).json()) as {
      data: { hits: Array<{ vid: number; stock_status: string }> };
    };
    const variants = search.data.hits.filter((h) => h.stock_status !== 'outofstock').map((h) => h.vid);
    expect(variants.length).toBeGreaterThan(3);

    const ackedLines: Array<{ cart: string; variant: number; quantity: number }> = [];
    const ackedOtps: string[] = [];
    let stop = false;
    const cartLoad = async (n: number) => {
      // Each shopper adds every variant once, then the next shopper starts: every acknowledged line is exact.
      for (let round = 0; !stop; round++) {
        const s = shopper(current, `10.9.${n}.${round % 250}`);
        for (const variant of variants) {
          if (stop) return;
          try {
            const res = await s.post('/api/cart/add-to-cart', { variant_id: variant, quantity: 1 + (n % 3) });
            if (res.status === 200 && res.json.status === 1)
              ackedLines.push({ cart: s.cookies.get('cart_id') ?? '', variant, quantity: 1 + (n % 3) });
          } catch {
            return;
          }
        }
      }
    };
    const otpLoad = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const mobile = `7${String(n).padStart(2, '0')}${String(i).padStart(7, '0')}`;
        try {
          const res = await shopper(current, `10.8.${n}.${i % 250}`).post('/api/auth/otp', {
            type: 'register',
            email_or_mobile: mobile,
            c_code: '+91',
          });
          if (res.status === 200 && res.json.status === 1) ackedOtps.push(mobile);
        } catch {
          return;
        }
      }
    };
    const load = [...Array.from({ length: 6 }, (_, n) => cartLoad(n)), ...Array.from({ length: 3 }, (_, n) => otpLoad(n))];
    await waitFor(() => ackedLines.length >= 10 && ackedOtps.length >= 5, 'writes to be acknowledged', 120_000);
    await kill9(current());
    stop = true;
    await Promise.all(load);
    expect(ackedLines.length).toBeGreaterThan(0);
    expect(ackedOtps.length).toBeGreaterThan(0);

    // Started again on the same data: it comes up and works.
    server = startServer(port, backend.env);
    await waitHealthy(server);
    current().child.kill('SIGTERM');
    expect(await current().exited).toBe(0);

    const handle = await backend.open();
    try {
      const lines = await handle.db.selectFrom('cart_items').select(['cart_id', 'variant_id', 'quantity']).execute();
      for (const acked of ackedLines) {
        const line = lines.find((l) => l.cart_id === acked.cart && l.variant_id === acked.variant);
        expect(line, `acknowledged line ${JSON.stringify(acked)}`).toBeDefined();
        expect(line?.quantity).toBe(acked.quantity);
      }
      const messages = await handle.db.selectFrom('outbox').select(['recipient', 'status', 'sent_at', 'lease_token']).execute();
      const otps = await handle.db.selectFrom('otps').select(['identifier']).execute();
      for (const mobile of ackedOtps) {
        expect(
          messages.some((m) => m.recipient === mobile),
          `outbox row for acknowledged OTP to ${mobile}`,
        ).toBe(true);
        expect(otps.some((o) => o.identifier === mobile)).toBe(true);
      }
      // No partial rows: an OTP and its message are written together, and a sent message is stamped.
      const recipients = new Set(messages.map((m) => m.recipient));
      for (const o of otps) expect(recipients.has(o.identifier), `message for stored OTP ${o.identifier}`).toBe(true);
      for (const m of messages) {
        if (m.status === 'sent') expect(m.sent_at).not.toBeNull();
        if (m.status === 'pending') expect(m.lease_token).toBeNull();
      }
    } finally {
      await handle.close();
    }
  }, 600_000);

  test('killed under checkout load, it keeps every acknowledged order whole and takes stock only for orders', async () => {
    const SHOPPERS = 120;
    const CONCURRENCY = 16;
    /** Kill once this many orders were acknowledged: requests are then in flight by construction. */
    const KILL_AFTER_ACKS = 30;
    const STOCK = 5_000;
    let setup = await backend.open();
    const db0 = setup.db;
    const a = await variantIn(db0, 30_000, 200_000, 0);
    const b = await variantIn(db0, 30_000, 200_000, 1);
    await db0.updateTable('variants').set({ stock: STOCK }).where('id', 'in', [a.id, b.id]).execute();
    const shoppers = await createShoppers(
      db0,
      SHOPPERS,
      [
        { variant_id: a.id, quantity: 1 },
        { variant_id: b.id, quantity: 2 },
      ],
      await pincode(db0, 'cod'),
    );
    await setup.close();
    const customerIds = shoppers.map((s) => s.customerId);

    server = startServer(port, { ...backend.env, LOG_LEVEL: 'warn' });
    await waitHealthy(server);
    const current = () => server as ServerProcess;
    const place = async (s: Shopper, key: string) => {
      const res = await fetch(current().url('/api/order-confirmation/place-order'), {
        headers: { cookie: `ksid=${s.token}`, 'idempotency-key': key },
      });
      const body = (await res.json().catch(() => null)) as { data?: { order_id?: string } } | null;
      return { status: res.status, orderId: body?.data?.order_id ?? null };
    };
    const attempts = shoppers.map((shopper, i) => ({
      shopper,
      key: `kill-${kind}-${process.pid}-${i}`,
      status: null as number | null,
      orderId: null as string | null,
    }));
    let next = 0;
    let acked = 0;
    let killed: Promise<void> | null = null;
    const victim = current();
    const worker = async () => {
      while (next < attempts.length) {
        const attempt = attempts[next++];
        try {
          const answer = await place(attempt.shopper, attempt.key);
          attempt.status = answer.status;
          attempt.orderId = answer.orderId;
          if (answer.status === 200 && ++acked >= KILL_AFTER_ACKS) killed ??= kill9(victim);
        } catch {
          // refused or reset by the kill: not acknowledged
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await killed;
    expect(victim.child.signalCode).toBe('SIGKILL');
    const ackedAttempts = attempts.filter((t) => t.status === 200);
    expect(ackedAttempts.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(ackedAttempts.every((t) => t.orderId)).toBe(true);
    // The kill landed mid-load, and every answer before it was an order.
    expect(attempts.filter((t) => t.status === null).length).toBeGreaterThan(0);
    expect(attempts.filter((t) => t.status !== null && t.status !== 200)).toEqual([]);

    // Started again on the same data: the same key answers the same order; an unanswered shopper retrying gets one.
    server = startServer(port, { ...backend.env, LOG_LEVEL: 'warn' });
    await waitHealthy(server);
    for (const t of ackedAttempts.slice(0, 5)) expect(await place(t.shopper, t.key)).toEqual({ status: 200, orderId: t.orderId });
    for (const t of attempts.filter((x) => x.status === null)) expect((await place(t.shopper, t.key)).status).toBe(200);
    current().child.kill('SIGTERM');
    expect(await current().exited).toBe(0);

    setup = await backend.open();
    try {
      const db = setup.db;
      const orders = await db
        .selectFrom('orders')
        .select(['id', 'order_number', 'customer_id', 'cart_id', 'status'])
        .where('customer_id', 'in', customerIds)
        .execute();
      const byNumber = new Map(orders.map((o) => [o.order_number, o]));
      for (const t of ackedAttempts)
        expect(byNumber.get(t.orderId as string), `acknowledged order ${t.orderId}`).toMatchObject({
          customer_id: t.shopper.customerId,
          cart_id: t.shopper.cartId,
          status: 'payment_pending',
        });
      // One order per shopper, each whole: two lines, one shipment with its first event, totals that add up, cart closed.
      expect(orders).toHaveLength(SHOPPERS);
      expect(new Set(orders.map((o) => o.customer_id)).size).toBe(SHOPPERS);
      const rows = await sql<{
        id: number;
        items: number;
        units: number;
        line_total: number;
        item_total: number;
        shipments: number;
        events: number;
        cart_status: string;
      }>`
        SELECT o.id,
          (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
          (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS units,
          (SELECT coalesce(sum(i.sale_price * i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS line_total,
          o.item_total,
          (SELECT count(*)::int FROM shipments s WHERE s.order_id = o.id) AS shipments,
          (SELECT count(*)::int FROM shipment_events e JOIN shipments s ON s.id = e.shipment_id WHERE s.order_id = o.id) AS events,
          c.status AS cart_status
        FROM orders o JOIN carts c ON c.id = o.cart_id
        WHERE o.id = ANY(${orders.map((o) => o.id)})`.execute(db);
      expect(rows.rows).toHaveLength(SHOPPERS);
      for (const r of rows.rows) {
        expect(r, `order ${r.id}`).toMatchObject({ items: 2, units: 3, shipments: 1, events: 1, cart_status: 'ordered' });
        expect(r.line_total).toBe(r.item_total);
      }
      const bare = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`.execute(db);
      expect(bare.rows[0].n).toBe(0);
      // Stock was taken for orders and only for orders: exactly once per shopper.
      const stock = await db.selectFrom('variants').select(['id', 'stock']).where('id', 'in', [a.id, b.id]).execute();
      expect(stock.find((v) => v.id === a.id)?.stock).toBe(STOCK - SHOPPERS);
      expect(stock.find((v) => v.id === b.id)?.stock).toBe(STOCK - 2 * SHOPPERS);
    } finally {
      await setup.close();
    }
  }, 600_000);

  test.skipIf(kind !== 'pglite')(
    'a second process on the same data directory refuses to start and says why',
    async () => {
      server = startServer(port, backend.env);
      await waitHealthy(server);
      const second = startServer(port + 2, backend.env);
      expect(await second.exited).toBe(2);
      expect(second.output()).toMatch(/is in use by another Kasrat process \(pid \d+/);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // A clean stop removes the lock; a stale one (its process gone) is taken over.
      const lock = path.join(backend.env.DATA_DIR as string, 'kasrat.lock');
      expect(existsSync(lock)).toBe(false);
      writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 1, host: (await import('node:os')).hostname(), started_at: 'then' }));
      server = startServer(port, backend.env);
      await waitHealthy(server);
      expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(server.child.pid);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    300_000,
  );
});
