import type { FoodType, SortBy } from '../../../schemas/catalogue.ts';
import { FOOD_TYPES, PRICE_BUCKETS, SORTS } from '../../../schemas/catalogue-rules.ts';

// Filters, sort and page of a listing or search live in the page URL (shareable; the back button walks through
// them). The URL keys are the API's own (schemas/catalogue.ts FacetFilters), so a page URL's query is the API
// query. Parsing is forgiving: a hand-edited or stale URL drops the bad parts instead of failing the page.

export const LIST_FACETS = ['brand', 'category', 'flavour', 'weight', 'food_type'] as const;
export type ListFacet = (typeof LIST_FACETS)[number];

export interface ListingFilters {
  brand: string[];
  category: string[];
  flavour: string[];
  weight: string[];
  food_type: FoodType[];
  /** SPEC §5's "availability": only products in stock. */
  inStock: boolean;
  /** Sale-price range in paise, both ends inclusive. */
  priceMin: number | null;
  priceMax: number | null;
}

export interface ListingState {
  q: string;
  sortby: SortBy;
  pn: number;
  filters: ListingFilters;
}

export const EMPTY_FILTERS: ListingFilters = {
  brand: [],
  category: [],
  flavour: [],
  weight: [],
  food_type: [],
  inStock: false,
  priceMin: null,
  priceMax: null,
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,119}$/;
const MAX_PAISE = 100_000_000;
const MAX_PAGE = 10_000;

function listOf(params: URLSearchParams, key: string): string[] {
  const out: string[] = [];
  for (const raw of params.getAll(key))
    for (const part of raw.split(',')) {
      const v = part.trim().toLowerCase();
      if (SLUG.test(v) && !out.includes(v)) out.push(v);
    }
  return out.slice(0, 50);
}

function paiseOf(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= MAX_PAISE ? n : null;
}

/** Reads a listing's state from its URL. The search page also accepts SPEC §2's `query` for the term. */
export function parseListingParams(params: URLSearchParams): ListingState {
  const sort = params.get('sortby');
  const pn = Number(params.get('pn'));
  let priceMin = paiseOf(params.get('price_min'));
  let priceMax = paiseOf(params.get('price_max'));
  // A reversed range is read the way the shopper meant it.
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  return {
    q: (params.get('q') ?? params.get('query') ?? '').trim().slice(0, 200),
    sortby: SORTS.includes(sort as SortBy) ? (sort as SortBy) : 'relevance',
    pn: Number.isInteger(pn) && pn >= 1 && pn <= MAX_PAGE ? pn : 1,
    filters: {
      brand: listOf(params, 'brand'),
      category: listOf(params, 'category'),
      flavour: listOf(params, 'flavour'),
      weight: listOf(params, 'weight'),
      food_type: listOf(params, 'food_type').filter((v): v is FoodType => (FOOD_TYPES as readonly string[]).includes(v)),
      inStock: params.get('availability') === 'in_stock',
      priceMin,
      priceMax,
    },
  };
}

/**
 * The canonical query of a state: fixed key order, sorted values, defaults left out (relevance, page 1), so one
 * listing has one URL and one cache entry.
 */
export function listingSearchParams(state: ListingState, options: { includeQuery?: boolean } = {}): URLSearchParams {
  const p = new URLSearchParams();
  if (options.includeQuery !== false && state.q) p.set('q', state.q);
  for (const facet of LIST_FACETS) {
    const values = [...state.filters[facet]].sort();
    if (values.length) p.set(facet, values.join(','));
  }
  if (state.filters.inStock) p.set('availability', 'in_stock');
  if (state.filters.priceMin !== null) p.set('price_min', String(state.filters.priceMin));
  if (state.filters.priceMax !== null) p.set('price_max', String(state.filters.priceMax));
  if (state.sortby !== 'relevance') p.set('sortby', state.sortby);
  if (state.pn > 1) p.set('pn', String(state.pn));
  return p;
}

/** Keys a listing URL owns; anything else in the URL (e.g. ?debug=events) is left alone. */
const OWN_KEYS = ['q', 'query', ...LIST_FACETS, 'availability', 'price_min', 'price_max', 'sortby', 'pn'];

/** The page URL's query after a change: the listing's keys from `state`, every other key kept as it was. */
export function withListingState(current: URLSearchParams, state: ListingState, options: { includeQuery?: boolean } = {}): URLSearchParams {
  const next = new URLSearchParams();
  for (const [k, v] of current) if (!OWN_KEYS.includes(k)) next.append(k, v);
  for (const [k, v] of listingSearchParams(state, options)) next.set(k, v);
  return next;
}

export const listingQueryString = (state: ListingState, options?: { includeQuery?: boolean }): string =>
  listingSearchParams(state, options).toString();

// ---- changes a shopper makes; each one starts again at page 1 except a page change -------------------------

export function toggleFacetValue(state: ListingState, facet: ListFacet, value: string): ListingState {
  const current = state.filters[facet] as string[];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...state, pn: 1, filters: { ...state.filters, [facet]: next } };
}

export function setInStock(state: ListingState, inStock: boolean): ListingState {
  return { ...state, pn: 1, filters: { ...state.filters, inStock } };
}

/** Sets the price range (paise); nulls clear it. */
export function setPriceRange(state: ListingState, min: number | null, max: number | null): ListingState {
  const [lo, hi] = min !== null && max !== null && min > max ? [max, min] : [min, max];
  return { ...state, pn: 1, filters: { ...state.filters, priceMin: lo, priceMax: hi } };
}

/** The price bucket of the price facet (schemas PRICE_BUCKETS) matching the current range, if any. */
export function selectedPriceBucket(filters: ListingFilters): string | null {
  const b = PRICE_BUCKETS.find((x) => x.min === filters.priceMin && x.max === filters.priceMax);
  return b ? b.value : null;
}

/** Choosing a bucket selects its range; choosing the selected one clears the range. */
export function togglePriceBucket(state: ListingState, bucket: string): ListingState {
  const b = PRICE_BUCKETS.find((x) => x.value === bucket);
  if (!b) return state;
  if (selectedPriceBucket(state.filters) === bucket) return setPriceRange(state, null, null);
  return setPriceRange(state, b.min, b.max);
}

export const setSort = (state: ListingState, sortby: SortBy): ListingState => ({ ...state, sortby, pn: 1 });
export const setPage = (state: ListingState, pn: number): ListingState => ({
  ...state,
  pn: Math.max(1, Math.min(MAX_PAGE, Math.floor(pn))),
});
/** Clears every filter; the search term and the sort stay. */
export const clearFilters = (state: ListingState): ListingState => ({ ...state, pn: 1, filters: EMPTY_FILTERS });

/** Removes one chip of the active-filters bar (`facet` as the API names it in active_filters). */
export function removeFilter(state: ListingState, facet: string, value: string): ListingState {
  if (facet === 'availability') return setInStock(state, false);
  if (facet === 'price') return setPriceRange(state, null, null);
  if ((LIST_FACETS as readonly string[]).includes(facet)) {
    const f = facet as ListFacet;
    return { ...state, pn: 1, filters: { ...state.filters, [f]: (state.filters[f] as string[]).filter((v) => v !== value) } };
  }
  return state;
}

export function hasFilters(filters: ListingFilters): boolean {
  return LIST_FACETS.some((f) => filters[f].length > 0) || filters.inStock || filters.priceMin !== null || filters.priceMax !== null;
}

/** How many filters are applied (the badge on the mobile Filters button). */
export function filterCount(filters: ListingFilters): number {
  return (
    LIST_FACETS.reduce((n, f) => n + filters[f].length, 0) +
    (filters.inStock ? 1 : 0) +
    (filters.priceMin !== null || filters.priceMax !== null ? 1 : 0)
  );
}
