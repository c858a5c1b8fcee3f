// Marketing automation (SPEC §7): track event, add unique user id, email, first and last name, mobile and
// user attributes — MoEngage-style calls on a vendor global.
import type { CatalogueEvent } from '../events/index.ts';
import {
  itemsOf,
  listingProducts,
  MARKETING_PRODUCT_CAP,
  NA,
  parentSku,
  paymentMethodName,
  reportedOrigin,
  rupees,
  eventValue,
} from './rules.ts';
import type { Provider, ProviderContext } from './types.ts';

export type MarketingCall = [method: string, ...args: unknown[]];

export function mapMarketing(e: CatalogueEvent, c: ProviderContext): MarketingCall[] {
  const { ctx } = c;
  const attrs: Record<string, unknown> = {
    event_id: c.event_id,
    page_type: ctx.page_type,
    source: ctx.source,
    login_status: ctx.login_status,
    user_id: ctx.user_id,
    new_customer: ctx.new_customer,
  };
  const value = eventValue(e);
  if (value !== null) attrs.value = value;
  const items = e.name === 'view_item_list' ? listingProducts(e, MARKETING_PRODUCT_CAP) : itemsOf(e).slice(0, MARKETING_PRODUCT_CAP);
  if (items.length) {
    attrs.product_names = items.map((i) => i.name);
    attrs.product_ids = items.map((i) => i.product_id);
    attrs.skus = items.map((i) => i.sku);
    attrs.parent_skus = items.map(parentSku);
    attrs.brands = items.map((i) => i.brand ?? NA);
    attrs.prices = items.map((i) => rupees(i.sale_price) ?? 0);
  }
  switch (e.name) {
    case 'add_to_cart':
      attrs.origin = reportedOrigin(e.origin, true);
      break;
    case 'add_payment_info':
    case 'purchase':
    case 'order_placed':
      attrs.payment_method = paymentMethodName(e.payment_method);
      if (e.name !== 'add_payment_info') attrs.order_id = e.order_id;
      break;
    case 'search':
    case 'search_query_fetched':
      attrs.search_term = e.search_term;
      break;
    case 'view_item_list':
    case 'select_item':
      attrs.list_name = e.list_name;
      break;
    case 'user_login':
    case 'user_register':
      attrs.method = e.method;
      attrs.identifier_type = e.identifier_type;
      attrs.login_source_page = ctx.login_source_page;
      break;
  }
  const calls: MarketingCall[] = [];
  if ((e.name === 'user_login' || e.name === 'user_register') && ctx.user_id !== 'NA') {
    calls.push(
      ['add_unique_user_id', ctx.user_id],
      ['add_email', ctx.user_email],
      ['add_first_name', ctx.user_first_name],
      ['add_last_name', ctx.user_last_name],
      ['add_mobile', ctx.user_mobile],
      ['add_user_attribute', 'new_customer', ctx.new_customer],
    );
  }
  calls.push(['track_event', e.name, attrs]);
  if (e.name === 'user_logout') calls.push(['destroy_session']);
  return calls;
}

export function marketingProvider(
  target: () => { Moengage?: unknown } | undefined = () => globalThis as { Moengage?: unknown },
): Provider<MarketingCall[]> {
  return {
    id: 'marketing',
    map: mapMarketing,
    send(calls) {
      const sdk = target()?.Moengage as Record<string, unknown> | undefined;
      if (!sdk) return;
      for (const [method, ...args] of calls) {
        const fn = sdk[method];
        if (typeof fn === 'function') fn.apply(sdk, args);
      }
    },
  };
}
