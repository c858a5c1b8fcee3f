import type { Db } from '../../db/database.ts';
import { sql } from 'kysely';
import type { ShipmentStatus } from '../../db/types.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import type { StockLine } from '../inventory/index.ts';
import { canMove, move, type ShipmentEventType } from './lifecycle.ts';
import * as q from './queries.ts';
import { type BenefitLost, benefitChange, dueNote, readPromotionTerms } from './promotion-rules.ts';
import { priceRefund, recordRefund } from './refund-account.ts';
import { PAY_ON_DELIVERY } from '../../../schemas/payment-rules.ts';
import { REFUND_LABELS, ShipmentChanged, shipmentNotFound, unitsLeft } from './order-rules.ts';

// Moving a shipment through the life-cycle machine (lifecycle.ts) inside one transaction: cancelling units, with
// the refund and the promotions they change, and withdrawing a return request.

/** A shipment locked inside a transaction; `shipment` follows the moves made through it. */
export interface MoveContext {
  trx: Db;
  shipment: q.FoundShipment;
}

/**
 * Locks the customer's shipment (any customer's when `customerId` is null) against concurrent moves, inside the
 * caller's transaction: a second mover waits, then sees the new status.
 */
export async function lockShipment(trx: Db, shipmentNumber: string, customerId: number | null): Promise<MoveContext> {
  const shipment = await q.findShipment(trx, shipmentNumber, customerId, true);
  if (!shipment) throw shipmentNotFound();
  return { trx, shipment };
}

/** Runs `fn` in a transaction on the shipment locked against concurrent moves. */
export async function withLockedShipment<T>(
  db: Db,
  shipmentNumber: string,
  customerId: number | null,
  fn: (ctx: MoveContext) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => fn(await lockShipment(trx, shipmentNumber, customerId)));
}

export async function applyMove(
  ctx: MoveContext,
  event: ShipmentEventType,
  note: string | null,
  extra: { awb?: string; delivered_at?: Date } = {},
) {
  const to = move(ctx.shipment.status, event);
  if (!(await q.writeShipmentMove(ctx.trx, ctx.shipment, to, note, extra))) throw new ShipmentChanged();
  ctx.shipment = { ...ctx.shipment, status: to, version: ctx.shipment.version + 1 };
  return to;
}

/** Out for delivery: only a shipped parcel; a timeline event without a status change. */
export async function recordOutForDelivery(ctx: MoveContext, note: string) {
  if (ctx.shipment.status !== 'shipped')
    throw new Conflict(`A ${ctx.shipment.status.replace(/_/g, ' ')} shipment cannot go out for delivery.`);
  await ctx.trx
    .insertInto('shipment_events')
    .values({ shipment_id: ctx.shipment.id, from_status: 'shipped', to_status: 'shipped', note })
    .execute();
}

async function orderCancelled(trx: q.Executor, orderId: number): Promise<boolean> {
  const o = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  return o.status === 'cancelled';
}

/** When every shipment of an order is cancelled, so is the order. */
async function settleOrderStatus(trx: q.Executor, orderId: number) {
  const open = await trx
    .selectFrom('shipments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '<>', 'cancelled')
    .executeTakeFirst();
  if (!open) await trx.updateTable('orders').set({ status: 'cancelled', updated_at: new Date() }).where('id', '=', orderId).execute();
}

export interface SelectedUnits {
  order_item_id: number;
  quantity: number;
}

export function pickLines(items: q.OrderItemRow[], selection: SelectedUnits[], verb: 'cancel' | 'return') {
  return selection.map((sel) => {
    const item = items.find((i) => i.id === sel.order_item_id);
    if (!item) throw new NotFound('One of the chosen items is not part of this shipment.');
    const left = unitsLeft(item);
    if (sel.quantity > left)
      throw new Conflict(
        left === 0
          ? `${item.name} has no units left to ${verb}.`
          : `Only ${left} of ${item.name} can be ${verb === 'cancel' ? 'cancelled' : 'returned'}.`,
      );
    return { item, units: sel.quantity };
  });
}

/**
 * The order re-priced without `chosen` (promotion-rules.ts): what the shopper no longer earns. When no paid unit
 * would be left, the shipment's free gifts join `chosen`.
 */
export async function promotionsAfter(
  trx: q.Executor,
  orderId: number,
  shipmentId: number,
  chosen: Array<{ item: q.OrderItemRow; units: number }>,
): Promise<{ lost: BenefitLost; chosen: Array<{ item: q.OrderItemRow; units: number }> }> {
  const items = await q.itemsOf(trx, [orderId]);
  const going = new Map(chosen.map((c) => [c.item.id, c.units]));
  const value = (i: q.OrderItemRow, units: number) => (i.is_freebie ? 0 : i.sale_price * units);
  const keptBefore = items.reduce((n, i) => n + value(i, unitsLeft(i)), 0);
  const keptAfter = items.reduce((n, i) => n + value(i, unitsLeft(i) - (going.get(i.id) ?? 0)), 0);
  const order = await q.promotionsOf(trx, orderId);
  const terms = readPromotionTerms(order.promotion_terms);
  const lost = benefitChange({
    keptBefore,
    keptAfter,
    itemTotal: order.item_total,
    gifts: items.flatMap((item) => {
      const rule = item.is_freebie ? terms.gifts.find((g) => g.variant_id === item.variant_id) : undefined;
      if (!rule) return [];
      const left = unitsLeft(item);
      return [
        { name: item.name, value: item.mrp * left, threshold: rule.threshold, held: left > 0, kept: left - (going.get(item.id) ?? 0) > 0 },
      ];
    }),
    freeDelivery: terms.free_delivery,
    coupon: terms.coupon ? { code: terms.coupon.code, minCart: terms.coupon.min_cart, discount: terms.coupon.discount } : null,
    bankOffer: terms.bank_offer ? { minCart: terms.bank_offer.min_cart, discount: terms.bank_offer.discount } : null,
  });
  if (!lost.cancelGifts) return { lost, chosen };
  const gifts = items
    .filter((i) => i.is_freebie && i.shipment_id === shipmentId && unitsLeft(i) - (going.get(i.id) ?? 0) > 0)
    .map((item) => ({ item, units: unitsLeft(item) - (going.get(item.id) ?? 0) }));
  const merged = chosen.map((c) => {
    const more = gifts.find((g) => g.item.id === c.item.id);
    return more ? { item: c.item, units: c.units + more.units } : c;
  });
  return { lost, chosen: [...merged, ...gifts.filter((g) => !going.has(g.item.id))] };
}

export interface CancelOutcome {
  shipment_id: string;
  status: ShipmentStatus;
  refund: {
    amount: number;
    method: 'original' | 'bank' | null;
    method_label: string;
    note: string | null;
    /** Pay on delivery: what this change adds to what the courier collects. */
    due_on_delivery?: number;
  };
  refundIds: number[];
  /** The order's id, its customer, and the products whose every unit in this order is now cancelled. */
  order: { id: number; customer_id: number; cancelled: boolean; order_number: string; coupon_code: string | null };
  /** The products of the paid lines cancelled (a review of one may no longer stand as from a buyer). */
  products: number[];
}

export interface CancelledUnits {
  outcome: CancelOutcome;
  /** The units to put back on hand (inventory). */
  restock: StockLine[];
  /** Refund rows this cancellation wrote (the shopper is told of each). */
  created: number[];
}

/**
 * Cancels units of a locked shipment (all of them when `selection` is null): the units, the shipment's status (a
 * partial cancel keeps it and records an event), the order's when no shipment is left, the re-pricing of what is
 * kept under the order's promotions, and a prepaid order's refund row (paid out after commit). The cancel flow
 * puts the units back and tells the shopper.
 */
export async function cancelUnits(
  ctx: MoveContext,
  reason: string,
  comment: string | null,
  selection: SelectedUnits[] | null,
): Promise<CancelledUnits> {
  const { trx } = ctx;
  if (!canMove(ctx.shipment.status, 'CANCEL')) move(ctx.shipment.status, 'CANCEL');
  const items = await q.itemsOfShipment(trx, ctx.shipment.id);
  const picked = selection
    ? pickLines(items, selection, 'cancel')
    : items.filter((i) => unitsLeft(i) > 0).map((item) => ({ item, units: unitsLeft(item) }));
  if (picked.length === 0) throw new Conflict('Nothing is left to cancel in this shipment.');
  const { lost, chosen } = await promotionsAfter(trx, ctx.shipment.order_id, ctx.shipment.id, picked);

  for (const { item, units } of chosen) {
    await trx
      .updateTable('order_items')
      .set((eb) => ({ cancelled_quantity: eb('cancelled_quantity', '+', units) }))
      .where('id', '=', item.id)
      .execute();
  }
  const remaining = items.reduce((n, i) => n + unitsLeft(i), 0) - chosen.reduce((n, c) => n + c.units, 0);
  const note = `${chosen.map((c) => `${c.units} × ${c.item.name}`).join(', ')} cancelled: ${reason}${comment ? ` (${comment})` : ''}`;
  if (remaining === 0) {
    await applyMove(ctx, 'CANCEL', note);
    await settleOrderStatus(trx, ctx.shipment.order_id);
  } else {
    // A partial cancel keeps the status; the event records what went, for the timeline and audits.
    const bumped = await trx
      .updateTable('shipments')
      .set({ version: ctx.shipment.version + 1, updated_at: new Date() })
      .where('id', '=', ctx.shipment.id)
      .where('version', '=', ctx.shipment.version)
      .executeTakeFirst();
    if (Number(bumped.numUpdatedRows) !== 1) throw new ShipmentChanged();
    await trx
      .insertInto('shipment_events')
      .values({ shipment_id: ctx.shipment.id, from_status: ctx.shipment.status, to_status: ctx.shipment.status, note })
      .execute();
  }
  const last = await trx
    .selectFrom('shipment_events')
    .select('id')
    .where('shipment_id', '=', ctx.shipment.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const eventId = last.id;

  const prepaid = ctx.shipment.payment_method !== PAY_ON_DELIVERY;
  const payment = prepaid ? await q.successfulPayment(trx, ctx.shipment.order_id) : undefined;
  const breakdown = await priceRefund(trx, ctx.shipment, {
    reason: 'cancel',
    chosen,
    // Pay on delivery before delivery: nothing was paid, nothing comes back (refund rule 4).
    paid: Boolean(payment),
    cancelsWholeShipment: remaining === 0,
    lost: payment ? lost : { amount: 0, reasons: [], cancelGifts: false },
  });
  // Pay on delivery: nothing was paid, so what is no longer earned is collected with what is left instead.
  const due = prepaid ? 0 : await addDueOnDelivery(trx, ctx.shipment, remaining, lost.amount);
  const refundIds: number[] = [];
  const created: number[] = [];
  if (breakdown.total > 0 && payment) {
    const refund = await recordRefund(trx, {
      order_id: ctx.shipment.order_id,
      shipment_id: ctx.shipment.id,
      reason: 'cancel',
      method: 'original',
      payment_id: payment.id,
      bank_account_id: null,
      amount: breakdown.total,
      idempotency_key: `cancel:${ctx.shipment.id}:${eventId}`,
      items: breakdown.items,
    });
    refundIds.push(refund.id);
    if (refund.created) created.push(refund.id);
  }
  const outcome: CancelOutcome = {
    shipment_id: ctx.shipment.shipment_number,
    status: ctx.shipment.status,
    refund: {
      amount: breakdown.total,
      method: breakdown.total > 0 ? ('original' as const) : null,
      method_label: breakdown.total > 0 ? REFUND_LABELS.original : 'No payment was taken',
      note: breakdown.note ?? dueNote(due, lost),
      // Only when the change adds something to collect (the answer of every other cancel stays as it was).
      ...(due > 0 ? { due_on_delivery: due } : {}),
    },
    refundIds,
    order: {
      id: ctx.shipment.order_id,
      customer_id: ctx.shipment.customer_id,
      cancelled: remaining === 0 && (await orderCancelled(trx, ctx.shipment.order_id)),
      order_number: ctx.shipment.order_number,
      coupon_code: ctx.shipment.coupon_code,
    },
    products: chosen.filter((c) => !c.item.is_freebie).map((c) => c.item.product_id),
  };
  return { outcome, restock: chosen.map((c) => ({ variant_id: c.item.variant_id, quantity: c.units })), created };
}

/**
 * Adds what a pay-on-delivery shopper no longer earns to what the courier collects: on this shipment while it
 * holds units, else on another of the order's shipments still on its way. Returns what was added (0 when no
 * shipment is left to collect it).
 */
async function addDueOnDelivery(trx: q.Executor, shipment: q.FoundShipment, remaining: number, amount: number): Promise<number> {
  if (amount === 0) return 0;
  const target =
    remaining > 0
      ? shipment.id
      : (
          await trx
            .selectFrom('shipments')
            .select('id')
            .where('order_id', '=', shipment.order_id)
            .where('id', '<>', shipment.id)
            .where('status', 'in', ['placed', 'confirmed', 'packed', 'shipped'])
            .orderBy('id')
            .executeTakeFirst()
        )?.id;
  if (target === undefined) return 0;
  await trx
    .updateTable('shipments')
    .set({ due_on_delivery: sql<number>`greatest(due_on_delivery + ${amount}, 0)` })
    .where('id', '=', target)
    .execute();
  return amount;
}

/** A return not picked up yet is withdrawn: the shipment is delivered again, the return row withdrawn. */
export async function withdrawReturnRequest(ctx: MoveContext) {
  await applyMove(ctx, 'WITHDRAW_RETURN', 'Return withdrawn by the customer');
  await ctx.trx
    .updateTable('returns')
    .set({ status: 'withdrawn', updated_at: new Date() })
    .where('shipment_id', '=', ctx.shipment.id)
    .where('status', '=', 'requested')
    .execute();
  return { shipment_id: ctx.shipment.shipment_number, status: ctx.shipment.status };
}
