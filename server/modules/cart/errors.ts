import { DomainError } from '../../http/errors.ts';
import type { QuantityCheck } from './quantity.ts';

// The cart's domain errors (STYLE §4). Services throw these; their HTTP status is set in one table, RULE_STATUS in
// server/http/errors.ts, and the app's error handler answers { status: 0, message, data }.

/** A cart rule refused the change (lines per cart, nothing in the cart). */
export class CartRuleError extends DomainError {
  constructor(message: string, data: unknown = null) {
    super('cart-rule', message, data);
  }
}

/** Fewer units are in stock than the line would hold. */
export class OutOfStock extends DomainError {
  constructor(message: string, data: unknown = null) {
    super('out-of-stock', message, data);
  }
}

/** More units than one line may hold (SPEC §4 per-line maximum). */
export class QuantityLimit extends DomainError {
  constructor(message: string, data: unknown = null) {
    super('quantity-limit', message, data);
  }
}

/** The coupon does not exist or its rule refuses this cart (the reason is the message). */
export class CouponNotApplicable extends DomainError {
  constructor(message: string, data: unknown = null) {
    super('coupon-not-applicable', message, data);
  }
}

/** The cart does not qualify for the free gift, or the gift is out of stock. */
export class FreebieNotApplicable extends DomainError {
  constructor(message: string, data: unknown = null) {
    super('freebie-not-applicable', message, data);
  }
}

/** The error for a refused quantity check: stock or the per-line maximum, whichever binds. */
export function quantityRefused(check: Extract<QuantityCheck, { ok: false }>, inCart: number): OutOfStock | QuantityLimit {
  const data = { max_quantity: check.max, in_cart: inCart };
  return check.binds === 'stock' ? new OutOfStock(check.message, data) : new QuantityLimit(check.message, data);
}
