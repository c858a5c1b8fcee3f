// Social ad pixel (fbq-compatible), SPEC §7 event list. eventID = the domain event_id, shared with the
// server-side feed so the ad platform deduplicates browser and server copies.
import type { CatalogueEvent } from '../events/index.ts';
import {
  CURRENCY,
  isFilteredListing,
  itemsCount,
  itemsOf,
  paymentMethodName,
  PIXEL_SKU_CAP,
  quantityOf,
  rupees,
  eventValue,
} from './rules.ts';
import type { Provider, ProviderContext } from './types.ts';

export interface PixelPayload {
  method: 'track' | 'trackCustom';
  name: string;
  data: Record<string, unknown>;
  options: { eventID: string };
}

const STANDARD: Partial<Record<CatalogueEvent['name'], string>> = {
  view_item: 'ViewContent',
  add_to_cart: 'AddToCart',
  add_to_wishlist: 'AddToWishlist',
  begin_checkout: 'InitiateCheckout',
  add_payment_info: 'AddPaymentInfo',
  purchase: 'Purchase',
  user_register: 'CompleteRegistration',
  search: 'Search',
};
const CUSTOM: Partial<Record<CatalogueEvent['name'], string>> = {
  user_login: 'LoginComplete',
  view_cart: 'ViewCart',
  coupon_applied: 'CouponApplied',
  checkout_initiated: 'OrderConfirmation',
  add_shipping_info: 'AddedDeliveryDetails',
};

function productData(e: CatalogueEvent): Record<string, unknown> {
  const items = itemsOf(e);
  const capped = items.slice(0, PIXEL_SKU_CAP);
  return {
    content_ids: capped.map((i) => i.sku),
    contents: capped.map((i) => ({ id: i.sku, quantity: quantityOf(i), item_price: rupees(i.sale_price) ?? 0 })),
    content_type: 'product',
    num_items: itemsCount(items),
    value: eventValue(e) ?? 0,
    currency: CURRENCY,
  };
}

/** Brand and category listings report as default or filtered views (SPEC §7, filtered rule SPEC §5). */
function listingName(e: Extract<CatalogueEvent, { name: 'view_item_list' }>, url: string): string | null {
  if (e.listing !== 'brand' && e.listing !== 'category') return null;
  return `${e.listing === 'brand' ? 'Brand' : 'Category'}View${isFilteredListing(e, url) ? 'Filtered' : 'Default'}`;
}

export function mapPixel(e: CatalogueEvent, c: ProviderContext): PixelPayload | null {
  const options = { eventID: c.event_id };
  if (e.name === 'view_item_list') {
    const name = listingName(e, c.ctx.url);
    if (!name) return null;
    const data = productData(e);
    data.content_category = e.category ?? e.brand ?? e.list_name;
    return { method: 'trackCustom', name, data, options };
  }
  if (e.name === 'coupon_applied' && !e.success) return null;
  const standard = STANDARD[e.name];
  const name = standard ?? CUSTOM[e.name];
  if (!name) return null;
  let data: Record<string, unknown>;
  switch (e.name) {
    case 'search':
      data = { search_string: e.search_term, currency: CURRENCY };
      break;
    case 'user_login':
    case 'user_register':
      data = { method: e.method, identifier_type: e.identifier_type, status: true };
      break;
    case 'coupon_applied':
      data = { coupon_code: e.coupon_code, value: e.discount / 100, currency: CURRENCY };
      break;
    case 'add_shipping_info':
      data = { city: e.city ?? 'NA', state: e.state ?? 'NA' };
      break;
    default:
      data = productData(e);
  }
  if (e.name === 'add_payment_info') data.payment_method = paymentMethodName(e.payment_method);
  if (e.name === 'purchase') data.order_id = e.order_id;
  return { method: standard ? 'track' : 'trackCustom', name, data, options };
}

type Fbq = (method: string, name: string, data: unknown, options: unknown) => void;

export function socialPixelProvider(
  target: () => { fbq?: unknown } | undefined = () => globalThis as { fbq?: unknown },
): Provider<PixelPayload> {
  return {
    id: 'social_pixel',
    map: mapPixel,
    send(p) {
      // An ad-blocker removes fbq: nothing to do, and nothing thrown.
      const fbq = target()?.fbq;
      if (typeof fbq === 'function') (fbq as Fbq)(p.method, p.name, p.data, p.options);
    },
  };
}
