import sharp from 'sharp';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { z } from 'zod';
import {
  BrandDetailResponse,
  BrandGroupsResponse,
  BrandListResponse,
  CategoryDetailResponse,
  CategoryListResponse,
  HomeResponse,
  ListingResponse,
  MenuResponse,
  PREVIEW_AUTHORIZATION,
  type ProductDetail,
  ProductDetailResponse,
  ProductDescriptionResponse,
  type ProductHit,
  ProductListResponse,
  ProductOffersResponse,
  ProductSlugResponse,
  SeoMetaResponse,
  SourceProductResponse,
  SuggestionsResponse,
  Top10Response,
} from '../../schemas/catalogue.ts';
import type { Db } from '../../server/db/database.ts';
import { catalogueChanged } from '../../server/search/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { OPS_TOKEN_FOR_TESTS } from '../helpers/orders.ts';

// Previews need the operations token beside the SPEC §6 header (docs/decisions/009-staff-preview-authorisation.md).
process.env.OPS_TOKEN = OPS_TOKEN_FOR_TESTS;
const STAFF_PREVIEW = { authorization: PREVIEW_AUTHORIZATION, 'x-ops-token': OPS_TOKEN_FOR_TESTS };

// Catalogue calls of SPEC §7 on both databases: listings, product page and its side calls, brands, menu,
// offers, sale, home, SEO, and the server HTML titles.

describeBackends('catalogue API', (ctx) => {
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx().app.inject({ method: 'GET', url, headers });
    return { code: res.statusCode, body: res.json() };
  };
  const ok = async (url: string, headers: Record<string, string> = {}) => {
    const r = await get(url, headers);
    expect(r.code, `${url}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
    expect(r.body.status).toBe(1);
    return r.body.data;
  };
  const db = (): Db => ctx().handle.db;
  const someProduct = async () =>
    db()
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.id', 'p.name', 'p.slug', 'p.description', 'b.slug as brand_slug', 'b.id as brand_id', 'c.slug as category_slug'])
      .where('c.slug', '=', 'whey-protein')
      .orderBy('p.id')
      .executeTakeFirstOrThrow();

  describe('listings', () => {
    test('a brand listing shows only that brand, and every product of it', async () => {
      const data = await ok('/api/listing/brand?slug=titan-forge&per_page=60');
      expect(data.hits.every((h: ProductHit) => h.brand.slug === 'titan-forge')).toBe(true);
      const row = await sql<{ n: number }>`SELECT count(DISTINCT p.id)::int AS n FROM products p JOIN brands b ON b.id = p.brand_id
        JOIN variants v ON v.product_id = p.id WHERE b.slug = 'titan-forge'`.execute(db());
      expect(data.nbHits).toBe(row.rows[0]?.n);
      const byId = await ok(`/api/listing/brand?id=${data.hits[0].brand.id}`);
      expect(byId.nbHits).toBe(data.nbHits);
    });

    test('a category listing includes the categories below it', async () => {
      const data = await ok('/api/listing/category?slug=proteins&per_page=60');
      const cats = new Set(data.hits.map((h: ProductHit) => h.category.slug));
      expect(
        [...cats].every((c) => ['whey-protein', 'whey-protein-isolate', 'plant-protein', 'casein-protein'].includes(c as string)),
      ).toBe(true);
      expect(cats.size).toBeGreaterThan(1);
    });

    test('the shop lists every product; saleType=clearance only deep discounts', async () => {
      const shop = await ok('/api/listing/shop');
      const n = await sql<{ n: number }>`SELECT count(DISTINCT product_id)::int AS n FROM variants`.execute(db());
      expect(shop.nbHits).toBe(n.rows[0]?.n);
      const clearance = await ok('/api/listing/shop?saleType=clearance&per_page=60');
      expect(clearance.nbHits).toBeGreaterThan(0);
      expect(clearance.hits.every((h: ProductHit) => h.percent_off >= 30)).toBe(true);
    });

    test('bestsellers default to sports nutrition and only list bestsellers', async () => {
      const data = await ok('/api/listing/bestseller?per_page=60');
      const ids = data.hits.map((h: ProductHit) => h.pid);
      expect(ids.length).toBeGreaterThan(0);
      const rows = await db().selectFrom('products').select(['id', 'is_bestseller']).where('id', 'in', ids).execute();
      expect(rows.every((r) => r.is_bestseller)).toBe(true);
    });

    test('unknown brand or category is a 404; missing id and slug a 400', async () => {
      expect((await get('/api/listing/brand?slug=no-such-brand')).code).toBe(404);
      expect((await get('/api/listing/category?id=999999')).code).toBe(404);
      expect((await get('/api/listing/brand')).code).toBe(400);
      expect((await get('/api/listing/category?id=-1')).code).toBe(400);
      expect((await get('/api/listing/shop?saleType=bogus')).code).toBe(400);
      expect((await get('/api/listing/shop?orderId=%3Cscript%3E')).code).toBe(400);
    });

    test('brand detail: brand, certificate, categories with counts, breadcrumbs', async () => {
      const data = await ok('/api/listing/brand-detail?slug=titan-forge');
      expect(data.brand).toMatchObject({ name: 'Titan Forge', slug: 'titan-forge', url: '/brand/titan-forge' });
      expect(data.certificate.certificate_no).toMatch(/^KSR-TF-/);
      expect(data.categories.length).toBeGreaterThan(0);
      expect(data.breadcrumbs.map((b: { category_slug: string }) => b.category_slug)).toEqual(['home', 'brands', 'titan-forge']);
    });

    test('category detail: parents, children and the trail from home', async () => {
      const data = await ok('/api/listing/category-detail?slug=proteins');
      expect(data.children.map((c: { slug: string }) => c.slug)).toEqual([
        'whey-protein',
        'whey-protein-isolate',
        'plant-protein',
        'casein-protein',
      ]);
      expect(data.parents.map((c: { slug: string }) => c.slug)).toEqual(['sports-nutrition']);
      expect(data.breadcrumbs.map((b: { category_slug: string }) => b.category_slug)).toEqual(['home', 'sports-nutrition', 'proteins']);
    });

    test('top brands, top categories, top products, top 10, store brand list', async () => {
      const brands = await ok('/api/listing/top-brand');
      const topBrands = await db().selectFrom('brands').select('slug').where('is_top', '=', true).execute();
      expect(brands.map((b: { slug: string }) => b.slug).sort()).toEqual(topBrands.map((b) => b.slug).sort());
      const cats = await ok('/api/listing/top-category');
      expect(cats.every((c: { slug: string }) => c.slug)).toBe(true);
      const top = await ok('/api/listing/top-product');
      expect(top.length).toBe(12);
      const top10 = await ok('/api/listing/top-10-list?slug=proteins');
      expect(top10.products.length).toBe(10);
      expect(top10.category.slug).toBe('proteins');
      const sales = await db()
        .selectFrom('products')
        .select(['id', 'sales_count'])
        .where(
          'id',
          'in',
          top10.products.map((p: ProductHit) => p.pid),
        )
        .execute();
      const s = new Map(sales.map((r) => [r.id, r.sales_count]));
      const counts = top10.products.map((p: ProductHit) => s.get(p.pid) as number);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
      const groups = await ok('/api/listing/store-brand-list');
      const letters = groups.map((g: { letter: string }) => g.letter);
      expect([...letters].sort()).toEqual(letters);
      const total = groups.reduce((n: number, g: { brands: unknown[] }) => n + g.brands.length, 0);
      const all = await sql<{ n: number }>`SELECT count(*)::int AS n FROM brands`.execute(db());
      expect(total).toBe(all.rows[0]?.n);
    });
  });

  describe('product page', () => {
    test('detail: product, selected variant, variants, swatches, images, breadcrumbs', async () => {
      const p = await someProduct();
      const data: ProductDetail = await ok(`/api/product-details/product-detail-page?product_id=${p.id}`);
      expect(data.product).toMatchObject({ id: p.id, name: p.name, slug: p.slug });
      const variants = await db().selectFrom('variants').selectAll().where('product_id', '=', p.id).orderBy('position').execute();
      expect(data.variants.map((v) => v.vid)).toEqual(variants.map((v) => v.id));
      expect(data.variant.vid).toBe(variants.find((v) => v.is_default)?.id ?? variants[0]?.id);
      expect(data.images[0]).toMatchObject({ width: 400, height: 400, src: `/images/product/${data.variant.vid}.webp` });
      expect(data.breadcrumbs.map((b) => b.category_slug)).toEqual(['home', 'sports-nutrition', 'proteins', 'whey-protein', 'product']);
      expect(data.breadcrumbs.at(-1)?.redirect_url).toBe(`/${p.slug}/?pId=${p.id}&vId=${data.variant.vid}`);
      const weights = data.swatches.find((s) => s.key === 'pa_weight');
      expect(weights?.name).toBe('Weight');
      // Every swatch option leads to a variant that has that value.
      for (const s of data.swatches)
        for (const o of s.options) expect(data.variants.find((v) => v.vid === o.variant_id)?.selected_swatch_values[s.key]).toBe(o.value);
    });

    test('a chosen variant opens selected; a variant of another product falls back to the default', async () => {
      const p = await someProduct();
      const variants = await db().selectFrom('variants').select('id').where('product_id', '=', p.id).orderBy('position').execute();
      const last = variants.at(-1)?.id as number;
      const data: ProductDetail = await ok(`/api/product-details/product-detail-page?product_id=${p.id}&variant_id=${last}`);
      expect(data.variant.vid).toBe(last);
      expect(data.product.url).toBe(`/product/${p.slug}/?pId=${p.id}&vId=${last}`);
      const other = await db().selectFrom('variants').select('id').where('product_id', '!=', p.id).executeTakeFirstOrThrow();
      const fallback: ProductDetail = await ok(`/api/product-details/product-detail-page?product_id=${p.id}&variant_id=${other.id}`);
      expect(fallback.variant.pid).toBe(p.id);
    });

    test('the spliced answer (cached facts and hits) is the assembled product page, for every variant shown', async () => {
      const products = await db().selectFrom('products').select('id').orderBy('id').limit(12).execute();
      for (const { id } of products) {
        const whole: ProductDetail & { description: string; offers: unknown } = await ok(`/api/product/all-product-data?product_id=${id}`);
        const { description: _d, offers: _o, ...assembled } = whole;
        // Twice: the second answer comes from the product's cached facts.
        for (let round = 0; round < 2; round++)
          expect(await ok(`/api/product-details/product-detail-page?product_id=${id}`)).toEqual(assembled);
        for (const v of assembled.variants) {
          const shown: ProductDetail = await ok(`/api/product-details/product-detail-page?product_id=${id}&variant_id=${v.vid}`);
          expect(shown.variant).toEqual(v);
          expect(shown.product).toEqual({ ...assembled.product, url: `/product/${assembled.product.slug}/?pId=${id}&vId=${v.vid}` });
          expect(shown.variants).toEqual(assembled.variants);
        }
      }
    });

    test('prices: MRP, sale price and percent off agree with the database', async () => {
      const p = await someProduct();
      const data: ProductDetail = await ok(`/api/product-details/product-detail-page?product_id=${p.id}`);
      const rows = await db().selectFrom('variants').selectAll().where('product_id', '=', p.id).execute();
      for (const v of data.variants) {
        const row = rows.find((r) => r.id === v.vid);
        expect(v.regular_price).toBe(row?.mrp);
        expect(v.sale_price).toBe(row?.sale_price);
        expect(v.stock_status).toBe((row?.stock ?? 0) > 0 ? 'instock' : 'outofstock');
        expect(v.min_price).toBe(Math.min(...rows.map((r) => r.sale_price)));
      }
    });

    test('unknown product is a 404, bad ids a 400', async () => {
      expect((await get('/api/product-details/product-detail-page?product_id=999999')).code).toBe(404);
      expect((await get('/api/product-details/product-detail-page?product_id=abc')).code).toBe(400);
      expect((await get('/api/product-details/product-detail-page')).code).toBe(400);
      expect((await get('/api/product-details/variant-detail?product_id=1')).code).toBe(400);
      expect((await get('/api/product/brand-data?b_id=0')).code).toBe(400);
    });

    test('side calls: variant, highlights, description, range, related, recommendation, source, offers, slug', async () => {
      const p = await someProduct();
      const v = await db().selectFrom('variants').select('id').where('product_id', '=', p.id).executeTakeFirstOrThrow();
      expect((await ok(`/api/product-details/variant-detail?product_id=${p.id}&variant_id=${v.id}`)).vid).toBe(v.id);
      expect((await get(`/api/product-details/variant-detail?product_id=${p.id}&variant_id=999999`)).code).toBe(404);
      const hl = await ok(`/api/product-details/highlights-and-discription?product_id=${p.id}`);
      expect(hl.description).toBe(p.description);
      expect(hl.highlights.length).toBeGreaterThan(0);
      const desc = await ok(`/api/product-details/product-description?product_id=${p.id}`);
      expect(desc.description).toBe(p.description);

      const range = await ok(`/api/product-details/product-range?product_id=${p.id}`);
      expect(range.products.every((h: ProductHit) => h.brand.slug === p.brand_slug && h.pid !== p.id)).toBe(true);
      const related = await ok(`/api/product-details/related-product?product_id=${p.id}`);
      expect(related.products.length).toBeGreaterThan(0);
      expect(related.products.every((h: ProductHit) => h.category.slug === p.category_slug && h.brand.slug !== p.brand_slug)).toBe(true);
      const rec = await ok(`/api/product-details/recommendation?recommender_product_id=${p.id}`);
      expect(rec.products.length).toBeGreaterThan(0);
      expect(rec.products.every((h: ProductHit) => h.pid !== p.id)).toBe(true);

      const source = await ok(`/api/product-details/source-product?product_id=${p.id}`);
      expect(source.brand.slug).toBe(p.brand_slug);
      expect(['brand', 'importer']).toContain(source.sourced_from);

      const offers = await ok(`/api/product-details/product-offer?product_id=${p.id}`);
      const codes = offers.coupons.map((c: { code: string }) => c.code);
      expect(codes).toContain('FIT10');
      // WHEY15 is scoped to whey protein; DIWALI25 has ended.
      expect(codes).toContain('WHEY15');
      expect(codes).not.toContain('DIWALI25');
      expect(offers.bank_offers.length).toBe(3);

      const slug = await ok(`/api/product-details/product-slug?productSlug=${p.slug}`);
      expect(slug).toMatchObject({ pid: p.id, slug: p.slug });
      expect(slug.url).toMatch(new RegExp(`^/product/${p.slug}/\\?pId=${p.id}&vId=\\d+$`));
      expect((await get('/api/product-details/product-slug?productSlug=nope-nope')).code).toBe(404);
    });

    test('coupon scoped to another category is not offered', async () => {
      const creatine = await db()
        .selectFrom('products as p')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select('p.id')
        .where('c.slug', '=', 'creatine')
        .executeTakeFirstOrThrow();
      const offers = await ok(`/api/product-details/product-offer?product_id=${creatine.id}`);
      expect(offers.coupons.map((c: { code: string }) => c.code)).not.toContain('WHEY15');
    });

    test('the product page bytes (spliced from cached hits) equal the plain product detail', async () => {
      const p = await someProduct();
      const page = await ok(`/api/product-details/product-detail-page?product_id=${p.id}`);
      const { description: _d, offers: _o, ...all } = await ok(`/api/product/all-product-data?product_id=${p.id}`);
      expect(page).toEqual(all);
    });

    test('/api/product calls', async () => {
      const p = await someProduct();
      expect((await ok(`/api/product/product-data?product_id=${p.id}`)).pid).toBe(p.id);
      const all = await ok(`/api/product/all-product-data?product_id=${p.id}`);
      expect(all.product.id).toBe(p.id);
      expect(all.description).toBe(p.description);
      expect(all.offers.coupons.length).toBeGreaterThan(0);
      const brand = await ok(`/api/product/brand-data?b_id=${p.brand_id}`);
      expect(brand.slug).toBe(p.brand_slug);
      expect((await get('/api/product/brand-data?b_id=99999')).code).toBe(404);
    });
  });

  describe('brands and menu', () => {
    test('top brand list and filtered brand list (letter, text, category)', async () => {
      const top = await ok('/api/product-brand/top-brand-list');
      expect(top.every((b: { is_top: boolean }) => b.is_top)).toBe(true);
      const t = await ok('/api/product-brand/filtered-brand-list?letter=T');
      expect(t.map((b: { name: string }) => b.name)).toEqual(['Titan Forge']);
      const q = await ok('/api/product-brand/filtered-brand-list?q=labs');
      expect(q.map((b: { name: string }) => b.name).sort()).toEqual(['Olympia Labs', 'Prana Labs']);
      const shakers = await ok('/api/product-brand/filtered-brand-list?category=shakers');
      expect(shakers.length).toBe(1);
      expect((await get('/api/product-brand/filtered-brand-list?letter=AB')).code).toBe(400);
    });

    test('menu: the category tree, top brands and links', async () => {
      const menu = await ok('/api/menu/menu-list');
      const roots = await db().selectFrom('categories').select('slug').where('parent_id', 'is', null).orderBy('position').execute();
      expect(menu.categories.map((c: { slug: string }) => c.slug)).toEqual(roots.map((r) => r.slug));
      const sports = menu.categories.find((c: { slug: string }) => c.slug === 'sports-nutrition');
      expect(sports.children.map((c: { slug: string }) => c.slug)).toEqual(['proteins', 'gainers', 'pre-post-workout']);
      expect(menu.links.map((l: { url: string }) => l.url)).toContain('/bestseller/sports-nutrition/');
    });
  });

  describe('home, offers, sale', () => {
    test('home has every promotion section of SPEC §2', async () => {
      const home = await ok('/api/home/home-page-info');
      for (const key of [
        'top_categories',
        'mini_banners',
        'authenticity_banner',
        'top_brands',
        'categories',
        'new_brand_launches',
        'banner_web',
        'banner_mobile',
        'carousel_web',
        'carousel_mobile',
        'deal_of_week',
        'budget_buys',
      ])
        expect(home[key].length, key).toBeGreaterThan(0);
      expect(home.deal_of_week[0].product.pid).toBeGreaterThan(0);
      expect(home.banner_web[0].image).toMatchObject({ width: 1200, height: 400 });
      expect(home.top_brands[0].href).toMatch(/^\/brand\//);
    });

    test('an offer that has ended leaves the home page; a preview offer shows only in preview', async () => {
      const before = await ok('/api/home/home-page-info');
      const first = before.mini_banners[0];
      await db().updateTable('offers').set({ ends_at: '2020-01-01T00:00:00Z' }).where('id', '=', first.id).execute();
      await db().updateTable('offers').set({ is_preview: true }).where('id', '=', before.mini_banners[1].id).execute();
      await catalogueChanged(db());
      const after = await ok('/api/home/home-page-info');
      expect(after.mini_banners.map((b: { id: number }) => b.id)).not.toContain(first.id);
      expect(after.mini_banners.map((b: { id: number }) => b.id)).not.toContain(before.mini_banners[1].id);
      const preview = await ok('/api/home/home-page-preview-info?id=3', STAFF_PREVIEW);
      expect(preview.mini_banners.map((b: { id: number }) => b.id)).toContain(before.mini_banners[1].id);
      expect(preview.preview_id).toBe(3);
    });

    test('preview calls need the preview header', async () => {
      expect((await get('/api/home/home-page-preview-info')).code).toBe(403);
      expect((await get('/api/offers/offer-data-preview', { authorization: 'Bearer nope' })).code).toBe(403);
      expect((await get('/api/sale/get-preview-salepage-data?slug=clearance')).code).toBe(403);
      await ok('/api/offers/offer-data-preview?id=1', STAFF_PREVIEW);
      await ok('/api/sale/get-preview-salepage-data?slug=clearance', STAFF_PREVIEW);
    });

    test('offers calls', async () => {
      expect((await ok('/api/offers/limited-offer'))[0].kind).toBe('limited');
      const bow = await ok('/api/offers/brand-of-week');
      expect(bow.products.every((h: ProductHit) => h.brand.id === bow.promotions[0].brand.id)).toBe(true);
      expect((await ok('/api/offers/budget-buy')).every((p: { product: unknown }) => p.product)).toBe(true);
      expect((await ok('/api/offers/freebie-offer'))[0]).toMatchObject({ threshold: 199900 });
      const coupons = (await ok('/api/offers/coupon-offer')).map((c: { code: string }) => c.code);
      expect(coupons).toContain('FIT10');
      expect(coupons).not.toContain('DIWALI25');
      expect((await ok('/api/offers/bank-offer')).length).toBe(3);
      expect((await ok('/api/offers/partner-offer'))[0].kind).toBe('partner');
      const clearance = await ok('/api/offers/clearance-offer');
      expect(clearance.products.every((h: ProductHit) => h.percent_off >= 30)).toBe(true);
      expect(Object.keys(await ok('/api/offers/banner-data')).sort()).toEqual([
        'banner_mobile',
        'banner_web',
        'carousel_mobile',
        'carousel_web',
        'mini_banners',
      ]);
      const page = await ok('/api/offers/offer-data');
      expect(page.coupons.length).toBeGreaterThan(0);
      expect(page.banners.length).toBeGreaterThan(0);
    });

    test('sale manager calls', async () => {
      const deals = await ok('/api/sale/get-deals-on-favourite');
      expect(deals.every((h: ProductHit) => h.is_bestseller && h.percent_off > 0)).toBe(true);
      const offs = deals.map((h: ProductHit) => h.percent_off);
      expect([...offs].sort((a, b) => b - a)).toEqual(offs);
      const brands = await ok('/api/sale/get-brands-on-offer');
      expect(brands[0].max_percent_off).toBeGreaterThan(0);
      expect((await ok('/api/sale/get-bank-offer')).length).toBe(3);
      const sale = await ok('/api/sale/get-sale-page-data?slug=whey-protein');
      expect(sale.title).toBe('Whey Protein Sale');
      expect(sale.category_products.every((h: ProductHit) => h.category.slug === 'whey-protein')).toBe(true);
      for (const key of ['partner_brand_offers', 'banner_1', 'budget_buys', 'deals_on_favourites']) expect(sale).toHaveProperty(key);
      expect((await get('/api/sale/get-sale-page-data?slug=no-such-sale')).code).toBe(404);
      expect((await get('/api/sale/get-sale-page-data')).code).toBe(400);
    });
  });

  describe('SEO', () => {
    test('page-seo-meta names the product, brand and category', async () => {
      const p = await someProduct();
      const prod = await ok(`/api/seo/page-seo-meta?url=${encodeURIComponent(`/product/${p.slug}/?pId=${p.id}`)}`);
      expect(prod.title).toBe(`${p.name} | Kasrat`);
      expect(prod.description).toMatch(/^Buy /);
      const brand = await ok('/api/seo/page-seo-meta?url=/brand/titan-forge');
      expect(brand.title).toBe('Titan Forge Supplements | Kasrat');
      const cat = await ok('/api/seo/page-seo-meta?url=/product-category/creatine');
      expect(cat.title).toMatch(/^Creatine \|/);
      const plain = await ok('/api/seo/page-seo-meta?url=/cart');
      expect(plain.noindex).toBe(true);
      expect((await get('/api/seo/page-seo-meta?url=http://evil.example/')).code).toBe(400);
    });

    test('the server HTML of product, brand, category and bestseller pages carries their real titles', async () => {
      const p = await someProduct();
      const html = async (url: string) => (await ctx().app.inject({ method: 'GET', url })).body;
      expect(await html(`/product/${p.slug}/?pId=${p.id}`)).toContain(`<title>${p.name} | Kasrat</title>`);
      // The placeholder slug still finds the product by its id, and moves to its own address (one per page).
      const placeholder = await ctx().app.inject({ method: 'GET', url: `/product/product-name/?pId=${p.id}` });
      expect([placeholder.statusCode, placeholder.headers.location]).toEqual([301, `/product/${p.slug}/?pId=${p.id}`]);
      expect(await html('/brand/titan-forge')).toContain('<title>Titan Forge Supplements | Kasrat</title>');
      expect(await html('/product-category/whey-protein')).toContain(
        '<title>Whey Protein | Buy Whey Protein Online in India | Kasrat</title>',
      );
      expect(await html('/bestseller/sports-nutrition/')).toContain('<title>Bestsellers in Sports Nutrition | Kasrat</title>');
    });
  });

  test('source-product: the brand, its importer (none for a brand made in India) and its certificate', async () => {
    const productOfBrand = (imported: boolean) =>
      db()
        .selectFrom('products as p')
        .innerJoin('brands as b', 'b.id', 'p.brand_id')
        .select(['p.id', 'b.id as brand_id', 'b.name as brand_name', 'b.country', 'b.importer_id'])
        .where('b.importer_id', imported ? 'is not' : 'is', null)
        .orderBy('p.id')
        .executeTakeFirstOrThrow();
    const certificateOf = (brandId: number) =>
      db().selectFrom('brand_certificates').select(['title', 'certificate_no']).where('brand_id', '=', brandId).orderBy('id').execute();

    const imported = await productOfBrand(true);
    const res = await get(`/api/product-details/source-product?product_id=${imported.id}`);
    expect(res.code).toBe(200);
    expect(SourceProductResponse.safeParse(res.body).success).toBe(true);
    const a = res.body.data;
    expect(a.brand).toMatchObject({ id: imported.brand_id, name: imported.brand_name, country: imported.country });
    expect(a.sourced_from).toBe('importer');
    const importer = await db()
      .selectFrom('importers')
      .select(['name', 'address', 'licence_no'])
      .where('id', '=', imported.importer_id as number)
      .executeTakeFirstOrThrow();
    expect(a.importer).toMatchObject(importer);
    expect((await certificateOf(imported.brand_id)).map((c) => c.certificate_no)).toContain(a.certificate.certificate_no);
    expect(a.certificate.title).toEqual(expect.any(String));
    expect(a.certificate.issued_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(a.certificate.valid_till).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(a.certificate.valid_till > a.certificate.issued_on).toBe(true);

    const indian = await productOfBrand(false);
    const b = await ok(`/api/product-details/source-product?product_id=${indian.id}`);
    expect(b.brand).toMatchObject({ id: indian.brand_id, country: 'India' });
    expect(b.sourced_from).toBe('brand');
    expect(b.importer).toBeNull();
    expect((await certificateOf(indian.brand_id)).map((c) => c.certificate_no)).toContain(b.certificate.certificate_no);

    for (const bad of ['product_id=abc', 'product_id=0', 'product_id=-3', '']) {
      const r = await get(`/api/product-details/source-product?${bad}`);
      expect(r.code, bad).toBe(400);
      expect(r.body.status).toBe(0);
    }
    expect((await get('/api/product-details/source-product?product_id=999999')).code).toBe(404);
  });

  test('every answer matches its schema in schemas/catalogue.ts (the contract the app parses with)', async () => {
    const p = await someProduct();
    const checks: Array<[string, z.ZodType]> = [
      ['/api/search/product-search-listing?q=whey&flavour=chocolate', ListingResponse],
      ['/api/listing/brand?slug=titan-forge', ListingResponse],
      ['/api/listing/category?slug=proteins&sortby=price_asc', ListingResponse],
      ['/api/listing/shop?pn=2', ListingResponse],
      ['/api/listing/bestseller', ListingResponse],
      [`/api/product-details/product-detail-page?product_id=${p.id}`, ProductDetailResponse],
      [`/api/product-details/product-range?product_id=${p.id}`, ProductListResponse],
      [`/api/product-details/related-product?product_id=${p.id}`, ProductListResponse],
      [`/api/product-details/recommendation?recommender_product_id=${p.id}`, ProductListResponse],
      [`/api/product-details/product-offer?product_id=${p.id}`, ProductOffersResponse],
      [`/api/product-details/product-description?product_id=${p.id}`, ProductDescriptionResponse],
      [`/api/product-details/product-slug?productSlug=${p.slug}`, ProductSlugResponse],
      ['/api/listing/brand-detail?slug=titan-forge', BrandDetailResponse],
      ['/api/listing/category-detail?slug=proteins', CategoryDetailResponse],
      ['/api/listing/store-brand-list', BrandGroupsResponse],
      ['/api/listing/top-brand', BrandListResponse],
      ['/api/product-brand/top-brand-list', BrandListResponse],
      ['/api/product-brand/filtered-brand-list?q=a', BrandListResponse],
      ['/api/listing/top-category', CategoryListResponse],
      ['/api/listing/top-10-list', Top10Response],
      ['/api/search/search-suggestion-list?q=whe', SuggestionsResponse],
      ['/api/home/home-page-info', HomeResponse],
      ['/api/menu/menu-list', MenuResponse],
      ['/api/seo/page-seo-meta?url=/brand/titan-forge', SeoMetaResponse],
      [`/api/product-details/source-product?product_id=${p.id}`, SourceProductResponse],
    ];
    for (const [url, schema] of checks) {
      const res = await get(url);
      const parsed = schema.safeParse(res.body);
      expect(parsed.success, `${url}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true);
    }
  });

  test('a cached answer is sent gzipped to clients that accept it, and plain to others', async () => {
    const url = '/api/listing/category?slug=proteins';
    const plain = await ctx().app.inject({ method: 'GET', url });
    const gz = await ctx().app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
    const again = await ctx().app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(again.rawPayload.equals(gz.rawPayload)).toBe(true);
    const refused = await ctx().app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).not.toBe('gzip');
  });

  test('brand, category and banner images are drawn as SVGs and rasterised as WebP at their size; unknown ones 404', async () => {
    for (const path of ['/images/brand/1', '/images/category/1', '/images/banner/1']) {
      const res = await ctx().app.inject({ method: 'GET', url: `${path}.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
      const size = /<svg[^>]+width="(\d+)" height="(\d+)"/.exec(res.body);
      expect(size).not.toBeNull();
      const webp = await ctx().app.inject({ method: 'GET', url: `${path}.webp` });
      expect(webp.statusCode).toBe(200);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(webp.headers['cache-control']).toBe('public, max-age=3600');
      const meta = await sharp(webp.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', Number(size?.[1]), Number(size?.[2])]);
    }
    for (const url of [
      '/images/brand/99999.svg',
      '/images/brand/99999.webp',
      '/images/brand/x.svg',
      '/images/brand/1.png',
      '/images/banner/1-2.webp',
    ])
      expect((await ctx().app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});
