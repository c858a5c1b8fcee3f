import type { Db } from '../db/database.ts';
import { releaseCouponUse } from '../modules/cart/index.ts';
import { catalogueChanged } from '../modules/catalogue/index.ts';
import { putBack } from '../modules/inventory/index.ts';
import { notifyRefund, notifyShipmentCancelled } from '../modules/notifications/index.ts';
import { type CancelOutcome, cancelReason, cancelUnits, lockShipment, type SelectedUnits } from '../modules/orders/service.ts';
import { withdrawUnboughtReviews } from '../modules/reviews/index.ts';
import { ordersCancelled } from '../observability/registry.ts';

// Cancel a shipment, whole or in part (docs/decisions/011-order-flows.md), in one transaction: the orders module
// cancels the units, re-prices what is kept under the order's promotions and writes the refund; inventory puts the
// units back; the shopper is told of the refund; an order cancelled before shipping gives its coupon use back, and
// a review whose only purchase was cancelled is withdrawn; the shopper is told of the cancellation.

type CancelInput = { shipmentId: string; reason_id: string; comment: string | null };

/** The cancellation inside `trx`; `reviewsWithdrawn` counts the reviews it withdrew. */
async function cancelIn(
  trx: Db,
  customerId: number | null,
  input: CancelInput,
  reason: string,
  selection: SelectedUnits[] | null,
): Promise<CancelOutcome & { reviewsWithdrawn: number }> {
  const ctx = await lockShipment(trx, input.shipmentId, customerId);
  const { outcome, restock, created } = await cancelUnits(ctx, reason, input.comment, selection);
  await putBack(trx, restock, 'cancelled', { order: outcome.order.order_number, shipment: outcome.shipment_id });
  for (const id of created) await notifyRefund(trx, id, 'initiated');
  if (outcome.order.cancelled && outcome.order.coupon_code)
    await releaseCouponUse(trx, outcome.order.coupon_code, outcome.order.order_number);
  const reviewsWithdrawn = await withdrawUnboughtReviews(trx, outcome.order.customer_id, outcome.products);
  await notifyShipmentCancelled(trx, outcome.shipment_id);
  return { ...outcome, reviewsWithdrawn };
}

export async function cancelOrderShipment(
  db: Db,
  customerId: number | null,
  input: CancelInput,
  selection: SelectedUnits[] | null,
  /** Written in the cancellation's own transaction (the console's audit entry), so neither stands without the other. */
  within?: (trx: Db, outcome: CancelOutcome) => Promise<void>,
): Promise<CancelOutcome & { reviewsWithdrawn: number }> {
  const reason = cancelReason(input.reason_id);
  const outcome = await db.transaction().execute(async (trx) => {
    const done = await cancelIn(trx, customerId, input, reason, selection);
    if (within) await within(trx, done);
    return done;
  });
  if (outcome.order.cancelled) ordersCancelled.inc({ reason: 'cancelled' });
  // The catalogue shows each product's rating: told after commit, as a new review does.
  if (outcome.reviewsWithdrawn) await catalogueChanged(db);
  return outcome;
}

class Preview extends Error {
  constructor(readonly outcome: CancelOutcome) {
    super('preview');
  }
}

/**
 * What a cancellation would refund, with the note of any promotion it costs, shown before the shopper confirms:
 * the orders module's part of the same cancellation (which prices the refund) run and rolled back, so the preview
 * cannot differ from the change.
 */
export async function previewCancel(
  db: Db,
  customerId: number,
  shipmentId: string,
  selection: SelectedUnits[] | null,
): Promise<CancelOutcome['refund']> {
  try {
    await db.transaction().execute(async (trx) => {
      const ctx = await lockShipment(trx, shipmentId, customerId);
      throw new Preview((await cancelUnits(ctx, cancelReason('other'), null, selection)).outcome);
    });
  } catch (error) {
    if (error instanceof Preview) return error.outcome.refund;
    throw error;
  }
  throw new Error('unreachable: the preview always rolls back');
}
