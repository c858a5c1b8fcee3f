import { ListingResult, Suggestions } from '../../schemas/catalogue.ts';
import { sql } from 'kysely';
import { catalogueChanged, catalogueStore, toHit } from '../../server/search/index.ts';
import { type Backend, BACKENDS, createTestApp, type TestApp } from '../helpers/app.ts';
import { type AlgoliaCall, defaultAnswer, type FakeAlgolia, startFakeAlgolia } from '../helpers/fake-algolia.ts';

// The search provider flag (SPEC §1, docs/decisions/026) against a fake Algolia on a local port: off, the built-in
// engine answers and the provider hears nothing; on, listings, search and suggestions go to the provider with the
// right index, headers and parameters, and its answer comes back in the same response shape; a provider error,
// timeout or unreadable answer falls back to the built-in engine; the sync sends the three indexes.

const OPS_TOKEN = 'search-suite-operations-token-0123456789';
const OPS = { authorization: `Bearer ${OPS_TOKEN}` };
const QUERY_ID = '0123456789abcdef0123456789abcdef';
const SEARCH_ENV = [
  'SEARCH_PROVIDER',
  'ALGOLIA_APP_ID',
  'ALGOLIA_SEARCH_KEY',
  'ALGOLIA_WRITE_KEY',
  'ALGOLIA_HOST',
  'ALGOLIA_TIMEOUT_MS',
  'OPS_TOKEN',
];

let fake: FakeAlgolia;
const saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  fake = await startFakeAlgolia();
  for (const k of SEARCH_ENV) saved[k] = process.env[k];
  process.env.OPS_TOKEN = OPS_TOKEN;
});
afterAll(async () => {
  for (const k of SEARCH_ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await fake.close();
});

/** An app built with these search settings (read when the catalogue module starts). */
async function appWith(backend: Backend, env: Record<string, string | undefined>): Promise<TestApp> {
  for (const k of SEARCH_ENV) if (k !== 'OPS_TOKEN') delete process.env[k];
  for (const [k, v] of Object.entries(env)) if (v !== undefined) process.env[k] = v;
  const t = await createTestApp(backend);
  await t.app.inject({ method: 'GET', url: '/api/menu/menu-list' });
  return t;
}

const get = async (t: TestApp, url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { code: res.statusCode, body: res.json() };
};
const queries = () => fake.calls.filter((c) => c.path === '/1/indexes/*/queries');

describe.each(BACKENDS)('search provider [%s]', (backend) => {
  describe('flag off (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(backend, { ALGOLIA_APP_ID: 'TESTAPP', ALGOLIA_SEARCH_KEY: 'search-key', ALGOLIA_HOST: fake.origin });
    });
    afterAll(async () => t?.close());
    beforeEach(() => fake.reset());

    test('the built-in engine answers search, listings and suggestions; the provider hears nothing', async () => {
      const s = await get(t, '/api/search/product-search-listing?q=whey');
      expect(s.code).toBe(200);
      expect(s.body.data.hits.length).toBeGreaterThan(0);
      expect((await get(t, '/api/listing/shop')).body.data.nbHits).toBeGreaterThan(0);
      expect((await get(t, '/api/search/search-suggestion-list?q=whe')).code).toBe(200);
      expect(fake.calls).toEqual([]);
      const status = await get(t, '/api/ops/search/status', OPS);
      expect(status.body.data).toMatchObject({ provider: 'builtin', calls: 0, fallbacks: 0, sync_configured: false });
      // Without a write key the indexes cannot be sent: a 409 naming the settings, and still no call out.
      const sync = await t.app.inject({ method: 'POST', url: '/api/ops/search/sync', headers: OPS });
      expect(sync.statusCode).toBe(409);
      expect(sync.json().message).toMatch(/ALGOLIA_WRITE_KEY/);
      expect(fake.calls).toEqual([]);
    });
  });

  describe('flag on: algolia', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(backend, {
        SEARCH_PROVIDER: 'algolia',
        ALGOLIA_APP_ID: 'TESTAPP',
        ALGOLIA_SEARCH_KEY: 'search-key',
        ALGOLIA_WRITE_KEY: 'write-key',
        ALGOLIA_HOST: fake.origin,
        ALGOLIA_TIMEOUT_MS: '300',
      });
    });
    afterAll(async () => t?.close());
    beforeEach(() => fake.reset());
    const snap = () => catalogueStore(t.handle.db).snapshot;

    test('a search goes to the sort replica with the search-only key, filters and paging; the answer maps back', async () => {
      const s = snap();
      const [a, b] = s.products.filter((p) => p.variants.length > 1).map((p) => p.variants[1]!);
      const brand = a!.product.brand;
      fake.answer = (call: AlgoliaCall) => {
        if (call.path !== '/1/indexes/*/queries') return defaultAnswer(call);
        const [page, count, brandGroup] = call.body.requests as Array<Record<string, unknown>>;
        expect(page && count && brandGroup).toBeTruthy();
        return {
          body: {
            results: [
              {
                hits: [{ objectID: String(a!.id) }, { objectID: '99999999' }, { objectID: String(b!.id) }],
                nbHits: 42,
                nbPages: 9,
                page: 1,
                facets: { brand: { [brand.slug]: 40 }, price_bucket: { '500-999': 12, '2000-3999': 30 }, in_stock: { true: 41 } },
                facets_stats: { sale_price: { min: 51_000, max: 350_000 } },
                queryID: QUERY_ID,
                query: 'whey',
              },
              { hits: [], nbHits: 97 },
              { hits: [], nbHits: 60, facets: { brand: { [brand.slug]: 40, 'not-a-brand-we-have': 5 } } },
              { hits: [], nbHits: 44, facets: { in_stock: { true: 41, false: 3 } } },
            ],
          },
        };
      };
      const r = await get(
        t,
        `/api/search/product-search-listing?q=whey&sortby=price_asc&pn=2&per_page=5&brand=${brand.slug}&availability=in_stock`,
      );
      expect(r.code).toBe(200);
      const data = ListingResult.parse(r.body.data);

      const [call] = queries();
      expect(queries()).toHaveLength(1);
      expect(call!.method).toBe('POST');
      expect(call!.headers['x-algolia-application-id']).toBe('TESTAPP');
      expect(call!.headers['x-algolia-api-key']).toBe('search-key');
      const [page, count, brandGroup, availabilityGroup] = call!.body.requests as Array<Record<string, unknown>>;
      expect(page).toMatchObject({
        indexName: 'kasrat_variants_price_asc',
        query: 'whey',
        page: 1,
        hitsPerPage: 5,
        distinct: true,
        clickAnalytics: true,
        facetFilters: [[`brand:${brand.slug}`], ['in_stock:true']],
      });
      expect(count).toMatchObject({ indexName: 'kasrat_variants_price_asc', hitsPerPage: 0, distinct: false });
      // Each refined group is counted without its own filter (multi-select facets).
      expect(brandGroup).toMatchObject({ facetFilters: [['in_stock:true']], facets: ['brand'], hitsPerPage: 0 });
      expect(availabilityGroup).toMatchObject({ facetFilters: [[`brand:${brand.slug}`]], facets: ['in_stock'] });

      // Hits are this store's records of the variants named (the unknown one left out), in Algolia's order.
      expect(data.hits.map((h) => h.vid)).toEqual([a!.id, b!.id]);
      expect(data.hits[0]).toEqual(toHit(a!));
      expect(data).toMatchObject({ queryID: QUERY_ID, nbHits: 42, totalHits: 97 });
      expect(data.results).toMatchObject({ query: 'whey', sortby: 'price_asc', page: 2, nbPages: 9, hitsPerPage: 5, partial_match: false });
      const facet = (name: string) => data.results.facets.find((f) => f.name === name)!;
      // The brand counts come from the brand group's query, not the page's; a brand this store no longer has
      // (a stale record) is not offered.
      expect(facet('brand').values).toEqual([{ value: brand.slug, label: brand.name, count: 40 }]);
      expect(facet('price').values.map((v) => v.value)).toEqual(['500-999', '2000-3999']);
      expect(facet('availability').values).toEqual([{ value: 'in_stock', label: 'In stock', count: 41 }]);
      expect(data.active_filters).toEqual([
        { facet: 'brand', value: brand.slug, label: brand.name },
        { facet: 'availability', value: 'in_stock', label: 'In stock' },
      ]);
      expect(data.active_price).toEqual({ min: null, max: null, range_min: 51_000, range_max: 350_000 });
    });

    test('a brand page asks the primary index with its base filter and price range; no query id on a listing', async () => {
      const brand = snap().brands.find((x) => x.productCount > 0) ?? snap().brands[0]!;
      const r = await get(t, `/api/listing/brand?slug=${brand.slug}&price_min=50000&price_max=99999`);
      expect(r.code).toBe(200);
      const data = ListingResult.parse(r.body.data);
      expect(data).not.toHaveProperty('queryID');
      const [page, , priceGroup] = queries()[0]!.body.requests as Array<Record<string, unknown>>;
      expect(page).toMatchObject({
        indexName: 'kasrat_variants',
        query: '',
        page: 0,
        hitsPerPage: 24,
        clickAnalytics: false,
        numericFilters: [`brand_id=${brand.id}`, 'sale_price>=50000', 'sale_price<=99999'],
      });
      expect(priceGroup).toMatchObject({ numericFilters: [`brand_id=${brand.id}`], facets: ['price_bucket', 'sale_price'] });
      expect(data.active_price).toMatchObject({ min: 50_000, max: 99_999, range_min: null, range_max: null });
      // The selected price bucket stays listed even when nothing counts in it.
      expect(data.results.facets.find((f) => f.name === 'price')!.values).toEqual([{ value: '500-999', label: '₹500 – ₹999', count: 0 }]);
    });

    test('suggestions: one multi-query over the variant, brand and category indexes, mapped to this store', async () => {
      const s = snap();
      const v = s.products[0]!.variants[0]!;
      const brand = s.brands[0]!;
      const category = s.categories[0]!;
      fake.answer = (call) =>
        call.path === '/1/indexes/*/queries'
          ? {
              body: {
                results: [
                  { hits: [{ objectID: String(v.id) }], nbHits: 1 },
                  { hits: [{ objectID: String(brand.id) }, { objectID: '99999' }], nbHits: 2 },
                  { hits: [{ objectID: String(category.id) }], nbHits: 1 },
                ],
              },
            }
          : defaultAnswer(call);
      const r = await get(t, '/api/search/search-suggestion-list?q=%20whe%20');
      expect(r.code).toBe(200);
      const data = Suggestions.parse(r.body.data);
      const requests = queries()[0]!.body.requests as Array<Record<string, unknown>>;
      expect(requests.map((q) => [q.indexName, q.query, q.hitsPerPage])).toEqual([
        ['kasrat_variants', 'whe', 6],
        ['kasrat_brands', 'whe', 4],
        ['kasrat_categories', 'whe', 4],
      ]);
      expect(data.products).toEqual([expect.objectContaining({ pid: v.product.id, vid: v.id, sale_price: v.sale_price })]);
      expect(data.brands).toEqual([{ id: brand.id, name: brand.name, slug: brand.slug, url: `/brand/${brand.slug}` }]);
      expect(data.categories.map((c) => c.id)).toEqual([category.id]);
    });

    test('a provider error, a timeout or an unreadable answer: the built-in engine answers, logged and counted', async () => {
      const before = (await get(t, '/api/ops/search/status', OPS)).body.data;
      expect(before).toMatchObject({ provider: 'algolia', sync_configured: true });

      fake.answer = () => ({ status: 500, body: { message: 'Internal error', status: 500 } });
      const failed = await get(t, '/api/search/product-search-listing?q=whey');
      expect(failed.code).toBe(200);
      const viaEngine = ListingResult.parse(failed.body.data);
      expect(viaEngine.hits.length).toBeGreaterThan(0);
      expect(viaEngine.queryID).toMatch(/^[0-9a-f]{32}$/);

      fake.answer = (call) => ({ ...defaultAnswer(call), delayMs: 1500 });
      const started = Date.now();
      const slow = await get(t, '/api/search/product-search-listing?q=whey');
      expect(slow.code).toBe(200);
      expect(Date.now() - started).toBeLessThan(1400);
      expect(slow.body.data.hits.map((h: { vid: number }) => h.vid)).toEqual(viaEngine.hits.map((h) => h.vid));

      fake.answer = () => ({ body: { results: [] } });
      const garbled = await get(t, '/api/listing/shop');
      expect(garbled.code).toBe(200);
      expect(garbled.body.data.hits.length).toBeGreaterThan(0);

      fake.answer = () => ({ status: 403, body: { message: 'Invalid Application-ID or API key' } });
      const suggest = await get(t, '/api/search/search-suggestion-list?q=whe');
      expect(suggest.code).toBe(200);
      expect(Suggestions.parse(suggest.body.data).products.length).toBeGreaterThan(0);

      const after = (await get(t, '/api/ops/search/status', OPS)).body.data;
      expect(after.calls - before.calls).toBe(4);
      expect(after.fallbacks - before.fallbacks).toBe(4);
      expect(after.last_failure.reason).toMatch(/403 Invalid Application-ID/);
    });

    test('the sync sends settings, then every variant, category and brand record in batches, then removes stale ones', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/ops/search/sync' })).statusCode).toBe(401);
      expect(fake.calls).toEqual([]);

      const r = await t.app.inject({ method: 'POST', url: '/api/ops/search/sync', headers: OPS });
      expect(r.statusCode).toBe(200);
      const s = snap();
      const variantCount = s.products.reduce((n, p) => n + p.variants.length, 0);
      const result = r.json().data;
      expect(result).toMatchObject({ variants: variantCount, categories: s.categories.length, brands: s.brands.length });

      // Every write uses the write key, never the search-only one.
      for (const c of fake.calls) expect(c.headers['x-algolia-api-key']).toBe('write-key');
      const settings = fake.calls.filter((c) => c.path.includes('/settings'));
      expect(settings[0]).toMatchObject({ method: 'PUT', path: '/1/indexes/kasrat_variants/settings' });
      expect(settings[0]!.body.replicas).toEqual([
        'kasrat_variants_price_asc',
        'kasrat_variants_price_desc',
        'kasrat_variants_rating_desc',
        'kasrat_variants_discount_desc',
        'kasrat_variants_recent',
      ]);
      expect(settings[1]).toMatchObject({ path: '/1/indexes/kasrat_variants/settings?forwardToReplicas=true' });
      expect(settings[1]!.body).toMatchObject({ attributeForDistinct: 'product_id' });
      expect(settings.find((c) => c.path.startsWith('/1/indexes/kasrat_variants_price_asc/'))!.body.ranking).toEqual(
        expect.arrayContaining(['asc(sale_price)']),
      );

      const batched = (index: string) =>
        fake.calls
          .filter((c) => c.path === `/1/indexes/${index}/batch`)
          .flatMap((c) => c.body.requests as Array<{ action: string; body: Record<string, unknown> }>);
      const variants = batched('kasrat_variants');
      expect(variants).toHaveLength(variantCount);
      expect(new Set(variants.map((x) => x.action))).toEqual(new Set(['updateObject']));
      const v = s.products[0]!.variants[0]!;
      expect(variants.find((x) => x.body.objectID === String(v.id))!.body).toMatchObject({
        product_id: v.product.id,
        brand: v.product.brand.slug,
        brand_id: v.product.brand.id,
        category_path: v.product.category.path.map((c) => c.slug),
        sale_price: v.sale_price,
        in_stock: v.stock > 0,
        synced_at: result.synced_at,
      });
      expect(batched('kasrat_categories')).toHaveLength(s.categories.length);
      expect(
        batched('kasrat_brands')
          .map((x) => x.body.objectID)
          .sort(),
      ).toEqual(s.brands.map((b) => String(b.id)).sort());
      const deletes = fake.calls.filter((c) => c.path.endsWith('/deleteByQuery'));
      expect(deletes.map((c) => c.path)).toEqual([
        '/1/indexes/kasrat_variants/deleteByQuery',
        '/1/indexes/kasrat_categories/deleteByQuery',
        '/1/indexes/kasrat_brands/deleteByQuery',
      ]);
      expect(deletes[0]!.body).toEqual({ numericFilters: [`synced_at<${result.synced_at}`] });
      // Writes happen after the settings, and each index's clean-up after its records.
      const order = fake.calls.map((c) => c.path);
      expect(order.lastIndexOf('/1/indexes/kasrat_brands/settings')).toBeLessThan(order.indexOf('/1/indexes/kasrat_variants/batch'));
      expect(order.lastIndexOf('/1/indexes/kasrat_variants/batch')).toBeLessThan(order.indexOf('/1/indexes/kasrat_variants/deleteByQuery'));
    });

    test('a price or stock change on this instance follows to the variant index as a partial update', async () => {
      const p = snap().products.find((x) => x.variants.length > 1)!;
      const v = p.variants[0]!;
      await sql`UPDATE variants SET sale_price = sale_price - 100, stock = 0 WHERE id = ${v.id}`.execute(t.handle.db);
      await catalogueChanged(t.handle.db);
      const batch = () => fake.calls.find((c) => c.path === '/1/indexes/kasrat_variants/batch');
      // The feed gathers changes for a moment before it sends them: wait for its one call.
      for (let waited = 0; !batch() && waited < 3000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      const call = batch()!;
      expect(call.headers['x-algolia-api-key']).toBe('write-key');
      const requests = call.body.requests as Array<{ action: string; body: Record<string, unknown> }>;
      // Every variant of the touched product, only the fields that change in place, never creating a record.
      expect(requests.map((r) => r.body.objectID).sort()).toEqual(p.variants.map((x) => String(x.id)).sort());
      expect(new Set(requests.map((r) => r.action))).toEqual(new Set(['partialUpdateObjectNoCreate']));
      const updated = requests.find((r) => r.body.objectID === String(v.id))!.body;
      expect(updated).toMatchObject({ sale_price: v.sale_price, in_stock: false });
      expect(updated).not.toHaveProperty('name');
    });

    test('a sync the provider refuses is a 503 that names no secret', async () => {
      fake.answer = () => ({ status: 403, body: { message: 'Method not allowed with this API key' } });
      const r = await t.app.inject({ method: 'POST', url: '/api/ops/search/sync', headers: OPS });
      expect(r.statusCode).toBe(503);
      expect(r.body).not.toContain('write-key');
    });
  });
});
