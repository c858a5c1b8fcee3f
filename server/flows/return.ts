import type { Db } from '../db/database.ts';
import { putBack } from '../modules/inventory/index.ts';
import { notifyRefund } from '../modules/notifications/index.ts';
import {
  closeReturn,
  lockShipment,
  moveShipment,
  type OpsAction,
  type ReturnInput,
  receiveReturnedUnits,
  requestReturn,
  returnReason,
  withdrawReturnRequest,
} from '../modules/orders/index.ts';
import { recordRefund } from '../modules/orders/index.ts';

// Returns (SPEC §2; docs/decisions/011-order-flows.md): requested by the shopper, withdrawn before pickup, picked up
// and received by operations. Each is one transaction over module functions: the orders module moves the shipment
// and writes the return and its refund row; a return received puts its units back through inventory and tells the
// shopper of the refund, which the refund flow pays out after commit.

/** return-submit: the shopper asks to return units of a delivered shipment inside its return window. */
export async function submitReturn(db: Db, customerId: number, input: ReturnInput) {
  const reason = returnReason(input.reason_id);
  return db
    .transaction()
    .execute(async (trx) => requestReturn(await lockShipment(trx, input.shipmentId, customerId), customerId, reason, input));
}

/** cancel-reverse-shipment-submit: the shopper withdraws a return that has not been picked up yet. */
export async function withdrawReturn(db: Db, customerId: number, shipmentId: string) {
  return db.transaction().execute(async (trx) => withdrawReturnRequest(await lockShipment(trx, shipmentId, customerId)));
}

/**
 * A return arrives at the warehouse: its units are returned and back on hand (reason `returned`; a unit that cannot
 * be sold again is written off by a staff adjustment), its refund is written against the attempt that captured the
 * order's money (or the return's bank account) and the shopper told, and the shipment is refunded. The refund's id
 * is answered, to be paid after commit.
 */
export async function receiveReturn(db: Db, shipmentId: string, note: string | null = null) {
  return db.transaction().execute(async (trx) => {
    const ctx = await lockShipment(trx, shipmentId, null);
    const { restock, refund } = await receiveReturnedUnits(ctx, note);
    await putBack(trx, restock, 'returned', { order: ctx.shipment.order_number, shipment: ctx.shipment.shipment_number });
    const refundIds: number[] = [];
    if (refund) {
      const written = await recordRefund(trx, refund);
      if (written.created) await notifyRefund(trx, written.id, 'initiated');
      refundIds.push(written.id);
    }
    return { ...(await closeReturn(ctx, refund?.amount ?? 0)), refundIds };
  });
}

/**
 * Moves a shipment along for operations: receiving a return is the flow above; every other move is the orders
 * module's. Answers the refunds the move wrote, to be paid after commit.
 */
export async function opsMove(db: Db, shipmentId: string, action: OpsAction, opts: { awb?: string; at?: Date; note?: string } = {}) {
  if (action !== 'receive-return') return moveShipment(db, shipmentId, action, opts);
  const received = await receiveReturn(db, shipmentId, opts.note ?? null);
  return { ...received, awb: opts.awb ?? received.awb };
}
