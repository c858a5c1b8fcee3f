import type { Db } from '../db/database.ts';
import { releaseCouponUse } from '../modules/cart/index.ts';
import { putBack } from '../modules/inventory/index.ts';
import { notifyOrderExpired } from '../modules/notifications/index.ts';
import { markOrderExpired, moveOrderShipments, unitsHeld } from '../modules/orders/placement.ts';
import { expireOpenAttempts } from '../modules/payment/queries.ts';
import { ordersCancelled } from '../observability/registry.ts';

// Expire an unpaid order (docs/decisions/011-order-flows.md): its hold on stock and on its coupon is released,
// its open payment attempts end, its shipment is cancelled through the life-cycle machine. One transaction, the
// caller's; every write through the module that owns the table.

export interface UnpaidOrder {
  id: number;
  order_number: string;
  coupon_code: string | null;
}

/** Releases an unpaid order inside `trx` (the caller holds the order row locked). */
export async function releaseUnpaidOrder(trx: Db, order: UnpaidOrder, now: Date, note: string): Promise<void> {
  await putBack(trx, await unitsHeld(trx, order.id), 'order_released', { order: order.order_number });
  if (order.coupon_code) await releaseCouponUse(trx, order.coupon_code, order.order_number);
  await markOrderExpired(trx, order.id, now);
  await expireOpenAttempts(trx, order.id, now);
  await moveOrderShipments(trx, order.id, 'CANCEL', note);
}

export const TIME_RAN_OUT = 'Payment time ran out';
export const REPLACED = 'Replaced by a newer order';

/**
 * Expires orders whose payment time ran out. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * instances may run it and each order is expired once. Returns how many expired.
 */
export async function expireUnpaidOrders(db: Db, now = new Date(), batch = 100): Promise<number> {
  const expired = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('orders')
      .select(['id', 'order_number', 'coupon_code'])
      .where('status', '=', 'payment_pending')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const o of due) await runOut(trx, o, now);
    return due.length;
  });
  if (expired) ordersCancelled.inc({ reason: 'expired' }, expired);
  return expired;
}

/** Time ran out: released, and (SPEC §4.7) the shopper told; an order replaced by a newer one is not, they chose it. */
async function runOut(trx: Db, order: UnpaidOrder, now: Date): Promise<void> {
  await releaseUnpaidOrder(trx, order, now, TIME_RAN_OUT);
  await notifyOrderExpired(trx, order.id);
}

/**
 * Development tools only: one unpaid order of the customer runs out of time now, exactly as the sweep expires it,
 * so people and browser tests need not wait for ORDER_PAYMENT_TTL_S. False when no such order waits.
 */
export async function expireUnpaidOrderNow(db: Db, customerId: number, orderNumber: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'order_number', 'coupon_code'])
      .where('customer_id', '=', customerId)
      .where('order_number', '=', orderNumber)
      .where('status', '=', 'payment_pending')
      .forUpdate()
      .executeTakeFirst();
    if (!order) return false;
    await runOut(trx, order, now);
    return true;
  });
}
