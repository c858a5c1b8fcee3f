// Reporting rules of SPEC §4, §5 and §9 as pure functions; every provider maps through these.
import type { CatalogueEvent, EventContext, EventItem, EventName } from '../events/index.ts';
import { FUNNEL_STEPS, type FunnelStep } from '../schemas/event-rules.ts';
import { parentSkuFromVariantSku } from '../schemas/text.ts';

export const CURRENCY = 'INR';
/** SPEC §9: tax reported 0. */
export const TAX = 0;
export const NA = 'NA';
/** SPEC §9: at most the first 12 SKUs (social pixel) and 5 products (marketing automation) per listing event. */
export const PIXEL_SKU_CAP = 12;
export const MARKETING_PRODUCT_CAP = 5;
/** GTM: an items array holds at most 200 entries. */
export const DATA_LAYER_ITEM_CAP = 200;

/** Paise to rupees; null (unknown) stays null. */
export const rupees = (paise: number | null | undefined): number | null =>
  typeof paise === 'number' && Number.isFinite(paise) ? paise / 100 : null;

/** SPEC §5: discount (MRP − sale price, rupees) is 0 when either price is not a number. */
export function discountRupees(mrp: number | null | undefined, sale: number | null | undefined): number {
  if (typeof mrp !== 'number' || typeof sale !== 'number' || !Number.isFinite(mrp) || !Number.isFinite(sale)) return 0;
  return Math.max(0, (mrp - sale) / 100);
}

/** SPEC §9: shipping value in events is 50 when the sale price (rupees) is under 350, else 0. */
export const shippingValue = (saleRupees: number): number => (saleRupees < 350 ? 50 : 0);

const PAYMENT_METHODS: Record<number, string> = {
  1: 'UPI',
  2: 'Debit & Credit Cards',
  3: 'Net Banking',
  4: 'Pay on delivery',
  6: 'Wallets',
};
/** SPEC §9 payment method codes; anything else is NA. */
export const paymentMethodName = (code: number | null | undefined): string => (code != null && PAYMENT_METHODS[code]) || NA;
/** SPEC §9: code 4 is COD, everything else Prepaid. */
export const paymentMode = (code: number | null | undefined): 'COD' | 'Prepaid' => (code === 4 ? 'COD' : 'Prepaid');

/** SPEC §4 funnel step of a shopper event, from the one table in schemas/event-rules.ts. */
export const FUNNEL_STEP: Partial<Record<EventName, FunnelStep>> = Object.fromEntries(
  FUNNEL_STEPS.map((s) => [s.store_event satisfies EventName, s.step]),
);

/** SPEC §4: payment flow is direct when the previous page was order confirmation, otherwise (order-failed, retry) not. */
export const paymentFlow = (ctx: EventContext): 'direct' | 'otherwise' =>
  ctx.previous_path.toLowerCase().startsWith('/order-confirmation') ? 'direct' : 'otherwise';

/** SPEC §5: missing values default to NA. */
export const orNA = <T>(v: T | null | undefined): T | 'NA' => (v === null || v === undefined || (v as unknown) === '' ? NA : v);

/** SPEC §3: the parent SKU, derived from the variant SKU (minus last two characters, plus PA) when absent. */
export const parentSku = (item: EventItem): string => item.parent_sku || parentSkuFromVariantSku(item.sku);

export const quantityOf = (item: EventItem): number => item.quantity ?? 1;

/**
 * SPEC §5: a listing counts as filtered when active filters, an active price, or sortby / pn are present (and
 * `availability` in the URL for the brand listing).
 */
export function isFilteredListing(event: Extract<CatalogueEvent, { name: 'view_item_list' }>, url: string): boolean {
  if ((event.active_filters ?? 0) > 0 || event.active_price === true) return true;
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const params = new URLSearchParams(query);
  if (params.has('sortby') || params.has('pn')) return true;
  return event.listing === 'brand' && params.has('availability');
}

/** SPEC §9 sale page rule: up to `cap` products from the blockbuster offers (items), then from fill_items. */
export function listingProducts(event: Extract<CatalogueEvent, { name: 'view_item_list' }>, cap: number): EventItem[] {
  if (event.listing !== 'sale' || !event.fill_items) return event.items.slice(0, cap);
  const out = event.items.slice(0, cap);
  for (const item of event.fill_items) {
    if (out.length >= cap) break;
    if (!out.some((o) => o.variant_id === item.variant_id)) out.push(item);
  }
  return out;
}

/** Sum of sale price × quantity in rupees (unknown prices count 0). */
export const itemsValue = (items: EventItem[]): number => items.reduce((sum, i) => sum + (rupees(i.sale_price) ?? 0) * quantityOf(i), 0);
export const itemsCount = (items: EventItem[]): number => items.reduce((sum, i) => sum + quantityOf(i), 0);

/** The items an event carries (single `item` events as a one-element list). */
export function itemsOf(event: CatalogueEvent): EventItem[] {
  if ('items' in event && Array.isArray(event.items)) return event.items;
  if ('item' in event && event.item) return [event.item];
  return [];
}

/** The event's money value in rupees when it has one. */
export function eventValue(event: CatalogueEvent): number | null {
  if ('value' in event && typeof event.value === 'number') return event.value / 100;
  if ('item' in event && event.item) return (rupees(event.item.sale_price) ?? 0) * quantityOf(event.item);
  if ('items' in event && Array.isArray(event.items)) return itemsValue(event.items);
  return null;
}

/** SPEC §4 add-to-cart origins; 'orderdetail' is reported by one provider only (marketing), NA elsewhere. */
export const reportedOrigin = (origin: string, allowOrderDetail: boolean): string =>
  origin === 'orderdetail' && !allowOrderDetail ? NA : origin;
