import type { ProductHit, Promotion } from '../../../schemas/catalogue.ts';
import type { BaseFilter, CatalogueStore } from '../../search/index.ts';
import { toHit } from '../../search/index.ts';
import { brandUrl, categoryUrl, defaultVariant } from './context.ts';
import { type Content, isLive, type OfferRec } from './content-cache.ts';
import { bannerImage } from '../../../schemas/images.ts';

// Offers rows become promotions: a banner, slide or tile with its link, image size and the creative slot that
// view_promotion / select_promotion report.

const SIZES: Record<string, [number, number]> = {
  banner_web: [1200, 400],
  carousel_web: [1200, 400],
  banner_mobile: [600, 400],
  carousel_mobile: [600, 400],
  mini_banner: [600, 200],
  authenticity_banner: [1200, 200],
  top_brand: [240, 240],
  new_launch: [240, 240],
  top_category: [240, 240],
};

export const bannerSize = (kind: string): [number, number] => SIZES[kind] ?? [600, 300];

/**
 * The first product of a brand or category (the listing's own order), as a promotion's item: GA4's
 * view_promotion names the items a promotion leads to. One keeps the home answer small.
 */
export function leadItems(store: CatalogueStore, base: BaseFilter | null): ProductHit[] {
  if (!base) return [];
  return store.index.search({ q: '', sortby: 'relevance', page: 1, perPage: 1, filters: {}, base }).hits.map(toHit);
}

export function promotionOf(store: CatalogueStore, o: OfferRec, slot: string): Promotion {
  const snap = store.snapshot;
  const brand = o.brand_id === null ? undefined : snap.brandsById.get(o.brand_id);
  const product = o.product_id === null ? undefined : snap.productsById.get(o.product_id);
  const hit = product ? toHit(defaultVariant(product)) : null;
  const categorySlug = typeof o.data.category_slug === 'string' ? o.data.category_slug : null;
  const href =
    typeof o.data.href === 'string'
      ? o.data.href
      : hit
        ? hit.url
        : brand
          ? brandUrl(brand.slug)
          : categorySlug
            ? categoryUrl(categorySlug)
            : '/offers-coupons/';
  const [width, height] = bannerSize(o.kind);
  const category = categorySlug ? snap.categoriesBySlug.get(categorySlug) : undefined;
  const title = category?.name ?? o.title;
  return {
    id: o.id,
    kind: o.kind,
    title,
    description: o.description,
    href,
    image: { src: bannerImage(o.id), width, height, alt: title },
    creative_slot: slot,
    brand: brand ? { id: brand.id, name: brand.name, slug: brand.slug } : null,
    product: hit,
    items: hit ? [hit] : leadItems(store, brand ? { brandId: brand.id } : category ? { categoryId: category.id } : null),
    position: o.position,
    is_preview: o.is_preview,
  };
}

/** Live offers matching `pick` (preview offers only when previewing), as promotions. */
export function promotionsOf(
  store: CatalogueStore,
  content: Content,
  pick: (o: OfferRec) => boolean,
  slot: string,
  options: { preview?: boolean; now?: number } = {},
): Promotion[] {
  const now = options.now ?? Date.now();
  return content.offers
    .filter((o) => pick(o) && (options.preview || !o.is_preview) && (isLive(o, now) || (options.preview && o.is_preview)))
    .filter((o) => o.product_id === null || store.snapshot.productsById.has(o.product_id))
    .map((o) => promotionOf(store, o, slot));
}
