import { type ProductDetail, type ProductHit, type ProductOffers, productUrl, swatchesFor } from '../../../schemas/catalogue.ts';
import { truncate } from '../../../schemas/text.ts';
import type { CatalogueStore, ProductRec, VariantRec } from '../../search/index.ts';
import { catHierarchy, swatchValues, toHit } from '../../search/index.ts';
import {
  BRANDS_CRUMB,
  brandSummary,
  categoryCrumbs,
  defaultVariant,
  HOME_CRUMB,
  okJsonParts,
  popularProducts,
  productCrumb,
  productImages,
} from './context.ts';
import { type Content, isLive } from './content-cache.ts';

// The product page and its side calls (/api/product-details/*) and the /api/product calls, all from memory.

const B = (s: string) => Buffer.from(s);
const COMMA = B(',');
const VARIANTS_OPEN = B(',"variants":[');
const VARIANTS_CLOSE = B(']}');

/** The trail of a product page reached from a brand page (SPEC §2 origin brand). */
const brandBreadcrumbs = (v: VariantRec) => [
  HOME_CRUMB,
  BRANDS_CRUMB,
  { value: v.product.brand.name, category_slug: v.product.brand.slug, redirect_url: `/brand/${v.product.brand.slug}` },
  productCrumb(v),
];

/** The product's own facts: all of `product` but its address, which names the variant shown. */
function productFacts(p: ProductRec): Omit<ProductDetail['product'], 'url'> {
  const sales = p.variants.map((v) => v.sale_price);
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    parent_sku: p.parent_sku,
    brand: brandSummary(p.brand),
    category: { id: p.category.id, name: p.category.name, slug: p.category.slug },
    cat_hierarchy: catHierarchy(p),
    food_type: p.food_type,
    rating: p.rating,
    rating_count: p.rating_count,
    is_bestseller: p.is_bestseller,
    highlights: p.highlights,
    short_description: truncate(p.description),
    show_range: Math.min(...sales) !== Math.max(...sales),
  };
}

/** Everything of a product page but `product` and the hits themselves (`variant`, `variants`): what the variant shown decides. */
function variantFrame(p: ProductRec, chosen: VariantRec): Omit<ProductDetail, 'product' | 'variant' | 'variants'> {
  // Swatches need only what a variant's hit says about stock and swatch values.
  const light = p.variants.map((v) => ({
    vid: v.id,
    stock_status: v.stock > 0 ? 'instock' : 'outofstock',
    selected_swatch_values: Object.fromEntries(swatchValues(v).map((s) => [s.key, s.value])),
  }));
  return {
    swatches: swatchesFor(light, light.find((v) => v.vid === chosen.id) as (typeof light)[number]),
    images: productImages(chosen),
    breadcrumbs: [HOME_CRUMB, ...categoryCrumbs(p.category), productCrumb(chosen)],
    brand_breadcrumbs: brandBreadcrumbs(chosen),
  };
}

/** Everything of a product page except the hits themselves (`variant`, `variants`). */
function detailFrame(p: ProductRec, chosen: VariantRec): Omit<ProductDetail, 'variant' | 'variants'> {
  return { product: { ...productFacts(p), url: productUrl(p.slug, p.id, chosen.id) }, ...variantFrame(p, chosen) };
}

/** The facts as JSON, without their braces. */
const productFactsJson = (store: CatalogueStore, p: ProductRec): Buffer =>
  store.productJson(p, 'facts', () => B(JSON.stringify(productFacts(p)).slice(1, -1)));

/** The page up to the chosen variant's hit: the product with the address of the variant shown, and its frame. */
const pageHead = (store: CatalogueStore, p: ProductRec, chosen: VariantRec): Buffer =>
  store.productJson(p, `head|${chosen.id}`, () =>
    Buffer.concat([
      B(`{"product":{"url":${JSON.stringify(productUrl(p.slug, p.id, chosen.id))},`),
      productFactsJson(store, p),
      B(`},${JSON.stringify(variantFrame(p, chosen)).slice(1, -1)},"variant":`),
    ]),
  );

const chosenVariant = (p: ProductRec, variantId?: number): VariantRec =>
  (variantId !== undefined ? p.variants.find((v) => v.id === variantId) : undefined) ?? defaultVariant(p);

export function productDetail(p: ProductRec, variantId?: number): ProductDetail {
  const chosen = chosenVariant(p, variantId);
  const variants = p.variants.map(toHit);
  return { ...detailFrame(p, chosen), variant: variants.find((v) => v.vid === chosen.id) as ProductHit, variants };
}

/**
 * The product-detail-page response as JSON bytes: the page's head (product facts and the frame of the variant
 * shown) from the product's cache, the hits spliced in from the per-variant JSON cache (the same bytes listings
 * use). Nothing is serialised per request once a product's page has been asked for.
 */
export function productDetailResponse(store: CatalogueStore, p: ProductRec, variantId?: number): Buffer {
  const chosen = chosenVariant(p, variantId);
  const parts = [pageHead(store, p, chosen), store.hitJsonOf(chosen), VARIANTS_OPEN];
  p.variants.forEach((v, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(store.hitJsonOf(v));
  });
  parts.push(VARIANTS_CLOSE);
  return okJsonParts(parts);
}

export function productOffers(p: ProductRec, content: Content, now = Date.now()): ProductOffers {
  const categoryIds = new Set(p.category.path.map((c) => c.id));
  return {
    coupons: content.coupons
      .filter((c) => c.active && isLive(c, now))
      .filter((c) => (c.brand_id === null || c.brand_id === p.brand.id) && (c.category_id === null || categoryIds.has(c.category_id)))
      .map((c) => ({ code: c.code, details: c.description })),
    bank_offers: content.bankOffers
      .filter((b) => isLive(b, now))
      .map((b) => ({ id: b.id, bank: b.bank, instrument: b.instrument, description: b.description })),
    freebies: content.freebies.filter((f) => f.active).map((f) => ({ id: f.id, title: f.title, threshold: f.threshold })),
  };
}

/** Products like this one: same category first, then the sibling categories, most popular first. */
export function similarProducts(store: CatalogueStore, p: ProductRec, limit: number): ProductRec[] {
  const parent = p.category.path[p.category.path.length - 2];
  const same = popularProducts(store, (x) => x !== p && x.category === p.category, limit);
  if (same.length >= limit || !parent) return same;
  return [
    ...same,
    ...popularProducts(store, (x) => x !== p && x.category !== p.category && parent.subtree.includes(x.category.id), limit - same.length),
  ];
}
