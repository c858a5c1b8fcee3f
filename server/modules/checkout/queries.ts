import { type Insertable, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Address } from '../../../schemas/account.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { type AddressRow, toAddress } from '../account/index.ts';

// Checkout's reads and row locks. Lock order, everywhere in checkout and payment: idempotency key, customer,
// cart, variants (by id), coupon; and order before its payments. Nothing takes them the other way round.

export interface DeliveryAddress {
  address: Address;
  serviceable: boolean;
  cod_available: boolean;
}

export async function findDeliveryAddress(db: Db, customerId: number, addressId: number): Promise<DeliveryAddress | null> {
  const row = await db
    .selectFrom('addresses as a')
    .leftJoin('pincodes as p', 'p.pincode', 'a.pincode')
    .select([
      'a.id',
      'a.full_name',
      'a.mobile',
      'a.c_code',
      'a.email',
      'a.pincode',
      'a.address',
      'a.landmark',
      'a.city',
      'a.state',
      'a.country',
      'a.address_type',
      'a.is_default',
      'p.serviceable',
      'p.cod_available',
    ])
    .where('a.id', '=', addressId)
    .where('a.customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? toDeliveryAddress(row as AddressRow, row) : null;
}

// A pincode missing from the table is not served (SPEC: serviceability comes from the pincode list).
function toDeliveryAddress(address: AddressRow, pincode: { serviceable: boolean | null; cod_available: boolean | null }): DeliveryAddress {
  return { address: toAddress(address), serviceable: pincode.serviceable === true, cod_available: pincode.cod_available === true };
}

export async function lockCustomer(trx: Db, customerId: number) {
  return (
    trx
      .selectFrom('customers')
      .select(['id', 'first_name', 'last_name', 'email', 'mobile', 'is_blocked', 'last_order_at'])
      .where('id', '=', customerId)
      // NO KEY UPDATE: rows inserted with a foreign key to the customer (the idempotency key) take KEY SHARE, which
      // FOR UPDATE would wait on — two concurrent orders of one customer would deadlock.
      .forNoKeyUpdate()
      .executeTakeFirst()
  );
}

export interface LockedOrderParties {
  isBlocked: boolean;
  cart: Selectable<Database['carts']>;
  /** The cart's chosen address (the customer's own), with its pincode's service; null when none is chosen. */
  delivery: DeliveryAddress | null;
}

/**
 * The customer (NO KEY UPDATE, see lockCustomer) and their active cart (UPDATE) locked in one statement, with the
 * cart's delivery address read alongside; `parties` is undefined when the customer has no active cart. With a
 * `claim`, the same round trip first inserts the idempotency key (the lock order above: key, then customer and
 * cart); `claimed` is false when the key was already there (the caller then replays or refuses).
 */
export async function lockCustomerAndCart(
  trx: Db,
  customerId: number,
  claim?: RawBuilder<unknown>,
): Promise<{ claimed: boolean; orderNumber: string; parties: LockedOrderParties | undefined }> {
  const locked = trx
    .selectFrom('customers as c')
    .innerJoin('carts as k', (join) => join.onRef('k.customer_id', '=', 'c.id').on('k.status', '=', 'active'))
    .leftJoin('addresses as a', (join) => join.onRef('a.id', '=', 'k.address_id').onRef('a.customer_id', '=', 'c.id'))
    .leftJoin('pincodes as p', 'p.pincode', 'a.pincode')
    .selectAll('k')
    .select([
      'c.is_blocked',
      sql<AddressRow | null>`CASE WHEN a.id IS NULL THEN NULL ELSE to_jsonb(a) END`.as('chosen_address'),
      'p.serviceable',
      'p.cod_available',
    ])
    .where('c.id', '=', customerId)
    .modifyEnd(sql`FOR NO KEY UPDATE OF c FOR UPDATE OF k`);
  type Row = NonNullable<Awaited<ReturnType<typeof locked.executeTakeFirst>>>;
  // The claim and the order's number are the outer side of the join, so the key is taken (or found taken) before
  // the locks. A number reserved for an order that is then refused is a gap, as after any rollback.
  const r = await sql<Row & { claimed: number; next_order_number: string }>`
    ${claim ? sql`WITH claim AS (${claim})` : sql``}
    SELECT cc.claimed, cc.next_order_number, l.*
    FROM (SELECT ${claim ? sql`(SELECT count(*)::int FROM claim)` : sql`1`} AS claimed,
                 'KS' || nextval('order_number_seq')::text AS next_order_number) cc
    LEFT JOIN LATERAL (${locked}) l ON true`.execute(trx);
  const row = r.rows[0] as Row & { claimed: number; next_order_number: string };
  const { claimed, next_order_number: orderNumber } = row;
  if (row.id == null) return { claimed: claimed > 0, orderNumber, parties: undefined };
  const { is_blocked, chosen_address, serviceable, cod_available, claimed: _c, next_order_number: _n, ...cart } = row;
  return {
    claimed: claimed > 0,
    orderNumber,
    parties: {
      isBlocked: is_blocked,
      cart,
      delivery: chosen_address ? toDeliveryAddress(chosen_address, { serviceable, cod_available }) : null,
    },
  };
}

/** The customer's order still waiting for payment, if any (a second "place order" answers it). */
export async function pendingOrderOf(db: Db, customerId: number, now: Date) {
  return db
    .selectFrom('orders')
    .select(['order_number', 'status', 'total', 'expires_at'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'payment_pending')
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The guarded stock take as a statement: one row back when the units were there. */
export const stockTakeStatement = (variantId: number, quantity: number) =>
  sql`UPDATE variants SET stock = stock - ${quantity} WHERE id = ${variantId} AND stock >= ${quantity} RETURNING id`;

/**
 * Guarded stock take: never below zero, whatever runs at the same time. False when the units are gone. `alongside`
 * (a statement of this transaction on its own rows, e.g. storing the idempotent answer) runs in the same round trip.
 */
export async function takeVariantStock(trx: Db, variantId: number, quantity: number, alongside?: RawBuilder<unknown>): Promise<boolean> {
  const take = stockTakeStatement(variantId, quantity);
  const r = await (alongside ? sql`WITH alongside AS (${alongside}) ${take}` : take).execute(trx);
  return r.rows.length > 0;
}

/** Guarded coupon count: used < usage_limit (NULL = no global limit). False when the coupon is used up. */
export async function countCouponUse(trx: Db, code: string): Promise<boolean> {
  const row = await trx
    .updateTable('coupons')
    .set({ used: sql`used + 1` })
    .where('code', '=', code)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used', '<', eb.ref('usage_limit'))]))
    .returning('code')
    .executeTakeFirst();
  return Boolean(row);
}

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
  /** A number reserved beforehand (lockCustomerAndCart); else the next one. */
  orderNumber?: string;
  /** A guarded stock take (stockTakeStatement) in the same round trip; `took` says whether the units were there. */
  take?: RawBuilder<unknown>;
  /** Another statement of this transaction on its own rows (storing the idempotent answer), same round trip. */
  alongside?: RawBuilder<unknown>;
}

/**
 * Writes the order, its first shipment and that shipment's first event, its items, and closes the cart: one
 * statement (the order's transaction is held open by every round trip, and buyers of one product queue on it),
 * with the first stock take and the stored answer when given.
 */
export async function insertOrder(trx: Db, o: NewOrder) {
  const items = JSON.stringify(o.items);
  const number = o.orderNumber ? sql`${o.orderNumber}::text` : sql`'KS' || nextval('order_number_seq')::text`;
  const r = await sql<{ id: number; order_number: string; total: number; customer_id: number; took: boolean }>`
    WITH n AS (SELECT ${number} AS order_number),
    o AS (
      INSERT INTO orders (order_number, customer_id, cart_id, payment_method, address_id, address, coupon_code, mrp_total,
                          item_total, coupon_discount, shipping_total, total, expires_at, placed_at)
      SELECT n.order_number, ${o.customerId}::integer, ${o.cartId}::text, NULL, ${o.address.address_id}::integer,
             ${JSON.stringify(o.address)}::jsonb, ${o.couponCode}::text, ${o.mrpTotal}::integer, ${o.itemTotal}::integer,
             ${o.couponDiscount}::integer, ${o.shippingTotal}::integer, ${o.total}::integer, ${o.expiresAt}::timestamptz, NULL
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
           discount_share integer, is_freebie boolean)),
    c AS (UPDATE carts SET status = 'ordered', updated_at = ${o.now}::timestamptz WHERE id = ${o.cartId}::text),
    t AS (${o.take ?? sql`SELECT 1`})${o.alongside ? sql`, a AS (${o.alongside})` : sql``}
    SELECT id, order_number, total, customer_id, EXISTS (SELECT 1 FROM t) AS took FROM o`.execute(trx);
  return r.rows[0] as { id: number; order_number: string; total: number; customer_id: number; took: boolean };
}
