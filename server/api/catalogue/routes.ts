import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import type { z } from 'zod';
import { pageMeta } from '../../html.ts';
import { ok } from '../../http/envelope.ts';
import { reachesDiscount } from '../../../schemas/money.ts';
import {
  BrandDataRequest,
  type BreadcrumbItem,
  FilteredBrandListRequest,
  HomeRequest,
  ListingLookupRequest,
  ListingRequest,
  type MenuList,
  PreviewRequest,
  ProductDetailRequest,
  ProductIdRequest,
  ProductSlugRequest,
  productUrl,
  RecommendationRequest,
  SalePreviewRequest,
  SaleSlugRequest,
  SearchRequest,
  SeoRequest,
  SuggestionRequest,
  VariantDetailRequest,
  SuggestionsResponse,
  BrandDetailResponse,
  CategoryDetailResponse,
  BrandGroupsResponse,
  ProductDetailResponse,
  ProductDescriptionResponse,
  ProductListResponse,
  SourceProductResponse,
  ProductOffersResponse,
  ProductSlugResponse,
  MenuResponse,
  SeoMetaResponse,
  BankOffersResponse,
  BrandsOnOfferResponse,
  HomeResponse,
  HomePreviewResponse,
  OffersPageResponse,
  PromotedProductsResponse,
  SalePageResponse,
  BrandListResponse,
  FreebieOffersResponse,
  CategoryListResponse,
  Top10Response,
  ListingResponse,
  ProductHitResponse,
  HighlightsResponse,
  AllProductDataResponse,
  BrandDataResponse,
  PromotionsResponse,
  CouponOffersResponse,
  BannerDataResponse,
  ProductHitsResponse,
} from '../../../schemas/catalogue.ts';
import type { RouteDoc } from '../../http/docs.ts';
import { BadRequest, NotFound } from '../../http/errors.ts';
import { type BaseFilter, type ProductRec, type SearchQuery, toHit } from '../../search/index.ts';
import {
  BRANDS_CRUMB,
  brandSummary,
  type CatalogueContext,
  categoryCrumbs,
  categorySummary,
  defaultVariant,
  findBrand,
  findCategory,
  findProduct,
  hitsOf,
  HOME_CRUMB,
  okJson,
  popularProducts,
  sendJson,
} from '../../modules/catalogue/context.ts';
import { bannerSize, promotionsOf } from '../../modules/catalogue/promotions.ts';
import { truncate } from '../../../schemas/text.ts';
import { versionEtag } from '../../http/caching.ts';
import { readTarget } from '../../http/url.ts';
import { drawnFile, sendDrawn } from '../../http/drawn-image.ts';
import type { Density, DrawnFormat } from '../../../schemas/images.ts';
import type { Content } from '../../modules/catalogue/content-cache.ts';

import { MENU_LINKS, treeOf } from '../../modules/catalogue/brands.ts';
import { SALE_DISCOUNT, listingResponse, providerListingResponse, suggestions, toQuery } from '../../modules/catalogue/listing.ts';
import { brandsOnOffer, discounted, freebieOffers, homeSections, offersPage, requirePreview, salePage } from '../../modules/catalogue/offers.ts';
import { hueOf, tile } from '../../modules/catalogue/images.ts';
import { productDetail, productDetailResponse, productOffers, similarProducts } from '../../modules/catalogue/product.ts';
import { productDeclarations } from '../../modules/catalogue/declarations.ts';
import { ProductDeclarationsResponse } from '../../../schemas/declarations.ts';
// The catalogue module's HTTP surface (SPEC §7 catalogue, listing, product, search, offers, home, sale and SEO
// calls): each handler parses its request, asks the rules (listing.ts, product.ts, offers.ts, seo.ts, brands.ts,
// images.ts) and answers; nothing here decides what a shopper sees.

async function listingRoutes(root: FastifyInstance, { store, content: contentCache, search }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  /**
   * A listing or search call. A repeat of an address whose answer is cached is sent as it is, before Fastify
   * validates the query: the request was validated the first time, the same way (an answer is cached only for an
   * address that was valid). With a third-party search on (docs/decisions/026), it answers, and the built-in
   * engine's answer is what a failure of it gets.
   */
  const searchCall = <S extends z.ZodType>(path: string, schema: S, query: (q: z.infer<S>) => SearchQuery, doc: RouteDoc) =>
    app.get(
      path,
      {
        schema: { ...doc, querystring: schema, response: { 200: ListingResponse } },
        preValidation: async (req, reply) => {
          if (search) return;
          const known = store.answerAt(req.url);
          if (known) return sendJson(reply, known);
        },
      },
      async (req, reply) => {
        // TypeScript cannot resolve the provider's type for a generic schema; Fastify validated the query with it.
        const q = req.query as z.infer<S>;
        await store.ready();
        const sq = query(q);
        if (search) {
          const out = await search.search(store, sq);
          if (out) return sendJson(reply, providerListingResponse(store, sq, out));
        }
        return sendJson(reply, listingResponse(store, sq, req.url));
      },
    );
  const listing = (path: string, doc: RouteDoc, base: (q: ListingRequest) => BaseFilter) =>
    searchCall(
      path,
      ListingRequest,
      (q) => {
        const b = base(q);
        if (q.saleType) b.minDiscount = SALE_DISCOUNT[q.saleType];
        return toQuery(q, b);
      },
      doc,
    );
  const needsKey = (q: { id?: number; slug?: string }, what: string) => {
    if (q.id === undefined && !q.slug) throw new BadRequest(`Pass the ${what}'s id or slug.`);
    return q;
  };

  listing('/api/listing/brand', { summary: 'Products of one brand, filtered and sorted', operationId: 'getBrandListing' }, (q) => ({
    brandId: findBrand(store, needsKey(q, 'brand')).id,
  }));
  listing(
    '/api/listing/category',
    { summary: 'Products of one category, filtered and sorted', operationId: 'getCategoryListing' },
    (q) => ({ categoryId: findCategory(store, needsKey(q, 'category')).id }),
  );
  listing('/api/listing/shop', { summary: 'Every product, filtered and sorted', operationId: 'getShopListing' }, () => ({}));
  // SPEC §2: the bestseller breadcrumb leads to /bestseller/sports-nutrition/, the default bestseller page.
  listing('/api/listing/bestseller', { summary: 'Best-selling products', operationId: 'getBestsellerListing' }, (q) => ({
    categoryId: findCategory(store, q.id === undefined && !q.slug ? { slug: 'sports-nutrition' } : q).id,
    bestseller: true,
  }));

  searchCall('/api/search/product-search-listing', SearchRequest, (q) => toQuery(q), {
    summary: 'Products matching a search query',
    operationId: 'searchProducts',
  });

  app.get(
    '/api/search/search-suggestion-list',
    {
      schema: {
        response: { 200: SuggestionsResponse },
        summary: 'Search suggestions for what the shopper has typed',
        operationId: 'getSearchSuggestions',
        querystring: SuggestionRequest,
      },
    },
    async (req, reply) => {
      const { q } = req.query;
      await store.ready();
      if (search) {
        const out = await search.suggest(store, q);
        if (out) return sendJson(reply, okJson(JSON.stringify(out)));
      }
      return sendJson(
        reply,
        store.cachedJson(`suggest|${q.trim().toLowerCase()}`, () => okJson(JSON.stringify(suggestions(store, q)))),
      );
    },
  );

  app.get(
    '/api/listing/brand-detail',
    {
      schema: {
        response: { 200: BrandDetailResponse },
        summary: "A brand's page details",
        operationId: 'getBrandDetail',
        querystring: ListingLookupRequest,
      },
    },
    async (req) => {
      const q = req.query;
      await store.ready();
      const b = findBrand(store, needsKey(q, 'brand'));
      const content = await contentCache.get();
      const categories = store.derive(`brand-categories|${b.id}`, () => {
        const counts = new Map<number, number>();
        for (const p of store.snapshot.products) if (p.brand === b) counts.set(p.category.id, (counts.get(p.category.id) ?? 0) + 1);
        return store.snapshot.categories
          .filter((c) => counts.has(c.id))
          .map((c) => ({ ...categorySummary(c), product_count: counts.get(c.id) ?? 0 }));
      });
      const breadcrumbs: BreadcrumbItem[] = [
        HOME_CRUMB,
        BRANDS_CRUMB,
        { value: b.name, category_slug: b.slug, redirect_url: `/brand/${b.slug}` },
      ];
      return ok({
        brand: { ...brandSummary(b), description: b.description, launched_at: b.launched_at },
        importer: b.importer,
        certificate: b.certificate,
        banners: promotionsOf(
          store,
          content,
          (o) => (o.kind === 'top_brand' || o.kind === 'brand_of_week') && o.brand_id === b.id,
          'brand_page_banner',
        ),
        categories,
        breadcrumbs,
      });
    },
  );

  app.get(
    '/api/listing/category-detail',
    {
      schema: {
        response: { 200: CategoryDetailResponse },
        summary: "A category's page details",
        operationId: 'getCategoryDetail',
        querystring: ListingLookupRequest,
      },
    },
    async (req) => {
      const q = req.query;
      await store.ready();
      const c = findCategory(store, needsKey(q, 'category'));
      const content = await contentCache.get();
      return ok({
        category: categorySummary(c),
        parents: c.path.slice(0, -1).map(categorySummary),
        children: c.children.map(categorySummary),
        banners: promotionsOf(
          store,
          content,
          (o) =>
            (o.kind === 'top_category' && o.data.category_slug === c.slug) || String(o.data.href ?? '') === `/product-category/${c.slug}`,
          'category_page_banner',
        ),
        breadcrumbs: [HOME_CRUMB, ...categoryCrumbs(c)],
      });
    },
  );

  app.get(
    '/api/listing/top-brand',
    {
      schema: {
        response: { 200: BrandListResponse },
        summary: 'Top brands for the home page',
        operationId: 'listTopBrands',
        querystring: ListingLookupRequest,
      },
    },
    async () => {
      await store.ready();
      return ok(store.snapshot.brands.filter((b) => b.is_top).map(brandSummary));
    },
  );

  app.get(
    '/api/listing/top-category',
    {
      schema: {
        response: { 200: CategoryListResponse },
        summary: 'Top categories for the home page',
        operationId: 'listTopCategories',
        querystring: ListingLookupRequest,
      },
    },
    async () => {
      await store.ready();
      return ok(store.snapshot.categories.filter((c) => c.is_top).map(categorySummary));
    },
  );

  app.get(
    '/api/listing/top-product',
    {
      schema: {
        response: { 200: ProductHitsResponse },
        summary: 'Top products for the home page',
        operationId: 'listTopProducts',
        querystring: ListingLookupRequest,
      },
    },
    async (req) => {
      const q = req.query;
      await store.ready();
      const cat = q.id !== undefined || q.slug ? findCategory(store, q) : null;
      const minDiscount = q.saleType ? SALE_DISCOUNT[q.saleType] : 0;
      const products = popularProducts(
        store,
        (p) =>
          (!cat || cat.subtree.includes(p.category.id)) &&
          (!minDiscount || p.variants.some((v) => reachesDiscount(v.mrp, v.sale_price, minDiscount))),
        12,
      );
      return ok(hitsOf(products));
    },
  );

  app.get(
    '/api/listing/store-brand-list',
    {
      schema: {
        response: { 200: BrandGroupsResponse },
        summary: 'Brands the store carries',
        operationId: 'listStoreBrands',
        querystring: ListingLookupRequest,
      },
    },
    async () => {
      await store.ready();
      const groups = new Map<string, ReturnType<typeof brandSummary>[]>();
      for (const b of [...store.snapshot.brands].sort((x, y) => x.name.localeCompare(y.name))) {
        const first = b.name.charAt(0).toUpperCase();
        const letter = /[A-Z]/.test(first) ? first : '#';
        groups.set(letter, [...(groups.get(letter) ?? []), brandSummary(b)]);
      }
      return ok([...groups].map(([letter, brands]) => ({ letter, brands })));
    },
  );

  app.get(
    '/api/listing/top-10-list',
    {
      schema: {
        response: { 200: Top10Response },
        summary: 'The top 10 products',
        operationId: 'listTopTen',
        querystring: ListingLookupRequest,
      },
    },
    async (req) => {
      const q = req.query;
      await store.ready();
      const cat = q.id !== undefined || q.slug ? findCategory(store, q) : null;
      const products = popularProducts(store, (p) => !cat || cat.subtree.includes(p.category.id), 10);
      return ok({
        category: cat ? categorySummary(cat) : null,
        categories: store.snapshot.categories.filter((c) => c.is_top).map(categorySummary),
        products: hitsOf(products),
      });
    },
  );
}

async function productRoutes(root: FastifyInstance, { db, store, content }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  /** SPEC §7: the product calls read the shopper's user agent and forwarded-for address, named in the request log. */
  const logViewer = (req: FastifyRequest, call: string) =>
    req.log.debug(
      {
        call,
        viewer: { user_agent: req.headers['user-agent'] ?? null, forwarded_for: req.headers['x-forwarded-for'] ?? null, ip: req.ip },
      },
      'product call',
    );
  const productOf = async ({ product_id }: z.infer<typeof ProductIdRequest>) => {
    await store.ready();
    return findProduct(store, product_id);
  };
  const listOf = (products: ProductRec[]) => ok({ products: hitsOf(products) });

  app.get(
    '/api/product-details/product-detail-page',
    {
      schema: {
        response: { 200: ProductDetailResponse },
        summary: 'Everything the product page shows for one product',
        operationId: 'getProductDetailPage',
        querystring: ProductDetailRequest,
      },
    },
    async (req, reply) => {
      const { product_id, variant_id } = req.query;
      await store.ready();
      // Not cached whole: spliced from cached pieces it costs less than a cache's churn (measured: 7.5k vs 3.7k req/s).
      const json = productDetailResponse(store, findProduct(store, product_id), variant_id);
      // The answer depends on the product's catalogue data alone: named by version, not hashed per request.
      reply.header('etag', versionEtag(store.version, `p${product_id}v${variant_id ?? ''}`));
      return sendJson(reply, json);
    },
  );

  app.get(
    '/api/product-details/variant-detail',
    {
      schema: {
        response: { 200: ProductHitResponse },
        summary: 'One variant of a product: price, stock, images',
        operationId: 'getVariantDetail',
        querystring: VariantDetailRequest,
      },
    },
    async (req) => {
      const { product_id, variant_id } = req.query;
      await store.ready();
      const p = findProduct(store, product_id);
      const v = p.variants.find((x) => x.id === variant_id);
      if (!v) throw new NotFound('Variant not found.');
      return ok(toHit(v));
    },
  );

  app.get(
    '/api/product-details/highlights-and-discription',
    {
      schema: {
        response: { 200: HighlightsResponse },
        summary: "A product's highlights and description",
        operationId: 'getProductHighlights',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      return ok({ highlights: p.highlights, description: p.description });
    },
  );

  app.get(
    '/api/product-details/product-description',
    {
      schema: {
        response: { 200: ProductDescriptionResponse },
        summary: "A product's long description",
        operationId: 'getProductDescription',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      return ok({ description: p.description, short_description: truncate(p.description) });
    },
  );

  // The product's range: the brand's other products, the same category first.
  app.get(
    '/api/product-details/product-range',
    {
      schema: {
        response: { 200: ProductListResponse },
        summary: 'Other products of the same range',
        operationId: 'getProductRange',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      const same = popularProducts(store, (x) => x !== p && x.brand === p.brand && x.category === p.category, 12);
      const rest = popularProducts(store, (x) => x.brand === p.brand && x.category !== p.category, 12 - same.length);
      return listOf([...same, ...rest]);
    },
  );

  // Related: the same category from other brands.
  app.get(
    '/api/product-details/related-product',
    {
      schema: {
        response: { 200: ProductListResponse },
        summary: 'Products related to a product',
        operationId: 'listRelatedProducts',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      return listOf(popularProducts(store, (x) => x.brand !== p.brand && x.category === p.category, 12));
    },
  );

  app.get(
    '/api/product-details/recommendation',
    {
      schema: {
        response: { 200: ProductListResponse },
        summary: 'Products recommended with a product',
        operationId: 'listRecommendations',
        querystring: RecommendationRequest,
      },
    },
    async (req) => {
      const { recommender_product_id } = req.query;
      await store.ready();
      return listOf(similarProducts(store, findProduct(store, recommender_product_id), 12));
    },
  );

  // Where the product comes from: the brand, its authorised importer and certificate (authenticity).
  app.get(
    '/api/product-details/source-product',
    {
      schema: {
        response: { 200: SourceProductResponse },
        summary: 'Where a product comes from: brand and importer',
        operationId: 'getSourceProduct',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      const b = p.brand;
      return ok({
        brand: { id: b.id, name: b.name, slug: b.slug, country: b.country },
        sourced_from: b.importer ? 'importer' : 'brand',
        importer: b.importer,
        certificate: b.certificate,
      });
    },
  );

  // The label's declarations (docs/product-declarations.md): read from the database, as they are edited rarely and
  // shown once per page; prices per serving from this instance's catalogue, as the page's price.
  app.get(
    '/api/product-details/declarations',
    {
      schema: {
        response: { 200: ProductDeclarationsResponse },
        summary: "A product's label declarations: maker, net quantity, nutrition, FSSAI licence",
        operationId: 'getProductDeclarations',
        querystring: ProductIdRequest,
      },
    },
    async (req) => ok(await productDeclarations(db, await productOf(req.query))),
  );

  app.get(
    '/api/product-details/product-offer',
    {
      schema: {
        response: { 200: ProductOffersResponse },
        summary: 'Offers that apply to a product',
        operationId: 'listProductOffers',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      return ok(productOffers(p, await content.get()));
    },
  );

  app.get(
    '/api/product-details/product-slug',
    {
      schema: {
        response: { 200: ProductSlugResponse },
        summary: "Resolve a product's slug to its id",
        operationId: 'getProductBySlug',
        querystring: ProductSlugRequest,
      },
    },
    async (req) => {
      const { productSlug } = req.query;
      await store.ready();
      const p = store.snapshot.productsBySlug.get(productSlug);
      if (!p) throw new NotFound('Product not found.');
      const v = defaultVariant(p);
      return ok({ pid: p.id, vid: v.id, slug: p.slug, url: productUrl(p.slug, p.id, v.id) });
    },
  );

  app.get(
    '/api/product/product-data',
    {
      schema: {
        response: { 200: ProductHitResponse },
        summary: "A product's data",
        operationId: 'getProductData',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      logViewer(req, 'product-data');
      const p = await productOf(req.query);
      return ok(toHit(defaultVariant(p)));
    },
  );

  app.get(
    '/api/product/all-product-data',
    {
      schema: {
        response: { 200: AllProductDataResponse },
        summary: "A product's data with all its variants",
        operationId: 'getAllProductData',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      logViewer(req, 'all-product-data');
      const p = await productOf(req.query);
      return ok({ ...productDetail(p), description: p.description, offers: productOffers(p, await content.get()) });
    },
  );

  app.get(
    '/api/product/brand-data',
    {
      schema: {
        response: { 200: BrandDataResponse },
        summary: "A brand's data",
        operationId: 'getBrandData',
        querystring: BrandDataRequest,
      },
    },
    async (req) => {
      logViewer(req, 'brand-data');
      const { b_id } = req.query;
      await store.ready();
      const b = findBrand(store, { id: b_id });
      return ok({
        ...brandSummary(b),
        description: b.description,
        launched_at: b.launched_at,
        importer: b.importer,
        certificate: b.certificate,
      });
    },
  );
}

async function brandRoutes(root: FastifyInstance, { store }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/product-brand/top-brand-list',
    { schema: { response: { 200: BrandListResponse }, summary: 'Top brands for the brands page', operationId: 'listProductTopBrands' } },
    async () => {
      await store.ready();
      return ok(store.snapshot.brands.filter((b) => b.is_top).map(brandSummary));
    },
  );

  app.get(
    '/api/product-brand/filtered-brand-list',
    {
      schema: {
        summary: 'Brands filtered by letter or category',
        operationId: 'listFilteredBrands',
        querystring: FilteredBrandListRequest,
        response: { 200: BrandListResponse },
      },
    },
    async (req) => {
      const { q, letter, category } = req.query;
      await store.ready();
      const snap = store.snapshot;
      const cat = category ? snap.categoriesBySlug.get(category) : undefined;
      const inCategory = cat
        ? new Set(snap.products.filter((p) => cat.subtree.includes(p.category.id)).map((p) => p.brand.id))
        : category
          ? new Set<number>()
          : null;
      const needle = q.toLowerCase();
      const brands = snap.brands.filter((b) => {
        const first = b.name.charAt(0).toUpperCase();
        if (letter && (letter === '#' ? /[A-Z]/.test(first) : first !== letter.toUpperCase())) return false;
        if (needle && !b.name.toLowerCase().includes(needle)) return false;
        return !inCategory || inCategory.has(b.id);
      });
      return ok(brands.map(brandSummary));
    },
  );

  app.get(
    '/api/menu/menu-list',
    { schema: { response: { 200: MenuResponse }, summary: 'The navigation menu: categories and brands', operationId: 'getMenu' } },
    async (_req, reply) => {
      await store.ready();
      const json = store.derive('menu', () => {
        const menu: MenuList = {
          categories: store.snapshot.categories.filter((c) => c.parent_id === null).map(treeOf),
          brands: store.snapshot.brands.filter((b) => b.is_top).map(brandSummary),
          links: MENU_LINKS,
        };
        return okJson(JSON.stringify(menu));
      });
      return sendJson(reply, json);
    },
  );
}

async function offerRoutes(root: FastifyInstance, { db, store, content: cache }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  // SPEC §7: the offers page, bank offers, partner offers and the coupon list also have direct backend list paths,
  // as the reviews have theirs (server/api/reviews/routes.ts): a second path to the same handler, its own
  // operation in the API document.
  const OFFERS_DIRECT = '/api/offers/p/v1';
  const get = <Q extends z.ZodType = z.ZodUnknown>(
    path: string,
    build: (content: Content, query: z.infer<Q>) => unknown,
    options: RouteDoc & { preview?: boolean; response?: z.ZodType; querystring?: Q; direct?: string },
  ) => {
    register(path, build, options);
    if (options.direct)
      register(`${OFFERS_DIRECT}/${options.direct}`, build, {
        ...options,
        summary: `${options.summary} (direct list path)`,
        operationId: `${options.operationId}Direct`,
      });
  };
  const register = <Q extends z.ZodType = z.ZodUnknown>(
    path: string,
    build: (content: Content, query: z.infer<Q>) => unknown,
    options: RouteDoc & { preview?: boolean; response?: z.ZodType; querystring?: Q },
  ) =>
    app.get(
      path,
      {
        schema: {
          summary: options.summary,
          operationId: options.operationId,
          ...(options.querystring ? { querystring: options.querystring } : {}),
          ...(options.response ? { response: { 200: options.response } } : {}),
        },
        // A preview is for staff: refused before Fastify validates the query (docs/decisions/025).
        ...(options.preview ? { onRequest: async (req: FastifyRequest) => requirePreview(db, req) } : {}),
      },
      async (req) => {
        await store.ready();
        const content = await cache.get();
        // Fastify validated the query with `options.querystring`; TypeScript cannot follow the generic schema.
        return ok(build(content, req.query as z.infer<Q>));
      },
    );
  const kind = (k: string) => (x: { kind: string }) => x.kind === k;

  get('/api/offers/limited-offer', (c) => promotionsOf(store, c, kind('limited'), 'limited_offer'), {
    summary: 'Limited-time offers',
    operationId: 'listLimitedOffers',
    response: PromotionsResponse,
  });
  get(
    '/api/offers/brand-of-week',
    (c) => {
      const promotions = promotionsOf(store, c, kind('brand_of_week'), 'brand_of_week');
      const brandId = promotions[0]?.brand?.id;
      return { promotions, products: brandId ? hitsOf(popularProducts(store, (p) => p.brand.id === brandId, 8)) : [] };
    },
    { summary: 'The brand of the week', operationId: 'getBrandOfWeek', response: PromotedProductsResponse },
  );
  get('/api/offers/budget-buy', (c) => promotionsOf(store, c, kind('budget_buy'), 'budget_buys'), {
    summary: 'Budget buys',
    operationId: 'listBudgetBuys',
    response: PromotionsResponse,
  });
  get('/api/offers/freebie-offer', (c) => freebieOffers(store, c), {
    summary: 'Free-gift offers',
    operationId: 'listFreebieOffers',
    response: FreebieOffersResponse,
  });
  get('/api/offers/coupon-offer', (c) => offersPage(store, c).coupons, {
    summary: 'Coupon offers',
    operationId: 'listCouponOffers',
    response: CouponOffersResponse,
    direct: 'coupon-list',
  });
  get('/api/offers/bank-offer', (c) => offersPage(store, c).bank_offers, {
    summary: 'Bank offers',
    operationId: 'listBankOffers',
    response: BankOffersResponse,
    direct: 'bank-offer',
  });
  get('/api/offers/partner-offer', (c) => promotionsOf(store, c, kind('partner'), 'partner_offer'), {
    summary: 'Partner offers',
    operationId: 'listPartnerOffers',
    response: PromotionsResponse,
    direct: 'partner-offer',
  });
  get(
    '/api/offers/clearance-offer',
    (c) => ({
      promotions: promotionsOf(store, c, kind('clearance'), 'clearance_offer'),
      products: discounted(store, () => true, 30, 12),
    }),
    { summary: 'Clearance offers', operationId: 'listClearanceOffers', response: PromotedProductsResponse },
  );
  get(
    '/api/offers/banner-data',
    (c) => {
      const page = homeSections(store, c);
      return {
        banner_web: page.banner_web,
        banner_mobile: page.banner_mobile,
        carousel_web: page.carousel_web,
        carousel_mobile: page.carousel_mobile,
        mini_banners: page.mini_banners,
      };
    },
    { summary: 'Banners of the offers page', operationId: 'getOfferBanners', response: BannerDataResponse },
  );
  get('/api/offers/offer-data', (c) => offersPage(store, c), {
    summary: 'The offers page',
    operationId: 'getOfferPage',
    response: OffersPageResponse,
    direct: 'offer-page',
  });
  get('/api/offers/offer-data-preview', (c, { id }) => ({ ...offersPage(store, c, true), preview_id: id ?? null }), {
    preview: true,
    querystring: PreviewRequest,
    summary: 'Staff preview of an unpublished offers page',
    operationId: 'previewOfferPage',
    response: OffersPageResponse,
  });

  get('/api/sale/get-deals-on-favourite', () => discounted(store, (p) => p.is_bestseller, 1, 12), {
    summary: 'Deals on favourite products',
    operationId: 'listDealsOnFavourites',
    response: ProductHitsResponse,
  });
  get('/api/sale/get-brands-on-offer', () => store.derive('brands-on-offer', () => brandsOnOffer(store)), {
    summary: 'Brands with offers',
    operationId: 'listBrandsOnOffer',
    response: BrandsOnOfferResponse,
  });
  get('/api/sale/get-bank-offer', (c) => offersPage(store, c).bank_offers, {
    summary: 'Bank offers of the sale page',
    operationId: 'listSaleBankOffers',
    response: BankOffersResponse,
  });
  get('/api/sale/get-sale-page-data', (c, { slug }) => salePage(store, c, slug), {
    querystring: SaleSlugRequest,
    summary: 'A sale page by its slug',
    operationId: 'getSalePage',
    response: SalePageResponse,
  });
  get('/api/sale/get-preview-salepage-data', (c, { slug, id }) => ({ ...salePage(store, c, slug, true), preview_id: id ?? null }), {
    preview: true,
    querystring: SalePreviewRequest,
    summary: 'Staff preview of an unpublished sale page',
    operationId: 'previewSalePage',
    response: SalePageResponse,
  });

  get('/api/home/home-page-info', (c, { orderId }) => ({ ...homeSections(store, c), order_id: orderId ?? null }), {
    querystring: HomeRequest,
    summary: "The home page's sections",
    operationId: 'getHomePage',
    response: HomeResponse,
  });
  get('/api/home/home-page-preview-info', (c, { id }) => ({ ...homeSections(store, c, true), preview_id: id ?? null }), {
    preview: true,
    querystring: PreviewRequest,
    summary: 'Staff preview of an unpublished home page',
    operationId: 'previewHomePage',
    response: HomePreviewResponse,
  });
}

async function seoRoutes(root: FastifyInstance, { store }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/seo/page-seo-meta',
    {
      schema: {
        response: { 200: SeoMetaResponse },
        summary: "A page's title, description and canonical address",
        operationId: 'getPageSeoMeta',
        querystring: SeoRequest,
      },
    },
    async (req) => {
      const { url } = req.query;
      await store.ready();
      // Read as a path on this site (`//a>` is a path, not a host to parse); what cannot be read is the client's error.
      const parsed = readTarget(url);
      if (!parsed) throw new BadRequest('url: a path starting with /');
      // Every module's resolver (catalogue, importers, …), as the server HTML uses them; else the route's default.
      const meta = await pageMeta(app.metaResolvers, parsed, app.routeFacts(parsed.pathname), '');
      return ok({ title: meta.title, description: meta.description, noindex: Boolean(meta.noindex), canonical: parsed.pathname });
    },
  );
}

async function catalogueImageRoutes(root: FastifyInstance, { store, content }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  // Brand, category and banner tiles change with the catalogue, so they are kept an hour, not for ever.
  const send = (reply: FastifyReply, file: { format: DrawnFormat; density: Density }, svg: string | null) =>
    sendDrawn(reply, { svg, format: file.format, density: file.density, cacheControl: 'public, max-age=3600' });
  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain').send('Not found');

  app.get<{ Params: { file: string } }>(
    '/images/brand/:file',
    { schema: { summary: 'A brand logo', operationId: 'getBrandImage' } },
    async (req, reply) => {
      await store.ready();
      const file = drawnFile(req.params.file);
      if (!file) return notFound(reply);
      const b = store.snapshot.brandsById.get(file.id);
      return send(reply, file, b ? tile({ title: b.name, subtitle: b.country, hue: hueOf(b.name), width: 240, height: 240 }) : null);
    },
  );

  app.get<{ Params: { file: string } }>(
    '/images/category/:file',
    { schema: { summary: 'A category image', operationId: 'getCategoryImage' } },
    async (req, reply) => {
      await store.ready();
      const file = drawnFile(req.params.file);
      if (!file) return notFound(reply);
      const c = store.snapshot.categoriesById.get(file.id);
      return send(reply, file, c ? tile({ title: c.name, subtitle: 'Shop now', hue: hueOf(c.slug), width: 240, height: 240 }) : null);
    },
  );

  app.get<{ Params: { file: string } }>(
    '/images/banner/:file',
    { schema: { summary: 'A banner image', operationId: 'getBannerImage' } },
    async (req, reply) => {
      const file = drawnFile(req.params.file);
      if (!file) return notFound(reply);
      const o = (await content.get()).offers.find((x) => x.id === file.id);
      if (!o) return notFound(reply);
      const [width, height] = bannerSize(o.kind);
      return send(reply, file, tile({ title: o.title.replace(/-/g, ' '), subtitle: o.description, hue: o.image_hue, width, height }));
    },
  );
}

/** Registers every catalogue route. */
export async function catalogueRoutes(root: FastifyInstance, ctx: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  await listingRoutes(app, ctx);
  await productRoutes(app, ctx);
  await brandRoutes(app, ctx);
  await offerRoutes(app, ctx);
  await seoRoutes(app, ctx);
  await catalogueImageRoutes(app, ctx);
}
