import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// A real Prometheus (Debian's, scripts/system-packages.mjs) scrapes a running store with the scrape token, loads
// the repository's alert rules, and answers a query for a series the store exposes (docs/operations.md "Metrics").

const TOKEN = 'prometheus-test-scrape-token-0123456789';
process.env.METRICS_TOKEN = TOKEN;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let t: TestApp;
let prometheus: ChildProcess | null = null;
let dir = '';
let promPort = 0;

beforeAll(async () => {
  t = await createTestApp('pglite');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const storePort = (t.app.server.address() as { port: number }).port;
  promPort = await freePort();
  dir = mkdtempSync(path.join(tmpdir(), 'kasrat-prometheus-'));
  const rules = path.resolve(import.meta.dirname, '../../ops/prometheus/alerts.yml');
  writeFileSync(
    path.join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'rule_files:',
      `  - ${JSON.stringify(rules)}`,
      'scrape_configs:',
      '  - job_name: kasrat',
      '    authorization:',
      `      credentials: ${JSON.stringify(TOKEN)}`,
      '    static_configs:',
      `      - targets: ['127.0.0.1:${storePort}']`,
      '',
    ].join('\n'),
  );
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${promPort}`,
      '--log.level=warn',
    ],
    { stdio: 'ignore' },
  );
});

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((r) => prometheus?.once('exit', r));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Asks Prometheus's HTTP API until `accept` holds of the answer's data, or the time runs out. */
async function until<T>(apiPath: string, accept: (data: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${promPort}${apiPath}`);
      if (res.ok) {
        const body = (await res.json()) as { data: T };
        last = body.data;
        if (accept(body.data)) return body.data;
      }
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Prometheus never answered as expected at ${apiPath}: ${JSON.stringify(last)}`);
}

type Vector = { resultType: string; result: Array<{ metric: Record<string, string>; value: [number, string] }> };

test('Prometheus scrapes the store with the scrape token and answers a query for its series', { timeout: 60_000 }, async () => {
  // The target is up: the token was accepted.
  const up = await until<Vector>(`/api/v1/query?query=${encodeURIComponent('up{job="kasrat"}')}`, (d) => d.result[0]?.value[1] === '1');
  expect(up.result).toHaveLength(1);
  // A series of the store's own, read back: the database answers (PGlite).
  const db = await until<Vector>(`/api/v1/query?query=${encodeURIComponent('kasrat_db_up{job="kasrat"}')}`, (d) => d.result.length > 0);
  expect(db.result[0]?.value[1]).toBe('1');
  // The request counter carries route templates: Prometheus's own scrapes are counted under /metrics.
  const scrapes = await until<Vector>(
    `/api/v1/query?query=${encodeURIComponent('kasrat_http_requests_total{route="/metrics",status="2xx"}')}`,
    (d) => Number(d.result[0]?.value[1] ?? 0) >= 1,
  );
  expect(scrapes.result[0]?.metric.method).toBe('GET');
  // The repository's alert rules load, and none fires on a healthy store.
  const rules = await until<{ groups: Array<{ rules: Array<{ name: string; health: string; state: string }> }> }>('/api/v1/rules', (d) =>
    (d.groups[0]?.rules ?? []).every((r) => r.health === 'ok'),
  );
  expect(rules.groups[0]?.rules.map((r) => r.name)).toEqual([
    'KasratPaymentSuccessRateLow',
    'KasratRefundPendingTooLong',
    'KasratDeadLettersRising',
    'KasratDatabaseDown',
    'KasratLatencyP99OverBudget',
    'KasratDatabasePoolSaturated',
  ]);
  expect(rules.groups[0]?.rules.filter((r) => r.state === 'firing')).toEqual([]);
});
