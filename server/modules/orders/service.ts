import type {
  OrderDetails,
  OrderListingData,
  OrderSummary,
  PickupAddress,
  RefundAmount,
  ReturnView,
  ShipmentItem,
  ShipmentView,
} from '../../../schemas/orders.ts';
import { MAX_RETURN_PHOTOS } from '../../../schemas/orders.ts';
import { PAYMENT_NOT_RECEIVED } from '../../../schemas/payment-rules.ts';
import type { Db } from '../../db/database.ts';
import { sql } from 'kysely';
import type { ShipmentStatus } from '../../db/types.ts';
import { BadRequest, Conflict, NotFound } from '../../http/errors.ts';
import type { StockLine } from '../inventory/index.ts';
import { uploadUrl } from '../uploads/index.ts';
import { readAddress } from './address.ts';
import { toBankView } from './bank-accounts.ts';
import { canMove, move, STATUS_LABELS, type ShipmentEventType, shipmentTimeline } from './lifecycle.ts';
import * as q from './queries.ts';
import { issueInvoice } from './tax-documents.ts';
import { linePaid, paidForFirstUnits } from './refund-rules.ts';
import { type BenefitLost, benefitChange, dueNote, readPromotionTerms } from './promotion-rules.ts';
import { type NewRefund, priceRefund, recordRefund, refundable } from './refund-account.ts';
import { productImage } from '../../../schemas/images.ts';
import { PAY_ON_DELIVERY, paymentMethodName } from '../../../schemas/payment-rules.ts';
import { notifyShipment } from '../notifications/index.ts';

// The rules of the account order pages (SPEC §2) and /api/order (SPEC §7): what a shopper sees, and every
// status change, which goes through the life-cycle machine inside one transaction.

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

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export { readAddress };

const pickupOf = (a: {
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

const unitsLeft = (i: q.OrderItemRow) => i.quantity - i.cancelled_quantity - i.returned_quantity;

function returnWindowEnd(s: { delivered_at: Date | null }): Date | null {
  return s.delivered_at ? new Date(new Date(s.delivered_at).getTime() + RETURN_WINDOW_DAYS * 86_400_000) : null;
}
function canReturn(s: { status: ShipmentStatus; delivered_at: Date | null }, now = new Date()): boolean {
  const end = returnWindowEnd(s);
  return canMove(s.status, 'REQUEST_RETURN') && end !== null && now <= end;
}

function itemView(i: q.OrderItemRow, s: { status: ShipmentStatus; delivered_at: Date | null }): ShipmentItem {
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

const REFUND_LABELS = { original: 'Original payment method', bank: 'Bank account' } as const;

/** What an order's status reads as, from its shipments. */
function orderStatusLabel(order: { status: string }, shipments: Array<{ status: ShipmentStatus }>): string {
  if (order.status === 'payment_pending') return STATUS_LABELS.payment_pending;
  if (order.status === 'expired') return PAYMENT_NOT_RECEIVED;
  const labels = [...new Set(shipments.map((s) => STATUS_LABELS[s.status]))];
  return labels.join(' · ') || STATUS_LABELS.placed;
}

/** SPEC §4.7: an order waiting for payment, still in time, shows "Pay now" until this moment. */
function payBy(order: { status: string; expires_at: Date | string | null }, now = new Date()): string | null {
  if (order.status !== 'payment_pending' || !order.expires_at) return null;
  const until = new Date(order.expires_at);
  return until > now ? until.toISOString() : null;
}

// ---------------------------------------------------------------- reading

export async function listOrders(db: Db, customerId: number, page: number, pageSize: number): Promise<OrderListingData> {
  const [total, orders] = await Promise.all([
    q.countOrders(db, customerId),
    q.pageOfOrders(db, customerId, pageSize, (page - 1) * pageSize),
  ]);
  const ids = orders.map((o) => o.id);
  const [shipments, items] = await Promise.all([q.shipmentsOf(db, ids), q.itemsOf(db, ids)]);
  const summaries: OrderSummary[] = orders.map((o) => {
    const mine = shipments.filter((s) => s.order_id === o.id);
    const lines = items.filter((i) => i.order_id === o.id);
    return {
      order_id: o.order_number,
      created_at: iso(o.created_at)!,
      total: o.total,
      status_label: orderStatusLabel(o, mine),
      display_payment_method: paymentLabel(o.payment_method, o.status),
      item_count: lines.reduce((n, i) => n + i.quantity, 0),
      thumbnails: lines.slice(0, 4).map((i) => productImage(i.variant_id)),
      names: lines.slice(0, 4).map((i) => i.name),
      shipments: mine.map((s) => ({ shipment_id: s.shipment_number, status: s.status, status_label: STATUS_LABELS[s.status] })),
      pay_by: payBy(o),
    };
  });
  return { orders: summaries, page, page_size: pageSize, total, has_next: page * pageSize < total };
}

export async function orderDetails(db: Db, customerId: number, orderNumber: string): Promise<OrderDetails> {
  const order = await q.findOrder(db, orderNumber, customerId);
  if (!order || order.status === 'payment_failed') throw orderNotFound();
  const [shipments, items, refunds, customer] = await Promise.all([
    q.shipmentsOf(db, [order.id]),
    q.itemsOf(db, [order.id]),
    q.refundsOfOrder(db, order.id),
    q.customerOf(db, customerId),
  ]);
  const shipmentIds = shipments.map((s) => s.id);
  const [events, returns] = await Promise.all([q.eventsOf(db, shipmentIds), q.returnsOf(db, shipmentIds)]);
  const returnViews = new Map<number, ReturnView>();
  for (const r of returns) returnViews.set(r.shipment_id, await returnView(db, r, customerId));
  const address = readAddress(order.address);
  const views: ShipmentView[] = shipments.map((s) => ({
    shipment_id: s.shipment_number,
    status: s.status,
    status_label: STATUS_LABELS[s.status],
    awb: s.awb,
    shipping_total: s.shipping_total,
    delivered_at: iso(s.delivered_at),
    timeline: shipmentTimeline(events, s.id),
    shipment_items: items.filter((i) => i.shipment_id === s.id).map((i) => itemView(i, s)),
    can_cancel: canMove(s.status, 'CANCEL') && items.some((i) => i.shipment_id === s.id && unitsLeft(i) > 0),
    can_return: canReturn(s),
    can_withdraw_return: canMove(s.status, 'WITHDRAW_RETURN'),
    has_invoice: hasInvoice(s.status),
    return_request: returnViews.get(s.id) ?? null,
    refunds: refunds
      .filter((r) => r.shipment_id === s.id)
      .map((r) => ({
        refund_id: r.id,
        reason: r.reason,
        method: r.method,
        method_label: REFUND_LABELS[r.method],
        amount: r.amount,
        status: r.status,
        created_at: iso(r.created_at)!,
        credit_note: r.credit_note,
      })),
  }));
  return {
    globalOrderId: order.order_number,
    paymentMethod: order.payment_method,
    order: {
      order_id: order.order_number,
      coupon_code: order.coupon_code,
      mrp_total: order.mrp_total,
      item_total: order.item_total,
      coupon_discount: order.coupon_discount,
      bank_offer_discount: order.bank_offer_discount,
      shipping_total: order.shipping_total,
      total: order.total,
      paid_total: order.paid_total,
      refunded_total: refunds.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amount, 0),
      created_at: iso(order.created_at)!,
      status_label: orderStatusLabel(order, shipments),
      customer_first_name: customer?.first_name ?? '',
      customer_last_name: customer?.last_name ?? '',
      customer_email: customer?.email ?? null,
      customer_mobile: customer?.mobile ?? null,
      display_payment_method: paymentLabel(order.payment_method, order.status),
      pay_by: payBy(order),
    },
    address: {
      customer_address_full_name: address.full_name,
      customer_address_phone: address.mobile,
      customer_address_email: address.email,
      customer_address_line: address.address,
      customer_address_city: address.city,
      customer_address_state: address.state,
      customer_address_country: address.country,
      postcode: address.pincode,
    },
    shipments: views,
  };
}

async function returnView(db: Db, r: q.ReturnRow, customerId: number): Promise<ReturnView> {
  const [items, media, account] = await Promise.all([
    q.returnItemsOf(db, [r.id]),
    q.mediaOfShipment(db, r.shipment_id, r.id),
    r.bank_account_id ? q.findBankAccount(db, r.bank_account_id, customerId) : Promise.resolve(undefined),
  ]);
  return {
    status: r.status,
    reason: RETURN_REASONS.find((x) => x.id === r.reason_code)?.reason ?? r.reason_code,
    comment: r.comment,
    items: items.map((i) => ({ order_item_id: i.order_item_id, quantity: i.quantity })),
    media: media.map((m) => ({ media_id: m.public_id, url: uploadUrl(m.public_id), content_type: m.content_type })),
    pickup_address: r.pickup_address as unknown as PickupAddress,
    refund_method: r.refund_method,
    bank_account: account ? toBankView(account) : null,
    created_at: iso(r.created_at)!,
  };
}

// ---------------------------------------------------------------- moving a shipment

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
async function withLockedShipment<T>(
  db: Db,
  shipmentNumber: string,
  customerId: number | null,
  fn: (ctx: MoveContext) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => fn(await lockShipment(trx, shipmentNumber, customerId)));
}

async function applyMove(
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
async function recordOutForDelivery(ctx: MoveContext, note: string) {
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

function pickLines(items: q.OrderItemRow[], selection: SelectedUnits[], verb: 'cancel' | 'return') {
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
async function promotionsAfter(
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

// ---------------------------------------------------------------- returns

async function pickupFor(db: q.Executor, shipment: q.FoundShipment, customerId: number) {
  const id = await q.pickupAddressIdOf(db, shipment.id);
  const chosen = id ? await q.findAddress(db, id, customerId) : undefined;
  return { id: chosen ? chosen.id : null, address: chosen ? pickupOf(chosen) : pickupOf(readAddress(shipment.order_address)) };
}

const refundMethodOf = (s: { payment_method: number | null }) =>
  (s.payment_method === PAY_ON_DELIVERY ? 'bank' : 'original') as 'bank' | 'original';

export async function returnDetails(db: Db, customerId: number, shipmentId: string) {
  const shipment = await q.findShipment(db, shipmentId, customerId);
  if (!shipment) throw shipmentNotFound();
  const [items, pickup, media] = await Promise.all([
    q.itemsOfShipment(db, shipment.id),
    pickupFor(db, shipment, customerId),
    q.mediaOfShipment(db, shipment.id, null),
  ]);
  const method = refundMethodOf(shipment);
  return {
    shipment_id: shipment.shipment_number,
    order_id: shipment.order_number,
    status: shipment.status,
    can_return: canReturn(shipment),
    return_window_ends_at: iso(returnWindowEnd(shipment)),
    items: items.map((i) => itemView(i, shipment)),
    pickup_address_id: pickup.id,
    pickup_address: pickup.address,
    refund_method: method,
    refund_method_label: method === 'bank' ? 'Refund to your bank account' : 'Refund to your original payment method',
    media: media.map((m) => ({ media_id: m.public_id, url: uploadUrl(m.public_id), content_type: m.content_type })),
  };
}

/** The shipment must be the customer's and returnable before a photo for it is stored. */
export async function assertReturnable(db: Db, customerId: number, shipmentId: string) {
  const shipment = await q.findShipment(db, shipmentId, customerId);
  if (!shipment) throw shipmentNotFound();
  if (!canReturn(shipment)) {
    if (!canMove(shipment.status, 'REQUEST_RETURN')) move(shipment.status, 'REQUEST_RETURN');
    throw new Conflict(`The return window of this shipment closed ${RETURN_WINDOW_DAYS} days after delivery.`);
  }
  return shipment;
}

/**
 * Stores a return photo and attaches it to the shipment, refusing it once the shipment already holds
 * MAX_RETURN_PHOTOS photos waiting for a return: the cap holds from the first photo, not only at submit. The
 * shipment's row lock makes parallel uploads count one after another.
 */
export async function attachReturnMedia<T extends { id: number }>(db: Db, shipmentId: number, store: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('shipments').select('id').where('id', '=', shipmentId).forUpdate().executeTakeFirst();
    const waiting = await tx
      .selectFrom('return_media')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('shipment_id', '=', shipmentId)
      .where('return_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) >= MAX_RETURN_PHOTOS) throw new BadRequest(TOO_MANY_RETURN_PHOTOS);
    const stored = await store(tx);
    await tx.insertInto('return_media').values({ upload_id: stored.id, shipment_id: shipmentId }).execute();
    return stored;
  });
}

export const TOO_MANY_RETURN_PHOTOS = `This return already has ${MAX_RETURN_PHOTOS} photos: that is the most it can take.`;

export async function refundQuote(db: Db, customerId: number, shipmentId: string, selection: SelectedUnits[]): Promise<RefundAmount> {
  const shipment = await assertReturnable(db, customerId, shipmentId);
  return quoteReturn(db, shipment, selection);
}

async function quoteReturn(db: q.Executor, shipment: q.FoundShipment, selection: SelectedUnits[]): Promise<RefundAmount> {
  const items = await q.itemsOfShipment(db, shipment.id);
  const { lost, chosen } = await promotionsAfter(db, shipment.order_id, shipment.id, pickLines(items, selection, 'return'));
  // A delivered pay-on-delivery shipment was paid at the door: what it was paid is what it can refund.
  const breakdown = await priceRefund(db, shipment, { reason: 'return', chosen, paid: true, cancelsWholeShipment: false, lost });
  const method = refundMethodOf(shipment);
  return {
    amount: breakdown.total,
    method,
    method_label: method === 'bank' ? REFUND_LABELS.bank : REFUND_LABELS.original,
    items: breakdown.items,
    note: breakdown.note,
  };
}

export interface ReturnInput {
  shipmentId: string;
  reason_id: string;
  comment: string | null;
  items: SelectedUnits[];
  media_ids: string[];
  bank_account_id?: number | null;
}

/**
 * A return requested on a locked shipment inside its return window: the refund quoted as the shopper saw it, the
 * bank account a pay-on-delivery refund goes to, the photos, the pickup address; the shipment moves to return
 * requested. `reason` is the label of `input.reason_id` (returnReason).
 */
export async function requestReturn(ctx: MoveContext, customerId: number, reason: string, input: ReturnInput) {
  const { trx } = ctx;
  if (!canReturn(ctx.shipment)) {
    move(ctx.shipment.status, 'REQUEST_RETURN');
    throw new Conflict(`The return window of this shipment closed ${RETURN_WINDOW_DAYS} days after delivery.`);
  }
  const quote = await quoteReturn(trx, ctx.shipment, input.items);
  let bankAccountId: number | null = null;
  if (quote.method === 'bank') {
    if (!input.bank_account_id) throw new BadRequest('Please add a bank account for your refund: this order was paid on delivery.');
    const account = await q.findBankAccount(trx, input.bank_account_id, customerId);
    if (!account) throw new NotFound('We could not find this bank account in your account.');
    bankAccountId = account.id;
  }
  // The route asks for a photo; a caller that sends none (operations, the store model) stores none.
  const media = !input.media_ids.length
    ? []
    : await trx
        .selectFrom('return_media as m')
        .innerJoin('uploads as u', 'u.id', 'm.upload_id')
        .select(['u.id', 'u.public_id'])
        .where('m.shipment_id', '=', ctx.shipment.id)
        .where('m.return_id', 'is', null)
        .where('u.customer_id', '=', customerId)
        .where('u.public_id', 'in', input.media_ids)
        .execute();
  if (media.length !== new Set(input.media_ids).size) throw new NotFound('One of the photos was not found. Please upload it again.');

  const pickup = await pickupFor(trx, ctx.shipment, customerId);
  await applyMove(ctx, 'REQUEST_RETURN', `Return requested: ${reason}`);
  const ret = await trx
    .insertInto('returns')
    .values({
      shipment_id: ctx.shipment.id,
      customer_id: customerId,
      reason_code: input.reason_id,
      comment: input.comment,
      pickup_address: JSON.stringify(pickup.address),
      refund_method: quote.method,
      bank_account_id: bankAccountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('return_items')
    // The quote's lines: the chosen ones, and a free gift that must come back with them.
    .values(quote.items.map((i) => ({ return_id: ret.id, order_item_id: i.order_item_id, quantity: i.units })))
    .execute();
  if (media.length)
    await trx
      .updateTable('return_media')
      .set({ return_id: ret.id })
      .where(
        'upload_id',
        'in',
        media.map((m) => m.id),
      )
      .execute();
  return { shipment_id: ctx.shipment.shipment_number, status: ctx.shipment.status, refund: quote };
}

export async function setPickupAddress(db: Db, customerId: number, shipmentId: string, addressId: number) {
  const shipment = await q.findShipment(db, shipmentId, customerId);
  if (!shipment) throw shipmentNotFound();
  if (!canReturn(shipment)) move(shipment.status, 'REQUEST_RETURN');
  const address = await q.findAddress(db, addressId, customerId);
  if (!address) throw new NotFound('We could not find this address in your account.');
  await db
    .insertInto('shipment_pickup_addresses')
    .values({ shipment_id: shipment.id, address_id: address.id })
    .onConflict((oc) => oc.column('shipment_id').doUpdateSet({ address_id: address.id }))
    .execute();
  return { shipment_id: shipment.shipment_number, pickup_address_id: address.id, pickup_address: pickupOf(address) };
}

// ---------------------------------------------------------------- operations

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
