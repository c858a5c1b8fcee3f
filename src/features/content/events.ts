import type { ProductHit } from '../../../schemas/catalogue.ts';
import type { Store } from '../../../schemas/content-pages.ts';
import { listItems } from '../catalogue/index.ts';
import { type CatalogueEvent, emit, type EventOf } from '../../../events/index.ts';

// The content pages' events (events/catalogue.ts): built here as plain data, emitted through one safe call.

/** SPEC §1: reporting failures never reach the shopper. */
export function report(event: CatalogueEvent): void {
  try {
    emit(event);
  } catch (error) {
    console.warn('[content] event not reported', (error as Error)?.message);
  }
}

export const storeLocatorViewed = (city?: string): EventOf<'store_locator_viewed'> => ({
  name: 'store_locator_viewed',
  ...(city ? { city } : {}),
});

export const storeCitySelected = (city: string): EventOf<'store_city_selected'> => ({ name: 'store_city_selected', city });

export const storeContactClicked = (
  store: Pick<Store, 'id' | 'name' | 'city'>,
  action: 'call' | 'directions',
): EventOf<'store_contact_clicked'> => ({
  name: 'store_contact_clicked',
  store_id: store.id,
  store_name: store.name,
  city: store.city,
  action,
});

export const retailerFormViewed = (): EventOf<'retailer_form_viewed'> => ({ name: 'retailer_form_viewed' });
export const retailerFormSubmitted = (city: string): EventOf<'retailer_form_submitted'> => ({ name: 'retailer_form_submitted', city });
/** `reason` is the first message the shopper saw (validation or the server's), never their input. */
export const retailerFormFailed = (reason: string): EventOf<'retailer_form_failed'> => ({
  name: 'retailer_form_failed',
  reason: reason.slice(0, 500),
});

export const viewSalePage = (slug: string): EventOf<'view_sale_page'> => ({ name: 'view_sale_page', slug });

/**
 * The sale page's product list view. SPEC §9: its events fill up to 5 products from the blockbuster offers, then
 * from the category products; the analytics core applies the cap (providers/rules.ts listingProducts).
 */
export function saleItemList(
  title: string,
  sale: { blockbuster: readonly ProductHit[]; category_products: readonly ProductHit[] },
): EventOf<'view_item_list'> {
  const listName = `Sale: ${title}`;
  return {
    name: 'view_item_list',
    list_name: listName,
    listing: 'sale',
    items: listItems(sale.blockbuster, listName),
    fill_items: listItems(sale.category_products, listName, sale.blockbuster.length),
  };
}

/** SPEC §2: the sale page's "deals on favourites" is a promotion section; its products are the promotion's items. */
export function favouritesPromotion(
  name: 'view_promotion' | 'select_promotion',
  hits: readonly ProductHit[],
  listName: string,
): EventOf<'view_promotion'> | EventOf<'select_promotion'> {
  return {
    name,
    promotion: { section: 'sale_deals_on_favourites', name: 'Deals on favourites' },
    items: listItems(hits, listName),
  };
}
