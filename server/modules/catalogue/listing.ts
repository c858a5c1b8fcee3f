import { createHash, randomBytes } from 'node:crypto';
import type { SaleType, SearchRequest } from '../../../schemas/catalogue.ts';
import type { BaseFilter, CatalogueStore, Filters, ProviderOutcome, SearchOutcome, SearchQuery } from '../../search/index.ts';
import { okJsonParts } from './context.ts';

// Listings (/api/listing/*) and search (/api/search/*). Every listing is a search with a fixed base filter
// (the brand of a brand page, the category of a category page...), so filters, facets and sorts behave the same
// everywhere. Answers are cached as JSON text until the catalogue changes.

type ListingParams = Pick<SearchRequest, 'q' | 'sortby' | 'pn' | 'per_page'> & Filters;

export const SALE_DISCOUNT: Record<SaleType, number> = { sale: 1, clearance: 30 };

export function toQuery(p: ListingParams, base?: BaseFilter): SearchQuery {
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

/**
 * A search's query id, as the search insights service asks (32 hex, returned by the search: docs/decisions/016).
 * It names the result list a shopper saw: the same search on the same catalogue gives the same list, so it gives
 * the same id, and the answer stays cacheable; a catalogue change or another instance makes a new one.
 */
export function searchQueryId(store: CatalogueStore, key: string): string {
  return createHash('sha256').update(`${QUERY_ID_SALT}|${store.version}|${key}`).digest('hex').slice(0, 32);
}
/** Per process, so one instance's ids do not name another's result lists. */
const QUERY_ID_SALT = randomBytes(8).toString('hex');

/** One listing answer as JSON bytes: the outcome's hits are spliced in from the per-variant cache. */
function serialise(store: CatalogueStore, query: SearchQuery, out: SearchOutcome, queryId: string | undefined): Buffer {
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
  // Only a search (a term typed) has a query id: a listing page is not a search for the insights service.
  const id = query.q && queryId ? `"queryID":"${queryId}",` : '';
  return okJsonParts([
    Buffer.from(`{${id}"results":${JSON.stringify(results)},"hits":[`),
    ...hits,
    Buffer.from(
      `],"totalHits":${out.totalHits},"nbHits":${out.nbHits},"active_filters":${JSON.stringify(out.activeFilters)},"active_price":${JSON.stringify(out.activePrice)}}`,
    ),
  ]);
}

const listingKey = (query: SearchQuery) => `listing|${JSON.stringify(query)}`;

/**
 * The whole product-search-listing response of the built-in engine, JSON bytes. Once cached, the answer is also
 * found by `address`, the request's path and query (CatalogueStore.answerAt).
 */
export function listingResponse(store: CatalogueStore, query: SearchQuery, address?: string): Buffer {
  const key = listingKey(query);
  return store.cachedJson(key, () => serialise(store, query, store.index.search(query), searchQueryId(store, key)), address);
}

/**
 * The same response from another provider's outcome (docs/decisions/026), not cached: the provider's query id
 * names one search event. A provider without one gets the id the built-in engine would give.
 */
export function providerListingResponse(store: CatalogueStore, query: SearchQuery, out: ProviderOutcome): Buffer {
  return serialise(store, query, out, out.queryID ?? searchQueryId(store, listingKey(query)));
}

export { builtinSuggestions as suggestions } from '../../search/index.ts';
