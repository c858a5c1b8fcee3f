// Affiliate tracker (SPEC §3 affiliate order, §7): the order object, status pending, encrypted with AES-GCM
// (WebCrypto) before it leaves the page, posted through the zero-loss queue.
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
  const { user } = c.ctx;
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
      name: name || user.name,
      email: e.customer_email ?? user.email,
      phone: e.customer_mobile ?? user.mobile,
      is_new_customer: c.ctx.new_customer,
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

const toBase64 = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** AES-GCM with a random 12-byte iv; returns base64 iv and ciphertext. */
export async function encryptOrder(order: AffiliateOrder, keyBase64: string, subtle: SubtleCrypto = globalThis.crypto.subtle) {
  const key = await subtle.importKey('raw', fromBase64(keyBase64) as BufferSource, 'AES-GCM', false, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(order)));
  return { order_id: order.id, alg: 'AES-GCM' as const, iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

export function affiliateProvider(delivery: Delivery, url: string, keyBase64: string): Provider<AffiliateOrder> {
  return {
    id: 'affiliate',
    map: mapAffiliate,
    send(order) {
      encryptOrder(order, keyBase64).then(
        (sealed) => delivery.enqueue(url, sealed),
        (error) => console.warn('[providers] affiliate encryption failed', error),
      );
    },
  };
}
