import type { FastifyInstance } from 'fastify';
import { reachesDiscount } from '../../../schemas/money.ts';
import {
  type BreadcrumbItem,
  ListingLookupRequest,
  ListingRequest,
  productUrl,
  type SaleType,
  SearchRequest,
  SuggestionRequest,
  type Suggestions,
} from '../../../schemas/catalogue.ts';
import { BadRequest } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import type { BaseFilter, CatalogueStore, Filters, SearchQuery } from '../../search/index.ts';
import { imageOf } from '../../search/index.ts';
import {
  BRANDS_CRUMB,
  brandSummary,
  type CatalogueContext,
  categoryCrumbs,
  categorySummary,
  findBrand,
  findCategory,
  HOME_CRUMB,
  hitsOf,
  okJson,
  okJsonParts,
  popularProducts,
  sendJson,
} from './context.ts';
import { promotionsOf } from './promotions.ts';

// Listings (/api/listing/*) and search (/api/search/*). Every listing is a search with a fixed base filter
// (the brand of a brand page, the category of a category page...), so filters, facets and sorts behave the same
// everywhere. Answers are cached as JSON text until the catalogue changes.

type ListingParams = Pick<SearchRequest, 'q' | 'sortby' | 'pn' | 'per_page'> & Filters;

const SALE_DISCOUNT: Record<SaleType, number> = { sale: 1, clearance: 30 };

function toQuery(p: ListingParams, base?: BaseFilter): SearchQuery {
  const sorted = (v?: string[]) => (v?.length ? [...new Set(v)].sort() : undefined);
  return {
    q: p.q.trim(),
    sortby: p.sortby,
    page: p.pn,
    perPage: p.per_page,
    filters: {
      brand: sorted(p.brand),
      category: sorted(p.category),
      flavour: sorted(p.flavour),
      weight: sorted(p.weight),
      food_type: sorted(p.food_type),
      availability: p.availability,
      price_min: p.price_min,
      price_max: p.price_max,
    },
    base,
  };
}

const COMMA = Buffer.from(',');

/** The whole product-search-listing response, JSON bytes (hits are spliced in from the per-variant cache). */
export function listingResponse(store: CatalogueStore, query: SearchQuery): Buffer {
  const key = `listing|${JSON.stringify(query)}`;
  return store.cachedJson(key, () => {
    const out = store.index.search(query);
    const results = {
      query: query.q,
      sortby: query.sortby,
      page: out.page,
      nbPages: out.nbPages,
      hitsPerPage: query.perPage,
      facets: out.facets,
      partial_match: out.partial,
    };
    const hits: Buffer[] = [];
    for (const v of out.hits) {
      if (hits.length) hits.push(COMMA);
      hits.push(store.hitJsonOf(v));
    }
    return okJsonParts([
      Buffer.from(`{"results":${JSON.stringify(results)},"hits":[`),
      ...hits,
      Buffer.from(
        `],"totalHits":${out.totalHits},"nbHits":${out.nbHits},"active_filters":${JSON.stringify(out.activeFilters)},"active_price":${JSON.stringify(out.activePrice)}}`,
      ),
    ]);
  });
}

export async function listingRoutes(app: FastifyInstance, { store, content: contentCache }: CatalogueContext) {
  const listing = (path: string, base: (q: ListingRequest) => BaseFilter) =>
    app.get(path, { schema: { querystring: ListingRequest } }, async (req, reply) => {
      const q = parse(ListingRequest, req.query);
      await store.ready();
      const b = base(q);
      if (q.saleType) b.minDiscount = SALE_DISCOUNT[q.saleType];
      return sendJson(reply, listingResponse(store, toQuery(q, b)));
    });
  const needsKey = (q: { id?: number; slug?: string }, what: string) => {
    if (q.id === undefined && !q.slug) throw new BadRequest(`Pass the ${what}'s id or slug.`);
    return q;
  };

  listing('/api/listing/brand', (q) => ({ brandId: findBrand(store, needsKey(q, 'brand')).id }));
  listing('/api/listing/category', (q) => ({ categoryId: findCategory(store, needsKey(q, 'category')).id }));
  listing('/api/listing/shop', () => ({}));
  // SPEC §2: the bestseller breadcrumb leads to /bestseller/sports-nutrition/, the default bestseller page.
  listing('/api/listing/bestseller', (q) => ({
    categoryId: findCategory(store, q.id === undefined && !q.slug ? { slug: 'sports-nutrition' } : q).id,
    bestseller: true,
  }));

  app.get('/api/search/product-search-listing', { schema: { querystring: SearchRequest } }, async (req, reply) => {
    const q = parse(SearchRequest, req.query);
    await store.ready();
    return sendJson(reply, listingResponse(store, toQuery(q)));
  });

  app.get('/api/search/search-suggestion-list', { schema: { querystring: SuggestionRequest } }, async (req, reply) => {
    const { q } = parse(SuggestionRequest, req.query);
    await store.ready();
    return sendJson(
      reply,
      store.cachedJson(`suggest|${q.trim().toLowerCase()}`, () => okJson(JSON.stringify(suggestions(store, q)))),
    );
  });

  app.get('/api/listing/brand-detail', { schema: { querystring: ListingLookupRequest } }, async (req) => {
    const q = parse(ListingLookupRequest, req.query);
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
    return {
      status: 1,
      message: 'Success',
      data: {
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
      },
    };
  });

  app.get('/api/listing/category-detail', { schema: { querystring: ListingLookupRequest } }, async (req) => {
    const q = parse(ListingLookupRequest, req.query);
    await store.ready();
    const c = findCategory(store, needsKey(q, 'category'));
    const content = await contentCache.get();
    return {
      status: 1,
      message: 'Success',
      data: {
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
      },
    };
  });

  app.get('/api/listing/top-brand', { schema: { querystring: ListingLookupRequest } }, async (req) => {
    parse(ListingLookupRequest, req.query);
    await store.ready();
    return { status: 1, message: 'Success', data: store.snapshot.brands.filter((b) => b.is_top).map(brandSummary) };
  });

  app.get('/api/listing/top-category', { schema: { querystring: ListingLookupRequest } }, async (req) => {
    parse(ListingLookupRequest, req.query);
    await store.ready();
    return { status: 1, message: 'Success', data: store.snapshot.categories.filter((c) => c.is_top).map(categorySummary) };
  });

  app.get('/api/listing/top-product', { schema: { querystring: ListingLookupRequest } }, async (req) => {
    const q = parse(ListingLookupRequest, req.query);
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
    return { status: 1, message: 'Success', data: hitsOf(products) };
  });

  app.get('/api/listing/store-brand-list', { schema: { querystring: ListingLookupRequest } }, async (req) => {
    parse(ListingLookupRequest, req.query);
    await store.ready();
    const groups = new Map<string, ReturnType<typeof brandSummary>[]>();
    for (const b of [...store.snapshot.brands].sort((x, y) => x.name.localeCompare(y.name))) {
      const first = b.name.charAt(0).toUpperCase();
      const letter = /[A-Z]/.test(first) ? first : '#';
      groups.set(letter, [...(groups.get(letter) ?? []), brandSummary(b)]);
    }
    return { status: 1, message: 'Success', data: [...groups].map(([letter, brands]) => ({ letter, brands })) };
  });

  app.get('/api/listing/top-10-list', { schema: { querystring: ListingLookupRequest } }, async (req) => {
    const q = parse(ListingLookupRequest, req.query);
    await store.ready();
    const cat = q.id !== undefined || q.slug ? findCategory(store, q) : null;
    const products = popularProducts(store, (p) => !cat || cat.subtree.includes(p.category.id), 10);
    return {
      status: 1,
      message: 'Success',
      data: {
        category: cat ? categorySummary(cat) : null,
        categories: store.snapshot.categories.filter((c) => c.is_top).map(categorySummary),
        products: hitsOf(products),
      },
    };
  });
}

export function suggestions(store: CatalogueStore, q: string): Suggestions {
  const query = q.trim();
  if (!query) return { query, products: [], brands: [], categories: [] };
  const out = store.index.search({ q: query, sortby: 'relevance', page: 1, perPage: 6, filters: {} });
  return {
    query,
    products: out.partial
      ? []
      : out.hits.map((v) => ({
          pid: v.product.id,
          vid: v.id,
          name: v.product.name,
          url: productUrl(v.product.slug, v.product.id, v.id),
          thumbnail_image: imageOf(v.id),
          sale_price: v.sale_price,
        })),
    brands: store.index
      .matchNames(store.snapshot.brands, query, 4)
      .map((b) => ({ id: b.id, name: b.name, slug: b.slug, url: `/brand/${b.slug}` })),
    categories: store.index
      .matchNames(store.snapshot.categories, query, 4)
      .map((c) => ({ id: c.id, name: c.name, slug: c.slug, url: `/product-category/${c.slug}` })),
  };
}
