import { type PriceMetaEntry, priceMetaList } from '../../../schemas/cart.ts';

export interface PricedLine {
  mrp: number;
  sale_price: number;
  quantity: number;
  is_freebie: boolean;
}

export interface DeliveryRule {
  free_from: number;
  charge: number;
}

/** Cart value at sale prices; free gifts count for nothing. */
export function cartSubtotal(lines: readonly PricedLine[]): number {
  let sum = 0;
  for (const l of lines) if (!l.is_freebie) sum += l.sale_price * l.quantity;
  return sum;
}

/** Delivery is charged when the value after coupon is below the rule's free_from; an empty cart pays nothing. */
export function deliveryCharge(rule: DeliveryRule | null, valueAfterCoupon: number, hasItems: boolean): number {
  if (!rule || !hasItems) return 0;
  return valueAfterCoupon >= rule.free_from ? 0 : rule.charge;
}

/** SPEC §3 price_meta, in display order; total_payable = subtotal − coupon_discount + delivery_charges. */
export function buildPriceMeta(lines: readonly PricedLine[], couponDiscount: number, rule: DeliveryRule | null): PriceMetaEntry[] {
  const paid = lines.filter((l) => !l.is_freebie);
  const totalMrp = paid.reduce((s, l) => s + Math.max(l.mrp, l.sale_price) * l.quantity, 0);
  const subtotal = cartSubtotal(paid);
  const coupon = Math.min(Math.max(couponDiscount, 0), subtotal);
  const delivery = deliveryCharge(rule, subtotal - coupon, paid.length > 0);
  return priceMetaList({
    total_mrp: totalMrp,
    discount_on_mrp: totalMrp - subtotal,
    subtotal,
    coupon_discount: coupon,
    delivery_charges: delivery,
    total_payable: subtotal - coupon + delivery,
  });
}
