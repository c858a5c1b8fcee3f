import { refusedBy } from '../../http/errors.ts';
import type { QuantityCheck } from './quantity.ts';

// The cart's domain errors. Services throw these; their HTTP status is set in one table, RULE_STATUS in
// server/http/errors.ts, and the app's error handler answers { status: 0, message, data }.

/** A cart rule refused the change (lines per cart, nothing in the cart). */
export class CartRuleError extends refusedBy('cart-rule') {}
/** Fewer units are in stock than the line would hold. */
export class OutOfStock extends refusedBy('out-of-stock') {}
/** More units than one line may hold (SPEC §4 per-line maximum). */
export class QuantityLimit extends refusedBy('quantity-limit') {}
/** The coupon does not exist or its rule refuses this cart (the reason is the message). */
export class CouponNotApplicable extends refusedBy('coupon-not-applicable') {}
/** The cart does not qualify for the free gift, or the gift is out of stock. */
export class FreebieNotApplicable extends refusedBy('freebie-not-applicable') {}

/** The error for a refused quantity check: stock or the per-line maximum, whichever binds. */
export function quantityRefused(check: Extract<QuantityCheck, { ok: false }>, inCart: number): OutOfStock | QuantityLimit {
  const data = { max_quantity: check.max, in_cart: inCart };
  return check.binds === 'stock' ? new OutOfStock(check.message, data) : new QuantityLimit(check.message, data);
}
