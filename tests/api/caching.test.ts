import { expect, test } from 'vitest';
import { PREVIEW_AUTHORIZATION } from '../../schemas/catalogue.ts';
import { CATALOGUE_CACHE_CONTROL, etagOf, isPublicCatalogue, matches } from '../../server/http/caching.ts';
import { describeBackends } from '../helpers/app.ts';

// Catalogue answers carry a validator and revalidate on every use (server/http/caching.ts): a 304 saves the body,
// never the freshness; personal answers are never marked public.

test('only public catalogue reads are cacheable', () => {
  expect(isPublicCatalogue('GET', '/api/listing/shop?pn=2')).toBe(true);
  expect(isPublicCatalogue('HEAD', '/api/product-details/product-detail-page?product_id=1')).toBe(true);
  expect(isPublicCatalogue('GET', '/api/home/home-page-preview-info?id=1')).toBe(false);
  expect(isPublicCatalogue('GET', '/api/sale/get-preview-salepage-data')).toBe(false);
  expect(isPublicCatalogue('POST', '/api/listing/shop')).toBe(false);
  expect(isPublicCatalogue('GET', '/api/cart/cart-list')).toBe(false);
  expect(isPublicCatalogue('GET', '/api/my-account/profile')).toBe(false);
});

test('If-None-Match compares weakly and accepts lists and *', () => {
  const tag = etagOf('{"a":1}');
  expect(tag).toMatch(/^W\/"[\w-]+"$/);
  expect(etagOf('{"a":2}')).not.toBe(tag);
  expect(matches(tag, tag)).toBe(true);
  expect(matches(tag.slice(2), tag)).toBe(true);
  expect(matches(`W/"other", ${tag}`, tag)).toBe(true);
  expect(matches('*', tag)).toBe(true);
  expect(matches('W/"other"', tag)).toBe(false);
  expect(matches(undefined, tag)).toBe(false);
});

describeBackends('catalogue answers: ETag and Cache-Control', (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'GET', url, headers });

  test('a listing answers its validator; the same validator back gets 304 with no body, in any encoding', async () => {
    const first = await get('/api/listing/shop');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBe(etagOf(first.rawPayload));
    expect(first.headers['cache-control']).toBe(CATALOGUE_CACHE_CONTROL);

    const again = await get('/api/listing/shop', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const compressed = await get('/api/listing/shop', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(compressed.statusCode).toBe(304);
    const brotli = await get('/api/listing/shop', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe(etag);
    // Cached answers are sent pre-gzipped; their validator is still the uncompressed body's.
    const gzip = await get('/api/listing/shop', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(etag);
    expect((await get('/api/listing/shop', { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode).toBe(304);

    // Another page is another body, so another validator.
    const page2 = await get('/api/listing/shop?pn=2', { 'if-none-match': etag });
    expect(page2.statusCode).toBe(200);
    expect(page2.headers.etag).not.toBe(etag);
  });

  test('a price change gives the product page a new validator: the old one gets the new body', async () => {
    const { db } = ctx().handle;
    const variant = await db.selectFrom('variants').select(['id', 'product_id', 'sale_price']).orderBy('id').executeTakeFirstOrThrow();
    const url = `/api/product-details/product-detail-page?product_id=${variant.product_id}`;
    const before = await get(url);
    const etag = before.headers.etag as string;
    const newPrice = variant.sale_price - 100;
    await db.updateTable('variants').set({ sale_price: newPrice }).where('id', '=', variant.id).execute();
    // The in-memory catalogue follows the database within its refresh interval (docs/caches-across-instances.md).
    const deadline = Date.now() + 20_000;
    let after = await get(url, { 'if-none-match': etag });
    while (after.statusCode === 304 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      after = await get(url, { 'if-none-match': etag });
    }
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(String(newPrice));
    expect(after.headers.etag).not.toBe(etag);
    // Named by catalogue version, the same in every encoding.
    expect((await get(url, { 'accept-encoding': 'gzip' })).headers.etag).toBe(after.headers.etag);
    expect((await get(url, { 'if-none-match': after.headers.etag as string })).statusCode).toBe(304);
  });

  test('previews, errors and personal calls are never marked public', async () => {
    const preview = await get('/api/home/home-page-preview-info?id=1', { authorization: PREVIEW_AUTHORIZATION });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers.etag).toBeUndefined();
    expect(String(preview.headers['cache-control'] ?? '')).not.toContain('public');

    const bad = await get('/api/listing/shop?pn=-5');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();

    const cart = await get('/api/cart/cart-list');
    expect(cart.headers.etag).toBeUndefined();
    expect(String(cart.headers['cache-control'] ?? '')).not.toContain('public');
  });
});
