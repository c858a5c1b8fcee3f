// `npm test`: typecheck, lint, unit + model + API tests (Vitest), build, e2e in Debian's Chromium (Playwright).
// Ends with one line, `N passed, N failed`, summed over every suite; exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { ensureChromium, ensureHaproxy, ensurePdftotext, ensurePrometheus } from './system-packages.mjs';

const REPORTS = '.reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
let passed = 0;
let failed = 0;
const failures = [];

const run = (label, cmd, args, extraEnv = {}) => {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return r.status === 0;
};
const check = (label, ok) => {
  if (ok) passed++;
  else {
    failed++;
    failures.push(label);
  }
};

const CHROMIUM = ensureChromium();
ensurePdftotext();
// The sale rehearsal's balancer (tests/fault/rehearsal.test.ts fails, saying so, when it cannot be installed).
ensureHaproxy();
ensurePrometheus();

// Say plainly when the PostgreSQL leg cannot run (CI sets REQUIRE_POSTGRES=1 and fails instead).
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
const pgUp = await client.connect().then(
  () => client.end().then(() => true),
  () => false,
);
if (!pgUp) {
  const msg = `PostgreSQL does not answer at ${pgUrl}: the API and concurrency suites run on PGlite only.`;
  if (process.env.REQUIRE_POSTGRES === '1') {
    console.error(`${msg} REQUIRE_POSTGRES=1, so this run fails.`);
    check('postgres available', false);
  } else console.warn(`\n*** ${msg} ***\n`);
}

check('typecheck', run('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']));
check('lint', run('lint', 'npm', ['run', 'lint', '--silent']));

const vitestOk = run('unit, model and API tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${REPORTS}/vitest.json`,
]);
if (existsSync(`${REPORTS}/vitest.json`)) {
  const v = JSON.parse(readFileSync(`${REPORTS}/vitest.json`, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  // A file that fails to load has no tests but is a failure.
  const broken = v.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
  failed += broken.length;
  for (const f of broken) failures.push(`vitest: ${f.name} failed to run`);
  if (v.numFailedTests) failures.push(`vitest: ${v.numFailedTests} failed`);
  // Every test passed but Vitest still failed the run: an unhandled error or rejection, which can hide a broken test.
  if (!vitestOk && !v.numFailedTests && !broken.length) check('vitest: an unhandled error (see its output above)', false);
} else check('vitest report', false);

const built = run('build', 'npm', ['run', 'build', '--silent']);
check('build', built);
// Size budgets on the build (home initial JavaScript, the reporting core): scripts/budgets.mjs.
if (built) check('size budgets', run('size budgets', 'node', ['scripts/budgets.mjs']));
if (built) {
  run('e2e (Chromium)', 'npx', ['playwright', 'test'], { PW_JSON: `${REPORTS}/playwright.json`, CHROMIUM_PATH: CHROMIUM });
  if (existsSync(`${REPORTS}/playwright.json`)) {
    const p = JSON.parse(readFileSync(`${REPORTS}/playwright.json`, 'utf8'));
    passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected ?? 0;
    if (p.stats.unexpected) failures.push(`playwright: ${p.stats.unexpected} failed`);
    if (p.errors?.length) {
      failed += p.errors.length;
      failures.push(...p.errors.map((e) => `playwright: ${String(e.message).split('\n')[0]}`));
    }
  } else check('playwright report', false);
}

if (failures.length) console.log(`\nFailures:\n- ${failures.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
