import fc from 'fast-check';
import { sql } from 'kysely';
import { facetSlug, type ListingResult, PRICE_BUCKETS, type ProductHit } from '../../schemas/catalogue.ts';
import type { Db } from '../../server/db/database.ts';
import { catalogueChanged } from '../../server/search/index.ts';
import { describeBackends } from '../helpers/app.ts';

// Search and listing engine through the API, on both databases: typo tolerance, prefix matching, facet counts
// checked against SQL, every sort order, paging, bad input, and the index following price and stock changes.

type Res = { status: number; data: ListingResult };

describeBackends('search API', (ctx) => {
  const get = async (url: string) => {
    const res = await ctx().app.inject({ method: 'GET', url });
    return { code: res.statusCode, body: res.json() as Res };
  };
  const search = async (query: string) => {
    const r = await get(`/api/search/product-search-listing?${query}`);
    expect(r.code).toBe(200);
    expect(r.body.status).toBe(1);
    return r.body.data;
  };
  const db = (): Db => ctx().handle.db;

  test('a search answers its own 32-hex queryID (the search insights id): one per result list, none on a listing', async () => {
    const first = await search('q=whey&pn=1');
    expect(first.queryID).toMatch(/^[0-9a-f]{32}$/);
    // The same search again (cached or not) names the same list; another page or term is another list.
    for (let i = 0; i < 3; i++) expect((await search('q=whey&pn=1')).queryID).toBe(first.queryID);
    expect((await search('q=whey&pn=2')).queryID).not.toBe(first.queryID);
    expect((await search('q=creatine')).queryID).not.toBe(first.queryID);
    const shop = await get('/api/listing/shop');
    expect(shop.body.data).not.toHaveProperty('queryID');
  });
  /** All hits over every page of a query. */
  const allPages = async (query: string) => {
    const first = await search(`${query}&pn=1&per_page=60`);
    const hits = [...first.hits];
    for (let pn = 2; pn <= first.results.nbPages; pn++) hits.push(...(await search(`${query}&pn=${pn}&per_page=60`)).hits);
    return { first, hits };
  };

  test('the answer has the fixed shape and each hit the SPEC §3 fields', async () => {
    const data = await search('q=whey');
    expect(Object.keys(data).sort()).toEqual(['active_filters', 'active_price', 'hits', 'nbHits', 'queryID', 'results', 'totalHits']);
    const hit = data.hits[0] as ProductHit;
    for (const field of [
      'pid',
      'vid',
      'name',
      'slug',
      'brand_name',
      'category_name',
      'regular_price',
      'sale_price',
      'stock_status',
      'parent_sku',
    ])
      expect(hit).toHaveProperty(field);
    expect(hit.url).toBe(`/product/${hit.slug}/?pId=${hit.pid}&vId=${hit.vid}`);
    expect(hit.percent_off).toBe(
      hit.regular_price > hit.sale_price ? Math.round(((hit.regular_price - hit.sale_price) / hit.regular_price) * 100) : 0,
    );
  });

  test('a typo still finds the product ("wehy protien" finds whey protein, "titn forge" finds Titan Forge)', async () => {
    const typo = await search('q=wehy%20protien');
    expect(typo.nbHits).toBeGreaterThan(0);
    expect(typo.hits.slice(0, 5).every((h) => /whey/i.test(h.parent_name) && /protein/i.test(`${h.parent_name} ${h.category_name}`))).toBe(
      true,
    );
    const brand = await search('q=titn%20forge');
    expect(brand.hits.length).toBeGreaterThan(0);
    expect(brand.hits.every((h) => h.brand_name === 'Titan Forge')).toBe(true);
    const exact = await search('q=whey%20protein');
    expect(typo.nbHits).toBe(exact.nbHits);
  });

  test('the last word matches as a prefix while typing, ahead of typo matches', async () => {
    const data = await search('q=creat&per_page=60');
    const names = data.hits.map((h) => /creatine/i.test(h.parent_name));
    const creatine = names.filter(Boolean).length;
    expect(creatine).toBeGreaterThan(0);
    // Prefix matches ("creatine") rank above one-typo matches ("cream").
    expect(names.slice(0, creatine).every(Boolean)).toBe(true);
  });

  test('a weight in the query ("2kg") matches that weight only', async () => {
    const data = await search('q=whey%202kg');
    expect(data.hits.length).toBeGreaterThan(0);
    expect(data.hits.every((h) => h.weight === '2 kg')).toBe(true);
  });

  test('nonsense finds nothing, with empty facets', async () => {
    const data = await search('q=xqzzvv');
    expect(data.nbHits).toBe(0);
    expect(data.hits).toEqual([]);
    expect(data.results.facets.every((f) => f.values.length === 0)).toBe(true);
  });

  test('one hit per product; paging covers every product exactly once', async () => {
    const { first, hits } = await allPages('q=protein&sortby=price_asc');
    const pids = hits.map((h) => h.pid);
    expect(new Set(pids).size).toBe(pids.length);
    expect(pids.length).toBe(first.nbHits);
    expect(first.totalHits).toBeGreaterThanOrEqual(first.nbHits);
  });

  test.each([
    ['price_asc', (a: ProductHit, b: ProductHit) => a.sale_price <= b.sale_price],
    ['price_desc', (a: ProductHit, b: ProductHit) => a.sale_price >= b.sale_price],
    ['rating_desc', (a: ProductHit, b: ProductHit) => a.rating >= b.rating],
    ['discount_desc', (a: ProductHit, b: ProductHit) => a.percent_off >= b.percent_off],
  ] as const)('sortby=%s orders every page', async (sortby, inOrder) => {
    const { hits } = await allPages(`sortby=${sortby}`);
    expect(hits.length).toBeGreaterThan(50);
    for (let i = 1; i < hits.length; i++) expect(inOrder(hits[i - 1] as ProductHit, hits[i] as ProductHit)).toBe(true);
  });

  test('price_asc shows each product at its cheapest matching variant', async () => {
    const data = await search('sortby=price_asc&per_page=10');
    for (const hit of data.hits) expect(hit.sale_price).toBe(hit.min_price);
  });

  test('sortby=recent puts the newest products first (by the database)', async () => {
    const data = await search('sortby=recent&per_page=30');
    const rows = await db()
      .selectFrom('products')
      .select(['id', 'created_at'])
      .where(
        'id',
        'in',
        data.hits.map((h) => h.pid),
      )
      .execute();
    const created = new Map(rows.map((r) => [r.id, new Date(r.created_at).getTime()]));
    const times = data.hits.map((h) => created.get(h.pid) as number);
    for (let i = 1; i < times.length; i++) expect(times[i - 1]).toBeGreaterThanOrEqual(times[i] as number);
  });

  test('relevance without a query lists the best sellers first', async () => {
    const data = await search('per_page=20');
    const rows = await db().selectFrom('products').select(['id', 'sales_count']).execute();
    const sales = new Map(rows.map((r) => [r.id, r.sales_count]));
    const counts = data.hits.map((h) => sales.get(h.pid) as number);
    for (let i = 1; i < counts.length; i++) expect(counts[i - 1]).toBeGreaterThanOrEqual(counts[i] as number);
  });

  test('filters combine: brand OR brand, AND flavour, AND price range, AND in stock', async () => {
    const data = await search(
      'brand=titan-forge,prana-labs&flavour=chocolate&price_min=100000&price_max=500000&availability=in_stock&per_page=60',
    );
    expect(data.hits.length).toBeGreaterThan(0);
    for (const h of data.hits) {
      expect(['Titan Forge', 'Prana Labs']).toContain(h.brand_name);
      expect(h.flavour).toBe('Chocolate');
      expect(h.sale_price).toBeGreaterThanOrEqual(100000);
      expect(h.sale_price).toBeLessThanOrEqual(500000);
      expect(h.stock_status).toBe('instock');
    }
    expect(data.active_filters).toEqual(
      expect.arrayContaining([
        { facet: 'brand', value: 'titan-forge', label: 'Titan Forge' },
        { facet: 'flavour', value: 'chocolate', label: 'Chocolate' },
        { facet: 'availability', value: 'in_stock', label: 'In stock' },
      ]),
    );
    expect(data.active_price).toMatchObject({ min: 100000, max: 500000 });
  });

  test('a repeated key works like a comma list', async () => {
    const a = await search('brand=titan-forge&brand=prana-labs');
    const b = await search('brand=titan-forge,prana-labs');
    expect(a.nbHits).toBe(b.nbHits);
  });

  test('facet counts match the database (products, with the other filters applied)', async () => {
    // A category listing filtered by flavour: brand and price counts respect the flavour filter, flavour counts
    // ignore their own filter (so other flavours show what choosing them would give).
    const res = await get('/api/listing/category?slug=proteins&flavour=chocolate');
    const data = res.body.data;
    const facet = (name: string) =>
      Object.fromEntries((data.results.facets.find((f) => f.name === name)?.values ?? []).map((v) => [v.value, v.count]));

    const rows = await sql<{
      pid: number;
      brand: string;
      flavour: string | null;
      price: number;
      food: string;
      stock: number;
      weight: string | null;
    }>`
      WITH RECURSIVE sub AS (
        SELECT id FROM categories WHERE slug = 'proteins'
        UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id
      )
      SELECT p.id AS pid, b.slug AS brand, v.flavour, v.sale_price AS price, p.food_type AS food, v.stock, v.weight
      FROM variants v JOIN products p ON p.id = v.product_id JOIN brands b ON b.id = p.brand_id
      WHERE p.category_id IN (SELECT id FROM sub)`.execute(db());
    const chocolate = rows.rows.filter((r) => r.flavour === 'Chocolate');
    const distinct = (list: typeof rows.rows, key: (r: (typeof rows.rows)[number]) => string | null) => {
      const out: Record<string, Set<number>> = {};
      for (const r of list) {
        const k = key(r);
        if (k === null) continue;
        out[k] ??= new Set();
        out[k].add(r.pid);
      }
      return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.size]));
    };
    expect(data.nbHits).toBe(new Set(chocolate.map((r) => r.pid)).size);
    expect(data.totalHits).toBe(chocolate.length);
    expect(facet('brand')).toEqual(distinct(chocolate, (r) => r.brand));
    expect(facet('flavour')).toEqual(distinct(rows.rows, (r) => (r.flavour ? facetSlug(r.flavour) : null)));
    expect(facet('weight')).toEqual(distinct(chocolate, (r) => (r.weight ? facetSlug(r.weight) : null)));
    expect(facet('food_type')).toEqual(distinct(chocolate, (r) => r.food));
    expect(facet('availability')).toEqual(distinct(chocolate, (r) => (r.stock > 0 ? 'in_stock' : null)));
    const bucket = (price: number) => PRICE_BUCKETS.find((b) => price >= b.min && (b.max === null || price <= b.max))?.value ?? null;
    expect(facet('price')).toEqual(distinct(chocolate, (r) => bucket(r.price)));
  });

  test('facet counts of a search match the database', async () => {
    const data = await search('q=creatine&availability=in_stock');
    const rows = await sql<{ pid: number; brand: string; stock: number }>`
      SELECT p.id AS pid, b.slug AS brand, v.stock FROM variants v JOIN products p ON p.id = v.product_id
      JOIN brands b ON b.id = p.brand_id WHERE p.name ILIKE '%creatine%'`.execute(db());
    const inStock = rows.rows.filter((r) => r.stock > 0);
    const brands: Record<string, Set<number>> = {};
    for (const r of inStock) {
      brands[r.brand] ??= new Set();
      brands[r.brand]?.add(r.pid);
    }
    const facet = data.results.facets.find((f) => f.name === 'brand')?.values ?? [];
    expect(Object.fromEntries(facet.map((v) => [v.value, v.count]))).toEqual(
      Object.fromEntries(Object.entries(brands).map(([k, v]) => [k, v.size])),
    );
    expect(data.nbHits).toBe(new Set(inStock.map((r) => r.pid)).size);
  });

  test('a listing filtered to one price bucket only shows prices inside it', async () => {
    const b = PRICE_BUCKETS[2] as (typeof PRICE_BUCKETS)[number];
    const data = await search(`price_min=${b.min}&price_max=${b.max}&sortby=price_desc&per_page=60`);
    expect(data.hits.length).toBeGreaterThan(0);
    for (const h of data.hits) expect(h.sale_price >= b.min && h.sale_price <= (b.max as number)).toBe(true);
  });

  test('suggestions while typing: products, brands and categories, typo-tolerant', async () => {
    const res = await get('/api/search/search-suggestion-list?q=titn');
    const data = res.body.data as unknown as { products: Array<{ name: string; url: string }>; brands: Array<{ name: string }> };
    expect(data.brands.map((b) => b.name)).toContain('Titan Forge');
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products[0]?.url).toMatch(/^\/product\/[a-z0-9-]+\/\?pId=\d+&vId=\d+$/);
    const cat = (await get('/api/search/search-suggestion-list?q=mass%20gai')).body.data as unknown as {
      categories: Array<{ slug: string }>;
    };
    expect(cat.categories.map((c) => c.slug)).toContain('mass-gainer');
    const empty = (await get('/api/search/search-suggestion-list?q=')).body.data as unknown as { products: unknown[] };
    expect(empty.products).toEqual([]);
  });

  test.each([
    'sortby=cheapest',
    'pn=0',
    'pn=abc',
    'pn=1.5',
    'per_page=1000',
    'price_min=-1',
    'price_min=500&price_max=100',
    'brand=Bad!Brand',
    'food_type=fish',
    'availability=maybe',
    'q=x&q=y',
    'pn=1&pn=2',
    `q=${'a'.repeat(201)}`,
  ])('bad parameters are a 400 with a message, never a 500: %s', async (query) => {
    const r = await get(`/api/search/product-search-listing?${query}`);
    expect(r.code).toBe(400);
    expect(r.body.status).toBe(0);
    expect((r.body as unknown as { message: string }).message.length).toBeGreaterThan(3);
  });

  test('unknown filter values match nothing rather than everything', async () => {
    const data = await search('brand=no-such-brand');
    expect(data.nbHits).toBe(0);
  });

  test('no query string makes a 500 (property test)', async () => {
    const keys = [
      'q',
      'sortby',
      'pn',
      'per_page',
      'brand',
      'category',
      'flavour',
      'weight',
      'food_type',
      'availability',
      'price_min',
      'price_max',
      'x',
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...keys), fc.string({ maxLength: 30 })), { maxLength: 6 }), async (pairs) => {
        const qs = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        for (const path of ['/api/search/product-search-listing', '/api/listing/shop', '/api/listing/category?slug=proteins&']) {
          const res = await ctx().app.inject({ method: 'GET', url: `${path}${path.endsWith('&') ? '' : '?'}${qs}` });
          expect(res.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
  });

  test('the index follows price and stock changes (explicit call)', async () => {
    const target = (await search('q=creatine&sortby=price_asc')).hits[0] as ProductHit;
    const pdpUrl = `/api/product-details/product-detail-page?product_id=${target.pid}&variant_id=${target.vid}`;
    // Cached before the change: the product page and listing must not serve the old answer after it.
    const before = await ctx().app.inject({ method: 'GET', url: pdpUrl });
    expect(before.json().data.variant.sale_price).toBe(target.sale_price);
    await search('sortby=price_asc&per_page=1');
    // Make it the cheapest thing in the shop, then out of stock.
    await db().updateTable('variants').set({ sale_price: 100, mrp: 200 }).where('id', '=', target.vid).execute();
    await catalogueChanged(db());
    const cheap = await search('sortby=price_asc&per_page=1');
    expect(cheap.hits[0]).toMatchObject({ vid: target.vid, sale_price: 100, percent_off: 50 });
    const detail = await ctx().app.inject({
      method: 'GET',
      url: `/api/product-details/product-detail-page?product_id=${target.pid}&variant_id=${target.vid}`,
    });
    expect(detail.json().data.variant.sale_price).toBe(100);

    await db().updateTable('variants').set({ stock: 0 }).where('product_id', '=', target.pid).execute();
    await catalogueChanged(db());
    const inStock = await search(`q=${encodeURIComponent(target.parent_name)}&availability=in_stock&per_page=60`);
    expect(inStock.hits.map((h) => h.pid)).not.toContain(target.pid);
    const any = await search(`q=${encodeURIComponent(target.parent_name)}&per_page=60`);
    expect(any.hits.find((h) => h.pid === target.pid)?.stock_status).toBe('outofstock');
  });

  test('the index follows a change made behind its back (polled change counter)', async () => {
    const hit = (await search('q=multivitamin&sortby=price_desc&per_page=1')).hits[0] as ProductHit;
    await sql`UPDATE variants SET sale_price = 99999999, mrp = 99999999 WHERE id = ${hit.vid}`.execute(db());
    let top: ProductHit | undefined;
    for (let i = 0; i < 40 && top?.vid !== hit.vid; i++) {
      await new Promise((r) => setTimeout(r, 100));
      top = (await search('sortby=price_desc&per_page=1')).hits[0];
    }
    expect(top).toMatchObject({ vid: hit.vid, sale_price: 99999999 });
  });

  test('a product added to the database appears in search', async () => {
    const brand = await db().selectFrom('brands').select('id').where('slug', '=', 'kinetic-bio').executeTakeFirstOrThrow();
    const cat = await db().selectFrom('categories').select('id').where('slug', '=', 'oats').executeTakeFirstOrThrow();
    const p = await db()
      .insertInto('products')
      .values({
        name: 'Kinetic Bio Zanzibar Oat Bites',
        slug: 'kinetic-bio-zanzibar-oat-bites',
        brand_id: brand.id,
        category_id: cat.id,
        description: 'Crunchy oat bites.',
        highlights: JSON.stringify(['Whole grain']),
        food_type: 'veg',
        parent_sku: 'KBOAT999999PA',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('variants')
      .values({
        product_id: p.id,
        sku: 'KBOAT99999900',
        weight: '500 g',
        flavour: 'Plain',
        pack_size: null,
        mrp: 29900,
        sale_price: 24900,
        stock: 10,
      })
      .execute();
    await catalogueChanged(db());
    const data = await search('q=zanzibar');
    expect(data.hits.map((h) => h.pid)).toEqual([p.id]);
  });
});
