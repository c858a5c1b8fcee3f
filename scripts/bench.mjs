// `npm run bench [-- suite…]`: builds, runs each benchmark in bench/ in turn (never alongside each other: the machine has two
// cores), merges their JSON into bench/results.json under the keys of docs/architecture.md "bench/results.json keys", and prints a table.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { withFigures } from './gen-readme-figures.mjs';
import { ensureChromium, ensureHaproxy } from './system-packages.mjs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
// The web suite drives Debian's Chromium (Lighthouse, Playwright).
ensureChromium();
// The scale suite's balancer (bench/rehearsal.ts).
ensureHaproxy();
console.log('building…');
if (run('npm', ['run', 'build', '--silent']).status !== 0) throw new Error('build failed');

// Each bench prints one JSON object as its last stdout line.
const SUITES = [
  ['events', 'bench/events.ts'],
  ['catalogue', 'bench/catalogue.ts'],
  ['web', 'bench/web.ts'],
  ['reviews', 'bench/reviews.ts'],
  ['checkout', 'bench/checkout.ts'],
  // The sale rehearsal (docs/operations.md "Rehearsing a sale"), in a short form here: `npm run rehearse` is the long one.
  ['scale', 'bench/rehearsal.ts'],
  ['ops', 'bench/ops.ts'],
  // `npm run fuzz`, its store model and the database faults (docs/reliability.md), so one run carries reliability.* too. They write their
  // keys into bench/results.json themselves: read back below. Within the bench's 15 minutes they run smaller than
  // their own commands' defaults (100,000 requests, 10,000 steps; the keys say how many were run):
  // BENCH_FUZZ_REQUESTS / BENCH_MODEL_STEPS change the counts.
  ['reliability', 'scripts/fuzz.ts'],
];
const RELIABILITY_RUNS = [
  ['scripts/fuzz.ts', '--requests', process.env.BENCH_FUZZ_REQUESTS ?? '20000'],
  ['scripts/fuzz.ts', '--model', '--steps', process.env.BENCH_MODEL_STEPS ?? '3000'],
  ['bench/db-faults.ts'],
];
// `npm run bench -- web catalogue` runs only those suites. Every run keeps the figures it does not measure: the
// keys of bench/results.json that other commands write (`npm run fuzz`: reliability.*), and those of suites not run.
const only = process.argv.slice(2);
const previous = existsSync('bench/results.json') ? JSON.parse(readFileSync('bench/results.json', 'utf8')) : {};
const results = {
  ...previous,
  measured_at: new Date().toISOString(),
  machine: { ...previous.machine, cpus: (await import('node:os')).cpus().length, node: process.version },
};
/** A suite's figures over its earlier ones: a key the suite no longer writes stays until it is measured again. */
const merge = (key, data) => {
  results[key] = { ...(previous[key] && typeof previous[key] === 'object' ? previous[key] : {}), ...data };
};
const wall = {};
for (const [name, file] of SUITES.filter(([n]) => !only.length || only.includes(n))) {
  if (!existsSync(file)) {
    console.log(`${name}: ${file} missing, skipped`);
    continue;
  }
  console.log(`running ${name}…`);
  const started = Date.now();
  if (name === 'reliability') {
    // Each writes reliability.* into the file (and exits 1 on a 5xx or a violation, which its keys then show).
    const failures = [];
    for (const args of RELIABILITY_RUNS) {
      const t = Date.now();
      const r = run('npx', ['tsx', ...args]);
      console.log(`  ${args.join(' ')}: ${Math.round((Date.now() - t) / 1000)} s`);
      if (r.status !== 0) failures.push(`${args.join(' ')}: exit ${r.status}\n${(r.stdout + r.stderr).slice(-1500)}`);
    }
    wall[name] = Math.round((Date.now() - started) / 1000);
    console.log(`${name}: ${wall[name]} s wall time`);
    const written = existsSync('bench/results.json') ? JSON.parse(readFileSync('bench/results.json', 'utf8')) : {};
    merge('reliability', written.reliability ?? {});
    if (failures.length) {
      console.error(`reliability failed:\n${failures.join('\n')}`);
      results.reliability.error = failures.join('\n').slice(0, 500);
    } else if (results.reliability) delete results.reliability.error;
    continue;
  }
  const r = run(
    'npx',
    ['tsx', file],
    name === 'scale'
      ? { REHEARSAL_SHOPPERS: '2000', REHEARSAL_MIN_SHOPPERS: '300', REHEARSAL_CONCURRENCY: '16', REHEARSAL_TIME_LIMIT_S: '360' }
      : {},
  );
  wall[name] = Math.round((Date.now() - started) / 1000);
  console.log(`${name}: ${wall[name]} s wall time`);
  const last = r.stdout.trim().split('\n').pop() ?? '';
  let data;
  try {
    data = JSON.parse(last);
  } catch {
    console.error(`${name} failed:\n${r.stderr.slice(-2000)}`);
    results[name] = { ...previous[name], error: r.stderr.slice(-500) };
    continue;
  }
  if (name === 'events') merge('events', data);
  else if (name === 'catalogue') {
    merge('api', {
      listing_rps: data.listing_rps,
      listing_p99_ms: data.listing_p99_ms,
      pdp_rps: data.pdp_rps,
      pdp_p99_ms: data.pdp_p99_ms,
      // What a bare Fastify JSON route serves in the same run, and the listing's share of it; then the same bare app
      // sending the listing's own answers, byte for byte, and the listing's share of that.
      ceiling_rps: data.ceiling_rps,
      listing_share_of_ceiling: data.listing_share_of_ceiling,
      ceiling_listing_body_rps: data.ceiling_listing_body_rps,
      listing_share_of_body_ceiling: data.listing_share_of_body_ceiling,
      // The same figures on PostgreSQL (api.pg.*) beside PGlite's.
      ...(data.pg_listing_rps !== undefined
        ? {
            pg: {
              listing_rps: data.pg_listing_rps,
              listing_p99_ms: data.pg_listing_p99_ms,
              pdp_rps: data.pg_pdp_rps,
              pdp_p99_ms: data.pg_pdp_p99_ms,
              search_p95_ms: data.pg_search_p95_ms,
              listing_share_of_ceiling: data.pg_listing_share_of_ceiling,
              listing_share_of_body_ceiling: data.pg_listing_share_of_body_ceiling,
            },
          }
        : {}),
    });
    merge('search', { p95_ms: data.search_p95_ms, variants: data.search_variants });
  } else if (name === 'web') {
    merge('web', data);
    // The host as the storefront figures saw it (README, "Performance"): Lighthouse's benchmark index and the
    // main-thread stretch, as medians over the pages, so two runs' scores are compared only at a similar stretch.
    const pages = Object.values(data.lighthouse ?? {});
    const med = (xs) => {
      const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
      return v.length ? v[Math.floor(v.length / 2)] : null;
    };
    results.machine.benchmark_index = med(pages.map((p) => p.benchmark_index));
    results.machine.main_thread_stretch = med(pages.map((p) => p.main_thread_stretch));
  } else if (name === 'reviews') merge('reviews', data);
  else if (name === 'scale') merge('scale', data);
  else if (name === 'ops')
    merge('ops', {
      metrics_scrape_ms: data.metrics_scrape_ms,
      metrics_scrape_p95_ms: data.metrics_scrape_p95_ms,
      metrics_variants: data.variants,
      csv_apply_5000_s: data.csv_apply_5000_s,
      csv_apply_rows: data.csv_apply_rows,
    });
  else if (name === 'checkout')
    merge('checkout', {
      orders_per_s: data.orders_per_s,
      orders_per_s_one_product: data.orders_per_s_one_product,
      orders_per_s_unix_socket: data.orders_per_s_unix_socket,
      orders_per_s_pglite: data.orders_per_s_pglite,
      oversold: data.oversold,
    });
}
// Each suite's wall time in this run (the whole bench is meant to take at most 15 minutes on these machines).
results.machine.suite_wall_s = { ...previous.machine?.suite_wall_s, ...wall };
writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
// The README's table of figures shows this run.
writeFileSync('README.md', withFigures(readFileSync('README.md', 'utf8'), results));

const rows = [];
const flat = (o, prefix = '') => {
  for (const [k, v] of Object.entries(o)) {
    if (v && typeof v === 'object') flat(v, `${prefix}${k}.`);
    else rows.push([`${prefix}${k}`, v]);
  }
};
flat(results);
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
for (const [name, s] of Object.entries(wall)) console.log(`${name.padEnd(10)} ${s} s`);
console.log(`bench wall time: ${Object.values(wall).reduce((a, b) => a + b, 0)} s`);
