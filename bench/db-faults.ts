// `npx tsx bench/db-faults.ts`: runs tests/fault/db-faults.test.ts (the store against a PostgreSQL of its own,
// through terminated backends, a 10 s stop and a 10 s freeze under load) and writes its figures to
// bench/results.json: reliability.db_faults (faults injected), reliability.db_fault_lost_orders (acknowledged
// orders missing afterwards) and reliability.db_recovery_s (slowest time from the database back to ready).
// Only those keys are changed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'kasrat-db-faults-'));
const out = path.join(dir, 'figures.json');
try {
  const run = spawnSync('npx', ['vitest', 'run', 'tests/fault/db-faults.test.ts'], {
    encoding: 'utf8',
    env: { ...process.env, KASRAT_DB_FAULTS_OUT: out },
    maxBuffer: 64 * 1024 * 1024,
  });
  let figures: { db_faults: number; db_fault_lost_orders: number; db_recovery_s: number; orders: number; report: unknown };
  try {
    figures = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    console.error(`${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`);
    throw new Error('the database fault test wrote no figures (skipped without initdb, or failed before the end)');
  }
  if (run.status !== 0) console.error(`the database fault test failed:\n${run.stdout.slice(-4000)}`);
  const file = 'bench/results.json';
  const results = JSON.parse(readFileSync(file, 'utf8'));
  results.reliability = {
    ...results.reliability,
    db_faults: figures.db_faults,
    db_fault_lost_orders: figures.db_fault_lost_orders,
    db_recovery_s: figures.db_recovery_s,
  };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(figures.report));
  console.log(
    JSON.stringify({
      db_faults: figures.db_faults,
      db_fault_lost_orders: figures.db_fault_lost_orders,
      db_recovery_s: figures.db_recovery_s,
    }),
  );
  if (run.status !== 0) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
