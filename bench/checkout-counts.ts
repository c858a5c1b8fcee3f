// Per-order work of order placement, counted rather than timed: the server (server/main.ts, a child process) talks
// to PostgreSQL through a proxy that reads the wire protocol, and places ORDERS orders one at a time. Prints per
// order: round trips (turns: what the server writes before PostgreSQL next answers), statements (Bind messages and
// simple queries), bytes each way, and the server's CPU milliseconds; the same over an idle stretch of equal length
// (background jobs polling) is subtracted. Deterministic where timing on a shared machine is not
// (docs/decisions/023-fewer-round-trips.md).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase } from '../server/db/database.ts';
import { seed } from '../server/db/seed/seed.ts';
import { createShoppers, pincode, type Shopper, variantIn } from '../tests/api/checkout-fixtures.ts';
import { turnCountingProxy } from '../tests/helpers/wire-proxy.ts';
import { cpuSecondsOf, startServer, stopServer } from './server-process.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3292);
const BASE = `http://127.0.0.1:${PORT}`;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const log = (...args: unknown[]) => console.error('[bench:checkout-counts]', ...args);

/** Statements the server sent (Bind messages and simple queries), over every connection. */
const counted = { statements: 0, simple: 0 };
const statementTexts = new Map<string, number>();

/** Counts Bind ('B') and Query ('Q') messages in what the client sends, after the start-up message. */
function protocolReader() {
  let buffer = Buffer.alloc(0);
  let started = false;
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        if (buffer.length < 8) return;
        const len = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(len);
        if (code !== 80877103) started = true; // not an SSLRequest: the start-up message
        continue;
      }
      if (buffer.length < 5) return;
      const type = String.fromCharCode(buffer[0]);
      const len = buffer.readInt32BE(1);
      if (buffer.length < len + 1) return;
      const body = buffer.subarray(5, len + 1);
      if (type === 'B') counted.statements++;
      if (type === 'Q') {
        counted.statements++;
        counted.simple++;
      }
      if (type === 'P' || type === 'Q') {
        const text = type === 'P' ? body.subarray(body.indexOf(0) + 1, body.indexOf(0, body.indexOf(0) + 1)) : body;
        const t = text.toString('utf8').replace(/\0$/, '').slice(0, 120);
        statementTexts.set(t, (statementTexts.get(t) ?? 0) + 1);
      }
      buffer = buffer.subarray(len + 1);
    }
  };
}

const cpuMsOf = (pid: number | undefined) => Math.round(cpuSecondsOf(pid) * 1000);

const proxy = await turnCountingProxy(new URL(POSTGRES_URL), protocolReader);
/** Everything counted so far, summed over the proxy's connections. */
const snapshot = () => {
  const sum = (k: 'turns' | 'writes' | 'reads' | 'sentBytes' | 'receivedBytes') => proxy.conversations.reduce((n, c) => n + c[k], 0);
  return {
    turns: sum('turns'),
    writes: sum('writes'),
    reads: sum('reads'),
    statements: counted.statements,
    simple: counted.simple,
    sentBytes: sum('sentBytes'),
    receivedBytes: sum('receivedBytes'),
    cpuMs: 0,
  };
};
const diff = (a: ReturnType<typeof snapshot>, b: ReturnType<typeof snapshot>) =>
  Object.fromEntries(Object.keys(a).map((k) => [k, (b as Record<string, number>)[k] - (a as Record<string, number>)[k]]));

const schema = `bench_counts_${randomBytes(3).toString('hex')}`;
const handle = await openDatabase({ databaseUrl: POSTGRES_URL, schema });
let server: ChildProcess | undefined;
try {
  await migrate(handle.db);
  await seed(handle.db, { scale: 0 });
  const pin = await pincode(handle.db, 'cod');
  const shoppers: Shopper[] = [];
  for (let i = 0; i < 10; i++) {
    const v = await variantIn(handle.db, 30_000, 200_000, i);
    await handle.db.updateTable('variants').set({ stock: 100_000 }).where('id', '=', v.id).execute();
    shoppers.push(...(await createShoppers(handle.db, Math.ceil((ORDERS + 20) / 10), [{ variant_id: v.id, quantity: 1 }], pin)));
  }
  const url = new URL(POSTGRES_URL);
  url.host = `127.0.0.1:${proxy.port}`;
  url.searchParams.set('options', `-c search_path=${schema}`);
  server = await startServer(PORT, { DATABASE_URL: url.toString() });
  const place = async (s: Shopper) => {
    const res = await fetch(`${BASE}/api/order-confirmation/place-order`, {
      headers: { cookie: `ksid=${s.token}`, 'idempotency-key': `count-${s.cartId}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`order answered ${res.status}`);
  };
  for (const s of shoppers.slice(0, 20)) await place(s); // warm-up: statements prepared, JIT
  await new Promise((r) => setTimeout(r, 1500));
  statementTexts.clear();
  const t0 = { ...snapshot(), cpuMs: cpuMsOf(server.pid) };
  const started = performance.now();
  for (const s of shoppers.slice(20, 20 + ORDERS)) await place(s);
  const wall = performance.now() - started;
  const t1 = { ...snapshot(), cpuMs: cpuMsOf(server.pid) };
  const texts = new Map(statementTexts);
  await new Promise((r) => setTimeout(r, wall));
  const t2 = { ...snapshot(), cpuMs: cpuMsOf(server.pid) };
  const busy = diff(t0, t1);
  const idle = diff(t1, t2);
  const perOrder = Object.fromEntries(Object.keys(busy).map((k) => [k, Number(((busy[k] - idle[k]) / ORDERS).toFixed(2))]));
  log(`${ORDERS} orders in ${wall.toFixed(0)} ms, one at a time; idle stretch`, idle);
  if (process.env.BENCH_SHOW_STATEMENTS) for (const [t, n] of [...texts].sort((a, b) => b[1] - a[1])) log(`${(n / ORDERS).toFixed(2)}×`, t);
  console.log(JSON.stringify({ orders: ORDERS, per_order: perOrder }));
} finally {
  if (server) await stopServer(server);
  await handle.close();
  await proxy.close();
  const c = new pg.Client({ connectionString: POSTGRES_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}
