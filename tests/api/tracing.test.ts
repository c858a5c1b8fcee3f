import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { buildApp } from '../../server/app.ts';
import { appLogger } from '../../server/observability/logging.ts';
import { flushTraces } from '../../server/observability/tracing.ts';
import { openTestDatabase, routeTableFacts } from '../helpers/app.ts';
import { createShoppers, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';
import { createAgent } from '../helpers/app.ts';

// Traces (docs/operations.md "Traces"): with OTEL_EXPORTER_OTLP_ENDPOINT set, placing an order is one trace, the
// request's span with its statements' spans beneath it, received here by an OTLP/HTTP receiver in this process; the
// log lines of the request carry its trace id.

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: { stringValue?: string } }>;
}

const received: OtlpSpan[] = [];
let receiver: Server;
let requests = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
        };
        for (const r of body.resourceSpans) for (const s of r.scopeSpans) received.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});

test('placing an order is one trace: the request, its statements beneath it, and its log lines name it', { timeout: 180_000 }, async () => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const { handle, close } = await openTestDatabase('pglite');
  const logger = { ...(appLogger({ LOG_LEVEL: 'info' }, { ...process.env, NODE_ENV: 'production' }) as object), stream };
  const app = await buildApp({
    config: { NODE_ENV: 'test', LOG_LEVEL: 'info', TRUST_PROXY: true },
    handle,
    clientDir: null,
    routeFacts: await routeTableFacts(),
    logger,
  });
  await app.ready();
  try {
    const v = await variantIn(handle.db, 60_000, 200_000);
    const [s] = await createShoppers(handle.db, 1, [{ variant_id: v.id, quantity: 1 }], await pincode(handle.db, 'cod'));
    const agent = signIn(createAgent(app), s!);
    const { res } = await placeOrderFor(agent);
    expect(res.statusCode).toBe(200);
    await flushTraces();
    const request = received.find((sp) =>
      sp.attributes.some((a) => a.key === 'http.route' && a.value.stringValue === '/api/order-confirmation/place-order'),
    );
    expect(request).toBeDefined();
    const inTrace = received.filter((sp) => sp.traceId === request!.traceId);
    const statements = inTrace.filter((sp) => sp.attributes.some((a) => a.key === 'db.system.name'));
    // The order's own insert and the cart's lock are among the statements, all in the request's trace.
    expect(statements.length).toBeGreaterThanOrEqual(3);
    expect(statements.map((sp) => sp.name)).toEqual(expect.arrayContaining([expect.stringMatching(/orders/)]));
    const ids = new Set(inTrace.map((sp) => sp.spanId));
    expect(statements.every((sp) => sp.parentSpanId && ids.has(sp.parentSpanId))).toBe(true);
    // The request's log lines carry its trace id.
    const logged = lines.filter((l) => l.reqId === res.headers['x-request-id']);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.some((l) => l.trace_id === request!.traceId)).toBe(true);
  } finally {
    await app.close();
    await close();
  }
});

test('an endpoint that does not answer loses spans, never a request', { timeout: 120_000 }, async () => {
  // The same process's exporter, pointed at a receiver that has gone: requests answer as fast as before.
  const before = requests;
  await new Promise((r) => receiver.close(r));
  const { handle, close } = await openTestDatabase('pglite', { seed: false });
  const app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handle, clientDir: null });
  try {
    const started = Date.now();
    for (let i = 0; i < 20; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    await flushTraces();
    expect(requests).toBe(before);
  } finally {
    await app.close();
    await close();
    receiver = createServer();
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  }
});
