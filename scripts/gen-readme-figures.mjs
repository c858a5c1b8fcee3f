#!/usr/bin/env node
// Writes the README's table of figures from bench/results.json, between its `figures` markers, so the README shows
// what the last `npm run bench` measured and nothing else (scripts/bench.mjs runs this after writing the results).
//
//   node scripts/gen-readme-figures.mjs           rewrite the table in README.md
//   node scripts/gen-readme-figures.mjs --check   exit 1 when the README's table is not what the results give
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const START = '<!-- figures: written by scripts/gen-readme-figures.mjs from bench/results.json -->';
export const END = '<!-- /figures -->';

const lowest = (pages, field) => Math.min(...Object.values(pages ?? {}).map((p) => p[field]));

/** The rows: what is measured, its key in bench/results.json, and the value read from the results. */
export const ROWS = [
  ['home first-load JavaScript (KB gz)', '`web.home_js_gz_kb`', (r) => r.web?.home_js_gz_kb],
  ['Lighthouse performance, lowest page', '`web.lighthouse.*.performance`', (r) => lowest(r.web?.lighthouse, 'performance')],
  ['checkout orders per second (PostgreSQL over TCP)', '`checkout.orders_per_s`', (r) => r.checkout?.orders_per_s],
  ['units oversold under load', '`checkout.oversold`', (r) => r.checkout?.oversold],
  ['event core, µs per event (`analytics` peer)', '`events.kasrat_us_per_event`', (r) => `${r.events?.kasrat_us_per_event} (${r.events?.analytics_us_per_event})`],
  ['fuzzed requests, 5xx answers', '`reliability.fuzz_5xx`', (r) => `${r.reliability?.fuzz_requests}, ${r.reliability?.fuzz_5xx}`],
  ['store model steps, violations', '`reliability.model_violations`', (r) => `${r.reliability?.model_steps}, ${r.reliability?.model_violations}`],
  [
    'database faults, orders lost, slowest recovery (s)',
    '`reliability.db_*`',
    (r) => `${r.reliability?.db_faults}, ${r.reliability?.db_fault_lost_orders}, ${r.reliability?.db_recovery_s}`,
  ],
];

/** The table, markers included, for these results. */
export function figuresTable(results) {
  const lines = ['| measure | key | value |', '|---|---|---|', ...ROWS.map(([what, key, read]) => `| ${what} | ${key} | ${read(results)} |`)];
  return [START, ...lines, END].join('\n');
}

/** The README with its table replaced; throws when the markers are missing. */
export function withFigures(readme, results) {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} block`);
  return readme.slice(0, from) + figuresTable(results) + readme.slice(to + END.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readmePath = path.join(ROOT, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const results = JSON.parse(readFileSync(path.join(ROOT, 'bench/results.json'), 'utf8'));
  const next = withFigures(readme, results);
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md figures differ from bench/results.json: run node scripts/gen-readme-figures.mjs');
      process.exit(1);
    }
  } else if (next !== readme) writeFileSync(readmePath, next);
}
