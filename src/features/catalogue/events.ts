import type { ListingResult, ProductHit, Promotion } from '../../../schemas/catalogue.ts';
import { type EventItem, type EventOf, isPromotionSection, type PromotionSection } from '../../../events/index.ts';

// Catalogue events (events/catalogue.ts): products as event items, listing views with the counts the
// filtered-listing rule needs (SPEC §5; the rule itself lives in the analytics core), promotions.

export type ListingKind = EventOf<'view_item_list'>['listing'];

/** A product card as an event item (prices in paise, as the API sends them). */
export function hitToEventItem(hit: ProductHit, position?: { list_name: string; index: number }): EventItem {
  const swatch = hit.swatch.map((s) => s.value).join(' / ');
  return {
    variant_id: hit.vid,
    product_id: hit.pid,
    sku: hit.sku,
    parent_sku: hit.parent_sku,
    name: hit.parent_name,
    brand: hit.brand_name,
    category: hit.category_name,
    cat_hierarchy: hit.cat_hierarchy.map((c) => c.value).slice(0, 10),
    mrp: hit.regular_price,
    sale_price: hit.sale_price,
    ...(swatch ? { swatch } : {}),
    ...(position ? { list_name: position.list_name, index: position.index } : {}),
  };
}

/** Items of a list in the order shown; `offset` is the position of the first (page 2 starts after page 1). */
export const listItems = (hits: readonly ProductHit[], listName: string, offset = 0): EventItem[] =>
  hits.map((h, i) => hitToEventItem(h, { list_name: listName, index: offset + i }));

/**
 * The view_item_list of a listing answer. `active_filters` / `active_price` come from the answer (SPEC §3);
 * with the URL's sortby / pn they decide whether a brand or category view is reported as filtered (SPEC §5).
 */
export function listingViewEvent(opts: {
  listName: string;
  listing: ListingKind;
  result: Pick<ListingResult, 'hits' | 'active_filters' | 'active_price' | 'results'>;
  brand?: string;
  category?: string;
}): EventOf<'view_item_list'> {
  const { result } = opts;
  const offset = (result.results.page - 1) * result.results.hitsPerPage;
  return {
    name: 'view_item_list',
    list_name: opts.listName,
    listing: opts.listing,
    items: listItems(result.hits, opts.listName, offset),
    active_filters: result.active_filters.length,
    active_price: result.active_price.min !== null || result.active_price.max !== null,
    ...(opts.brand ? { brand: opts.brand } : {}),
    ...(opts.category ? { category: opts.category } : {}),
  };
}

/** The section a promotion is reported under: its creative slot when it is one of SPEC §2's, else `fallback`. */
export function promotionSection(slot: string, fallback: PromotionSection): PromotionSection {
  return isPromotionSection(slot) ? slot : fallback;
}

export function promotionPayload(p: Promotion, fallback: PromotionSection, position = p.position): EventOf<'view_promotion'>['promotion'] {
  return {
    section: promotionSection(p.creative_slot, fallback),
    id: String(p.id),
    name: p.title.slice(0, 500),
    creative: p.image.src,
    position: Math.max(0, position),
  };
}
