import type { CartChange } from '../../../schemas/order.ts';
import { Conflict, refusedBy } from '../../http/errors.ts';
import { changedMessage } from './cart-changes.ts';

// Checkout's domain errors; the app's error handler turns each into { status: 0, message, data } with its code.

/** SPEC §8: 409 → the app goes to /cart and shows the message. */
export class CartChanged extends Conflict {
  constructor(readonly changes: CartChange[]) {
    super(changedMessage(changes), { changes, redirect: '/cart' });
  }
}

/** Someone else took the last units between the shopper's look and the order (409; the cart module's OutOfStock refuses a cart change). */
export class SoldOut extends Conflict {
  constructor(name: string, variantId: number) {
    const message = `Sorry, ${name} just sold out.`;
    super(`${message} Please review your cart.`, { changes: [{ kind: 'stock', variant_id: variantId, message }], redirect: '/cart' });
  }
}

export class CouponUsedUp extends Conflict {
  constructor(code: string) {
    const message = `Coupon ${code} has reached its usage limit.`;
    super(`${message} Please review your cart.`, { changes: [{ kind: 'coupon', variant_id: null, message }], redirect: '/cart' });
  }
}

/** A rule refused the step (no address, pincode not served, empty cart). */
export class CheckoutRuleError extends refusedBy('checkout-rule') {}
