// Catalogue benchmark: boots the store with SEED_SCALE=50000 on embedded PGlite in a temporary
// DATA_DIR (a child process, so the load generator does not share the server's event loop), then on PostgreSQL
// (its own schema, BENCH_DATABASE_URL; the `pg_*` figures), and measures on each
//  - listing API throughput and p99 with autocannon (10 connections, 10 s), over varied brand / category /
//    shop listings with filters, sorts and pages;
//  - product-page API throughput and p99 the same way, over every product;
//  - search-with-facets latency p95: a varied query set (typos, prefixes, filters, sorts, pages), each request
//    distinct so none is answered from the result cache, sent one at a time.
// In the same run, `ceiling_rps`: a bare Fastify app answering one small JSON route (bench/ceiling-server.ts), with
// the same connections and duration — what this machine can serve at all, so the catalogue figures read as a share;
// and `ceiling_listing_body_rps`: the same bare app sending the listing answers the store sent, byte for byte, so
// the share of it (`listing_share_of_body_ceiling`) is what the store's own work costs beside the bytes' (a listing
// page is 40+ KB of SPEC §7 hits, the small route under 100 bytes).
// Prints progress on stderr and one JSON line on stdout: listing_rps, listing_p99_ms, pdp_rps, pdp_p99_ms,
// search_p95_ms, search_variants, pg_* likewise, ceiling_rps (+ a few extra figures). BENCH_GZIP=1 sends
// accept-encoding: gzip as browsers do.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const SCALE = Number(process.env.SEED_SCALE ?? 50_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BASE = `http://127.0.0.1:${PORT}`;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Browsers always ask for compression; BENCH_GZIP=1 measures that path too.
const REQUEST_HEADERS: Record<string, string> = process.env.BENCH_GZIP === '1' ? { 'accept-encoding': 'gzip' } : {};
const log = (...args: unknown[]) => console.error('[bench:catalogue]', ...args);

async function startServer(dataDir: string, database: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'server/main.ts'],
    {
      env: {
        ...process.env,
        // Production, as shoppers meet it: it requires these settings; nothing is sent during the bench.
        NODE_ENV: 'production',
        OPS_TOKEN: randomBytes(16).toString('hex'),
        PUBLIC_ORIGIN: BASE,
        SMTP_URL: 'smtp://127.0.0.1:1',
        SMS_WEBHOOK_URL: 'http://127.0.0.1:1/sms',
        PAYMENT_GATEWAY: 'juspay',
        JUSPAY_RESPONSE_KEY: randomBytes(16).toString('hex'),
        // Production refuses the published development values and sandbox hosts; no payment is made in this suite,
        // and the address is this machine's, so nothing could leave it.
        JUSPAY_API_KEY: randomBytes(16).toString('hex'),
        JUSPAY_WEBHOOK_PASSWORD: randomBytes(16).toString('hex'),
        JUSPAY_BASE_URL: 'https://127.0.0.1:1',
        BANK_ACCOUNT_KEY: `bench:${randomBytes(32).toString('base64')}`,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...database,
        SEED_SCALE: String(SCALE),
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        CLIENT_DIR: path.join(dataDir, 'no-client'),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return ready(child, '/api/listing/shop');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Waits until `probe` answers 200 (seeding 50,000 variants takes a while). */
async function ready(child: ChildProcess, probe: string): Promise<ChildProcess> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${BASE}${probe}`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start in 10 minutes');
}

const getJson = async <T>(url: string): Promise<T> => {
  const res = await fetch(`${BASE}${url}`);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
};

/** autocannon over a rotating list of paths; returns req/s and p99 latency, and checks every answer was 200. */
async function load(name: string, paths: string[]) {
  let i = 0;
  const result = await autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: REQUEST_HEADERS,
    requests: [
      {
        setupRequest: (req) => {
          req.path = paths[i++ % paths.length] as string;
          return req;
        },
      },
    ],
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  log(
    `${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${bad} bad of ${result.requests.total}`,
  );
  if (bad > 0) throw new Error(`${name}: ${bad} failed requests`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

const LISTING_PATHS = 400;
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** One answer's bytes as the server sent them (compressed where it compressed them), with their encoding. */
function rawAnswer(url: string): Promise<{ body: Buffer; encoding: string | null }> {
  return new Promise((resolve, reject) => {
    const req = request(`${BASE}${url}`, { headers: REQUEST_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ body: Buffer.concat(chunks), encoding: (res.headers['content-encoding'] as string | undefined) ?? null })
          : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Writes the answers to `paths`, in order, for the body ceiling (bench/ceiling-server.ts reads them). */
async function keepAnswers(paths: string[], dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const encodings: (string | null)[] = [];
  let bytes = 0;
  for (const [i, p] of paths.entries()) {
    const { body, encoding } = await rawAnswer(p);
    writeFileSync(path.join(dir, `${i}.bin`), body);
    encodings.push(encoding);
    bytes += body.length;
  }
  writeFileSync(path.join(dir, 'encodings.json'), JSON.stringify(encodings));
  const compressed = encodings.filter(Boolean).length;
  log(`listing answers: ${(bytes / paths.length / 1024).toFixed(1)} KB on average, ${compressed} of ${paths.length} compressed`);
}

interface Figures {
  listing_rps: number;
  listing_p99_ms: number;
  pdp_rps: number;
  pdp_p99_ms: number;
  search_p95_ms: number;
  search_p50_ms: number;
  search_queries: number;
  search_variants: number;
  products: number;
}

/** Seeds and starts the store on one database, measures it, stops it. */
async function measureStore(
  name: string,
  database: Record<string, string>,
  dataDir: string,
  keepListingAnswersIn?: string,
): Promise<Figures> {
  log(`${name}: seeding ${SCALE} variants and starting the server on ${PORT}…`);
  const started = Date.now();
  const server = await startServer(dataDir, database);
  log(`${name}: server up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    const menu = await getJson<{
      categories: Array<{ slug: string; children: Array<{ slug: string; children: Array<{ slug: string }> }> }>;
    }>('/api/menu/menu-list');
    const categories = menu.categories.flatMap((c) => [c.slug, ...c.children.flatMap((x) => [x.slug, ...x.children.map((y) => y.slug)])]);
    const brands = (await getJson<Array<{ letter: string; brands: Array<{ slug: string }> }>>('/api/listing/store-brand-list')).flatMap(
      (g) => g.brands.map((b) => b.slug),
    );
    const shop = await getJson<{ nbHits: number; totalHits: number; hits: Array<{ pid: number }> }>('/api/listing/shop');
    log(`${brands.length} brands, ${categories.length} categories, ${shop.nbHits} products, ${shop.totalHits} variants`);

    // Listing pages as shoppers open them: brand and category pages, first pages mostly, some filtered / sorted.
    const sorts = ['relevance', 'price_asc', 'price_desc', 'rating_desc', 'discount_desc', 'recent'];
    const flavours = ['chocolate', 'vanilla', 'unflavoured', 'double-rich-chocolate', 'mango'];
    const listingPaths: string[] = [];
    for (let n = 0; n < LISTING_PATHS; n++) {
      const kind = n % 3;
      const base =
        kind === 0
          ? `/api/listing/brand?slug=${pick(brands, n)}`
          : kind === 1
            ? `/api/listing/category?slug=${pick(categories, n)}`
            : '/api/listing/shop?';
      const extra = [`pn=${1 + (n % 4 === 3 ? 1 : 0)}`];
      if (n % 2) extra.push(`sortby=${pick(sorts, n >> 1)}`);
      if (n % 5 === 1) extra.push(`flavour=${pick(flavours, n)}`);
      if (n % 7 === 2) extra.push('price_min=100000&price_max=399999');
      if (n % 11 === 3) extra.push('availability=in_stock');
      listingPaths.push(`${base}${base.endsWith('?') ? '' : '&'}${extra.join('&')}`);
    }

    // Product pages over the whole catalogue (seeded product ids run 1..n), in a scrambled order.
    const pdp = Array.from(
      { length: 5000 },
      (_, n) => `/api/product-details/product-detail-page?product_id=${1 + ((n * 7919) % shop.nbHits)}`,
    );

    log('warming up…');
    await load('warm-up', [...listingPaths.slice(0, 100), ...pdp.slice(0, 100)]).catch(() => undefined);
    const listing = await load('listing', listingPaths);
    if (keepListingAnswersIn) await keepAnswers(listingPaths, keepListingAnswersIn);
    const product = await load('product page', pdp);

    // Search with facets, every request distinct (cache misses), one at a time.
    const words = [
      'whey',
      'wehy protien',
      'whey protein',
      'isolate',
      'creatine',
      'creat',
      'preworkout',
      'pre workout',
      'mass gainer',
      'gainr',
      'multivitamin',
      'multivitamn women',
      'fish oil',
      'omega',
      'peanut butter',
      'penut buter crunchy',
      'titan forge',
      'titn',
      'chocolate whey 2kg',
      'vanilla',
      'bcaa',
      'glutamine',
      'ashwagandha',
      'oats',
      'protein bar',
      'fat burner',
      'carnitine',
      'casein',
      'plant protein vegan',
      'gold',
      'himalayan',
      'banana',
      'cookies cream',
      'p',
      'pr',
      'pro',
      'prot',
    ];
    const filters = [
      '',
      'brand=titan-forge,prana-labs',
      'flavour=chocolate',
      'price_min=100000&price_max=399999',
      'availability=in_stock&food_type=veg',
      'category=proteins&weight=1-kg,2-kg',
      'brand=himalayan-whey&availability=in_stock&food_type=non-veg',
    ];
    const searchPaths: string[] = [];
    for (const [wi, w] of words.entries())
      for (const [fi, f] of filters.entries())
        for (const [si, s] of ['relevance', 'price_asc', 'rating_desc'].entries())
          searchPaths.push(
            `/api/search/product-search-listing?q=${encodeURIComponent(w)}&sortby=${s}&pn=${1 + ((wi + fi + si) % 2)}${f ? `&${f}` : ''}`,
          );
    // Warm the code paths on other requests (different page sizes), so the measured ones are all first-time.
    for (const p of searchPaths.slice(0, 150)) await fetch(`${BASE}${p}&per_page=12`);
    const times: number[] = [];
    for (const p of searchPaths) {
      const t0 = performance.now();
      const res = await fetch(`${BASE}${p}`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(2));
    log(`search: ${times.length} distinct queries, p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`);

    return {
      listing_rps: listing.rps,
      listing_p99_ms: listing.p99,
      pdp_rps: product.rps,
      pdp_p99_ms: product.p99,
      search_p95_ms: q(0.95),
      search_p50_ms: q(0.5),
      search_queries: times.length,
      search_variants: shop.totalHits,
      products: shop.nbHits,
    };
  } finally {
    await stopServer(server);
  }
}

/** The bare Fastify app, loaded exactly like the listing: its small JSON route, then the listing's own answers. */
async function measureCeiling(bodiesDir: string, answers: number): Promise<{ ping: number; listingBodies: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ceiling-server.ts'], {
    env: { ...process.env, PORT: String(PORT), BODIES_DIR: bodiesDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await ready(child, '/ping');
    await load('ceiling warm-up', ['/ping']);
    const ping = (await load('ceiling', ['/ping'])).rps;
    const bodies = Array.from({ length: answers }, (_, i) => `/body/${i}`);
    const listingBodies = (await load('ceiling with the listing answers', bodies)).rps;
    return { ping, listingBodies };
  } finally {
    await stopServer(child);
  }
}

async function withPostgresSchema<T>(run: (databaseUrl: string) => Promise<T>): Promise<T> {
  const schema = `bench_catalogue_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: POSTGRES_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    return await run(url.toString());
  } finally {
    await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}

const share = (rps: number, ceiling: number) => Number((rps / ceiling).toFixed(2));

async function main() {
  const dataDir = mkdtempSync(path.join(process.env.BENCH_TMP ?? tmpdir(), 'kasrat-bench-catalogue-'));
  try {
    const bodiesDir = path.join(dataDir, 'listing-answers');
    const lite = await measureStore('pglite', {}, dataDir, bodiesDir);
    const ceiling = await measureCeiling(bodiesDir, LISTING_PATHS);
    const onPg =
      process.env.BENCH_SKIP_POSTGRES === '1'
        ? null
        : await withPostgresSchema((url) => measureStore('postgres', { DATABASE_URL: url }, dataDir));
    const pgFigures = onPg ? Object.fromEntries(Object.entries(onPg).map(([k, v]) => [`pg_${k}`, v])) : {};
    console.log(
      JSON.stringify({
        ...lite,
        ...pgFigures,
        ceiling_rps: ceiling.ping,
        listing_share_of_ceiling: share(lite.listing_rps, ceiling.ping),
        ceiling_listing_body_rps: ceiling.listingBodies,
        listing_share_of_body_ceiling: share(lite.listing_rps, ceiling.listingBodies),
        ...(onPg
          ? {
              pg_listing_share_of_ceiling: share(onPg.listing_rps, ceiling.ping),
              pg_listing_share_of_body_ceiling: share(onPg.listing_rps, ceiling.listingBodies),
            }
          : {}),
      }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
