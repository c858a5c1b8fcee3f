// Checkout benchmark: order placement through the real server process (server/main.ts in a child process, so
// the load generator does not share its event loop), on PostgreSQL (its own schema) and on embedded PGlite (a
// temporary DATA_DIR). Each database is migrated, seeded and filled with signed-in shoppers (one cart each,
// address chosen) before the server starts; then
//  - throughput: every shopper places an order (GET /api/order-confirmation/place-order with an
//    Idempotency-Key), CONCURRENCY at a time: orders per second over the whole run. The shoppers buy from
//    PRODUCTS different products, as a store's orders do (orders_per_s); on PostgreSQL also all of them one
//    product (orders_per_s_one_product), where every order queues on that variant's row from its stock UPDATE
//    to COMMIT;
//  - oversold (PostgreSQL and PGlite): BUYERS shoppers at once for the last STOCK units of one variant; units
//    sold beyond the stock (must be 0), and the stock must end at 0, never below.
// BENCH_SERVER_NODE_ARGS adds Node flags to the server process (bench/server-process.ts).
// The throughput is also measured over PostgreSQL's Unix socket when it exists (orders_per_s_unix_socket).
// Prints progress on stderr and one JSON line on stdout: orders_per_s, orders_per_s_pglite, oversold (+ details).
import { type ChildProcess, execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, migrate, openDatabase } from '../server/db/database.ts';
import { seed } from '../server/db/seed/seed.ts';
import { createShoppers, pincode, type Shopper, variantIn } from '../tests/api/checkout-fixtures.ts';
import { cpuSecondsOf, startServer, stopServer as stop } from './server-process.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3291);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ORDERS_PG = Number(process.env.BENCH_ORDERS ?? 3000);
const ORDERS_PGLITE = Number(process.env.BENCH_ORDERS_PGLITE ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 32);
const STOCK = 10;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 40);
const ORDERS_ONE_PRODUCT = Number(process.env.BENCH_ORDERS_ONE_PRODUCT ?? 800);
const BUYERS = 300;
const SOCKET_DIR = process.env.BENCH_POSTGRES_SOCKET_DIR ?? '/var/run/postgresql';
// BENCH_CHECKOUT_TARGETS=postgres,socket,pglite (the default: all three) runs only those.
const TARGETS = (process.env.BENCH_CHECKOUT_TARGETS ?? 'postgres,socket,pglite').split(',');
const log = (...args: unknown[]) => console.error('[bench:checkout]', ...args);

interface Target {
  name: 'postgres' | 'pglite';
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

function postgresTarget(databaseUrl = POSTGRES_URL): Target {
  const schema = `bench_checkout_${randomBytes(3).toString('hex')}`;
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  return {
    name: 'postgres',
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl, schema }),
    cleanup: () => admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`),
  };
}

function pgliteTarget(): Target {
  const dir = mkdtempSync(path.join(tmpdir(), 'kasrat-bench-checkout-'));
  return {
    name: 'pglite',
    env: { DATA_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Places every shopper's order, `concurrency` at a time; answers by HTTP status. The load generator (this
 * process) runs on the same two cores as the server and PostgreSQL: the CPU it used in the timed run is measured
 * (process.cpuUsage) and reported beside the figure as `load_generator_cores` (CPU seconds over wall seconds), as is
 * the server process's (`server_cores`). orders_per_s is not corrected for it: it is what the two cores did with
 * the generator on them, and the generator's share says how much of the machine it took.
 */
async function placeAll(shoppers: Shopper[], concurrency: number, server?: ChildProcess) {
  const statuses = new Map<number, number>();
  let next = 0;
  // node:http over kept-alive connections, one per worker: fetch (undici's full Fetch API, streams and all) took
  // about twice the CPU per request, which came off the cores the server and PostgreSQL share with it. Every
  // answer is still read to its end and counted by status.
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const place = (s: Shopper) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: PORT,
          path: '/api/order-confirmation/place-order',
          headers: { cookie: `ksid=${s.token}`, 'idempotency-key': `bench-${s.cartId}` },
          agent,
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  const worker = async () => {
    while (next < shoppers.length) {
      const status = await place(shoppers[next++]);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  const serverCpu = cpuSecondsOf(server?.pid);
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const used = process.cpuUsage(cpu);
  return {
    seconds,
    statuses: Object.fromEntries(statuses),
    loadGeneratorCores: Number(((used.user + used.system) / 1e6 / seconds).toFixed(2)),
    serverCores: Number(((cpuSecondsOf(server?.pid) - serverCpu) / seconds).toFixed(2)),
  };
}

async function runTarget(target: Target, orders: number, oneProductOrders = 0) {
  log(
    `${target.name}: preparing ${orders} shoppers over ${PRODUCTS} products, ${oneProductOrders} of one product, and ${BUYERS} buyers for ${STOCK} units`,
  );
  let handle = await target.open();
  await migrate(handle.db);
  await seed(handle.db, { scale: 0 });
  const db = handle.db;
  const pin = await pincode(db, 'cod');
  const products = [];
  for (let i = 0; i < PRODUCTS + 1; i++) products.push(await variantIn(db, 30_000, 200_000, i));
  const scarce = products.pop() as (typeof products)[number];
  await db
    .updateTable('variants')
    .set({ stock: orders + oneProductOrders + 1_000 })
    .where(
      'id',
      'in',
      products.map((p) => p.id),
    )
    .execute();
  await db.updateTable('variants').set({ stock: STOCK }).where('id', '=', scarce.id).execute();
  const shoppers: Shopper[] = [];
  for (let i = 0; i < products.length; i++) {
    const n = Math.floor(orders / products.length) + (i < orders % products.length ? 1 : 0);
    if (n) shoppers.push(...(await createShoppers(db, n, [{ variant_id: products[i].id, quantity: 1 }], pin)));
  }
  // Interleaved, as orders of different products arrive.
  shoppers.sort((a, b) => a.token.localeCompare(b.token));
  const oneProduct: Shopper[] = [];
  for (let done = 0; done < oneProductOrders; done += 500)
    oneProduct.push(
      ...(await createShoppers(db, Math.min(500, oneProductOrders - done), [{ variant_id: products[0].id, quantity: 1 }], pin)),
    );
  const buyers = await createShoppers(db, BUYERS, [{ variant_id: scarce.id, quantity: 1 }], pin);
  // PGlite has one process per data directory: the server opens it once this one lets go.
  if (target.name === 'pglite') await handle.close();

  const server = await startServer(PORT, target.env);
  try {
    // A warm-up (JIT, every pooled connection and its prepared statements), not counted.
    const WARM_UP = 100;
    await placeAll(shoppers.slice(0, WARM_UP), CONCURRENCY);
    const timed = shoppers.slice(WARM_UP);
    const run = await placeAll(timed, CONCURRENCY, server);
    const ordersPerS = Math.round((run.statuses[200] ?? 0) / run.seconds);
    log(
      `${target.name}: ${timed.length} orders in ${run.seconds.toFixed(2)} s → ${ordersPerS}/s (load generator ${run.loadGeneratorCores} cores, server ${run.serverCores})`,
      run.statuses,
    );
    let oneProductPerS: number | undefined;
    if (oneProduct.length) {
      const hot = await placeAll(oneProduct, CONCURRENCY);
      oneProductPerS = Math.round((hot.statuses[200] ?? 0) / hot.seconds);
      log(`${target.name}: ${oneProduct.length} orders of one product → ${oneProductPerS}/s`, hot.statuses);
    }

    const rush = await placeAll(buyers, BUYERS);
    log(`${target.name}: ${BUYERS} buyers for ${STOCK} units`, rush.statuses);
    await stop(server);
    if (target.name === 'pglite') handle = await target.open();
    const sold = await handle.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<string>('quantity').as('n'))
      .where('variant_id', '=', scarce.id)
      .executeTakeFirstOrThrow();
    const stockLeft = (await handle.db.selectFrom('variants').select('stock').where('id', '=', scarce.id).executeTakeFirstOrThrow()).stock;
    const unitsSold = Number(sold.n ?? 0);
    await handle.close();
    return {
      ordersPerS,
      oneProductPerS,
      orders: timed.length,
      seconds: Number(run.seconds.toFixed(2)),
      statuses: run.statuses,
      load_generator_cores: run.loadGeneratorCores,
      server_cores: run.serverCores,
      oversold: Math.max(0, unitsSold - STOCK) + Math.max(0, -stockLeft),
      unitsSold,
      stockLeft,
      rushStatuses: rush.statuses,
    };
  } finally {
    await stop(server);
  }
}

/**
 * `BENCH_COMPARE=<git ref> npx tsx bench/checkout.ts`: this tree's server against <ref>'s, side by side in one run,
 * on one PostgreSQL schema over TCP, instead of the figures above. BENCH_COMPARE_ROUNDS rounds (default 4), each
 * placing BENCH_COMPARE_ORDERS orders (default 600, after a warm-up of 100) with each server in turn, the order
 * alternating: a busy moment of a shared machine falls on both sides. Prints every run and each side's median.
 */
async function compare(ref: string) {
  const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 4);
  const perRun = Number(process.env.BENCH_COMPARE_ORDERS ?? 600);
  const WARM_UP = 100;
  const base = mkdtempSync(path.join(tmpdir(), 'kasrat-bench-base-'));
  execSync(`git archive ${ref} | tar -x -C ${base}`);
  symlinkSync(path.resolve('node_modules'), path.join(base, 'node_modules'));
  const target = postgresTarget();
  const sides = [
    { name: 'this', dir: process.cwd() },
    { name: ref, dir: base },
  ];
  try {
    const handle = await target.open();
    await migrate(handle.db);
    await seed(handle.db, { scale: 0 });
    const pin = await pincode(handle.db, 'cod');
    const products = [];
    for (let i = 0; i < PRODUCTS; i++) products.push(await variantIn(handle.db, 30_000, 200_000, i));
    await handle.db
      .updateTable('variants')
      .set({ stock: 1_000_000 })
      .where(
        'id',
        'in',
        products.map((p) => p.id),
      )
      .execute();
    const batches: Shopper[][] = [];
    for (let b = 0; b < rounds * sides.length; b++) {
      const batch: Shopper[] = [];
      for (let i = 0; i < perRun + WARM_UP; i += 100) {
        const product = products[(b * 7 + i / 100) % products.length];
        batch.push(
          ...(await createShoppers(handle.db, Math.min(100, perRun + WARM_UP - i), [{ variant_id: product.id, quantity: 1 }], pin)),
        );
      }
      batch.sort((a, c) => a.token.localeCompare(c.token));
      batches.push(batch);
    }
    await handle.close();
    const runs: Array<{ round: number; side: string; orders_per_s: number; load_generator_cores: number; server_cores: number }> = [];
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const batch = batches.pop() as Shopper[];
        // On a busy shared machine a server can fail to reach the database as it starts: try again, twice.
        let server: ChildProcess | undefined;
        for (let attempt = 1; !server; attempt++)
          server = await startServer(PORT, target.env, side.dir).catch((error: unknown) => {
            if (attempt >= 3) throw error;
            log(`${side.name}: the server did not start (${String(error)}), again`);
            return undefined;
          });
        try {
          await placeAll(batch.slice(0, WARM_UP), CONCURRENCY);
          const run = await placeAll(batch.slice(WARM_UP), CONCURRENCY, server);
          const perS = Math.round((run.statuses[200] ?? 0) / run.seconds);
          log(`round ${round + 1}, ${side.name}: ${perS} orders/s`, run.statuses, `load generator ${run.loadGeneratorCores} cores`);
          runs.push({
            round: round + 1,
            side: side.name,
            orders_per_s: perS,
            load_generator_cores: run.loadGeneratorCores,
            server_cores: run.serverCores,
          });
        } finally {
          await stop(server);
        }
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const medians = Object.fromEntries(
      sides.map((side) => [side.name, median(runs.filter((r) => r.side === side.name).map((r) => r.orders_per_s))]),
    );
    log('medians', medians);
    console.log(JSON.stringify({ compare: ref, medians, runs }));
  } finally {
    await target.cleanup();
    rmSync(base, { recursive: true, force: true });
  }
}
if (process.env.BENCH_COMPARE) {
  await compare(process.env.BENCH_COMPARE);
  process.exit(0);
}

const results: Record<string, unknown> = {};
const pgTarget = postgresTarget();
if (TARGETS.includes('postgres'))
  try {
    const pgRun = await runTarget(pgTarget, ORDERS_PG, ORDERS_ONE_PRODUCT);
    results.orders_per_s = pgRun.ordersPerS;
    results.load_generator_cores = pgRun.load_generator_cores;
    results.orders_per_s_one_product = pgRun.oneProductPerS;
    results.oversold = pgRun.oversold;
    results.postgres = pgRun;
  } finally {
    await pgTarget.cleanup();
  }
// The same server and database over PostgreSQL's Unix socket, as a store with its database on the same machine
// would connect: each round trip is a cheaper system call than over loopback TCP.
if (TARGETS.includes('socket') && existsSync(SOCKET_DIR)) {
  const socketTarget = postgresTarget(`postgres://postgres@localhost/${new URL(POSTGRES_URL).pathname.slice(1)}?host=${SOCKET_DIR}`);
  try {
    const socketRun = await runTarget(socketTarget, ORDERS_PG);
    results.orders_per_s_unix_socket = socketRun.ordersPerS;
    results.oversold = Number(results.oversold) + socketRun.oversold;
  } finally {
    await socketTarget.cleanup();
  }
}
const liteTarget = TARGETS.includes('pglite') ? pgliteTarget() : undefined;
if (liteTarget)
  try {
    const liteRun = await runTarget(liteTarget, ORDERS_PGLITE);
    results.orders_per_s_pglite = liteRun.ordersPerS;
    results.oversold = Number(results.oversold) + liteRun.oversold;
    results.pglite = liteRun;
  } finally {
    await liteTarget?.cleanup();
  }
results.concurrency = CONCURRENCY;
results.products = PRODUCTS;
results.scarce = { stock: STOCK, buyers: BUYERS };
console.log(JSON.stringify(results));
