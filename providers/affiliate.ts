// Affiliate tracker (SPEC §3 affiliate order, §7). The order object is mapped here for the debug overlay, but the
// page sends only the order id through the zero-loss queue: the server builds the order from the stored order and
// encrypts it when forwarding (docs/decisions/016), so no key ships to browsers and no browser writes an order.
import type { CatalogueEvent } from '../events/index.ts';
import type { Delivery } from './delivery.ts';
import { CURRENCY, quantityOf, rupees, shippingValue } from './rules.ts';
import type { Provider, ProviderContext } from './types.ts';

export interface AffiliateOrder {
  id: string;
  number: string;
  total: number;
  shipping: number;
  currency: 'INR';
  date: string;
  customer: { name: string; email: string; phone: string; is_new_customer: 'yes' | 'no' | 'NA' };
  coupons: string[];
  line_items: { name: string; quantity: number; price: number; sku: string; product_id: number }[];
  status: 'pending';
}

export function mapAffiliate(e: CatalogueEvent, c: ProviderContext): AffiliateOrder | null {
  if (e.name !== 'purchase') return null;
  const { ctx } = c;
  const total = e.value / 100;
  const name = [e.customer_first_name, e.customer_last_name].filter(Boolean).join(' ');
  return {
    id: e.order_id,
    number: e.order_id,
    total,
    shipping: shippingValue(total),
    currency: CURRENCY,
    date: new Date(c.at).toISOString(),
    customer: {
      name: name || ctx.user_name,
      email: e.customer_email ?? ctx.user_email,
      phone: e.customer_mobile ?? ctx.user_mobile,
      is_new_customer: ctx.new_customer,
    },
    coupons: e.coupon_code ? [e.coupon_code] : [],
    line_items: e.items.map((i) => ({
      name: i.name,
      quantity: quantityOf(i),
      price: rupees(i.sale_price) ?? 0,
      sku: i.sku,
      product_id: i.product_id,
    })),
    // SPEC §4: affiliate orders are sent with status pending.
    status: 'pending',
  };
}

export function affiliateProvider(delivery: Delivery, url: string): Provider<AffiliateOrder> {
  return {
    id: 'affiliate',
    map: mapAffiliate,
    send(order) {
      delivery.enqueue(url, { order_id: order.id });
    },
  };
}
