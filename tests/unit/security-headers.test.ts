import Fastify from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { cspNonce, isApiCall, registerSecurity } from '../../server/http/security.ts';

// The response headers of README "Security", written once at start-up (server/http/security.ts): every page
// carries them, an API answer the API's own set; an HTML page that asks for a nonce gets a CSP naming it; a
// route's own CSP wins.

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(production: boolean) {
  const app = Fastify();
  apps.push(app);
  await registerSecurity(app, { production, publicOrigin: 'https://kasrat.in' });
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/page', async (_req, reply) => reply.type('text/html').send(`<script nonce="${cspNonce(reply)}">1</script>`));
  app.get('/api/docs', async (_req, reply) => reply.type('text/html').send('<p>reference</p>'));
  app.get('/api/docs/static/index.html', async (_req, reply) => reply.type('text/html').send('<p>reference</p>'));
  app.get('/own', async (_req, reply) => reply.header('content-security-policy', "default-src 'none'").send('x'));
  return app;
}

test('a page: nosniff, DENY framing, referrer policy, COOP/CORP, and a CSP without inline scripts', async () => {
  const app = await appWith(false);
  for (const url of ['/page', '/api/docs', '/api/docs/static/index.html']) {
    const res = await app.inject({ url });
    expect(res.headers, url).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-permitted-cross-domain-policies': 'none',
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-inline';script");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }
});

test('an API answer: nothing in it may run, load or be framed or read by another site, and no document-only headers', async () => {
  const app = await appWith(false);
  const res = await app.inject({ url: '/api/thing' });
  expect(res.headers).toMatchObject({
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  });
  for (const header of [
    'cross-origin-opener-policy',
    'referrer-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-xss-protection',
  ])
    expect(res.headers[header], header).toBeUndefined();
  expect(isApiCall('/api/docs')).toBe(false);
  expect(isApiCall('/api/docs?x=1')).toBe(false);
  expect(isApiCall('/api/docsearch')).toBe(true);
  expect(isApiCall('/product/x')).toBe(false);
});

test('a page that asks for a nonce: the CSP names exactly that nonce, a new one per response', async () => {
  const app = await appWith(false);
  const a = await app.inject({ url: '/page' });
  const b = await app.inject({ url: '/page' });
  const nonce = /nonce="([^"]+)"/.exec(a.body)?.[1];
  expect(nonce).toBeTruthy();
  expect(String(a.headers['content-security-policy'])).toContain(`script-src 'self' 'nonce-${nonce}';`);
  expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy']);
});

test('production adds HSTS and upgrade-insecure-requests, on pages with a nonce too', async () => {
  const app = await appWith(true);
  for (const url of ['/api/thing', '/page']) {
    const res = await app.inject({ url });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  }
  // Only a page loads anything to upgrade.
  expect(String((await app.inject({ url: '/page' })).headers['content-security-policy'])).toContain('upgrade-insecure-requests');
});

test("a route's own CSP is kept", async () => {
  const app = await appWith(false);
  expect((await app.inject({ url: '/own' })).headers['content-security-policy']).toBe("default-src 'none'");
});
