import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import type { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { reachesDiscount } from '../../../schemas/money.ts';
import {
  type BreadcrumbItem,
  ListingLookupRequest,
  ListingRequest,
  SearchRequest,
  SuggestionRequest,
  SuggestionsResponse,
  BrandDetailResponse,
  CategoryDetailResponse,
  BrandGroupsResponse,
  BrandListResponse,
  CategoryListResponse,
  Top10Response,
  ListingResponse,
  ProductHitsResponse,
} from '../../../schemas/catalogue.ts';
import type { RouteDoc } from '../../http/docs.ts';
import { BadRequest } from '../../http/errors.ts';
import type { BaseFilter, SearchQuery } from '../../search/index.ts';
import {
  BRANDS_CRUMB,
  brandSummary,
  type CatalogueContext,
  categoryCrumbs,
  categorySummary,
  findBrand,
  findCategory,
  hitsOf,
  HOME_CRUMB,
  okJson,
  popularProducts,
  sendJson,
  promotionsOf,
  SALE_DISCOUNT,
  listingResponse,
  providerListingResponse,
  suggestions,
  toQuery,
} from '../../modules/catalogue/index.ts';

// Listings, search and suggestions (SPEC §7 catalogue, listing and search calls), answered by the built-in engine
// or the search provider (server/modules/catalogue/listing.ts).

export async function listingRoutes(root: FastifyInstance, { store, content: contentCache, search }: CatalogueContext) {
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
