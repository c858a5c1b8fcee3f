import { type Insertable, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Address } from '../../../schemas/account.ts';
import { type Db, pipelined } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { allocateDiscount } from './refund-rules.ts';
import { nextStatus, type ShipmentEventType } from './lifecycle.ts';
import { writeShipmentMove } from './queries.ts';

// The orders module's writes for the order flows (server/flows): an order and its first shipment written at
// placement, its money settled, its shipments moved, each through the life-cycle machine.

export interface NewOrder {
  customerId: number;
  cartId: string;
  address: Address;
  couponCode: string | null;
  mrpTotal: number;
  itemTotal: number;
  couponDiscount: number;
  shippingTotal: number;
  total: number;
  expiresAt: Date;
  items: Array<Omit<Insertable<Database['order_items']>, 'order_id' | 'shipment_id'>>;
  now: Date;
  /** A number reserved beforehand; else the next one. */
  orderNumber?: string;
  /**
   * Other modules' writes in the same round trip, as common table expressions (the cart's closure, a stock take,
   * the stored idempotent answer).
   */
  with?: RawBuilder<unknown>[];
  /**
   * The name of the stock take among `with`, whose row says the units were there: without it the statement fails
   * (the transaction with it), and the answer is null.
   */
  took?: string;
  /** The statement is its transaction's last: the COMMIT is written right behind it (`pipelined`'s `commit`). */
  commit?: boolean;
  /** The free-gift rules (freebies.id) of the gift lines, whose thresholds the order keeps (promotionTermsSql). */
  giftRules?: readonly number[];
}

/**
 * The terms each promotion of the order is sold with, snapshot as the order is written (PromotionTerms in
 * promotion-rules.ts): the gift thresholds, free delivery's threshold and the charge it saved, the coupon's minimum
 * and discount. An expression of the order's own INSERT, so the snapshot costs no round trip. The bank offer joins
 * when a payment places the order (markOrderPaid).
 */
export function promotionTermsSql(t: {
  giftRules: readonly number[];
  couponCode: string | null;
  couponDiscount: number;
  shippingTotal: number;
}): RawBuilder<string> {
  return sql<string>`jsonb_build_object(
      'gifts', COALESCE((SELECT jsonb_agg(jsonb_build_object('variant_id', f.variant_id, 'threshold', f.threshold) ORDER BY f.id)
                         FROM freebies f
                         WHERE f.id IN (SELECT value::integer FROM jsonb_array_elements_text(${JSON.stringify(t.giftRules)}::jsonb))),
                '[]'::jsonb),
      'free_delivery', CASE WHEN ${t.shippingTotal}::integer = 0 THEN (
        SELECT jsonb_build_object('threshold', d.free_from, 'charge', d.charge)
        FROM delivery_rules d WHERE d.active ORDER BY d.id LIMIT 1) END,
      'coupon', CASE WHEN ${t.couponDiscount}::integer > 0 THEN (
        SELECT jsonb_build_object('code', c.code, 'min_cart', c.min_cart, 'discount', ${t.couponDiscount}::integer)
        FROM coupons c WHERE c.code = ${t.couponCode}::text) END,
      'bank_offer', NULL)`;
}

/**
 * Writes the order, its first shipment and that shipment's first event, and its items: one statement (the order's
 * transaction is held open by every round trip, and buyers of one product queue on it), carrying the other
 * modules' writes given in `with`. `took` is false when a stock take `t` found the units gone.
 */
export async function insertPendingOrder(trx: Db, o: NewOrder): Promise<PendingOrderRow | null> {
  const items = JSON.stringify(o.items);
  const number = o.orderNumber ? sql`${o.orderNumber}::text` : sql`'KS' || nextval('order_number_seq')::text`;
  const extra = o.with ?? [];
  const statement = sql<PendingOrderRow>`
    WITH n AS (SELECT ${number} AS order_number),
    o AS (
      INSERT INTO orders (order_number, customer_id, cart_id, payment_method, address_id, address, coupon_code, mrp_total,
                          item_total, coupon_discount, shipping_total, total, expires_at, placed_at, promotion_terms)
      SELECT n.order_number, ${o.customerId}::integer, ${o.cartId}::text, NULL, ${o.address.address_id}::integer,
             ${JSON.stringify(o.address)}::jsonb, ${o.couponCode}::text, ${o.mrpTotal}::integer, ${o.itemTotal}::integer,
             ${o.couponDiscount}::integer, ${o.shippingTotal}::integer, ${o.total}::integer, ${o.expiresAt}::timestamptz, NULL,
             ${promotionTermsSql({ giftRules: o.giftRules ?? [], couponCode: o.couponCode, couponDiscount: o.couponDiscount, shippingTotal: o.shippingTotal })}
      FROM n
      RETURNING id, order_number, total, customer_id),
    s AS (
      INSERT INTO shipments (order_id, shipment_number, awb, shipping_total, delivered_at)
      SELECT o.id, o.order_number || '-1', NULL, ${o.shippingTotal}::integer, NULL FROM o
      RETURNING id, order_id),
    e AS (
      INSERT INTO shipment_events (shipment_id, from_status, to_status, note)
      SELECT s.id, NULL, 'payment_pending', 'Order placed, awaiting payment' FROM s),
    i AS (
      INSERT INTO order_items (order_id, shipment_id, variant_id, product_id, sku, name, brand_name, category_name, swatch,
                               quantity, mrp, sale_price, discount_share, is_freebie)
      SELECT s.order_id, s.id, x.variant_id, x.product_id, x.sku, x.name, x.brand_name, x.category_name, x.swatch,
             x.quantity, x.mrp, x.sale_price, x.discount_share, x.is_freebie
      FROM s, jsonb_to_recordset(${items}::jsonb) AS x(variant_id integer, product_id integer, sku text, name text,
           brand_name text, category_name text, swatch text, quantity integer, mrp integer, sale_price integer,
           discount_share integer, is_freebie boolean))
    ${extra.length ? sql`, ${sql.join(extra, sql`, `)}` : sql``}
    SELECT id, order_number, total, customer_id${o.took ? sql`, ${unitsTaken(o.took)}` : sql``} FROM o`.compile(trx);
  try {
    const [r] = await pipelined(trx, [statement], { commit: o.commit });
    return r.rows[0] as PendingOrderRow;
  } catch (error) {
    if (o.took && (error as { code?: string }).code === UNITS_GONE) return null;
    throw error;
  }
}

export interface PendingOrderRow {
  id: number;
  order_number: string;
  total: number;
  customer_id: number;
}

/** division_by_zero: how the order's statement fails when its stock take found the units gone (unitsTaken). */
const UNITS_GONE = '22012';

/**
 * Fails the statement when the stock take `took` updated no row, so neither the order nor anything riding on its
 * statement is kept, even with the COMMIT already behind it. The division runs only then: CASE evaluates its
 * branches lazily, and a count over a CTE is never folded into a constant at planning.
 */
const unitsTaken = (took: string) =>
  sql`CASE WHEN EXISTS (SELECT 1 FROM ${sql.id(took)}) THEN true ELSE 1 / (SELECT count(*) FROM ${sql.id(took)}) = 1 END AS took`;

type OrderRow = Selectable<Database['orders']>;

/** The order's money is settled by `payment`: its status, totals and (with a bank offer) each line's discount share. */
export async function markOrderPaid(
  trx: Db,
  order: OrderRow,
  payment: { method: number; amount: number; offer_discount: number; bank_offer_id: number | null },
  paidNow: boolean,
  now: Date,
): Promise<OrderRow> {
  const placed = await trx
    .updateTable('orders')
    .set({
      status: 'placed',
      payment_method: payment.method as OrderRow['payment_method'],
      paid_total: paidNow ? payment.amount : 0,
      bank_offer_discount: payment.offer_discount,
      // The bank offer's terms join the order's promotions as sold (promotionTermsSql).
      ...(payment.offer_discount > 0 && payment.bank_offer_id !== null
        ? {
            promotion_terms: sql`COALESCE(promotion_terms, '{}'::jsonb) || jsonb_build_object('bank_offer',
              (SELECT jsonb_build_object('min_cart', b.min_cart, 'discount', ${payment.offer_discount}::integer)
               FROM bank_offers b WHERE b.id = ${payment.bank_offer_id}::integer))`,
          }
        : {}),
      total: payment.amount,
      placed_at: now,
      expires_at: null,
      version: sql`version + 1`,
      updated_at: now,
    })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (payment.offer_discount > 0) {
    // The bank offer joins the coupon in each line's share, so refunds never exceed what was paid.
    const items = await trx
      .selectFrom('order_items')
      .select(['id', 'sale_price', 'quantity', 'is_freebie'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    const shares = allocateDiscount(items, order.coupon_discount + payment.offer_discount);
    for (const [n, item] of items.entries())
      await trx.updateTable('order_items').set({ discount_share: shares[n] }).where('id', '=', item.id).execute();
  }
  return placed;
}

/** An unpaid order whose hold is released (its time ran out, or a newer order replaced it). */
export async function markOrderExpired(trx: Db, orderId: number, now: Date): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'expired', updated_at: now, version: sql`version + 1` })
    .where('id', '=', orderId)
    .execute();
}

/**
 * The one writer of shipment status for flows: every shipment of the order that the machine lets take `event`
 * moves, with its timeline event; the others are left as they are. Returns how many moved.
 */
export async function moveOrderShipments(trx: Db, orderId: number, event: ShipmentEventType, note: string | null): Promise<number> {
  const shipments = await trx
    .selectFrom('shipments')
    .select(['id', 'status', 'version'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .forUpdate()
    .execute();
  let moved = 0;
  for (const s of shipments) {
    const to = nextStatus(s.status, event);
    if (to !== null && (await writeShipmentMove(trx, s, to, note))) moved++;
  }
  return moved;
}

/** The units an order holds, per line (what its release puts back). */
export async function unitsHeld(trx: Db, orderId: number) {
  return trx
    .selectFrom('order_items')
    .select(['variant_id', sql<number>`quantity - cancelled_quantity - returned_quantity`.as('quantity')])
    .where('order_id', '=', orderId)
    .orderBy('variant_id')
    .execute();
}

/** What the flows read of an unpaid order to release it. */
export interface UnpaidOrderRow {
  id: number;
  order_number: string;
  coupon_code: string | null;
}

/**
 * Unpaid orders whose payment time ran out, locked FOR UPDATE SKIP LOCKED so that any number of instances may
 * sweep at once and each order goes to one of them.
 */
export async function claimOrdersPastPaymentTime(trx: Db, now: Date, batch: number): Promise<UnpaidOrderRow[]> {
  return trx
    .selectFrom('orders')
    .select(['id', 'order_number', 'coupon_code'])
    .where('status', '=', 'payment_pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(batch)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** One unpaid order of the customer, locked; undefined when it is not theirs or no longer unpaid. */
export async function lockUnpaidOrderOf(trx: Db, customerId: number, orderNumber: string): Promise<UnpaidOrderRow | undefined> {
  return trx
    .selectFrom('orders')
    .select(['id', 'order_number', 'coupon_code'])
    .where('customer_id', '=', customerId)
    .where('order_number', '=', orderNumber)
    .where('status', '=', 'payment_pending')
    .forUpdate()
    .executeTakeFirst();
}

/** The given orders that are still unpaid, locked in id order. */
export async function lockUnpaidOrders(trx: Db, ids: readonly number[]): Promise<UnpaidOrderRow[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('orders')
    .select(['id', 'order_number', 'coupon_code'])
    .where('id', 'in', [...ids])
    .where('status', '=', 'payment_pending')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** An order's row, which must exist. */
export async function orderById(db: Db, orderId: number): Promise<Selectable<Database['orders']>> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** An order's number, which must exist. */
export async function orderNumberOf(db: Db, orderId: number): Promise<string> {
  return (await db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow()).order_number;
}
