import type { Insertable } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type BenefitLost, lessBenefitLost } from './promotion-rules.ts';
import * as q from './queries.ts';
import { issueCreditNote } from './tax-documents.ts';
import { computeRefund, type RefundableLine, type RefundBreakdown, roomLeft } from './refund-rules.ts';

// An order's refund account, in one place for the cancel and the return flows (docs/decisions/011-order-flows.md):
// what the order was paid, what its refunds gave back, what it can still give back, and the refund of a change
// priced against them (refund-rules.ts, then promotion-rules.ts). The refund row is the orders module's; it is paid
// out after commit by the refund flow.

/** An order line as the refund rules take it. */
export const refundable = (i: q.OrderItemRow): RefundableLine => ({
  order_item_id: i.id,
  quantity: i.quantity,
  sale_price: i.sale_price,
  discount_share: i.discount_share,
  is_freebie: i.is_freebie,
});

export interface RefundAccount {
  /** What the order was paid (a pay-on-delivery order: what was collected so far), never below zero. */
  paid: number;
  /** What its refunds gave back or are giving back (every refund not failed). */
  refunded: number;
  /** What it can still give back. */
  room: number;
}

export async function refundAccount(db: q.Executor, order: { order_id: number; paid_total: number }): Promise<RefundAccount> {
  const refunded = await q.refundedTotal(db, order.order_id);
  return { paid: Math.max(0, order.paid_total), refunded, room: roomLeft(order.paid_total, refunded) };
}

export interface ChosenUnits {
  item: q.OrderItemRow;
  units: number;
}

export interface RefundChange {
  reason: 'cancel' | 'return';
  chosen: readonly ChosenUnits[];
  /** False when nothing was paid for the shipment (pay on delivery before delivery): nothing comes back. */
  paid: boolean;
  /** A cancel that leaves no unit of the shipment: its shipping comes back too. */
  cancelsWholeShipment: boolean;
  /** What the change costs in promotions (promotion-rules.ts benefitChange). */
  lost: BenefitLost;
}

/**
 * The refund of a change: the chosen units at their share of what their line was paid (what the line gave back
 * before counted), shipping when the rules give it, less what the shopper no longer earns, all within the
 * order's room left.
 */
export async function priceRefund(
  db: q.Executor,
  shipment: { order_id: number; paid_total: number; shipping_total: number },
  change: RefundChange,
): Promise<RefundBreakdown & { note: string | null }> {
  const account = await refundAccount(db, shipment);
  const base = computeRefund({
    reason: change.reason,
    lines: change.chosen.map((c) => ({
      line: refundable(c.item),
      alreadyRefunded: c.item.cancelled_quantity + c.item.returned_quantity,
      units: c.units,
    })),
    paid: change.paid,
    shippingTotal: shipment.shipping_total,
    cancelsWholeShipment: change.cancelsWholeShipment,
    orderPaid: account.paid,
    orderRefunded: account.refunded,
  });
  return lessBenefitLost(base, change.lost, account.room);
}

export type NewRefund = Pick<
  Insertable<Database['refunds']>,
  'order_id' | 'shipment_id' | 'reason' | 'method' | 'payment_id' | 'bank_account_id' | 'amount' | 'idempotency_key'
> & { items: Array<{ order_item_id: number; units: number; amount: number }> };

/**
 * Writes a refund row and its lines (status pending), once per idempotency key: a second call answers the first
 * row with `created` false, so the caller tells the shopper only once.
 */
export async function recordRefund(trx: q.Executor, r: NewRefund): Promise<{ id: number; created: boolean }> {
  const { items, ...row } = r;
  const inserted = await trx
    .insertInto('refunds')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const found = await trx.selectFrom('refunds').select('id').where('idempotency_key', '=', r.idempotency_key).executeTakeFirstOrThrow();
    return { id: found.id, created: false };
  }
  if (items.length)
    await trx
      .insertInto('refund_items')
      .values(items.map((i) => ({ refund_id: inserted.id, order_item_id: i.order_item_id, quantity: i.units, amount: i.amount })))
      .execute();
  // A refund of an invoiced shipment is documented by a credit note (docs/decisions/028-gst-tax-invoices.md).
  await issueCreditNote(trx, inserted.id);
  return { id: inserted.id, created: true };
}
