import type { CartListData } from './cart.ts';
import { priceMetaValue } from './cart-rules.ts';

// The checkout quote (what the shopper saw when going to checkout), without zod: the cart page builds one in the
// browser, and schemas/order.ts re-exports it beside the schema that checks it on the server (docs/decisions/008).

/**
 * A compact, URL-safe snapshot of a priced cart: `v1~<coupon>~<coupon discount>~<total>~<lines>` where lines are
 * `<variant_id>.<quantity>.<unit sale price>.<f|p>` joined by `_` (f = free gift). Built by the server
 * (deliver-here, order-details) and, from the cart page's own data, by `quoteFromCart`.
 */
export interface QuoteLine {
  variant_id: number;
  quantity: number;
  sale_price: number;
  is_freebie: boolean;
}
export interface Quote {
  coupon_code: string | null;
  coupon_discount: number;
  total: number;
  lines: QuoteLine[];
}

export function encodeQuote(q: Quote): string {
  const lines = [...q.lines]
    .sort((a, b) => a.variant_id - b.variant_id || Number(a.is_freebie) - Number(b.is_freebie))
    .map((l) => `${l.variant_id}.${l.quantity}.${l.sale_price}.${l.is_freebie ? 'f' : 'p'}`)
    .join('_');
  return ['v1', q.coupon_code ?? '', q.coupon_discount, q.total, lines].join('~');
}

export function decodeQuote(text: string): Quote | null {
  const parts = text.split('~');
  if (parts.length !== 5 || parts[0] !== 'v1') return null;
  const [, coupon, discount, total, lineText] = parts;
  const int = (s: string) => (/^\d{1,12}$/.test(s) ? Number(s) : Number.NaN);
  const lines: QuoteLine[] = [];
  for (const chunk of lineText ? lineText.split('_') : []) {
    const m = /^(\d{1,10})\.(\d{1,4})\.(\d{1,12})\.([fp])$/.exec(chunk);
    if (!m) return null;
    lines.push({ variant_id: Number(m[1]), quantity: Number(m[2]), sale_price: Number(m[3]), is_freebie: m[4] === 'f' });
  }
  const q = { coupon_code: coupon || null, coupon_discount: int(discount), total: int(total), lines };
  return Number.isNaN(q.coupon_discount) || Number.isNaN(q.total) || lines.length > 60 ? null : q;
}

/** The quote of a cart as /api/cart/cart-list shows it (the cart page can send it on to checkout). */
export function quoteFromCart(cart: CartListData): string {
  return encodeQuote({
    coupon_code: cart.cart_meta.coupon_applied ? cart.cart_meta.coupon_code : null,
    coupon_discount: priceMetaValue(cart.price_meta, 'coupon_discount'),
    total: priceMetaValue(cart.price_meta, 'total_payable'),
    lines: cart.cart_data.map((l) => ({
      variant_id: l.variant_id,
      quantity: l.quantity,
      sale_price: l.sale_price,
      is_freebie: l.is_freebie,
    })),
  });
}
