import type { Db } from '../db/database.ts';
import { releaseCouponUse } from '../modules/cart/index.ts';
import { catalogueChanged } from '../modules/catalogue/index.ts';
import { type CancelOutcome, cancelShipment, type SelectedUnits } from '../modules/orders/service.ts';
import { withdrawUnboughtReviews } from '../modules/reviews/index.ts';
import { notifyShipmentCancelled } from '../modules/notifications/index.ts';

// Cancel a shipment, whole or in part (docs/decisions/011-order-flows.md), in one transaction: the orders module
// cancels the units, puts them back through inventory, re-prices what is kept under the order's promotions and
// writes the refund; then an order cancelled before shipping gives its coupon use back, and a review whose only
// purchase was cancelled is withdrawn.

export async function cancelOrderShipment(
  db: Db,
  customerId: number | null,
  input: { shipmentId: string; reason_id: string; comment: string | null },
  selection: SelectedUnits[] | null,
): Promise<CancelOutcome & { reviewsWithdrawn: number }> {
  let reviewsWithdrawn = 0;
  const outcome = await cancelShipment(db, customerId, input, selection, async (trx, o) => {
    if (o.order.cancelled) {
      const order = await trx.selectFrom('orders').select(['coupon_code']).where('id', '=', o.order.id).executeTakeFirstOrThrow();
      if (order.coupon_code) await releaseCouponUse(trx, order.coupon_code, o.order.order_number);
    }
    reviewsWithdrawn = await withdrawUnboughtReviews(trx, o.order.customer_id, o.products);
    await notifyShipmentCancelled(trx, o.shipment_id);
  });
  // The catalogue shows each product's rating: told after commit, as a new review does.
  if (reviewsWithdrawn) await catalogueChanged(db);
  return { ...outcome, reviewsWithdrawn };
}

class Preview extends Error {
  constructor(readonly outcome: CancelOutcome) {
    super('preview');
  }
}

/**
 * What a cancellation would refund, with the note of any promotion it costs, shown before the shopper confirms:
 * the same cancellation run and rolled back, so the preview cannot differ from the change.
 */
export async function previewCancel(
  db: Db,
  customerId: number,
  shipmentId: string,
  selection: SelectedUnits[] | null,
): Promise<CancelOutcome['refund']> {
  try {
    await cancelShipment(db, customerId, { shipmentId, reason_id: 'other', comment: null }, selection, async (_trx, o) => {
      throw new Preview(o);
    });
  } catch (error) {
    if (error instanceof Preview) return error.outcome.refund;
    throw error;
  }
  throw new Error('unreachable: the preview always rolls back');
}
