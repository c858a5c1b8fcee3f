import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { ListingRequest, PREVIEW_AUTHORIZATION } from '../../schemas/catalogue.ts';
import { CATALOGUE_CACHE_CONTROL, etagOf, isPublicCatalogue, matches } from '../../server/http/caching.ts';
import { observeParses } from '../../server/http/validate.ts';
import { productDetail } from '../../server/modules/catalogue/product.ts';
import { catalogueStore } from '../../server/search/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { OPS_TOKEN_FOR_TESTS } from '../helpers/orders.ts';

// Previews need the operations token beside the SPEC §6 header (docs/decisions/009-staff-preview-authorisation.md).
process.env.OPS_TOKEN = OPS_TOKEN_FOR_TESTS;
const STAFF_PREVIEW = { authorization: PREVIEW_AUTHORIZATION, 'x-ops-token': OPS_TOKEN_FOR_TESTS };

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

  test('the product page follows changes made to its product in place: rating, description and price range', async () => {
    const { db } = ctx().handle;
    // A product whose variants are priced differently, so its page shows a price range.
    const { product_id } = await db
      .selectFrom('variants')
      .select('product_id')
      .groupBy('product_id')
      .having(sql`count(distinct sale_price)`, '>', 1)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const url = `/api/product-details/product-detail-page?product_id=${product_id}`;
    const product = async () => (await get(url)).json().data.product;
    const before = await product();
    expect(before.show_range).toBe(true);
    // Asked twice, so every cache on the way holds the page as it was.
    expect(await product()).toEqual(before);

    await db
      .updateTable('products')
      .set({ rating: 3.2, rating_count: before.rating_count + 7, description: 'Lab-tested batch, new label.' })
      .where('id', '=', product_id)
      .execute();
    const lowest = await db
      .selectFrom('variants')
      .select((eb) => eb.fn.min<number>('sale_price').as('price'))
      .where('product_id', '=', product_id)
      .executeTakeFirstOrThrow();
    await db.updateTable('variants').set({ sale_price: lowest.price }).where('product_id', '=', product_id).execute();

    // The in-memory catalogue follows the database within its refresh interval, changing these records in place.
    const deadline = Date.now() + 20_000;
    let after = await product();
    while (after.rating_count === before.rating_count && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      after = await product();
    }
    expect(after).toMatchObject({
      rating: 3.2,
      rating_count: before.rating_count + 7,
      short_description: 'Lab-tested batch, new label.',
      show_range: false,
    });
    // A variant chosen by id is drawn from the same facts.
    const variant = await db
      .selectFrom('variants')
      .select('id')
      .where('product_id', '=', product_id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const chosen = (await get(`${url}&variant_id=${variant.id}`)).json().data;
    expect(chosen.product).toMatchObject({ rating: 3.2, show_range: false });
    expect(chosen.variant.vid).toBe(variant.id);
    // The answer is spliced from cached JSON pieces: it says what the product page's object form says.
    const store = catalogueStore(db);
    const rec = store.snapshot.productsById.get(product_id);
    expect(chosen).toEqual(JSON.parse(JSON.stringify(productDetail(rec as NonNullable<typeof rec>, variant.id))));
  });

  test('a listing asked again at the same address is sent without parsing the request again, until the catalogue changes', async () => {
    const { db } = ctx().handle;
    const url = '/api/listing/shop?pn=1&sortby=price_asc&availability=in_stock';
    const parsed: unknown[] = [];
    observeParses((schema) => {
      if (schema === ListingRequest) parsed.push(schema);
    });
    try {
      const first = await get(url);
      // The second ask puts the answer in the cache (an answer is kept the second time it is asked for).
      expect((await get(url)).rawPayload.equals(first.rawPayload)).toBe(true);
      expect(parsed).toHaveLength(2);
      const third = await get(url);
      expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(third.headers.etag).toBe(first.headers.etag);
      expect(parsed).toHaveLength(2);
      // Another address of the same listing is parsed.
      await get('/api/listing/shop?sortby=price_asc&availability=in_stock&pn=1');
      expect(parsed).toHaveLength(3);

      const cheapest = first.json().data.hits[0] as { vid: number; sale_price: number };
      const newPrice = cheapest.sale_price - 1;
      await db.updateTable('variants').set({ sale_price: newPrice }).where('id', '=', cheapest.vid).execute();
      const deadline = Date.now() + 20_000;
      let after = await get(url);
      while (after.rawPayload.equals(first.rawPayload) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        after = await get(url);
      }
      expect(after.json().data.hits[0]).toMatchObject({ vid: cheapest.vid, sale_price: newPrice });
      expect(parsed.length).toBeGreaterThan(3);
    } finally {
      observeParses(null);
    }
  });

  test('previews, errors and personal calls are never marked public', async () => {
    const preview = await get('/api/home/home-page-preview-info?id=1', STAFF_PREVIEW);
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
