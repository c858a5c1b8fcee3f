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

/** The trail of a product page reached from a brand page (SPEC §2 origin brand). */
const brandBreadcrumbs = (v: VariantRec) => [
  HOME_CRUMB,
  BRANDS_CRUMB,
  { value: v.product.brand.name, category_slug: v.product.brand.slug, redirect_url: `/brand/${v.product.brand.slug}` },
  productCrumb(v),
];

/** Everything of a product page except the hits themselves (`variant`, `variants`). */
function detailFrame(p: ProductRec, chosen: VariantRec): Omit<ProductDetail, 'variant' | 'variants'> {
  // Swatches need only what a variant's hit says about stock and swatch values.
  const light = p.variants.map((v) => ({
    vid: v.id,
    stock_status: v.stock > 0 ? 'instock' : 'outofstock',
    selected_swatch_values: Object.fromEntries(swatchValues(v).map((s) => [s.key, s.value])),
  }));
  const sales = p.variants.map((v) => v.sale_price);
  return {
    product: {
      id: p.id,
      name: p.name,
      slug: p.slug,
      parent_sku: p.parent_sku,
      url: productUrl(p.slug, p.id, chosen.id),
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
    },
    swatches: swatchesFor(light, light.find((v) => v.vid === chosen.id) as (typeof light)[number]),
    images: productImages(chosen),
    breadcrumbs: [HOME_CRUMB, ...categoryCrumbs(p.category), productCrumb(chosen)],
    brand_breadcrumbs: brandBreadcrumbs(chosen),
  };
}

const chosenVariant = (p: ProductRec, variantId?: number): VariantRec =>
  (variantId !== undefined ? p.variants.find((v) => v.id === variantId) : undefined) ?? defaultVariant(p);

export function productDetail(p: ProductRec, variantId?: number): ProductDetail {
  const chosen = chosenVariant(p, variantId);
  const variants = p.variants.map(toHit);
  return { ...detailFrame(p, chosen), variant: variants.find((v) => v.vid === chosen.id) as ProductHit, variants };
}

const B = (s: string) => Buffer.from(s);
const COMMA = B(',');

/**
 * The product-detail-page response as JSON bytes, with the hits spliced in from the per-variant JSON cache (the
 * same bytes listings use), so a product page costs one small JSON.stringify.
 */
export function productDetailResponse(store: CatalogueStore, p: ProductRec, variantId?: number): Buffer {
  const chosen = chosenVariant(p, variantId);
  const frame = JSON.stringify(detailFrame(p, chosen));
  const hits: Buffer[] = [];
  for (const v of p.variants) {
    if (hits.length) hits.push(COMMA);
    hits.push(store.hitJsonOf(v));
  }
  return okJsonParts([B(`${frame.slice(0, -1)},"variant":`), store.hitJsonOf(chosen), B(',"variants":['), ...hits, B(']}')]);
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
