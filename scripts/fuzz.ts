// `npm run fuzz [-- --requests N --seed S --postgres]`: fuzzes every registered route in-process (inject) and
// prints routes covered, requests sent and every 5xx; merges reliability.fuzz_requests / fuzz_5xx into
// bench/results.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fuzz } from '../tests/fault/fuzz-harness.ts';
import { openFuzzTarget } from '../tests/fault/fuzz-session.ts';
if (process.argv.includes('--model')) await import('./fuzz-model.ts'); // the store model runs instead

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const requests = Number(arg('requests') ?? 100_000);
const seed = Number(arg('seed') ?? Date.now() % 1_000_000);
const backend = process.argv.includes('--postgres') ? 'postgres' : 'pglite';

const started = Date.now();
const target = await openFuzzTarget(backend);
console.log(`fuzzing ${target.routes.length} routes on ${backend} (${target.schemas.size} with a discovered schema), seed ${seed}`);
const report = await fuzz(target.t.app, target.routes, target.schemas, {
  requests,
  seed,
  cookies: target.cookies,
  onProgress: async (sent) => {
    await target.renewSession();
    if (sent % 10_000 === 0) console.log(`  ${sent} requests…`);
  },
});
await target.t.close();
const seconds = (Date.now() - started) / 1000;

console.log(`requests sent:   ${report.sent}`);
console.log(`routes covered:  ${report.routesCovered} of ${report.routes} (${report.routesWithSchema} fuzzed from their zod schema)`);
console.log(
  `by kind:         ${Object.entries(report.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`,
);
console.log(`5xx responses:   ${report.failures.length}`);
console.log(`unclear 4xx:     ${report.unclear.length}`);
for (const f of [...report.failures, ...report.unclear].slice(0, 20))
  console.log(`  ${f.status} ${f.kind} ${f.method} ${f.url} ${f.payload.slice(0, 120)} → ${f.response.slice(0, 160)}`);
console.log(`took ${seconds.toFixed(0)} s`);

const file = 'bench/results.json';
const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
results.reliability = {
  ...(results.reliability ?? {}),
  fuzz_requests: report.sent,
  fuzz_5xx: report.failures.length,
  fuzz_routes: report.routes,
  fuzz_routes_covered: report.routesCovered,
  fuzz_routes_with_schema: report.routesWithSchema,
  fuzz_unclear_4xx: report.unclear.length,
  fuzz_seed: seed,
  fuzz_backend: backend,
};
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
process.exit(report.failures.length || report.unclear.length ? 1 : 0);
