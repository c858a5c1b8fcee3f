import { formatPaise } from '../../../schemas/money.ts';
import type { CartChange, Quote } from '../../../schemas/order.ts';

// SPEC §8: order confirmation answers 409 when the cart changed since the shopper saw it. These pure rules say
// what changed, in words the cart page can show as they are.

const lineKey = (l: { variant_id: number; is_freebie: boolean }) => `${l.variant_id}:${l.is_freebie ? 'f' : 'p'}`;

/** Differences between the quote the shopper saw and the cart now; [] when they agree. */
export function cartChanges(
  seen: Quote,
  now: Quote,
  nameOf: (variantId: number) => string,
  couponReason: string | null = null,
): CartChange[] {
  const changes: CartChange[] = [];
  const before = new Map(seen.lines.map((l) => [lineKey(l), l]));
  const after = new Map(now.lines.map((l) => [lineKey(l), l]));
  for (const [key, was] of before) {
    const is = after.get(key);
    const name = nameOf(was.variant_id);
    if (!is) {
      changes.push(
        was.is_freebie
          ? { kind: 'freebie', variant_id: was.variant_id, message: `The free gift ${name} is no longer in your order.` }
          : { kind: 'lines', variant_id: was.variant_id, message: `${name} is no longer in your cart.` },
      );
      continue;
    }
    if (!was.is_freebie && is.sale_price !== was.sale_price)
      changes.push({
        kind: 'price',
        variant_id: was.variant_id,
        message: `The price of ${name} changed from ${formatPaise(was.sale_price)} to ${formatPaise(is.sale_price)}.`,
      });
    if (is.quantity !== was.quantity)
      changes.push({
        kind: 'lines',
        variant_id: was.variant_id,
        message: `The quantity of ${name} changed from ${was.quantity} to ${is.quantity}.`,
      });
  }
  for (const [key, is] of after) {
    if (before.has(key)) continue;
    const name = nameOf(is.variant_id);
    changes.push(
      is.is_freebie
        ? { kind: 'freebie', variant_id: is.variant_id, message: `A free gift, ${name}, was added to your order.` }
        : { kind: 'lines', variant_id: is.variant_id, message: `${name} was added to your cart.` },
    );
  }
  if (seen.coupon_code && seen.coupon_code !== now.coupon_code)
    changes.push({
      kind: 'coupon',
      variant_id: null,
      message: `Coupon ${seen.coupon_code} no longer applies${couponReason ? `: ${couponReason}` : '.'}`,
    });
  else if (!seen.coupon_code && now.coupon_code)
    changes.push({ kind: 'coupon', variant_id: null, message: `Coupon ${now.coupon_code} was applied to your cart.` });
  else if (seen.coupon_code && seen.coupon_discount !== now.coupon_discount)
    changes.push({
      kind: 'coupon',
      variant_id: null,
      message: `The discount from coupon ${seen.coupon_code} changed from ${formatPaise(seen.coupon_discount)} to ${formatPaise(now.coupon_discount)}.`,
    });
  if (changes.length === 0 && seen.total !== now.total)
    changes.push({
      kind: 'total',
      variant_id: null,
      message: `Your order total changed from ${formatPaise(seen.total)} to ${formatPaise(now.total)}.`,
    });
  return changes;
}

/** One message for the 409 answer: the changes, then what to do. */
export function changedMessage(changes: readonly CartChange[]): string {
  return `Your cart has changed: ${changes.map((c) => c.message).join(' ')} Please review your cart.`;
}

export { allocateDiscount } from '../../../schemas/money.ts';
