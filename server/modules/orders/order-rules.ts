import type { PickupAddress, ShipmentItem } from '../../../schemas/orders.ts';
import { PAYMENT_NOT_RECEIVED } from '../../../schemas/payment-rules.ts';
import type { ShipmentStatus } from '../../db/types.ts';
import { BadRequest, Conflict, NotFound } from '../../http/errors.ts';
import { readAddress } from './address.ts';
import { canMove, STATUS_LABELS } from './lifecycle.ts';
import type * as q from './queries.ts';
import { linePaid } from './refund-rules.ts';
import { refundable } from './refund-account.ts';
import { productImage } from '../../../schemas/images.ts';
import { paymentMethodName } from '../../../schemas/payment-rules.ts';

// The order pages' shared rules: cancel and return reasons, labels, the shipment and item views' pieces, the
// errors every order rule answers with (server/modules/orders/service.ts lists the concerns).

export const RETURN_WINDOW_DAYS = 7;
export const CANCEL_REASONS = [
  { id: 'changed_mind', reason: 'I changed my mind' },
  { id: 'ordered_by_mistake', reason: 'Ordered by mistake' },
  { id: 'better_price', reason: 'Found a better price elsewhere' },
  { id: 'delivery_too_late', reason: 'Delivery date is too late' },
  { id: 'wrong_address', reason: 'Wrong delivery address' },
  { id: 'other', reason: 'Other' },
] as const;
export const RETURN_REASONS = [
  { id: 'damaged', reason: 'Item arrived damaged' },
  { id: 'seal_broken', reason: 'Seal was broken or tampered' },
  { id: 'wrong_item', reason: 'Received a different item' },
  { id: 'expired', reason: 'Item is expired or near expiry' },
  { id: 'not_as_described', reason: 'Item is not as described' },
  { id: 'other', reason: 'Other' },
] as const;

/** The label of the reason the shopper picked; an id from outside the list is a 400. */
function chosenReason(list: readonly { id: string; reason: string }[], id: string): string {
  const chosen = list.find((r) => r.id === id);
  if (!chosen) throw new BadRequest('Please choose a reason from the list.');
  return chosen.reason;
}
export const cancelReason = (id: string) => chosenReason(CANCEL_REASONS, id);
export const returnReason = (id: string) => chosenReason(RETURN_REASONS, id);

/**
 * SPEC §9 payment method names (one owner: schemas/payment-rules.ts). An order without a method has not been paid:
 * the shopper reads that in words ("Payment pending" while it waits), never the reports' NA.
 */
export const paymentLabel = (code: number | null, status?: string): string =>
  code != null ? paymentMethodName(code) : status === 'payment_pending' ? 'Payment pending' : 'Not paid';

const INVOICED: ShipmentStatus[] = ['shipped', 'delivered', 'return_requested', 'return_picked_up', 'returned', 'refunded'];
export const hasInvoice = (status: ShipmentStatus) => INVOICED.includes(status);

export class ShipmentChanged extends Conflict {
  constructor() {
    super('This shipment was updated a moment ago. Please refresh the page and try again.');
  }
}
export const shipmentNotFound = () => new NotFound('We could not find this shipment in your orders.');
export const orderNotFound = () => new NotFound('We could not find this order in your account.');

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export { readAddress };

export const pickupOf = (a: {
  full_name: string;
  address: string;
  landmark?: string | null;
  city: string;
  state: string;
  pincode: string;
  mobile: string;
}): PickupAddress => ({
  full_name: a.full_name,
  address: [a.address, a.landmark].filter(Boolean).join(', '),
  city: a.city,
  state: a.state,
  pincode: a.pincode,
  mobile: a.mobile,
});

export const unitsLeft = (i: q.OrderItemRow) => i.quantity - i.cancelled_quantity - i.returned_quantity;

export function returnWindowEnd(s: { delivered_at: Date | null }): Date | null {
  return s.delivered_at ? new Date(new Date(s.delivered_at).getTime() + RETURN_WINDOW_DAYS * 86_400_000) : null;
}
export function canReturn(s: { status: ShipmentStatus; delivered_at: Date | null }, now = new Date()): boolean {
  const end = returnWindowEnd(s);
  return canMove(s.status, 'REQUEST_RETURN') && end !== null && now <= end;
}

export function itemView(i: q.OrderItemRow, s: { status: ShipmentStatus; delivered_at: Date | null }): ShipmentItem {
  return {
    order_item_id: i.id,
    variant_id: i.variant_id,
    variant_sku: i.sku,
    product_id: i.product_id,
    name: i.name,
    brand: i.brand_name,
    category_name: i.category_name,
    swatch: i.swatch,
    quantity: i.quantity,
    cancelled_quantity: i.cancelled_quantity,
    returned_quantity: i.returned_quantity,
    cancellable_quantity: canMove(s.status, 'CANCEL') ? unitsLeft(i) : 0,
    returnable_quantity: canReturn(s) ? unitsLeft(i) : 0,
    mrp: i.mrp,
    sale_price: i.sale_price,
    discount_share: i.discount_share,
    paid: linePaid(refundable(i)),
    is_freebie: i.is_freebie,
    thumbnail_image: productImage(i.variant_id),
  };
}

export const REFUND_LABELS = { original: 'Original payment method', bank: 'Bank account' } as const;

/** What an order's status reads as, from its shipments. */
export function orderStatusLabel(order: { status: string }, shipments: Array<{ status: ShipmentStatus }>): string {
  if (order.status === 'payment_pending') return STATUS_LABELS.payment_pending;
  if (order.status === 'expired') return PAYMENT_NOT_RECEIVED;
  const labels = [...new Set(shipments.map((s) => STATUS_LABELS[s.status]))];
  return labels.join(' · ') || STATUS_LABELS.placed;
}

/** SPEC §4.7: an order waiting for payment, still in time, shows "Pay now" until this moment. */
export function payBy(order: { status: string; expires_at: Date | string | null }, now = new Date()): string | null {
  if (order.status !== 'payment_pending' || !order.expires_at) return null;
  const until = new Date(order.expires_at);
  return until > now ? until.toISOString() : null;
}
