import { describeBackends } from '../helpers/app.ts';

// One address per catalogue page (SPEC §2, docs/architecture.md "Rendering"): another slug for a product, brand or category
// moves (301) to its canonical address, an unknown one is a 404 with the not-found page, and a slug-only product
// link is resolved by the server.
describeBackends('canonical catalogue addresses', (ctx) => {
  const get = (url: string) => ctx().app.inject({ method: 'GET', url });
  const product = () =>
    ctx()
      .handle.db.selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id as vid', 'p.id as pid', 'p.slug'])
      .where('v.stock', '>', 0)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();

  test('a product under another slug moves to its own, keeping the variant; its own address renders', async () => {
    const p = await product();
    const wrong = await get(`/product/buy-fake-whey-at-scam-example/?pId=${p.pid}&vId=${p.vid}`);
    expect(wrong.statusCode).toBe(301);
    expect(wrong.headers.location).toBe(`/product/${p.slug}/?pId=${p.pid}&vId=${p.vid}`);
    const own = await get(`/product/${p.slug}/?pId=${p.pid}&vId=${p.vid}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(`<link rel="canonical" href="http://localhost/product/${p.slug}/"`);
  });

  test('a slug-only product link resolves on the server', async () => {
    const p = await product();
    const res = await get(`/product/${p.slug}/`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/product/${p.slug}/?pId=${p.pid}`);
  });

  test('an unknown product, brand or category is a 404 with the not-found page', async () => {
    for (const url of [
      '/product/no-such-thing/?pId=99999999',
      '/product/no-such-thing/',
      '/brand/no-such-brand',
      '/product-category/no-such-category',
      '/bestseller/no-such-category',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>Page Not Found | Kasrat</title>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
  });

  test('a brand or category slug in another case moves to its own; its own address renders', async () => {
    const brand = await ctx().handle.db.selectFrom('brands').select('slug').orderBy('id').executeTakeFirstOrThrow();
    const category = await ctx().handle.db.selectFrom('categories').select('slug').orderBy('id').executeTakeFirstOrThrow();
    const b = await get(`/brand/${brand.slug.toUpperCase()}`);
    expect(b.statusCode).toBe(301);
    expect(b.headers.location).toBe(`/brand/${brand.slug}`);
    expect((await get(`/brand/${brand.slug}`)).statusCode).toBe(200);
    const c = await get(`/product-category/${category.slug.toUpperCase()}/?sort=price`);
    expect(c.statusCode).toBe(301);
    expect(c.headers.location).toBe(`/product-category/${category.slug}/?sort=price`);
    expect((await get(`/product-category/${category.slug}`)).statusCode).toBe(200);
  });
});
