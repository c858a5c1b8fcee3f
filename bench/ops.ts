// Operations benchmark: how long one `/metrics` scrape takes (docs/operations.md "Metrics") on a store seeded with
// SEED_SCALE variants (50,000) on embedded PGlite in a temporary DATA_DIR, after traffic over a spread of routes has
// filled the request histograms. Scrapes are sent one at a time over HTTP with the scrape token; the figure is the
// median, with the 95th percentile beside it. Then the catalogue import of 5,000 rows on PostgreSQL (bench/ops-csv.ts).
// Prints progress on stderr and one JSON line on stdout: metrics_scrape_ms, metrics_scrape_p95_ms, metrics_bytes,
// variants, csv_apply_5000_s, csv_apply_rows, csv_apply_changed. BENCH_OPS=csv runs the import alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { migrate, openDatabase } from '../server/db/database.ts';
import { seedOnce } from '../server/db/seed/seed.ts';
import { measureCsvApply } from './ops-csv.ts';

const SCALE = Number(process.env.SEED_SCALE ?? 50_000);
const SCRAPES = Number(process.env.BENCH_SCRAPES ?? 200);
const TOKEN = 'bench-scrape-token-0123456789abcdef';
process.env.METRICS_TOKEN = TOKEN;
const log = (...args: unknown[]) => console.error('[bench:ops]', ...args);

async function metricsFigures() {
  const dir = mkdtempSync(path.join(tmpdir(), 'kasrat-bench-ops-'));
  const handle = await openDatabase({ dataDir: dir });
  try {
    await migrate(handle.db);
    const started = Date.now();
    log(`seeding ${SCALE} variants…`);
    await seedOnce(handle.db, { scale: SCALE, demoCustomer: false });
    log(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
    const app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handle, clientDir: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    // Traffic first: the histograms get a series per route the store answered, as a live store's have.
    const variants = await handle.db.selectFrom('variants').select('id').limit(50).execute();
    const paths = [
      '/api/health',
      '/api/health/ready',
      '/api/menu/menu-list',
      '/api/listing/top-brand',
      '/api/listing/top-category',
      '/api/listing/top-product',
      '/api/offers/limited-offer',
      '/api/product-brand/top-brand-list',
      ...variants.map((v) => `/api/product-details/variant-detail?variantId=${v.id}`),
      '/api/search/search-suggestion-list?q=whey',
      '/api/nope',
    ];
    for (let round = 0; round < 5; round++) for (const p of paths) await fetch(`${base}${p}`).then((r) => r.arrayBuffer());
    const scrape = async () => {
      const t = performance.now();
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
      return { ms: performance.now() - t, bytes: body.length, body };
    };
    for (let i = 0; i < 20; i++) await scrape();
    const times: number[] = [];
    let last = { ms: 0, bytes: 0, body: '' };
    for (let i = 0; i < SCRAPES; i++) {
      last = await scrape();
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 100) / 100;
    const indexed = /kasrat_search_index_variants (\d+)/.exec(last.body)?.[1];
    await app.close();
    return {
      metrics_scrape_ms: at(0.5),
      metrics_scrape_p95_ms: at(0.95),
      metrics_bytes: last.bytes,
      variants: Number(indexed ?? 0),
    };
  } finally {
    await handle.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

const metrics = process.env.BENCH_OPS === 'csv' ? {} : await metricsFigures();
console.log(JSON.stringify({ ...metrics, ...(await measureCsvApply()) }));
