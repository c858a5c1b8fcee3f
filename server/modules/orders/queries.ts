import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, ShipmentStatus } from '../../db/types.ts';

// Reads and writes of the orders module. Every read that takes an id from a shopper also takes the customer:
// another customer's order, shipment, bank account or photo is simply not found.

export type Executor = Db | Transaction<Database> | Kysely<Database>;

export async function countOrders(db: Executor, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_id', '=', customerId)
    // SPEC §4.7: an expired unpaid order stays listed (as not paid, cancelled).
    .where('status', '<>', 'payment_failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function pageOfOrders(db: Executor, customerId: number, limit: number, offset: number) {
  return (
    db
      .selectFrom('orders')
      .selectAll()
      .where('customer_id', '=', customerId)
      // SPEC §4.7: an expired unpaid order stays listed (as not paid, cancelled).
      .where('status', '<>', 'payment_failed')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
  );
}

export type OrderRow = Awaited<ReturnType<typeof pageOfOrders>>[number];

export async function findOrder(db: Executor, orderNumber: string, customerId: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export async function shipmentsOf(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom('shipments').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}
export type ShipmentRow = Awaited<ReturnType<typeof shipmentsOf>>[number];

export async function itemsOf(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}
export type OrderItemRow = Awaited<ReturnType<typeof itemsOf>>[number];

export async function eventsOf(db: Executor, shipmentIds: number[]) {
  if (shipmentIds.length === 0) return [];
  return db.selectFrom('shipment_events').selectAll().where('shipment_id', 'in', shipmentIds).orderBy('id').execute();
}

export async function refundsOfOrder(db: Executor, orderId: number) {
  return db
    .selectFrom('refunds')
    .leftJoin('credit_notes as cn', 'cn.refund_id', 'refunds.id')
    .selectAll('refunds')
    .select('cn.serial as credit_note')
    .where('refunds.order_id', '=', orderId)
    .orderBy('refunds.id')
    .execute();
}
export type RefundRow = Awaited<ReturnType<typeof refundsOfOrder>>[number];

export async function refundedTotal(db: Executor, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'))
    .where('order_id', '=', orderId)
    .where('status', '<>', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Open (not withdrawn) returns of the shipments, with their items and photos. */
export async function returnsOf(db: Executor, shipmentIds: number[]) {
  if (shipmentIds.length === 0) return [];
  return db.selectFrom('returns').selectAll().where('shipment_id', 'in', shipmentIds).where('status', '<>', 'withdrawn').execute();
}
export type ReturnRow = Awaited<ReturnType<typeof returnsOf>>[number];

export async function returnItemsOf(db: Executor, returnIds: number[]) {
  if (returnIds.length === 0) return [];
  return db.selectFrom('return_items').selectAll().where('return_id', 'in', returnIds).execute();
}

export async function mediaOfShipment(db: Executor, shipmentId: number, returnId: number | null) {
  let q = db
    .selectFrom('return_media as m')
    .innerJoin('uploads as u', 'u.id', 'm.upload_id')
    .select(['u.id', 'u.public_id', 'u.content_type', 'm.return_id'])
    .where('m.shipment_id', '=', shipmentId);
  q = returnId === null ? q.where('m.return_id', 'is', null) : q.where('m.return_id', '=', returnId);
  return q.orderBy('m.created_at').execute();
}

/** The customer's shipment with its order, locked for the rest of the transaction when `lock` is set. */
export async function findShipment(db: Executor, shipmentNumber: string, customerId: number | null, lock = false) {
  let q = db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .selectAll('s')
    .select([
      'o.order_number',
      'o.customer_id',
      'o.payment_method',
      'o.paid_total',
      'o.address as order_address',
      'o.status as order_status',
      'o.coupon_code',
    ])
    .where('s.shipment_number', '=', shipmentNumber);
  if (customerId !== null) q = q.where('o.customer_id', '=', customerId);
  if (lock) q = q.forUpdate('s');
  return q.executeTakeFirst();
}
export type FoundShipment = NonNullable<Awaited<ReturnType<typeof findShipment>>>;

export async function itemsOfShipment(db: Executor, shipmentId: number) {
  return db.selectFrom('order_items').selectAll().where('shipment_id', '=', shipmentId).orderBy('id').execute();
}

/** Moves a shipment if nobody moved it since it was read (optimistic version), and records the event. */
export async function writeShipmentMove(
  db: Executor,
  shipment: { id: number; status: ShipmentStatus; version: number },
  to: ShipmentStatus,
  note: string | null,
  extra: { awb?: string; delivered_at?: Date } = {},
): Promise<boolean> {
  const res = await db
    .updateTable('shipments')
    .set({ status: to, version: sql`version + 1`, updated_at: new Date(), ...extra })
    .where('id', '=', shipment.id)
    .where('version', '=', shipment.version)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await db.insertInto('shipment_events').values({ shipment_id: shipment.id, from_status: shipment.status, to_status: to, note }).execute();
  return true;
}

/**
 * The attempt that captured the order's money: the first success. A later success (a second payment for an
 * order already paid) was refunded in full when it arrived, and a gateway refuses to refund it again.
 */
export async function successfulPayment(db: Executor, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'success')
    .orderBy('finalized_at', 'asc')
    .orderBy('attempt', 'asc')
    .executeTakeFirst();
}

export async function bankAccountsOf(db: Executor, customerId: number) {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
export type BankAccountRow = Awaited<ReturnType<typeof bankAccountsOf>>[number];

export async function findBankAccount(db: Executor, id: number, customerId: number) {
  return db.selectFrom('bank_accounts').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
}

export async function findBranch(db: Executor, ifsc: string) {
  return db.selectFrom('ifsc_branches').selectAll().where('ifsc', '=', ifsc).executeTakeFirst();
}

export async function findAddress(db: Executor, id: number, customerId: number) {
  return db.selectFrom('addresses').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
}

export async function pickupAddressIdOf(db: Executor, shipmentId: number): Promise<number | null> {
  const row = await db
    .selectFrom('shipment_pickup_addresses')
    .select('address_id')
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  return row?.address_id ?? null;
}

export async function customerOf(db: Executor, customerId: number) {
  return db.selectFrom('customers').select(['first_name', 'last_name', 'email', 'mobile']).where('id', '=', customerId).executeTakeFirst();
}

/** The order's promotions as sold (orders.promotion_terms), for re-pricing after a change (promotion-rules.ts). */
export async function promotionsOf(db: Executor, orderId: number) {
  return db.selectFrom('orders').select(['id', 'item_total', 'promotion_terms']).where('id', '=', orderId).executeTakeFirstOrThrow();
}
