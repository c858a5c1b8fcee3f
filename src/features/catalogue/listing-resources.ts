import type { ListingResult } from '../../../schemas/catalogue.ts';
import { type ResourceDef, resource } from '../../api/route-data.ts';
import { catalogueApi, type ListingEndpoint, listingApiUrl } from './api.ts';
import { listingQueryString, parseListingParams } from './listing-params.ts';

// The data of the pages built on ListingView (brand, category, shop, bestseller, search), each named once
// (src/api/route-data.ts) for the pages' hooks and their route loaders. Not in resources.ts, which the home page
// loads; and imported only by those pages, so the build keeps it in ListingView's chunk instead of making another
// chunk, whose name every first load's entry would carry in its preload map (scripts/budgets.mjs).

export const brandDetailResource = (slug: string) =>
  resource(`brand-detail:${slug}`, (signal) => catalogueApi.brandDetail(slug, { signal }));
export const categoryDetailResource = (slug: string) =>
  resource(`category-detail:${slug}`, (signal) => catalogueApi.categoryDetail(slug, { signal }));

/**
 * The page of products a listing's address asks for (its filters, sort and page; the term on search), keyed by the
 * API call itself: the canonical query of listing-params.ts makes one listing one key, whatever the address's order.
 */
export function listingResource(
  endpoint: ListingEndpoint,
  base: Record<string, string>,
  params: URLSearchParams,
): ResourceDef<ListingResult> {
  const url = listingApiUrl(endpoint, base, listingQueryString(parseListingParams(params), { includeQuery: endpoint === 'search' }));
  return resource(url, (signal) => catalogueApi.listing(url, { signal }));
}
