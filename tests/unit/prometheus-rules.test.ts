import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The alert rules (ops/prometheus/alerts.yml, docs/operations.md "Alerts") are valid Prometheus rules and fire on
// the figures their unit tests give them (ops/prometheus/alerts.test.yml), with Debian's promtool
// (scripts/system-packages.mjs ensurePrometheus, run by `npm test`).

const DIR = path.resolve(import.meta.dirname, '../../ops/prometheus');
const promtool = (...args: string[]) => spawnSync('promtool', args, { cwd: DIR, encoding: 'utf8' });

test('promtool check rules: the rule file is valid', () => {
  const r = promtool('check', 'rules', 'alerts.yml');
  expect(r.error).toBeUndefined();
  expect(`${r.stdout}${r.stderr}`).toContain('SUCCESS: 6 rules found');
  expect(r.status).toBe(0);
});

test('promtool test rules: each rule fires on its figures and stays quiet on healthy ones', () => {
  const r = promtool('test', 'rules', 'alerts.test.yml');
  expect(`${r.stdout}${r.stderr}`).toContain('SUCCESS');
  expect(r.status).toBe(0);
});

test('the unit tests would catch a rule that no longer fires', () => {
  // A copy of the rules with the payment threshold lowered so paytm's 50 % passes: its test must fail.
  const tmp = mkdtempSync(path.join(tmpdir(), 'kasrat-rules-'));
  try {
    cpSync(path.join(DIR, 'alerts.test.yml'), path.join(tmp, 'alerts.test.yml'));
    const rules = readFileSync(path.join(DIR, 'alerts.yml'), 'utf8');
    expect(rules).toContain(') < 0.8');
    writeFileSync(path.join(tmp, 'alerts.yml'), rules.replace(') < 0.8', ') < 0.4'));
    const r = spawnSync('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: tmp, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(`${r.stdout}${r.stderr}`).toContain('KasratPaymentSuccessRateLow');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
