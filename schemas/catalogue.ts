import { z } from 'zod';
import { envelope, IdParam, PageParam } from './common.ts';
import { FACETS, FOOD_TYPES, PER_PAGE, SORTS } from './catalogue-rules.ts';

export {
  FACETS,
  type FacetName,
  FOOD_TYPES,
  facetSlug,
  PER_PAGE,
  PREVIEW_AUTHORIZATION,
  PRICE_BUCKETS,
  pickVariant,
  productUrl,
  SORTS,
  SWATCH_ATTRIBUTES,
  type SwatchKey,
  searchUrl,
  sizeRank,
  swatchesFor,
} from './catalogue-rules.ts';

// The catalogue, listing, search, offers, home, sale and SEO calls of SPEC §7: request and response shapes,
// shared by the server routes and the app's API calls. Money is integer paise.

// ---- request building blocks -------------------------------------------------------------------------------

/** Slugs and facet values in URLs: lowercase words and hyphens. */
const SlugValue = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a slug (lowercase letters, digits and hyphens)');

/** A facet list arrives as `a,b` or as a repeated key (`brand=a&brand=b`); both become a string array. */
const SlugList = z
  .union([z.string().max(4000), z.array(z.string().max(4000)).max(50)])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(SlugValue).max(50));

const PaiseParam = z.coerce.number({ error: 'must be a number' }).int('must be a whole number of paise').min(0).max(100_000_000);

export const SortBy = z.enum(SORTS);
export type SortBy = z.infer<typeof SortBy>;

export const FoodType = z.enum(FOOD_TYPES);
export type FoodType = z.infer<typeof FoodType>;

/** The facet filters shared by search and every listing (also the filter keys of the page URLs). */
export const FacetFilters = z.object({
  brand: SlugList.optional(),
  category: SlugList.optional(),
  flavour: SlugList.optional(),
  weight: SlugList.optional(),
  food_type: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter(Boolean))
    .pipe(z.array(FoodType).max(2))
    .optional(),
  /** SPEC §5 calls the in-stock filter "availability". */
  availability: z.enum(['in_stock']).optional(),
  /** Price range on the sale price, in paise, both ends inclusive. */
  price_min: PaiseParam.optional(),
  price_max: PaiseParam.optional(),
});

const withPriceOrder = <T extends z.ZodType<{ price_min?: number; price_max?: number }>>(schema: T) =>
  schema.refine((v) => v.price_min === undefined || v.price_max === undefined || v.price_min <= v.price_max, {
    message: 'must not be more than price_max',
    path: ['price_min'],
  });

const SearchFields = FacetFilters.extend({
  q: z.string().max(200, 'q: at most 200 characters').default(''),
  sortby: SortBy.default('relevance'),
  pn: PageParam,
  per_page: z.coerce.number().int().min(1).max(60).default(PER_PAGE),
});

/** GET /api/search/product-search-listing */
export const SearchRequest = withPriceOrder(SearchFields);
export type SearchRequest = z.infer<typeof SearchRequest>;

/** GET /api/search/search-suggestion-list */
export const SuggestionRequest = z.object({ q: z.string().max(200).default('') });

export const SaleType = z.enum(['sale', 'clearance']);
export type SaleType = z.infer<typeof SaleType>;

/** Listing detail and small lists: brand-detail, category-detail, top-*, store-brand-list, top-10-list. */
export const ListingLookupRequest = z.object({
  id: IdParam.optional(),
  slug: SlugValue.optional(),
  saleType: SaleType.optional(),
  orderId: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\w-]+$/, 'orderId: letters, digits and hyphens only')
    .optional(),
});
export type ListingLookupRequest = z.infer<typeof ListingLookupRequest>;

/** Listing calls (SPEC §7: id, slug, saleType, orderId) plus the shared facet filters, sort and page. */
export const ListingRequest = withPriceOrder(SearchFields.extend(ListingLookupRequest.shape));
export type ListingRequest = z.infer<typeof ListingRequest>;

export const ProductIdRequest = z.object({ product_id: IdParam });
export const ProductDetailRequest = z.object({ product_id: IdParam, variant_id: IdParam.optional() });
export const VariantDetailRequest = z.object({ product_id: IdParam, variant_id: IdParam });
export const ProductSlugRequest = z.object({ productSlug: SlugValue });
export const RecommendationRequest = z.object({ recommender_product_id: IdParam });
export const BrandDataRequest = z.object({ b_id: IdParam });
export const FilteredBrandListRequest = z.object({
  q: z.string().trim().max(60).default(''),
  /** A letter (A–Z) or '#' for brands starting with a digit. */
  letter: z
    .string()
    .regex(/^[A-Za-z#]$/, 'letter: one letter A–Z or #')
    .optional(),
  category: SlugValue.optional(),
});
export const PreviewRequest = z.object({ id: IdParam.optional() });
export const HomeRequest = z.object({
  orderId: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\w-]+$/)
    .optional(),
});
export const SaleSlugRequest = z.object({ slug: SlugValue });
export const SalePreviewRequest = z.object({ slug: SlugValue, id: IdParam.optional() });
/** GET /api/seo/page-seo-meta: the page path (with its query) the meta is for. */
export const SeoRequest = z.object({
  url: z.string().trim().min(1).max(2000).regex(/^\//, 'url: a path starting with /'),
});

// ---- response shapes ---------------------------------------------------------------------------------------

export const KeyValue = z.object({ key: z.string(), value: z.string() });
export type KeyValue = z.infer<typeof KeyValue>;

export const SwatchValue = z.object({ key: z.string(), name: z.string(), value: z.string() });

/** A product/variant as SPEC §3 names its fields: one card in a listing, one variant on the product page. */
export const ProductHit = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  vid: z.number().int(),
  parent_product_id: z.number().int(),
  variant_product_id: z.number().int(),
  parent_sku: z.string(),
  sku: z.string(),
  variant_sku: z.string(),
  is_parent: z.boolean(),
  name: z.string(),
  parent_name: z.string(),
  slug: z.string(),
  url: z.string(),
  brand: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  brand_name: z.string(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  category_name: z.string(),
  regular_price: z.number().int(),
  sale_price: z.number().int(),
  discounted_price: z.number().int(),
  from_sale_price: z.number().int(),
  price: z.number().int(),
  min_price: z.number().int(),
  max_regular_price: z.number().int(),
  percent_off: z.number().int(),
  discount: z.number().int(),
  thumbnail_image: z.string(),
  featured_image: z.string(),
  feature_image_small: z.string(),
  stock_status: z.enum(['instock', 'outofstock']),
  parent_stock_status: z.enum(['instock', 'outofstock']),
  display_value: z.string(),
  swatch: z.array(SwatchValue),
  swatch_display_name: z.string(),
  selected_swatch_values: z.record(z.string(), z.string()),
  cat_hierarchy: z.array(KeyValue),
  primary_category_hierarchy: z.string(),
  show_range: z.boolean(),
  food_type: z.string(),
  rating: z.number(),
  rating_count: z.number().int(),
  is_bestseller: z.boolean(),
  weight: z.string().nullable(),
  flavour: z.string().nullable(),
  pack_size: z.string().nullable(),
});
export type ProductHit = z.infer<typeof ProductHit>;

export const FacetValue = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof FacetValue>;
export const Facet = z.object({ name: z.enum(FACETS), label: z.string(), values: z.array(FacetValue) });
export type Facet = z.infer<typeof Facet>;

export const ActiveFilter = z.object({ facet: z.enum(FACETS), value: z.string(), label: z.string() });
export type ActiveFilter = z.infer<typeof ActiveFilter>;

/** The applied price range (paise) and the bounds of the matching products' prices. */
export const ActivePrice = z.object({
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  range_min: z.number().int().nullable(),
  range_max: z.number().int().nullable(),
});
export type ActivePrice = z.infer<typeof ActivePrice>;

/**
 * The fixed product-search-listing shape (docs/architecture.md "API conventions"). One hit per product (its best-matching variant);
 * `nbHits` counts those products across pages, `totalHits` the matching variants. Facet counts are products.
 */
export const ListingResult = z.object({
  /**
   * A search's id (32 hex), present when a term was searched: the search insights events after this search
   * (clicks, add-to-carts, purchases) carry it (docs/decisions/016-reporting-the-vendors-accept.md).
   */
  queryID: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  results: z.object({
    query: z.string(),
    sortby: SortBy,
    page: z.number().int(),
    nbPages: z.number().int(),
    hitsPerPage: z.number().int(),
    facets: z.array(Facet),
    /** True when no product matched every word and the result shows products matching some of them. */
    partial_match: z.boolean(),
  }),
  hits: z.array(ProductHit),
  totalHits: z.number().int(),
  nbHits: z.number().int(),
  active_filters: z.array(ActiveFilter),
  active_price: ActivePrice,
});
export type ListingResult = z.infer<typeof ListingResult>;
export const ListingResponse = envelope(ListingResult);

export const Suggestions = z.object({
  query: z.string(),
  products: z.array(
    z.object({
      pid: z.number().int(),
      vid: z.number().int(),
      name: z.string(),
      url: z.string(),
      thumbnail_image: z.string(),
      sale_price: z.number().int(),
    }),
  ),
  brands: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), url: z.string() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), url: z.string() })),
});
export type Suggestions = z.infer<typeof Suggestions>;

export const BreadcrumbItem = z.object({ value: z.string(), category_slug: z.string(), redirect_url: z.string() });
export type BreadcrumbItem = z.infer<typeof BreadcrumbItem>;

export const BrandSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  logo: z.string(),
  country: z.string(),
  is_top: z.boolean(),
  product_count: z.number().int(),
});
export type BrandSummary = z.infer<typeof BrandSummary>;

export const CategorySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  image: z.string(),
  parent_id: z.number().int().nullable(),
  product_count: z.number().int(),
});
export type CategorySummary = z.infer<typeof CategorySummary>;

export type CategoryNode = CategorySummary & { children: CategoryNode[] };
// Named, so the API document refers to the recursive tree from its components (docs/decisions/025).
export const CategoryNode: z.ZodType<CategoryNode> = CategorySummary.extend({
  children: z.lazy(() => z.array(CategoryNode)),
}).meta({ id: 'CategoryNode' });

export const Image = z.object({ src: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() });
export type Image = z.infer<typeof Image>;

/** A promotion (banner, carousel slide, brand tile...) as shown on home, offers and sale pages. */
export const Promotion = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  href: z.string(),
  image: Image,
  creative_slot: z.string(),
  brand: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  product: ProductHit.nullable(),
  /**
   * The products the promotion leads to, reported with its view_promotion / select_promotion (GA4 asks for the
   * promotion's items): its own product, else the first product of the brand or category it links to; empty when
   * it links elsewhere.
   */
  items: z.array(ProductHit).max(4),
  position: z.number().int(),
  is_preview: z.boolean(),
});
export type Promotion = z.infer<typeof Promotion>;

export const Swatch = z.object({
  key: z.string(),
  name: z.string(),
  options: z.array(
    z.object({
      value: z.string(),
      /** The variant this option leads to, keeping the other selected values where one exists. */
      variant_id: z.number().int(),
      selected: z.boolean(),
      in_stock: z.boolean(),
    }),
  ),
});
export type Swatch = z.infer<typeof Swatch>;

export const ProductDetail = z.object({
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    parent_sku: z.string(),
    url: z.string(),
    brand: BrandSummary,
    category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
    cat_hierarchy: z.array(KeyValue),
    food_type: z.string(),
    rating: z.number(),
    rating_count: z.number().int(),
    is_bestseller: z.boolean(),
    highlights: z.array(z.string()),
    short_description: z.string(),
    show_range: z.boolean(),
  }),
  variant: ProductHit,
  variants: z.array(ProductHit),
  swatches: z.array(Swatch),
  images: z.array(Image),
  /** The trail through the category tree; `brand_breadcrumbs` is the one used when the shopper came from a brand. */
  breadcrumbs: z.array(BreadcrumbItem),
  brand_breadcrumbs: z.array(BreadcrumbItem),
});
export type ProductDetail = z.infer<typeof ProductDetail>;
export const ProductDetailResponse = envelope(ProductDetail);

export const ProductOffers = z.object({
  coupons: z.array(z.object({ code: z.string(), details: z.string() })),
  bank_offers: z.array(z.object({ id: z.number().int(), bank: z.string(), instrument: z.string(), description: z.string() })),
  freebies: z.array(z.object({ id: z.number().int(), title: z.string(), threshold: z.number().int() })),
});
export type ProductOffers = z.infer<typeof ProductOffers>;

export const HomeSections = z.object({
  top_categories: z.array(Promotion),
  mini_banners: z.array(Promotion),
  authenticity_banner: z.array(Promotion),
  top_brands: z.array(Promotion),
  /** Category tiles, each with the first product of its category (the tile's promotion items). */
  categories: z.array(CategorySummary.extend({ items: z.array(ProductHit).max(4) })),
  new_brand_launches: z.array(Promotion),
  banner_web: z.array(Promotion),
  banner_mobile: z.array(Promotion),
  carousel_web: z.array(Promotion),
  carousel_mobile: z.array(Promotion),
  deal_of_week: z.array(Promotion),
  budget_buys: z.array(Promotion),
  bestsellers: z.array(ProductHit),
});
export type HomeSections = z.infer<typeof HomeSections>;
export const HomeResponse = envelope(HomeSections);
/** GET /api/offers/banner-data (SPEC §7 offers: banner data): the banner slots, also shown as thank-you banners. */
export const BannerDataResponse = envelope(
  HomeSections.pick({ banner_web: true, banner_mobile: true, carousel_web: true, carousel_mobile: true, mini_banners: true }),
);

export const MenuList = z.object({
  categories: z.array(CategoryNode),
  brands: z.array(BrandSummary),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
});
export type MenuList = z.infer<typeof MenuList>;

export const SeoMeta = z.object({ title: z.string(), description: z.string(), noindex: z.boolean(), canonical: z.string() });
export type SeoMeta = z.infer<typeof SeoMeta>;

const Certificate = z.object({ title: z.string(), certificate_no: z.string(), issued_on: z.string(), valid_till: z.string() }).nullable();
const Importer = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string(), address: z.string(), licence_no: z.string() })
  .nullable();

export const BrandDetail = z.object({
  brand: BrandSummary.extend({ description: z.string(), launched_at: z.string() }),
  importer: Importer,
  certificate: Certificate,
  banners: z.array(Promotion),
  categories: z.array(CategorySummary),
  breadcrumbs: z.array(BreadcrumbItem),
});
export type BrandDetail = z.infer<typeof BrandDetail>;

/** GET /api/product-details/source-product: who the product comes from (the product page's authenticity panel). */
export const SourceProduct = z.object({
  brand: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), country: z.string() }),
  sourced_from: z.enum(['brand', 'importer']),
  // null for brands made in India (no importer between the brand and Kasrat).
  importer: Importer,
  certificate: Certificate,
});
export type SourceProduct = z.infer<typeof SourceProduct>;
export const SourceProductResponse = envelope(SourceProduct);

export const CategoryDetail = z.object({
  category: CategorySummary,
  parents: z.array(CategorySummary),
  children: z.array(CategorySummary),
  banners: z.array(Promotion),
  breadcrumbs: z.array(BreadcrumbItem),
});
export type CategoryDetail = z.infer<typeof CategoryDetail>;

export const BrandGroups = z.array(z.object({ letter: z.string(), brands: z.array(BrandSummary) }));
export const Top10 = z.object({
  category: CategorySummary.nullable(),
  categories: z.array(CategorySummary),
  products: z.array(ProductHit),
});
export type Top10 = z.infer<typeof Top10>;
export const ProductList = z.object({ products: z.array(ProductHit) });
export const ProductDescription = z.object({ description: z.string(), short_description: z.string() });

export const ProductSlug = z.object({ pid: z.number().int(), vid: z.number().int(), slug: z.string(), url: z.string() });
export const ProductSlugResponse = envelope(ProductSlug);
export const SuggestionsResponse = envelope(Suggestions);
export const BrandDetailResponse = envelope(BrandDetail);
export const CategoryDetailResponse = envelope(CategoryDetail);
export const BrandGroupsResponse = envelope(BrandGroups);
export const BrandListResponse = envelope(z.array(BrandSummary));
export const CategoryListResponse = envelope(z.array(CategorySummary));
export const Top10Response = envelope(Top10);
export const ProductListResponse = envelope(ProductList);
export const ProductOffersResponse = envelope(ProductOffers);
export const ProductDescriptionResponse = envelope(ProductDescription);
export const MenuResponse = envelope(MenuList);
export const SeoMetaResponse = envelope(SeoMeta);

/** A bank offer as the offers and sale pages list it (amounts in paise). */
export const BankOfferSummary = z.object({
  id: z.number().int(),
  bank: z.string(),
  instrument: z.string(),
  description: z.string(),
  kind: z.string(),
  value: z.number().int(),
  max_discount: z.number().int().nullable(),
  min_cart: z.number().int(),
});
export type BankOfferSummary = z.infer<typeof BankOfferSummary>;

export const FreebieOffer = z.object({
  id: z.number().int(),
  title: z.string(),
  threshold: z.number().int(),
  product: ProductHit.nullable(),
});
export type FreebieOffer = z.infer<typeof FreebieOffer>;

/** GET /api/offers/offer-data (and offer-data-preview): every section of the offers page (SPEC §2, §7). */
export const OffersPageData = z.object({
  banners: z.array(Promotion),
  carousel: z.array(Promotion),
  coupons: z.array(z.object({ code: z.string(), details: z.string() })),
  bank_offers: z.array(BankOfferSummary),
  limited: z.array(Promotion),
  partner: z.array(Promotion),
  clearance: z.array(Promotion),
  brand_of_week: z.array(Promotion),
  budget_buys: z.array(Promotion),
  freebies: z.array(FreebieOffer),
  preview_id: z.number().int().nullable().optional(),
});
export type OffersPageData = z.infer<typeof OffersPageData>;
export const OffersPageResponse = envelope(OffersPageData);

/** GET /api/sale/get-sale-page-data (and get-preview-salepage-data): the sale page sections of SPEC §2. */
export const SalePageData = z.object({
  slug: z.string(),
  title: z.string(),
  partner_brand_offers: z.array(Promotion),
  banner_1: z.array(Promotion),
  budget_buys: z.array(Promotion),
  deals_on_favourites: z.array(ProductHit),
  /** SPEC §9: the sale page events report these first (up to 5)… */
  blockbuster: z.array(ProductHit),
  /** …then fill from these. */
  category_products: z.array(ProductHit),
  /** The order marketing gave the three product sections (sale_page_sections); absent: the order above. */
  section_order: z.array(z.enum(['blockbuster', 'deals_on_favourites', 'category_products'])).optional(),
  preview_id: z.number().int().nullable().optional(),
});
export type SalePageData = z.infer<typeof SalePageData>;
export const SalePageResponse = envelope(SalePageData);

export const BrandOnOffer = BrandSummary.extend({ max_percent_off: z.number().int() });
export const BrandsOnOfferResponse = envelope(z.array(BrandOnOffer));
export const HomePreviewResponse = envelope(HomeSections.extend({ preview_id: z.number().int().nullable() }));
export const BankOffersResponse = envelope(z.array(BankOfferSummary));
/** GET /api/offers/brand-of-week and /api/offers/clearance-offer: the promotions and the products behind them. */
export const PromotedProductsData = z.object({ promotions: z.array(Promotion), products: z.array(ProductHit) });
export const PromotedProductsResponse = envelope(PromotedProductsData);

// The answers of the remaining product calls (SPEC §7 "Catalogue and content"), declared by their routes and
// checked against every answer in the API tests (docs/decisions/025).
/** GET /api/product-details/variant-detail and /api/product/product-data: one variant as a listing hit. */
export const ProductHitResponse = envelope(ProductHit);
export const HighlightsResponse = envelope(z.object({ highlights: z.array(z.string()), description: z.string() }));
export const AllProductDataResponse = envelope(ProductDetail.extend({ description: z.string(), offers: ProductOffers }));
export const BrandDataResponse = envelope(
  BrandDetail.shape.brand.extend({ importer: BrandDetail.shape.importer, certificate: BrandDetail.shape.certificate }),
);
/** The offer slots (limited, budget buys, partner): their promotions. */
export const PromotionsResponse = envelope(z.array(Promotion));
export const ProductHitsResponse = envelope(z.array(ProductHit));
/** The offers page's free-gift offers, each with the cart value (paise) that earns it and its product. */
export const FreebieOffersResponse = envelope(
  z.array(z.object({ id: z.number(), title: z.string(), threshold: z.number().int(), product: ProductHit.nullable() })),
);
export const CouponOffersResponse = envelope(OffersPageData.shape.coupons);

// ---- the search provider (operations) ---------------------------------------------------------------------

/** GET /api/ops/search/status: which search answers on this instance, and how often it fell back (docs/decisions/026). */
export const SearchStatus = z.object({
  provider: z.enum(['builtin', 'algolia']),
  /** Whether Algolia is configured enough to be sent the indexes (application id and write key). */
  sync_configured: z.boolean(),
  calls: z.number().int(),
  fallbacks: z.number().int(),
  last_failure: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export const SearchStatusResponse = envelope(SearchStatus);

/** POST /api/ops/search/sync: what was sent to the provider. */
export const SearchSyncResult = z.object({
  variants: z.number().int(),
  categories: z.number().int(),
  brands: z.number().int(),
  batches: z.number().int(),
  synced_at: z.number().int(),
});
export const SearchSyncResponse = envelope(SearchSyncResult);
