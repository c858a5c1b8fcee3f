import sharp from 'sharp';
import { describeBackends } from '../helpers/app.ts';

describeBackends('foundation API', (ctx) => {
  const logError = (payload?: string | object, contentType?: string) =>
    ctx().app.inject({ method: 'POST', url: '/api/log-errors', payload, headers: contentType ? { 'content-type': contentType } : {} });

  test('health reports the database kind', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: ctx().backend });
  });

  test('every response carries x-request-id, and a well-formed incoming id is kept', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const res2 = await ctx().app.inject({ method: 'GET', url: '/api/health' });
    expect(res2.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('ping answers a guest with null data', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Guest', data: null, cart_journey: 'browse' });
  });

  test('garbage JSON is a 400 with a message, not a 500', async () => {
    const res = await logError('{"error": ', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
    expect(res.json().message).toMatch(/Invalid request body/);
  });

  test('wrong types and missing fields are 400 naming the field', async () => {
    const wrong = await logError({ error: 42 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^error:/);
    expect((await logError({})).statusCode).toBe(400);
    expect((await logError()).statusCode).toBe(400);
    expect((await logError('hello', 'text/plain')).statusCode).toBe(400);
  });

  test('client errors are stored', async () => {
    const res = await logError({ error: 'TypeError: x is undefined', location: '/cart', userAgent: 'test' });
    expect(res.json()).toMatchObject({ status: 1 });
    const row = await ctx()
      .handle.db.selectFrom('error_logs')
      .selectAll()
      .where('error', '=', 'TypeError: x is undefined')
      .executeTakeFirst();
    expect(row?.location).toBe('/cart');
  });

  test('an unknown /api route is a JSON 404', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 0 });
  });

  test('the HTML of / and /about carries title, description and both JSON-LD blocks', async () => {
    for (const url of ['/', '/about']) {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<title>[^<]*#1 Authentic Supplement Store|<title>About Us \| Kasrat<\/title>/);
      expect(res.body).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(res.body).toContain('"@type":"Organization"');
      expect(res.body).toContain('"@type":"WebSite"');
      expect(res.body).toContain('"foundingDate":"2016-12"');
      expect(res.body).toContain('/search?q={search_term_string}');
    }
  });

  test('an unknown page is served the app shell with a 404 status', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/definitely/not/a/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  test('product images are drawn locally as SVG and served to pages as WebP, made once', async () => {
    const v = await ctx().handle.db.selectFrom('variants').select('id').orderBy('id').executeTakeFirstOrThrow();
    const res = await ctx().app.inject({ method: 'GET', url: `/images/product/${v.id}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    const [first, second] = await Promise.all([1, 2].map(() => ctx().app.inject({ method: 'GET', url: `/images/product/${v.id}-2.webp` })));
    expect(first?.statusCode).toBe(200);
    expect(first?.headers['content-type']).toBe('image/webp');
    expect(first?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // RIFF....WEBP, 400 × 400 like the drawing; the same bytes for both requests.
    expect(first?.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(first?.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(await sharp(first?.rawPayload).metadata()).toMatchObject({ width: 400, height: 400 });
    expect(second?.rawPayload.equals(first?.rawPayload as Buffer)).toBe(true);
    // The 2x raster of large images (the product page's srcset): drawn at 800 × 800 from the vector.
    const sharp2x = await ctx().app.inject({ method: 'GET', url: `/images/product/${v.id}-2@2x.webp` });
    expect(sharp2x.headers['content-type']).toBe('image/webp');
    expect(await sharp(sharp2x.rawPayload).metadata()).toMatchObject({ width: 800, height: 800 });
    for (const url of [
      '/images/product/99999999.svg',
      '/images/product/99999999.webp',
      '/images/product/1.png',
      '/images/product/1-12.webp',
      '/images/product/1@2x.svg',
      '/images/product/1@3x.webp',
    ])
      expect((await ctx().app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});

describeBackends('input hygiene', (ctx) => {
  test('a NUL character anywhere in a body or query is a 400, never a 500', async () => {
    const body = await ctx().app.inject({ method: 'POST', url: '/api/log-errors', payload: { error: 'a\u0000b' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('error: text must not contain NUL characters');
    const nested = await ctx().app.inject({
      method: 'POST',
      url: '/api/log-errors',
      payload: { error: 'x', location: 'ok', extra: { deep: ['\u0000'] } },
    });
    expect(nested.statusCode).toBe(400);
  });
});
