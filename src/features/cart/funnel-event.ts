import type { CartListData } from '../../../schemas/cart.ts';
import { priceMetaValue } from '../../../schemas/cart-rules.ts';
import { quoteFromCart } from '../../../schemas/quote.ts';
import { lineToEventItem } from './event-items.ts';

/**
 * What the checkout funnel starts from (SPEC §4 funnel step 1): the cart's items, value, coupon and quote. The cart
 * page sends it as it shows the cart; the address step sends it when checkout was opened without the cart page
 * behind it (its link tapped before the app had hydrated, a bookmark).
 */
export function cartFunnelView(data: CartListData) {
  return {
    items: data.cart_data.map((l) => lineToEventItem(l)),
    value: priceMetaValue(data.price_meta, 'total_payable'),
    ...(data.cart_meta.coupon_applied && data.cart_meta.coupon_code ? { coupon_code: data.cart_meta.coupon_code } : {}),
    quote: quoteFromCart(data),
  };
}
