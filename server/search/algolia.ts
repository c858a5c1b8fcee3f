import {
  type ActiveFilter,
  type Facet,
  type FacetName,
  type FacetValue,
  facetSlug,
  PRICE_BUCKETS,
  productUrl,
  type SortBy,
  sizeRank,
  type Suggestions,
} from '../../schemas/catalogue.ts';
import { productImage } from '../../schemas/images.ts';
import type { SearchConfig } from './config.ts';
import type { Filters, SearchQuery } from './engine.ts';
import type { ProviderOutcome, SearchProvider } from './provider.ts';
import type { VariantRec } from './snapshot.ts';
import type { CatalogueStore } from './store.ts';

// The Algolia REST adapter (docs/decisions/026). Our listing request becomes one multi-query call
// (POST /1/indexes/*/queries): the page of products on the index of the sort asked for (one replica per sort,
// SPEC §3), the variant count, and one query per refined facet group for its counts as if that group were not
// refined (the "disjunctive" counts the built-in engine gives). Algolia's answer names records by objectID (a
// variant id); the hits shown are this instance's own records of those variants, so prices and stock are the
// store's, never a copy the provider was last sent.

export interface AlgoliaSettings {
  appId: string;
  searchKey: string;
  writeKey?: string;
  /** One origin for every call (tests, a proxy); else Algolia's hosts for the application. */
  host?: string;
  prefix: string;
  timeoutMs: number;
}

export function algoliaSettings(c: SearchConfig): AlgoliaSettings {
  return {
    appId: c.ALGOLIA_APP_ID ?? '',
    searchKey: c.ALGOLIA_SEARCH_KEY ?? '',
    writeKey: c.ALGOLIA_WRITE_KEY,
    host: c.ALGOLIA_HOST,
    prefix: c.ALGOLIA_INDEX_PREFIX,
    timeoutMs: c.ALGOLIA_TIMEOUT_MS,
  };
}

/** The index names: the variant index with one standard replica per sort (SPEC §3), categories and brands. */
export function indexNames(prefix: string) {
  const variants = `${prefix}_variants`;
  const replicas: Record<Exclude<SortBy, 'relevance'>, string> = {
    price_asc: `${variants}_price_asc`,
    price_desc: `${variants}_price_desc`,
    rating_desc: `${variants}_rating_desc`,
    discount_desc: `${variants}_discount_desc`,
    recent: `${variants}_recent`,
  };
  return { variants, replicas, categories: `${prefix}_categories`, brands: `${prefix}_brands` };
}

export const variantIndexFor = (prefix: string, sortby: SortBy): string => {
  const names = indexNames(prefix);
  return sortby === 'relevance' ? names.variants : names.replicas[sortby];
};

export class AlgoliaError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AlgoliaError';
  }
}

/** The REST calls, with the application's headers and a deadline. */
export class AlgoliaClient {
  constructor(private readonly s: AlgoliaSettings) {}

  private origin(write: boolean): string {
    if (this.s.host) return this.s.host.replace(/\/+$/, '');
    const app = this.s.appId.toLowerCase();
    return write ? `https://${app}.algolia.net` : `https://${app}-dsn.algolia.net`;
  }

  async request<T>(method: 'POST' | 'PUT', path: string, body: unknown, options: { write?: boolean; timeoutMs?: number } = {}): Promise<T> {
    const key = options.write ? this.s.writeKey : this.s.searchKey;
    if (!key) throw new AlgoliaError(options.write ? 'ALGOLIA_WRITE_KEY is not set' : 'ALGOLIA_SEARCH_KEY is not set');
    let res: Response;
    try {
      res = await fetch(`${this.origin(Boolean(options.write))}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-algolia-application-id': this.s.appId,
          'x-algolia-api-key': key,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? this.s.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new AlgoliaError(
        timedOut ? `Algolia ${path}: no answer in ${options.timeoutMs ?? this.s.timeoutMs} ms` : `Algolia ${path}: ${String(err)}`,
      );
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AlgoliaError(`Algolia ${path}: ${res.status}, not JSON`, res.status);
    }
    if (!res.ok) {
      const message = typeof json === 'object' && json && 'message' in json ? String((json as { message: unknown }).message) : '';
      throw new AlgoliaError(`Algolia ${path}: ${res.status} ${message}`.trim(), res.status);
    }
    return json as T;
  }
}

// ---- the listing -------------------------------------------------------------------------------------------

/** The record attribute each facet of the listing counts on. */
export const FACET_ATTRIBUTE: Record<FacetName, string> = {
  brand: 'brand',
  category: 'category',
  flavour: 'flavour',
  weight: 'weight',
  price: 'price_bucket',
  food_type: 'food_type',
  availability: 'in_stock',
};

interface Refinement {
  group: FacetName;
  facetFilters?: string[];
  numericFilters?: string[];
}

/** The facet filters of a listing request, one group each: OR within a group, AND between groups. */
function refinements(f: Filters): Refinement[] {
  const out: Refinement[] = [];
  const list = (group: FacetName, attribute: string, values?: string[]) => {
    if (values?.length) out.push({ group, facetFilters: values.map((v) => `${attribute}:${v}`) });
  };
  list('brand', 'brand', f.brand);
  // A category filter takes its whole subtree: every record carries the slugs of its category's path.
  list('category', 'category_path', f.category);
  list('flavour', 'flavour', f.flavour);
  list('weight', 'weight', f.weight);
  const price: string[] = [];
  if (f.price_min !== undefined) price.push(`sale_price>=${f.price_min}`);
  if (f.price_max !== undefined) price.push(`sale_price<=${f.price_max}`);
  if (price.length) out.push({ group: 'price', numericFilters: price });
  list('food_type', 'food_type', f.food_type);
  if (f.availability === 'in_stock') out.push({ group: 'availability', facetFilters: ['in_stock:true'] });
  return out;
}

/** The listing page's own constraint (the brand of a brand page, a sale's discount...), as numeric filters. */
function baseFilters(query: SearchQuery): string[] {
  const b = query.base;
  const out: string[] = [];
  if (!b) return out;
  if (b.brandId !== undefined) out.push(`brand_id=${b.brandId}`);
  if (b.categoryId !== undefined) out.push(`category_ids=${b.categoryId}`);
  if (b.bestseller) out.push('bestseller=1');
  if (b.minDiscount) out.push(`percent_off>=${b.minDiscount}`);
  return out;
}

/** Search parameters with every refinement but `except`'s group. */
function filtered(query: SearchQuery, except?: FacetName): Record<string, unknown> {
  const facetFilters: Array<string[]> = [];
  const numericFilters: string[] = baseFilters(query);
  for (const r of refinements(query.filters)) {
    if (r.group === except) continue;
    if (r.facetFilters) facetFilters.push(r.facetFilters);
    if (r.numericFilters) numericFilters.push(...r.numericFilters);
  }
  return {
    query: query.q,
    ...(facetFilters.length ? { facetFilters } : {}),
    ...(numericFilters.length ? { numericFilters } : {}),
  };
}

const ALL_FACETS = [...Object.values(FACET_ATTRIBUTE), 'sale_price'];

export interface MultiQueryRequest {
  indexName: string;
  [param: string]: unknown;
}

/** The multi-query of a listing: [page, variant count, one per refined group]. */
export function listingRequests(prefix: string, query: SearchQuery): { requests: MultiQueryRequest[]; disjunctive: FacetName[] } {
  const indexName = variantIndexFor(prefix, query.sortby);
  const page: MultiQueryRequest = {
    indexName,
    ...filtered(query),
    page: query.page - 1,
    hitsPerPage: query.perPage,
    // One hit per product (its best variant) and facet counts of products, as the built-in engine counts.
    distinct: true,
    facetingAfterDistinct: true,
    facets: ALL_FACETS,
    maxValuesPerFacet: 1000,
    attributesToRetrieve: ['objectID'],
    attributesToHighlight: [],
    attributesToSnippet: [],
    // A query id only for a search: a listing page is not a search for the insights service (docs/decisions/016).
    clickAnalytics: query.q.length > 0,
    ...(query.q ? { removeWordsIfNoResults: 'allOptional' } : {}),
  };
  const variantCount: MultiQueryRequest = {
    indexName,
    ...filtered(query),
    hitsPerPage: 0,
    distinct: false,
    analytics: false,
    ...(query.q ? { removeWordsIfNoResults: 'allOptional' } : {}),
  };
  const disjunctive = [...new Set(refinements(query.filters).map((r) => r.group))];
  const perGroup = disjunctive.map(
    (group): MultiQueryRequest => ({
      indexName,
      ...filtered(query, group),
      hitsPerPage: 0,
      distinct: true,
      facetingAfterDistinct: true,
      facets: group === 'price' ? [FACET_ATTRIBUTE.price, 'sale_price'] : [FACET_ATTRIBUTE[group]],
      maxValuesPerFacet: 1000,
      analytics: false,
      ...(query.q ? { removeWordsIfNoResults: 'allOptional' } : {}),
    }),
  );
  return { requests: [page, variantCount, ...perGroup], disjunctive };
}

/** What the adapter reads of one result of a multi-query. */
export interface AlgoliaResult {
  hits: Array<{ objectID: string }>;
  nbHits: number;
  nbPages?: number;
  page?: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, { min: number; max: number }>;
  queryID?: string;
  query?: string;
  queryAfterRemoval?: string;
}

function readResults(body: unknown, expected: number): AlgoliaResult[] {
  const results = (body as { results?: unknown })?.results;
  if (!Array.isArray(results) || results.length !== expected)
    throw new AlgoliaError(`Algolia answered ${Array.isArray(results) ? results.length : 'no'} results for ${expected} queries`);
  for (const r of results) {
    if (!r || typeof r !== 'object' || !Array.isArray((r as AlgoliaResult).hits) || typeof (r as AlgoliaResult).nbHits !== 'number')
      throw new AlgoliaError('Algolia answered a result without hits or nbHits');
  }
  return results as AlgoliaResult[];
}

/** Facet value labels the records' slugs stand for (flavours and weights are slugs of their labels). */
function labels(store: CatalogueStore): { flavour: Map<string, string>; weight: Map<string, string> } {
  return store.derive('algolia-facet-labels', () => {
    const flavour = new Map<string, string>();
    const weight = new Map<string, string>();
    for (const v of store.snapshot.variantsById.values()) {
      if (v.flavour) flavour.set(facetSlug(v.flavour), v.flavour);
      if (v.weight) weight.set(facetSlug(v.weight), v.weight);
    }
    return { flavour, weight };
  });
}

/** A facet value's label; undefined for a brand, category, flavour or weight this catalogue no longer has. */
function knownLabel(store: CatalogueStore, facet: FacetName, value: string): string | undefined {
  const snap = store.snapshot;
  switch (facet) {
    case 'brand':
      return snap.brandsBySlug.get(value)?.name;
    case 'category':
      return snap.categoriesBySlug.get(value)?.name;
    case 'flavour':
      return labels(store).flavour.get(value);
    case 'weight':
      return labels(store).weight.get(value);
    case 'price':
      return PRICE_BUCKETS.find((b) => b.value === value)?.label ?? value;
    case 'food_type':
      return value === 'veg' ? 'Veg' : value === 'non-veg' ? 'Non-Veg' : value;
    case 'availability':
      return 'In stock';
  }
}

const labelOf = (store: CatalogueStore, facet: FacetName, value: string): string => knownLabel(store, facet, value) ?? value;

const FACET_LABEL: Record<FacetName, string> = {
  brand: 'Brand',
  category: 'Category',
  flavour: 'Flavour',
  weight: 'Weight',
  price: 'Price',
  food_type: 'Veg / Non-Veg',
  availability: 'Availability',
};

/** The facet lists in the built-in engine's order and shape (server/search/facets.ts). */
function facetsOf(store: CatalogueStore, query: SearchQuery, countsOf: (facet: FacetName) => Record<string, number>): Facet[] {
  const f = query.filters;
  const selected: Record<FacetName, string[]> = {
    brand: f.brand ?? [],
    category: f.category ?? [],
    flavour: f.flavour ?? [],
    weight: f.weight ?? [],
    price: PRICE_BUCKETS.filter((b) => f.price_min === b.min && (f.price_max ?? null) === b.max).map((b) => b.value),
    food_type: f.food_type ?? [],
    availability: f.availability ? ['in_stock'] : [],
  };
  return (Object.keys(FACET_ATTRIBUTE) as FacetName[]).map((name) => {
    const counts = countsOf(name);
    let values: FacetValue[];
    if (name === 'availability') {
      const count = counts.true ?? 0;
      values = count > 0 || selected.availability.length ? [{ value: 'in_stock', label: 'In stock', count }] : [];
    } else if (name === 'price' || name === 'food_type') {
      const given = name === 'price' ? PRICE_BUCKETS.map((b) => b.value) : ['veg', 'non-veg'];
      values = given
        .map((value) => ({ value, label: labelOf(store, name, value), count: counts[value] ?? 0 }))
        .filter((v) => v.count > 0 || selected[name].includes(v.value));
    } else {
      // A value only a stale record still has (a brand gone from the catalogue) is not offered as a filter.
      const keys = [...new Set([...Object.keys(counts), ...selected[name]])].filter(
        (value) => selected[name].includes(value) || knownLabel(store, name, value) !== undefined,
      );
      values = keys
        .map((value) => ({ value, label: labelOf(store, name, value), count: counts[value] ?? 0 }))
        .filter((v) => v.count > 0 || selected[name].includes(v.value));
      if (name === 'weight') values.sort((a, b) => sizeRank(a.label) - sizeRank(b.label) || a.label.localeCompare(b.label));
      else values.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    }
    return { name, label: FACET_LABEL[name], values };
  });
}

function activeFiltersOf(store: CatalogueStore, f: Filters): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  for (const facet of ['brand', 'category', 'flavour', 'weight', 'food_type'] as const)
    for (const value of f[facet] ?? []) out.push({ facet, value, label: labelOf(store, facet, value) });
  if (f.availability) out.push({ facet: 'availability', value: 'in_stock', label: 'In stock' });
  return out;
}

const QUERY_ID = /^[0-9a-f]{32}$/;

/** Algolia's answers to a listing's multi-query, in the built-in engine's terms. */
export function listingOutcome(
  store: CatalogueStore,
  query: SearchQuery,
  results: AlgoliaResult[],
  disjunctive: FacetName[],
): ProviderOutcome {
  const [page, variantCount] = results as [AlgoliaResult, AlgoliaResult];
  const byGroup = new Map(disjunctive.map((g, i) => [g, results[2 + i] as AlgoliaResult]));
  const variants = store.snapshot.variantsById;
  const hits: VariantRec[] = [];
  for (const h of page.hits) {
    // A record of a variant this instance no longer shows is left out rather than shown stale.
    const v = variants.get(Number(h.objectID));
    if (v) hits.push(v);
  }
  const countsOf = (facet: FacetName) => (byGroup.get(facet) ?? page).facets?.[FACET_ATTRIBUTE[facet]] ?? {};
  // The price range is that of the products matching every filter but the price range, as the engine gives it.
  const stats = (byGroup.get('price') ?? page).facets_stats?.sale_price;
  const f = query.filters;
  const partial = Boolean(query.q && page.queryAfterRemoval && page.queryAfterRemoval !== page.query);
  return {
    hits,
    nbHits: page.nbHits,
    totalHits: variantCount.nbHits,
    page: query.page,
    nbPages: page.nbPages ?? Math.ceil(page.nbHits / query.perPage),
    facets: facetsOf(store, query, countsOf),
    activeFilters: activeFiltersOf(store, f),
    activePrice: {
      min: f.price_min ?? null,
      max: f.price_max ?? null,
      range_min: stats ? Math.round(stats.min) : null,
      range_max: stats ? Math.round(stats.max) : null,
    },
    partial,
    ...(query.q && page.queryID && QUERY_ID.test(page.queryID) ? { queryID: page.queryID } : {}),
  };
}

// ---- suggestions -------------------------------------------------------------------------------------------

export function suggestRequests(prefix: string, q: string): MultiQueryRequest[] {
  const names = indexNames(prefix);
  const common = { query: q, attributesToRetrieve: ['objectID'], attributesToHighlight: [], attributesToSnippet: [] };
  return [
    { indexName: names.variants, ...common, hitsPerPage: 6, distinct: true, clickAnalytics: false },
    { indexName: names.brands, ...common, hitsPerPage: 4 },
    { indexName: names.categories, ...common, hitsPerPage: 4 },
  ];
}

export function suggestionsOf(store: CatalogueStore, q: string, results: AlgoliaResult[]): Suggestions {
  const [products, brands, categories] = results as [AlgoliaResult, AlgoliaResult, AlgoliaResult];
  const snap = store.snapshot;
  const ids = (r: AlgoliaResult) => r.hits.map((h) => Number(h.objectID));
  return {
    query: q,
    products: ids(products).flatMap((id) => {
      const v = snap.variantsById.get(id);
      if (!v) return [];
      const p = v.product;
      return [
        {
          pid: p.id,
          vid: v.id,
          name: p.name,
          url: productUrl(p.slug, p.id, v.id),
          thumbnail_image: productImage(v.id),
          sale_price: v.sale_price,
        },
      ];
    }),
    brands: ids(brands).flatMap((id) => {
      const b = snap.brandsById.get(id);
      return b ? [{ id: b.id, name: b.name, slug: b.slug, url: `/brand/${b.slug}` }] : [];
    }),
    categories: ids(categories).flatMap((id) => {
      const c = snap.categoriesById.get(id);
      return c ? [{ id: c.id, name: c.name, slug: c.slug, url: `/product-category/${c.slug}` }] : [];
    }),
  };
}

// ---- the provider ------------------------------------------------------------------------------------------

export function algoliaProvider(settings: AlgoliaSettings): SearchProvider {
  const client = new AlgoliaClient(settings);
  const multi = async (requests: MultiQueryRequest[]) =>
    readResults(await client.request('POST', '/1/indexes/*/queries', { requests, strategy: 'none' }), requests.length);
  return {
    name: 'algolia',
    async search(store, query) {
      const { requests, disjunctive } = listingRequests(settings.prefix, query);
      return listingOutcome(store, query, await multi(requests), disjunctive);
    },
    async suggest(store, q) {
      const query = q.trim();
      if (!query) return { query, products: [], brands: [], categories: [] };
      return suggestionsOf(store, query, await multi(suggestRequests(settings.prefix, query)));
    },
  };
}
