import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// Reads only: the facts a message states. Each runs on the caller's handle, inside the transaction of the change
// that causes the message, so it sees that change.

export async function recipientOf(db: Db, customerId: number) {
  return db.selectFrom('customers').select(['first_name', 'email', 'mobile', 'c_code']).where('id', '=', customerId).executeTakeFirst();
}

export async function orderFacts(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'customer_id', 'total', 'payment_method', 'address'])
    .select((eb) =>
      eb
        .selectFrom('order_items')
        .select(sql<number>`coalesce(sum(quantity), 0)::integer`.as('n'))
        .whereRef('order_items.order_id', '=', 'orders.id')
        .as('units'),
    )
    .where('id', '=', orderId)
    .executeTakeFirst();
}

export async function paymentFacts(db: Db, paymentId: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.amount', 'o.order_number', 'o.customer_id'])
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
}

export async function shipmentFacts(db: Db, shipmentId: number) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.id', 's.shipment_number', 's.status', 's.awb', 's.version', 'o.order_number', 'o.customer_id', 'o.payment_method'])
    .where('s.id', '=', shipmentId)
    .executeTakeFirst();
}

export async function shipmentIdByNumber(db: Db, shipmentNumber: string): Promise<number | undefined> {
  const row = await db.selectFrom('shipments').select('id').where('shipment_number', '=', shipmentNumber).executeTakeFirst();
  return row?.id;
}

/** The products of a shipment that were delivered (not cancelled), for the review invitation; paid lines first. */
export async function deliveredProducts(db: Db, shipmentId: number) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['p.id', 'p.slug', 'i.name'])
    .where('i.shipment_id', '=', shipmentId)
    .where(sql<boolean>`i.quantity > i.cancelled_quantity`)
    .orderBy('i.is_freebie')
    .orderBy('i.id')
    .execute();
}

export async function refundFacts(db: Db, refundId: number) {
  return db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('shipments as s', 's.id', 'r.shipment_id')
    .select(['r.id', 'r.amount', 'r.method', 'o.order_number', 'o.customer_id', 's.shipment_number'])
    .where('r.id', '=', refundId)
    .executeTakeFirst();
}
