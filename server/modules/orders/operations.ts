import type { Db } from '../../db/database.ts';
import { BadRequest, Conflict } from '../../http/errors.ts';
import type { StockLine } from '../inventory/index.ts';
import * as q from './queries.ts';
import { issueInvoice } from './tax-documents.ts';
import { linePaid, paidForFirstUnits } from './refund-rules.ts';
import { type NewRefund, refundable } from './refund-account.ts';
import { PAY_ON_DELIVERY } from '../../../schemas/payment-rules.ts';
import { notifyShipment } from '../notifications/index.ts';
import { type MoveContext, applyMove, recordOutForDelivery, withLockedShipment } from './moving.ts';
import { quoteReturn } from './returns.ts';

// The operations console's moves of a shipment (pack, ship, deliver, pick up and receive a return), each through
// the life-cycle machine.

export type OpsAction = 'pack' | 'ship' | 'out-for-delivery' | 'deliver' | 'pickup-return' | 'receive-return';
/** The operations moves that stay inside the orders module; receiving a return is the return flow's. */
export type ShipmentAction = Exclude<OpsAction, 'receive-return'>;

/** Moves a shipment along for operations, in its own transaction; the shopper is told of each step. */
export async function moveShipment(
  db: Db,
  shipmentId: string,
  action: ShipmentAction,
  opts: { awb?: string; at?: Date; note?: string } = {},
) {
  return withLockedShipment(db, shipmentId, null, async (ctx) => {
    const { trx } = ctx;
    const note = opts.note ?? null;
    switch (action) {
      case 'pack':
        // A shipment still waiting for confirmation is confirmed first (pay on delivery, sandbox payments).
        if (ctx.shipment.status === 'placed') await applyMove(ctx, 'CONFIRM', null);
        await applyMove(ctx, 'PACK', note);
        break;
      case 'ship':
        if (!opts.awb) throw new BadRequest('awb: the courier’s AWB number is required to ship.');
        await applyMove(ctx, 'SHIP', note ?? `AWB ${opts.awb}`, { awb: opts.awb });
        // The tax invoice is issued as the goods leave, with the move (docs/decisions/028-gst-tax-invoices.md).
        await issueInvoice(trx, ctx.shipment.id);
        await notifyShipment(trx, ctx.shipment.shipment_number, 'shipped');
        break;
      case 'out-for-delivery':
        // The courier's last leg: the status stays shipped (the machine has no such state); the timeline and the
        // shopper are told.
        await recordOutForDelivery(ctx, note ?? 'Out for delivery');
        await notifyShipment(trx, ctx.shipment.shipment_number, 'out_for_delivery');
        break;
      case 'deliver': {
        if (opts.at && ctx.shipment.status === 'shipped') await checkDeliveredAt(trx, ctx.shipment.id, opts.at);
        await applyMove(ctx, 'DELIVER', note, { delivered_at: opts.at ?? new Date() });
        await notifyShipment(trx, ctx.shipment.shipment_number, 'delivered');
        if (ctx.shipment.payment_method === PAY_ON_DELIVERY) {
          // Pay on delivery: the courier collected what this shipment still bills; refunds can come out of that.
          const items = await q.itemsOfShipment(trx, ctx.shipment.id);
          const collected =
            items.reduce((n, i) => n + linePaid(refundable(i)) - paidForFirstUnits(refundable(i), i.cancelled_quantity), 0) +
            ctx.shipment.shipping_total +
            ctx.shipment.due_on_delivery;
          await trx
            .updateTable('orders')
            .set((eb) => ({ paid_total: eb('paid_total', '+', collected), updated_at: new Date() }))
            .where('id', '=', ctx.shipment.order_id)
            .execute();
        }
        break;
      }
      case 'pickup-return':
        await applyMove(ctx, 'PICK_UP_RETURN', note);
        await notifyShipment(trx, ctx.shipment.shipment_number, 'return_picked_up');
        await trx
          .updateTable('returns')
          .set({ status: 'picked_up', updated_at: new Date() })
          .where('shipment_id', '=', ctx.shipment.id)
          .where('status', '=', 'requested')
          .execute();
        break;
    }
    return {
      shipment_id: ctx.shipment.shipment_number,
      status: ctx.shipment.status,
      awb: opts.awb ?? ctx.shipment.awb,
      refundIds: [] as number[],
    };
  });
}

/** How far ahead of this server's clock a courier's delivery time may be (their clocks drift a little). */
export const DELIVERY_CLOCK_SKEW_MS = 5 * 60_000;

/** A delivery time given by hand lies between the shipment's shipping and now (give or take the skew). */
async function checkDeliveredAt(trx: q.Executor, shipmentId: number, at: Date) {
  const shipped = await trx
    .selectFrom('shipment_events')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('shipment_id', '=', shipmentId)
    .where('to_status', '=', 'shipped')
    .executeTakeFirst();
  const shippedAt = shipped?.at ? new Date(shipped.at) : null;
  if (at.getTime() > Date.now() + DELIVERY_CLOCK_SKEW_MS) throw new BadRequest('at: the delivery time cannot be in the future.');
  if (shippedAt && at.getTime() < shippedAt.getTime())
    throw new BadRequest(`at: the delivery time cannot be before the shipment was shipped (${shippedAt.toISOString()}).`);
}

export interface ReceivedReturn {
  /** The units received back, to put on hand again (inventory). */
  restock: StockLine[];
  /** The refund to write, or null when the return gives nothing back. */
  refund: NewRefund | null;
}

/**
 * A return arrives at the warehouse (the locked shipment moves to returned): its units count as returned, the
 * return is received, and its refund is priced as the shopper was quoted, against the attempt that captured the
 * order's money (or the return's bank account). The return flow puts the units back and writes the refund.
 */
export async function receiveReturnedUnits(ctx: MoveContext, note: string | null): Promise<ReceivedReturn> {
  const { trx } = ctx;
  await applyMove(ctx, 'RECEIVE_RETURN', note);
  const ret = await trx
    .selectFrom('returns')
    .selectAll()
    .where('shipment_id', '=', ctx.shipment.id)
    .where('status', '=', 'picked_up')
    .executeTakeFirst();
  if (!ret) throw new Conflict('This shipment has no return on its way back.');
  const retItems = await q.returnItemsOf(trx, [ret.id]);
  const quote = await quoteReturn(trx, ctx.shipment, retItems);
  for (const i of retItems)
    await trx
      .updateTable('order_items')
      .set((eb) => ({ returned_quantity: eb('returned_quantity', '+', i.quantity) }))
      .where('id', '=', i.order_item_id)
      .execute();
  await trx.updateTable('returns').set({ status: 'received', updated_at: new Date() }).where('id', '=', ret.id).execute();
  const variantOf = new Map((await q.itemsOfShipment(trx, ctx.shipment.id)).map((i) => [i.id, i.variant_id]));
  const restock = retItems.map((i) => ({ variant_id: variantOf.get(i.order_item_id) as number, quantity: i.quantity }));
  if (quote.amount <= 0) return { restock, refund: null };
  const payment = ret.refund_method === 'original' ? await q.successfulPayment(trx, ctx.shipment.order_id) : undefined;
  return {
    restock,
    refund: {
      order_id: ctx.shipment.order_id,
      shipment_id: ctx.shipment.id,
      reason: 'return',
      method: ret.refund_method,
      payment_id: payment?.id ?? null,
      bank_account_id: ret.bank_account_id,
      amount: quote.amount,
      idempotency_key: `return:${ret.id}`,
      items: quote.items,
    },
  };
}

/** A received return is settled: the shipment moves to refunded, noting the refund issued (if any). */
export async function closeReturn(ctx: MoveContext, refunded: number) {
  await applyMove(ctx, 'REFUND', refunded > 0 ? `Refund of ${refunded} paise issued` : null);
  return { shipment_id: ctx.shipment.shipment_number, status: ctx.shipment.status, awb: ctx.shipment.awb };
}
