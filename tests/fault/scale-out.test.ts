import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { createShoppers, pincode, type Shopper, variantIn } from '../api/checkout-fixtures.ts';
import { BACKENDS, POSTGRES_URL } from '../helpers/app.ts';
import { type ServerProcess, startServer, waitFor, waitHealthy } from './server-process.ts';

// Two real server processes (server/main.ts, as npm start runs it) on one PostgreSQL schema, on different ports
// (docs/architecture.md "Growing past one machine"): both start at once on the empty schema (one migrates and seeds,
// the other waits), sessions and carts are shared, concurrent checkouts through both oversell nothing, and each
// one's search index follows stock and price changes made through the other (docs/caches-across-instances.md).

const schema = `scale_${process.pid}_${randomBytes(3).toString('hex')}`;
const PORTS = [3960 + (process.pid % 10), 3975 + (process.pid % 10)];
const databaseUrl = () => {
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
};
const admin = async (query: string) => {
  const c = new pg.Client({ connectionString: POSTGRES_URL });
  await c.connect();
  try {
    return await c.query(query);
  } finally {
    await c.end();
  }
};

let servers: ServerProcess[] = [];
let handle: DatabaseHandle;

async function stop(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

async function placeOrder(server: ServerProcess, shopper: Shopper, key: string) {
  const res = await fetch(server.url('/api/order-confirmation/place-order'), {
    headers: { cookie: `ksid=${shopper.token}`, 'idempotency-key': key },
  });
  await res.arrayBuffer();
  return res.status;
}

interface Hit {
  pid: number;
  vid: number;
  sale_price: number;
  min_price: number;
}

async function searchHits(server: ServerProcess, query: string): Promise<Hit[]> {
  const res = await fetch(server.url(`/api/search/product-search-listing?${query}&per_page=60`));
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { hits: Hit[] } }).data.hits;
}

describe.skipIf(!BACKENDS.includes('postgres'))('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    await admin(`CREATE SCHEMA "${schema}"`);
    // Both start at the same moment on the empty schema: migrations and first-run seeding must happen once.
    servers = PORTS.map((port) => startServer(port, { DATABASE_URL: databaseUrl(), KASRAT_DEV_TOOLS: '' }));
    await Promise.all(servers.map(waitHealthy));
    handle = await openDatabase({ databaseUrl: POSTGRES_URL, schema });
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map(stop));
    await handle?.close();
    await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }, 60_000);

  test('started together on an empty database, both serve one catalogue, seeded once', async () => {
    const db = handle.db;
    const products = await db
      .selectFrom('products')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('slug').distinct().as('slugs')])
      .executeTakeFirstOrThrow();
    expect(products.n).toBeGreaterThan(0);
    expect(products.slugs).toBe(products.n);
    const brands = await db
      .selectFrom('brands')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('name').distinct().as('names')])
      .executeTakeFirstOrThrow();
    expect(brands.names).toBe(brands.n);
    for (const server of servers) {
      const hits = await searchHits(server, 'q=whey');
      expect(hits.length).toBeGreaterThan(0);
    }
    // Each server logs when it seeded (server/boot.ts): exactly one did, the other found the work done.
    expect(servers.filter((s) => s.output().includes('"msg":"seeded the database"'))).toHaveLength(1);
  });

  test('a session is signed in on both; concurrent checkouts through both sell exactly the stock', async () => {
    const db = handle.db;
    const scarce = await variantIn(db, 30_000, 200_000, 3);
    await db.updateTable('variants').set({ stock: 10 }).where('id', '=', scarce.id).execute();
    const buyers = await createShoppers(db, 80, [{ variant_id: scarce.id, quantity: 1 }], await pincode(db, 'cod'));

    for (const server of servers) {
      const res = await fetch(server.url('/api/cart/mini-cart'), { method: 'POST', headers: { cookie: `ksid=${buyers[0].token}` } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { item_count: number } };
      expect(body.data.item_count).toBe(1);
    }

    // Every buyer asks both instances at once, with one key: the store answers one order per cart whichever
    // instance gets there first, and no more orders than units.
    const statuses = await Promise.all(buyers.flatMap((b, i) => servers.map((server) => placeOrder(server, b, `scale-${schema}-${i}`))));
    const sold = await db
      .selectFrom('order_items')
      .select((eb) => [eb.fn.sum<number>('quantity').as('units'), eb.fn.count<number>('order_id').distinct().as('orders')])
      .where('variant_id', '=', scarce.id)
      .executeTakeFirstOrThrow();
    const stock = (await db.selectFrom('variants').select('stock').where('id', '=', scarce.id).executeTakeFirstOrThrow()).stock;
    expect(Number(sold.units)).toBe(10);
    expect(Number(sold.orders)).toBe(10);
    expect(stock).toBe(0);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // A buyer who got an order got it from one instance or both (the same order), never two orders.
    const perCustomer = await db
      .selectFrom('orders')
      .select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'customer_id',
        'in',
        buyers.map((b) => b.customerId),
      )
      .groupBy('customer_id')
      .execute();
    expect(perCustomer.every((r) => Number(r.n) === 1)).toBe(true);
  }, 120_000);

  test("each instance's search follows stock taken and prices changed through the other", async () => {
    const db = handle.db;
    const variant = await variantIn(db, 30_000, 200_000, 5);
    const product = await db
      .selectFrom('products as p')
      .innerJoin('variants as v', 'v.product_id', 'p.id')
      .select(['p.id', 'p.name'])
      .where('v.id', '=', variant.id)
      .executeTakeFirstOrThrow();
    // The product's only stock is 3 units of this variant.
    await db.updateTable('variants').set({ stock: 0 }).where('product_id', '=', product.id).where('id', '!=', variant.id).execute();
    await db.updateTable('variants').set({ stock: 3 }).where('id', '=', variant.id).execute();
    const query = `q=${encodeURIComponent(product.name)}&availability=in_stock`;
    const [a, b] = servers;
    await waitFor(
      async () => (await searchHits(b, query)).some((h) => h.pid === product.id),
      'B to list the product in stock',
      20_000,
      200,
    );

    // Sold out through A: B stops listing it as in stock.
    const buyers = await createShoppers(db, 3, [{ variant_id: variant.id, quantity: 1 }], await pincode(db, 'cod'));
    const statuses = await Promise.all(buyers.map((s, i) => placeOrder(a, s, `scale-out-${schema}-${i}`)));
    expect(statuses).toEqual([200, 200, 200]);
    // Each index polls the database's change counters (about a second, docs/caches-across-instances.md).
    for (const server of [b, a])
      await waitFor(
        async () => !(await searchHits(server, query)).some((h) => h.pid === product.id),
        `port ${server.port} to drop the sold-out product`,
        20_000,
        200,
      );

    // A price change (an operator's update, in the database both share) reaches both indexes.
    const other = await variantIn(db, 30_000, 200_000, 7);
    const otherProduct = await db.selectFrom('variants').select('product_id').where('id', '=', other.id).executeTakeFirstOrThrow();
    const newPrice = other.sale_price - 1_00;
    await db.updateTable('variants').set({ sale_price: newPrice }).where('product_id', '=', otherProduct.product_id).execute();
    const priceQuery = `q=${encodeURIComponent(other.name)}`;
    for (const server of servers)
      await waitFor(
        async () => (await searchHits(server, priceQuery)).some((h) => h.pid === otherProduct.product_id && h.sale_price === newPrice),
        `port ${server.port} to show the new price`,
        20_000,
        200,
      );
  }, 120_000);
});
