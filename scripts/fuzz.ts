// `npm run fuzz [-- --requests N --seed S --postgres]`: fuzzes every registered route in-process (inject), then
// hostile request targets and Host headers over a socket (one for every 20 requests), and prints routes covered,
// requests sent and every 5xx; merges reliability.fuzz_requests / fuzz_5xx / fuzz_ops_routes into bench/results.json. Each run
// draws a fresh seed and prints it; `--seed S` or FUZZ_SEED=S replays one.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../server/app.ts';
import { fuzz } from '../tests/fault/fuzz-harness.ts';
import { openFuzzTarget } from '../tests/fault/fuzz-session.ts';
import { fuzzRequestTargets, fuzzSeed } from '../tests/fault/fuzz-targets.ts';
if (process.argv.includes('--model')) await import('./fuzz-model.ts'); // the store model runs instead

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const requests = Number(arg('requests') ?? 100_000);
const seed = arg('seed') ? Number(arg('seed')) : fuzzSeed();
const backend = process.argv.includes('--postgres') ? 'postgres' : 'pglite';

const started = Date.now();
const target = await openFuzzTarget(backend);
console.log(`fuzzing ${target.routes.length} routes on ${backend} (${target.schemas.size} with a discovered schema), seed ${seed}`);
console.log(`  replay: FUZZ_SEED=${seed} npm run fuzz -- --requests ${requests}${backend === 'postgres' ? ' --postgres' : ''}`);
const report = await fuzz(target.t.app, target.routes, target.schemas, {
  requests,
  seed,
  cookies: target.cookies,
  opsToken: target.opsToken,
  onProgress: async (sent) => {
    await target.renewSession();
    if (sent % 10_000 === 0) console.log(`  ${sent} requests…`);
  },
});
const origin = 'https://www.kasrat.in';
const pages = await buildApp({
  config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: origin },
  handle: target.t.handle,
  clientDir: null,
});
await pages.listen({ port: 0, host: '127.0.0.1' });
const targets = await fuzzRequestTargets(pages, { requests: Math.ceil(requests / 20), seed, origin, allowedHost: 'www.kasrat.in' });
await pages.close();
await target.t.close();
const seconds = (Date.now() - started) / 1000;

console.log(`requests sent:   ${report.sent}`);
console.log(`ops routes:      ${report.opsRoutesReached} of ${report.opsRoutes} reached signed in (staff of every role, the token)`);
console.log(`routes covered:  ${report.routesCovered} of ${report.routes} (${report.routesWithSchema} fuzzed from their zod schema)`);
console.log(
  `by kind:         ${Object.entries(report.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`,
);
console.log(
  `request targets: ${targets.sent} (${Object.entries(targets.byStatus)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}), ${targets.failures.length} failing`,
);
for (const f of targets.failures.slice(0, 10)) console.log(`  ${f.status} GET ${f.target} Host: ${f.host} → ${f.why}`);
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
  fuzz_ops_routes: report.opsRoutesReached,
  fuzz_unclear_4xx: report.unclear.length,
  fuzz_seed: seed,
  fuzz_request_targets: targets.sent,
  fuzz_request_target_failures: targets.failures.length,
  fuzz_backend: backend,
};
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
process.exit(report.failures.length || report.unclear.length || targets.failures.length ? 1 : 0);
