// Tag-manager data layer: SPEC §7 fields on every push, plus a GA4-style `ecommerce` object for commerce
// events, preceded by `{ ecommerce: null }` so GTM does not merge it with the previous one.
import { type CatalogueEvent, type EventItem, type EventName, eventPage } from '../events/index.ts';
import {
  CURRENCY,
  DATA_LAYER_ITEM_CAP,
  discountRupees,
  FUNNEL_STEP,
  itemsOf,
  NA,
  orNA,
  parentSku,
  paymentFlow,
  paymentMethodName,
  quantityOf,
  reportedOrigin,
  rupees,
  shippingValue,
  TAX,
  eventValue,
} from './rules.ts';
import type { Provider, ProviderContext } from './types.ts';

export type DataLayerPush = Record<string, unknown>;

export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_brand: string;
  item_category: string;
  item_category2?: string;
  item_category3?: string;
  item_category4?: string;
  item_category5?: string;
  item_variant: string;
  item_list_name: string;
  index: number | 'NA';
  price: number;
  discount: number;
  quantity: number;
  parent_sku: string;
  variant_id: number;
  product_id: number;
}

const ECOMMERCE = new Set<EventName>([
  'view_item',
  'view_item_list',
  'select_item',
  'view_promotion',
  'select_promotion',
  'add_to_cart',
  'remove_from_cart',
  'view_cart',
  'add_to_wishlist',
  'remove_from_wishlist',
  'begin_checkout',
  'checkout_initiated',
  'payment_initiated',
  'add_payment_info',
  'purchase',
  'order_placed',
]);

const CATEGORY: Partial<Record<EventName, string>> = {
  search: 'search',
  search_query_fetched: 'search',
  user_login: 'account',
  user_register: 'account',
  user_logout: 'account',
  coupon_applied: 'checkout',
  add_shipping_info: 'checkout',
  payment_option_selected: 'checkout',
  payment_instrument_selected: 'checkout',
  payment_failed: 'checkout',
};

function categoryOf(name: EventName): string {
  const known = CATEGORY[name];
  if (known) return known;
  if (ECOMMERCE.has(name)) return 'ecommerce';
  if (
    name.startsWith('login') ||
    name.startsWith('otp') ||
    name.startsWith('register') ||
    name.includes('password') ||
    name.startsWith('profile')
  )
    return 'account';
  if (name.startsWith('freebie')) return 'freebie';
  if (name.startsWith('store')) return 'store';
  if (name.startsWith('retailer')) return 'retailer';
  return 'engagement';
}

/** A short human label: the product, list, term or code the event is about. */
function labelOf(e: CatalogueEvent): string {
  switch (e.name) {
    case 'view_item':
    case 'add_to_cart':
    case 'remove_from_cart':
    case 'add_to_wishlist':
    case 'remove_from_wishlist':
    case 'freebie_added':
    case 'freebie_removed':
      return e.item.name;
    case 'select_item':
    case 'view_item_list':
      return e.list_name;
    case 'view_promotion':
    case 'select_promotion':
      return e.promotion.section;
    case 'search':
    case 'search_query_fetched':
      return e.search_term;
    case 'coupon_applied':
      return e.coupon_code;
    case 'purchase':
    case 'order_placed':
    case 'payment_failed':
      return e.order_id;
    case 'user_login':
    case 'user_register':
    case 'login_failed':
      return e.method;
    case 'view_sale_page':
      return e.slug;
    case 'payment_instrument_selected':
      return e.option ?? e.instrument;
    default:
      return NA;
  }
}

/**
 * GA4 item (GA4 events reference, "Item parameters"): item_category is the first level of the category path, then
 * item_category2…5 down to the leaf; an item without a path reports its own category as the first level.
 */
export function ga4Item(item: EventItem, index?: number): Ga4Item {
  const path = item.cat_hierarchy?.length ? item.cat_hierarchy : item.category ? [item.category] : [];
  const out: Ga4Item = {
    item_id: item.sku,
    item_name: item.name,
    item_brand: orNA(item.brand),
    item_category: orNA(path[0]),
    item_variant: orNA(item.swatch),
    item_list_name: orNA(item.list_name),
    index: item.index ?? index ?? NA,
    price: rupees(item.sale_price) ?? 0,
    discount: discountRupees(item.mrp, item.sale_price),
    quantity: quantityOf(item),
    parent_sku: parentSku(item),
    variant_id: item.variant_id,
    product_id: item.product_id,
  };
  if (path[1]) out.item_category2 = path[1];
  if (path[2]) out.item_category3 = path[2];
  if (path[3]) out.item_category4 = path[3];
  if (path[4]) out.item_category5 = path[4];
  return out;
}

function ecommerceOf(e: CatalogueEvent, value: number | null): Record<string, unknown> {
  const items = itemsOf(e).slice(0, DATA_LAYER_ITEM_CAP);
  const ecommerce: Record<string, unknown> = { currency: CURRENCY, value: value ?? 0, items: items.map((i, n) => ga4Item(i, n)) };
  switch (e.name) {
    case 'view_item_list':
    case 'select_item':
      ecommerce.item_list_name = e.list_name;
      break;
    case 'view_promotion':
    case 'select_promotion':
      ecommerce.promotion_id = orNA(e.promotion.id);
      ecommerce.promotion_name = orNA(e.promotion.name);
      ecommerce.creative_name = orNA(e.promotion.creative);
      ecommerce.creative_slot = e.promotion.section;
      break;
    case 'add_payment_info':
      ecommerce.payment_type = paymentMethodName(e.payment_method);
      break;
    case 'begin_checkout':
    case 'checkout_initiated':
      ecommerce.coupon = orNA(e.coupon_code);
      break;
    case 'purchase':
    case 'order_placed': {
      // GA4: value is the items' worth, without shipping or tax; the order total includes the delivery charge.
      // shipping follows SPEC §9 ("50 when sale price is under 350"), applied to that worth, never to the total.
      const goods = Math.max(0, (value ?? 0) - (rupees(e.shipping) ?? 0));
      ecommerce.value = goods;
      ecommerce.transaction_id = e.order_id;
      ecommerce.tax = TAX;
      ecommerce.shipping = shippingValue(goods);
      ecommerce.coupon = orNA(e.coupon_code);
      ecommerce.payment_type = paymentMethodName(e.payment_method);
      break;
    }
  }
  return ecommerce;
}

let lastAt = -1;
let lastDate = '';
/** ISO date of the event, memoised per millisecond (toISOString is the costliest call of a push). */
const isoDate = (at: number): string => {
  if (at !== lastAt) {
    lastAt = at;
    lastDate = new Date(at).toISOString();
  }
  return lastDate;
};

export function mapDataLayer(e: CatalogueEvent, c: ProviderContext): DataLayerPush[] {
  const { ctx } = c;
  const value = eventValue(e);
  const push: DataLayerPush = {
    event: e.name,
    page: eventPage(e.name, ctx.page_type),
    url: ctx.url,
    date: isoDate(c.at),
    category: categoryOf(e.name),
    label: labelOf(e),
    value: value ?? NA,
    action: e.name,
    event_id: c.event_id,
    login_status: ctx.login_status,
    user_id: ctx.user_id,
    source: ctx.source,
    new_customer: ctx.new_customer,
  };
  const step = FUNNEL_STEP[e.name];
  if (step) push.checkout_step = step;
  if (e.name === 'payment_initiated') push.payment_flow = paymentFlow(ctx);
  if (e.name === 'add_to_cart') push.origin = reportedOrigin(e.origin, false);
  if (e.name === 'user_login' || e.name === 'user_register') {
    push.login_source_page = ctx.login_source_page;
    push.identifier_type = e.identifier_type;
  }
  if (e.name === 'view_cart' || e.name === 'begin_checkout' || e.name === 'checkout_initiated')
    lastCheckout = { items: e.items, value: value ?? 0, coupon: e.coupon_code };
  if (e.name === 'add_shipping_info') {
    // GA4 add_shipping_info carries the checkout's items; the event names only the address, so the items are the
    // checkout's last known ones. Without them the stale object is still cleared, so no tag reads an older item.
    if (!lastCheckout) return [{ ecommerce: null }, push];
    push.ecommerce = {
      currency: CURRENCY,
      value: lastCheckout.value,
      coupon: orNA(lastCheckout.coupon),
      items: lastCheckout.items.slice(0, DATA_LAYER_ITEM_CAP).map((i, n) => ga4Item(i, n)),
    };
    return [{ ecommerce: null }, push];
  }
  if (!ECOMMERCE.has(e.name)) return [push];
  push.ecommerce = ecommerceOf(e, value);
  return [{ ecommerce: null }, push];
}

/** The cart being checked out, for add_shipping_info (one checkout per page at a time). */
let lastCheckout: { items: EventItem[]; value: number; coupon?: string } | null = null;

type DataLayerWindow = { dataLayer?: unknown[] };

export function dataLayerProvider(
  target: () => DataLayerWindow | undefined = () => globalThis as DataLayerWindow,
): Provider<DataLayerPush[]> {
  return {
    id: 'data_layer',
    map: mapDataLayer,
    send(pushes) {
      const w = target();
      if (!w) return;
      // GTM replaces dataLayer.push once loaded; before that (or when blocked) a plain array queues the pushes.
      if (!Array.isArray(w.dataLayer)) w.dataLayer = [];
      for (const p of pushes) w.dataLayer.push(p);
    },
  };
}
