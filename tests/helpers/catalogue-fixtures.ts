import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { Facet, ListingResult, ProductDetail, ProductHit } from '../../schemas/catalogue.ts';
import { productUrl, swatchesFor } from '../../schemas/catalogue.ts';
import { http } from '../../src/api/http.ts';

// Test helpers for catalogue components: answers in the API's shapes (checked by the same schemas the app
// uses) and a fake transport under the real API client, so 404 handling and parsing are the app's own.

export function hit(over: Partial<ProductHit> & { pid: number; vid: number }): ProductHit {
  const swatch = [
    ...(over.weight ? [{ key: 'pa_weight', name: 'Weight', value: over.weight }] : []),
    ...(over.flavour ? [{ key: 'pa_flavour', name: 'Flavour', value: over.flavour }] : []),
  ];
  const name = over.parent_name ?? `Product ${over.pid}`;
  const slug = over.slug ?? `product-${over.pid}`;
  const mrp = over.regular_price ?? 200_000;
  const sale = over.sale_price ?? 150_000;
  return {
    id: over.vid,
    parent_product_id: over.pid,
    variant_product_id: over.vid,
    parent_sku: `SKU${over.pid}PA`,
    sku: `SKU${over.pid}${over.vid}`,
    variant_sku: `SKU${over.pid}${over.vid}`,
    is_parent: false,
    name,
    parent_name: name,
    slug,
    url: productUrl(slug, over.pid, over.vid),
    brand: { id: 1, name: 'Titan Forge', slug: 'titan-forge' },
    brand_name: 'Titan Forge',
    category: { id: 3, name: 'Whey Protein', slug: 'whey-protein' },
    category_name: 'Whey Protein',
    regular_price: mrp,
    sale_price: sale,
    discounted_price: sale,
    from_sale_price: sale,
    price: sale,
    min_price: sale,
    max_regular_price: mrp,
    percent_off: Math.round(((mrp - sale) / mrp) * 100),
    discount: mrp - sale,
    thumbnail_image: `/images/product/${over.vid}.svg`,
    featured_image: `/images/product/${over.vid}.svg`,
    feature_image_small: `/images/product/${over.vid}.svg`,
    stock_status: 'instock',
    parent_stock_status: 'instock',
    display_value: swatch.map((s) => s.value).join(', '),
    swatch,
    swatch_display_name: swatch.map((s) => s.name).join(' / '),
    selected_swatch_values: Object.fromEntries(swatch.map((s) => [s.key, s.value])),
    cat_hierarchy: [
      { key: 'sports-nutrition', value: 'Sports Nutrition' },
      { key: 'whey-protein', value: 'Whey Protein' },
    ],
    primary_category_hierarchy: 'Sports Nutrition > Whey Protein',
    show_range: false,
    food_type: 'veg',
    rating: 4.2,
    rating_count: 12,
    is_bestseller: false,
    weight: over.weight ?? null,
    flavour: over.flavour ?? null,
    pack_size: null,
    ...over,
  };
}

export function listingResult(
  hits: ProductHit[],
  over: Partial<ListingResult> & { facets?: Facet[]; page?: number; nbPages?: number } = {},
): ListingResult {
  const { facets = [], page = 1, nbPages = 1, ...rest } = over;
  return {
    results: { query: '', sortby: 'relevance', page, nbPages, hitsPerPage: 24, facets, partial_match: false },
    hits,
    totalHits: hits.length,
    nbHits: hits.length,
    active_filters: [],
    active_price: { min: null, max: null, range_min: null, range_max: null },
    ...rest,
  };
}

/** A product page answer for variants of one product (the first one selected unless `selected` says). */
export function productDetail(variants: ProductHit[], selected = variants[0] as ProductHit): ProductDetail {
  const first = selected;
  return {
    product: {
      id: first.pid,
      name: first.parent_name,
      slug: first.slug,
      parent_sku: first.parent_sku,
      url: first.url,
      brand: {
        id: 1,
        name: 'Titan Forge',
        slug: 'titan-forge',
        url: '/brand/titan-forge',
        logo: '/images/brand/1.svg',
        country: 'USA',
        is_top: true,
        product_count: 8,
      },
      category: first.category,
      cat_hierarchy: first.cat_hierarchy,
      food_type: first.food_type,
      rating: first.rating,
      rating_count: first.rating_count,
      is_bestseller: false,
      highlights: ['24 g protein per scoop'],
      short_description: 'A whey protein.',
      show_range: true,
    },
    variant: first,
    variants,
    swatches: swatchesFor(variants, first),
    images: [0, 1, 2].map((n) => ({
      src: `/images/product/${first.vid}${n ? `-${n}` : ''}.svg`,
      width: 400,
      height: 400,
      alt: first.parent_name,
    })),
    breadcrumbs: [
      { value: 'Home', category_slug: 'home', redirect_url: '/' },
      { value: 'Whey Protein', category_slug: 'whey-protein', redirect_url: '/product-category/whey-protein' },
      { value: first.parent_name, category_slug: 'product', redirect_url: `/${first.slug}/?pId=${first.pid}&vId=${first.vid}` },
    ],
    brand_breadcrumbs: [
      { value: 'Home', category_slug: 'home', redirect_url: '/' },
      { value: 'Brands', category_slug: 'brands', redirect_url: '/brands' },
      { value: 'Titan Forge', category_slug: 'titan-forge', redirect_url: '/brand/titan-forge' },
      { value: first.parent_name, category_slug: 'product', redirect_url: `/${first.slug}/?pId=${first.pid}&vId=${first.vid}` },
    ],
  };
}

export const ok = <T>(data: T) => ({ status: 1 as const, message: 'Success', data });

type Route = (url: URL) => { status?: number; body: unknown } | undefined;

/**
 * Answers the app's requests from `route` (by path and query) under the real API client; unknown paths are a
 * 404 like the server's. Returns the list of requested URLs (path + query) for assertions.
 */
export function fakeApi(route: Route): string[] {
  const calls: string[] = [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const url = new URL(config.url ?? '/', 'http://kasrat.test');
    calls.push(`${url.pathname}${url.search}`);
    const answer = route(url) ?? { status: 404, body: { status: 0, message: 'Not found.', data: null } };
    const status = answer.status ?? 200;
    const response = { data: answer.body, status, statusText: String(status), headers: {}, config } as AxiosResponse;
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  return calls;
}
