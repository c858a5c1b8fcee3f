import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { DOCS_PREFIX } from '../../server/http/docs.ts';
import { SESSION_COOKIE } from '../../server/modules/session/index.ts';
import { STAFF_COOKIE } from '../../server/modules/staff/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// The API document (server/http/docs.ts, docs/decisions/025) passes Redocly's recommended rules with no error and
// no warning: every operation has an operationId, a summary, tags, its security and its 4xx answers. The document
// does not depend on the database, so one (PGlite) app is enough.

const run = promisify(execFile);
const redocly = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

describe('API document lint', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    dir = await mkdtemp(join(tmpdir(), 'kasrat-openapi-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const document = async () => {
    const res = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(res.statusCode).toBe(200);
    return res;
  };

  test('Redocly recommended: no errors, no warnings', async () => {
    const res = await document();
    const file = join(dir, 'openapi.json');
    await writeFile(file, res.body);
    // The CLI exits non-zero when it finds errors; the JSON report is on stdout either way.
    const out = await run(
      process.execPath,
      [redocly, 'lint', file, '--extends', 'recommended', '--format', 'json', '--max-problems', '10000', '--lint-config', 'off'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }, maxBuffer: 64 << 20 },
    ).catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }));
    const report = JSON.parse(out.stdout.slice(out.stdout.indexOf('{'))) as { problems: Problem[] };
    const lines = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(lines).toEqual([]);
  }, 120_000);

  test('every operation has a module tag, and security as its route declares it', async () => {
    const doc = (await document()).json() as OpenApi;
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })),
    );
    expect(ops.length).toBeGreaterThan(200);
    expect(ops.filter(({ op }) => !op.tags?.length || op.tags.includes('Untagged')).map((o) => o.key)).toEqual([]);
    const security = (key: string) => ops.find((o) => o.key === key)?.op.security;
    expect(security('GET /api/health')).toEqual([]);
    expect(security('GET /api/cart/wish-list')).toEqual([{ customerSession: [] }]);
    expect(security('POST /api/cart/delete-cart')).toEqual([{}, { customerSession: [] }]);
    expect(security('GET /api/ops/orders')).toEqual([{ opsToken: [] }, { staffSession: [] }]);
    expect(security('POST /api/ops/staff/sign-in')).toEqual([]);
    expect(security('GET /api/ops/staff/me')).toEqual([{ staffSession: [] }]);
    // The review-service aliases are operations of their own.
    expect(ops.find((o) => o.key === 'GET /api/review/p/v1/detail')?.op.operationId).toBe('getReviewDirect');
    // The cookie names are the session modules' own.
    expect(doc.components.securitySchemes.customerSession.name).toBe(SESSION_COOKIE);
    expect(doc.components.securitySchemes.staffSession.name).toBe(STAFF_COOKIE);
  });

  test('every JSON call declares its 200 answer; only images, documents, pages and redirects do not', async () => {
    const doc = (await document()).json() as OpenApi;
    const undeclared = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })))
      .filter(({ op }) => !op.responses?.['200'])
      .map((o) => o.key)
      .sort();
    expect(undeclared).toEqual([...NOT_JSON].sort());
  });
});

/** Images, documents, HTML pages and redirects: no JSON answer to declare. */
const NOT_JSON = [
  'GET /images/product/{file}',
  'GET /images/brand/{file}',
  'GET /images/category/{file}',
  'GET /images/banner/{file}',
  'GET /images/review/{file}',
  'GET /api/authenticity/certificate/{file}',
  'GET /api/uploads/{publicId}',
  'GET /api/order/shipment-invoice',
  'GET /api/order/credit-note',
  'GET /api/ops/shipments/{shipmentId}/invoice',
  'GET /api/ops/catalogue/csv',
  'GET /api/ops/audit/csv',
  'GET /api/account/not-me',
  'POST /api/account/not-me',
  'GET /api/dev/idp/authorize',
  'POST /api/dev/idp/authorize',
  'GET /api/payment/sandbox/checkout',
  'POST /api/payment/sandbox/pay',
  'POST /api/payment/sandbox/callback',
  'POST /api/payment/paytm-callback-url',
  'GET /api/payment/paytm-callback-url',
  'POST /api/payment/verify-juspay-transaction',
  'GET /api/payment/verify-juspay-transaction',
];

interface OpenApi {
  paths: Record<string, Record<string, { tags?: string[]; security?: unknown; operationId?: string; responses?: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, { name?: string }> };
}
