import { describeBackends } from '../helpers/app.ts';

// Product pages carry schema.org Product and BreadcrumbList data in the HTML the server sends (rich results).
describeBackends('product structured data', (ctx) => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
    );

  test('a product page has Product (INR price, stock, rating) and BreadcrumbList after the site-wide blocks', async () => {
    const v = await ctx()
      .handle.db.selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id as vid', 'p.id as pid', 'p.slug', 'p.name', 'v.sale_price', 'v.stock', 'v.sku', 'p.rating_count'])
      .where('v.stock', '>', 0)
      .where('p.rating_count', '>', 0)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    const res = await ctx().app.inject({ method: 'GET', url: `/product/${v.slug}/?pId=${v.pid}&vId=${v.vid}` });
    const blocks = jsonLd(res.body);
    expect(blocks.map((b) => b['@type'])).toEqual(['Organization', 'WebSite', 'Product', 'BreadcrumbList']);
    const product = blocks[2] as {
      name: string;
      sku: string;
      offers: { price: string; priceCurrency: string; availability: string };
      aggregateRating: { reviewCount: number };
    };
    expect(product.name).toBe(v.name);
    expect(product.sku).toBe(v.sku);
    expect(product.offers).toMatchObject({
      price: (v.sale_price / 100).toFixed(2),
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
    });
    expect(product.aggregateRating.reviewCount).toBe(v.rating_count);
    const crumbs = blocks[3] as { itemListElement: Array<{ position: number; name: string }> };
    expect(crumbs.itemListElement[0]).toMatchObject({ position: 1, name: 'Home' });
    expect(crumbs.itemListElement.at(-1)?.name).toBe(v.name);
  });

  test('an out-of-stock variant is OutOfStock; other pages carry only the site-wide blocks', async () => {
    const v = await ctx()
      .handle.db.selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id as vid', 'p.id as pid', 'p.slug'])
      .where('v.stock', '=', 0)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    const res = await ctx().app.inject({ method: 'GET', url: `/product/${v.slug}/?pId=${v.pid}&vId=${v.vid}` });
    expect((jsonLd(res.body)[2] as { offers: { availability: string } }).offers.availability).toBe('https://schema.org/OutOfStock');
    const about = await ctx().app.inject({ method: 'GET', url: '/about' });
    expect(jsonLd(about.body).map((b) => b['@type'])).toEqual(['Organization', 'WebSite']);
  });
});
