import type {
  BannerDataResponse,
  BrandDetailResponse,
  BrandGroupsResponse,
  CategoryDetailResponse,
  HomeResponse,
  ListingResponse,
  MenuResponse,
  ProductDescriptionResponse,
  ProductDetailResponse,
  ProductListResponse,
  ProductOffersResponse,
  ProductSlugResponse,
  SeoMetaResponse,
  SourceProductResponse,
  Top10Response,
} from '../../../schemas/catalogue.ts';
import type { ProductDeclarationsResponse } from '../../../schemas/declarations.ts';
import type { PaymentStateResponse } from '../../../schemas/payment.ts';
import { get, normaliseError, type RequestOptions } from '../../api/client.ts';

// The catalogue calls of SPEC §7 the pages make, each answer checked with its schema (schemas/catalogue.ts).
// A 404 is left to the client, which sends the shopper to /notFound (SPEC §8).

/** Listing endpoints: every listing is the search engine with the page's own base filter. */
export type ListingEndpoint = 'brand' | 'category' | 'shop' | 'bestseller' | 'search';

const query = (params: Record<string, string | number | undefined | null>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined || v === null || v === '' ? [] : [[k, String(v)] as [string, string]])),
  ).toString();

/** The URL of a listing answer: the page's base (slug) plus the filters, sort and page of its own URL. */
export function listingApiUrl(endpoint: ListingEndpoint, base: Record<string, string>, filterQuery: string): string {
  const path = endpoint === 'search' ? '/api/search/product-search-listing' : `/api/listing/${endpoint}`;
  const qs = [query(base), filterQuery].filter(Boolean).join('&');
  return qs ? `${path}?${qs}` : path;
}

type Opts = Pick<RequestOptions, 'signal'>;

/**
 * SPEC §8: a listing call whose answer has no body fails (no data), rather than rendering an empty listing: the
 * page's resource shows its error. The failure has the client's normalised shape.
 */
function listed<T>(answer: { data: T } | null | undefined | ''): T {
  if (!answer || typeof answer !== 'object' || answer.data === undefined) throw normaliseError(null);
  return answer.data;
}

export const catalogueApi = {
  // SPEC §7 offers: banner data (the product page's banner); a 404 hides the banner rather than leaving the page.
  bannerData: async (o?: Opts) => (await get<typeof BannerDataResponse>('/api/offers/banner-data', o)).data,
  home: async (o?: Opts) => (await get<typeof HomeResponse>('/api/home/home-page-info', o)).data,
  /** SPEC §4.7: the signed-in customer's order waiting for payment, if any (the home page's banner). */
  awaitingPayment: async () => (await get<typeof PaymentStateResponse>('/api/payment/payment-state')).data,
  menu: async (o?: Opts) => (await get<typeof MenuResponse>('/api/menu/menu-list', o)).data,
  listing: async (url: string, o?: Opts) => listed(await get<typeof ListingResponse>(url, o)),
  brandDetail: async (slug: string, o?: Opts) =>
    listed(await get<typeof BrandDetailResponse>(`/api/listing/brand-detail?${query({ slug })}`, o)),
  categoryDetail: async (slug: string, o?: Opts) =>
    listed(await get<typeof CategoryDetailResponse>(`/api/listing/category-detail?${query({ slug })}`, o)),
  brandGroups: async (o?: Opts) => listed(await get<typeof BrandGroupsResponse>('/api/listing/store-brand-list', o)),
  top10: async (slug: string | null, o?: Opts) =>
    listed(await get<typeof Top10Response>(slug ? `/api/listing/top-10-list?${query({ slug })}` : '/api/listing/top-10-list', o)),
  product: async (productId: number, o?: Opts) =>
    (await get<typeof ProductDetailResponse>(`/api/product-details/product-detail-page?${query({ product_id: productId })}`, o)).data,
  productBySlug: async (slug: string, o?: Opts) =>
    (await get<typeof ProductSlugResponse>(`/api/product-details/product-slug?${query({ productSlug: slug })}`, o)).data,
  description: async (productId: number, o?: Opts) =>
    (await get<typeof ProductDescriptionResponse>(`/api/product-details/product-description?${query({ product_id: productId })}`, o)).data,
  productRange: async (productId: number, o?: Opts) =>
    (await get<typeof ProductListResponse>(`/api/product-details/product-range?${query({ product_id: productId })}`, o)).data.products,
  related: async (productId: number, o?: Opts) =>
    (await get<typeof ProductListResponse>(`/api/product-details/related-product?${query({ product_id: productId })}`, o)).data.products,
  recommendation: async (productId: number, o?: Opts) =>
    (await get<typeof ProductListResponse>(`/api/product-details/recommendation?${query({ recommender_product_id: productId })}`, o)).data
      .products,
  productOffers: async (productId: number, o?: Opts) =>
    (await get<typeof ProductOffersResponse>(`/api/product-details/product-offer?${query({ product_id: productId })}`, o)).data,
  // A 404 only hides the authenticity panel, not a page (src/api/quiet-calls.ts).
  sourceProduct: async (productId: number, o?: Opts) =>
    (await get<typeof SourceProductResponse>(`/api/product-details/source-product?${query({ product_id: productId })}`, o)).data,
  /** The label's declarations (docs/product-declarations.md); null for a product that is not food. */
  declarations: async (productId: number, o?: Opts) =>
    (await get<typeof ProductDeclarationsResponse>(`/api/product-details/declarations?${query({ product_id: productId })}`, o)).data,
  seoMeta: async (url: string, o?: Opts) => (await get<typeof SeoMetaResponse>(`/api/seo/page-seo-meta?${query({ url })}`, o)).data,
};
