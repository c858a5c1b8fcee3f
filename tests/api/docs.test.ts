import { DOCS_PREFIX } from '../../server/http/docs.ts';
import { routeCollector } from '../fault/fuzz-harness.ts';
import { createTestApp, describeBackends, type TestApp } from '../helpers/app.ts';

// The API document (server/http/docs.ts, README "API documentation"): every /api route the app registers appears
// in it, with the request schema its handler parses; the page and the JSON are open with the development tools and
// otherwise need the operations token.

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  parameters?: Array<{ in: string; name: string }>;
}
type OpenApi = { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };

const collected = routeCollector();
/** Fastify's `:id` is OpenAPI's `{id}`; a path SPEC §7 also answers with a trailing slash is documented without it. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

describeBackends(
  'API document',
  (ctx) => {
    let doc: OpenApi;
    beforeAll(async () => {
      const res = await ctx().app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
      expect(res.statusCode).toBe(200);
      doc = res.json();
    });

    test('is OpenAPI 3', () => {
      expect(doc.openapi).toMatch(/^3\./);
    });

    test('lists every /api route the app registers', () => {
      const api = collected.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith(`${DOCS_PREFIX}`));
      expect(api.length).toBeGreaterThan(150);
      const missing = api.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
      expect(missing).toEqual([]);
    });

    test('carries the request schemas the handlers parse with, and the declared answers', () => {
      const addToCart = doc.paths['/api/cart/add-to-cart']?.post;
      expect(Object.keys(addToCart?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(
        expect.arrayContaining(['variant_id', 'quantity']),
      );
      const pincode = doc.paths['/api/myAddress/fetch-address-pincode']?.get;
      expect(pincode?.parameters?.map((p) => `${p.in}:${p.name}`)).toContain('query:pincode');
      // A success answer declared with the schema the client parses it with.
      const listing = doc.paths['/api/order/order-listing']?.post?.responses;
      expect(Object.keys(listing?.['200']?.content?.['application/json']?.schema.properties ?? {})).toEqual(
        expect.arrayContaining(['status', 'message', 'data']),
      );
      expect(listing?.default).toBeDefined();
      const upload = doc.paths['/api/uploads/{publicId}']?.get;
      expect(upload?.parameters?.map((p) => `${p.in}:${p.name}`)).toContain('path:publicId');
      // The Idempotency-Key, declared by the routes that take one (server/http/idempotency.ts), and by no other.
      const keyed = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
          .map(([method]) => `${method} ${path}`),
      );
      expect(keyed.sort()).toEqual([
        'get /api/order-confirmation/place-order',
        'post /api/payment/initate-transaction',
        'post /api/payment/place-order',
        'post /api/payment/retry-payment',
      ]);
    });

    test('the page is served from this app, under its CSP', async () => {
      const page = await ctx().app.inject({ method: 'GET', url: DOCS_PREFIX });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toMatch(/https?:\/\//);
      const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] as string);
      expect(scripts.length).toBeGreaterThan(0);
      for (const src of scripts) {
        expect(src.startsWith(`${DOCS_PREFIX}/`)).toBe(true);
        const asset = await ctx().app.inject({ method: 'GET', url: src });
        expect(asset.statusCode, src).toBe(200);
        expect(asset.headers['content-type']).toMatch(/javascript/);
      }
      // No inline script: the CSP allows only this origin's files.
      expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    });
  },
  { onRoute: collected.onRoute },
);

describe('API document without the development tools', () => {
  const TOKEN = 'docs-suite-operations-token-0123456789';
  let t: TestApp;
  const saved = { devTools: process.env.KASRAT_DEV_TOOLS, ops: process.env.OPS_TOKEN };
  beforeAll(async () => {
    delete process.env.KASRAT_DEV_TOOLS;
    process.env.OPS_TOKEN = TOKEN;
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
    process.env.KASRAT_DEV_TOOLS = saved.devTools;
    if (saved.ops === undefined) delete process.env.OPS_TOKEN;
    else process.env.OPS_TOKEN = saved.ops;
  });

  test.each([`${DOCS_PREFIX}/json`, DOCS_PREFIX])('%s needs the operations token', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  });
});
