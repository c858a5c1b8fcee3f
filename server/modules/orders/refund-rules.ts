// Money back: how much a cancelled or returned item gives back. Pure rules, integer paise throughout.
//
// 1. A line's paid amount is sale price × quantity minus the line's share of the order's coupon and bank-offer
//    discounts (order_items.discount_share). A free gift was paid nothing, so it refunds nothing.
// 2. Units of a line are refunded at their share of the line's paid amount, rounded so that refunding every unit
//    of a line, in any number of steps and in any order, gives back exactly the line's paid amount: the first n
//    units of a line are worth floor(paid × n / quantity), and a refund of k more units after r already refunded
//    is worth (first r + k) − (first r). No step can be negative and no sum can exceed the line.
// 3. Shipping comes back only when a whole shipment is cancelled before it leaves the warehouse; a return keeps
//    the shipping charge, since the parcel was delivered.
// 4. Nothing is refunded that was not paid: a pay-on-delivery shipment cancelled before delivery refunds 0, and
//    no refund takes the order's refunds above what the order was paid.

import { allocateDiscount as allocateByValue } from '../../../schemas/money.ts';

export interface RefundableLine {
  order_item_id: number;
  quantity: number;
  sale_price: number;
  discount_share: number;
  is_freebie: boolean;
}

/** Rule 1: what was paid for the whole line. */
export function linePaid(line: RefundableLine): number {
  if (line.is_freebie) return 0;
  return Math.max(0, line.sale_price * line.quantity - line.discount_share);
}

/** Rule 2: what the first `units` units of a line were worth. */
export function paidForFirstUnits(line: RefundableLine, units: number): number {
  if (units <= 0) return 0;
  if (units >= line.quantity) return linePaid(line);
  return Math.floor((linePaid(line) * units) / line.quantity);
}

/** Rule 2: the refund for `units` more units of a line of which `alreadyRefunded` units were refunded before. */
export function refundForUnits(line: RefundableLine, alreadyRefunded: number, units: number): number {
  if (units < 0 || alreadyRefunded < 0 || alreadyRefunded + units > line.quantity) {
    throw new RangeError(`cannot refund ${units} of ${line.quantity} units with ${alreadyRefunded} already refunded`);
  }
  return paidForFirstUnits(line, alreadyRefunded + units) - paidForFirstUnits(line, alreadyRefunded);
}

export interface RefundRequestLine {
  line: RefundableLine;
  /** Units of the line refunded (cancelled or returned) before this refund. */
  alreadyRefunded: number;
  units: number;
}

export interface RefundInput {
  reason: 'cancel' | 'return';
  lines: RefundRequestLine[];
  /** Rule 4: false for a pay-on-delivery shipment that was never delivered (nothing was paid). */
  paid: boolean;
  /** The shipment's shipping charge. */
  shippingTotal: number;
  /** Rule 3: true when this cancellation leaves no unit of the shipment uncancelled. */
  cancelsWholeShipment: boolean;
  /** Rule 4: what the order was paid, and what its earlier refunds gave back. */
  orderPaid: number;
  orderRefunded: number;
}

export interface RefundBreakdown {
  items: Array<{ order_item_id: number; units: number; amount: number }>;
  shipping: number;
  total: number;
}

export function computeRefund(input: RefundInput): RefundBreakdown {
  const items = input.lines.map(({ line, alreadyRefunded, units }) => ({
    order_item_id: line.order_item_id,
    units,
    amount: input.paid ? refundForUnits(line, alreadyRefunded, units) : 0,
  }));
  const shipping = input.paid && input.reason === 'cancel' && input.cancelsWholeShipment ? input.shippingTotal : 0;
  const wanted = items.reduce((sum, i) => sum + i.amount, 0) + shipping;
  // Rule 4 as a last guard: only reachable when the stored order does not add up.
  return trimRefund({ items, shipping, total: wanted }, wanted - roomLeft(input.orderPaid, input.orderRefunded));
}

/**
 * The one way a refund is made smaller: `cut` paise (clamped to 0 … the refund's total) come off shipping first,
 * then off the lines in order, each line at most to zero. The parts still add up to the total.
 */
export function trimRefund<T extends RefundBreakdown>(b: T, cut: number): T {
  let excess = Math.min(Math.max(0, cut), b.total);
  if (excess === 0) return b;
  const total = b.total - excess;
  const cutShipping = Math.min(b.shipping, excess);
  excess -= cutShipping;
  const items = b.items.map((i) => {
    const less = Math.min(i.amount, excess);
    excess -= less;
    return { ...i, amount: i.amount - less };
  });
  return { ...b, items, shipping: b.shipping - cutShipping, total };
}

/** What an order can still refund: what it was paid (never below zero) less what its refunds gave back. */
export function roomLeft(orderPaid: number, orderRefunded: number): number {
  return Math.max(0, Math.max(0, orderPaid) - orderRefunded);
}

/** allocateDiscount (schemas/money.ts) over order lines: a line is worth its units at the sale price, a free gift nothing. */
export function allocateDiscount(lines: Array<Pick<RefundableLine, 'quantity' | 'sale_price' | 'is_freebie'>>, discount: number): number[] {
  return allocateByValue(
    lines.map((l) => (l.is_freebie ? 0 : l.sale_price * l.quantity)),
    discount,
  );
}
