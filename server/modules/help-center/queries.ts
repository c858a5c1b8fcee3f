import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { faqSearchPatterns } from './faq-search.ts';

// Kysely queries of the help centre.

export async function faqs(db: Db, search: string | undefined, topic: string | undefined) {
  let q = db.selectFrom('faqs').select(['id', 'topic', 'question', 'answer']).orderBy('position').orderBy('id');
  if (topic) q = q.where('topic', '=', topic);
  if (search) {
    // Whole words, inflections and synonyms (faq-search.ts); the patterns are parameters, never SQL text.
    const patterns = faqSearchPatterns(search);
    if (patterns === null) return [];
    for (const pattern of patterns)
      q = q.where((eb) => eb.or([eb('question', '~*', pattern), eb('answer', '~*', pattern), eb('topic', '~*', pattern)]));
  }
  return q.execute();
}

export async function faqTopics(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('faqs')
    .select('topic')
    .select(sql<number>`min(position)`.as('first'))
    .groupBy('topic')
    .orderBy('first')
    .execute();
  return rows.map((r) => r.topic);
}

export async function reasons(db: Db, channel: 'phone' | 'email') {
  return db
    .selectFrom('support_reasons')
    .select(['id', 'label', 'needs_order'])
    .where('channel', '=', channel)
    .orderBy('position')
    .execute();
}

export async function reason(db: Db, id: number) {
  return db.selectFrom('support_reasons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The customer's orders that exist as orders (a payment that never started is not one). */
export async function customerOrders(db: Db, customerId: number) {
  return db
    .selectFrom('orders as o')
    .select(['o.id as order_id', 'o.order_number', 'o.status', 'o.total', 'o.created_at'])
    .select((eb) =>
      eb
        .selectFrom('order_items as i')
        .whereRef('i.order_id', '=', 'o.id')
        .select(sql<number>`coalesce(sum(i.quantity), 0)::int`.as('n'))
        .as('item_count'),
    )
    .where('o.customer_id', '=', customerId)
    .where('o.status', '!=', 'payment_pending')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(50)
    .execute();
}

export async function customerOrder(db: Db, customerId: number, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number'])
    .where('id', '=', orderId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export async function orderShipments(db: Db, orderId: number) {
  const shipments = await db
    .selectFrom('shipments')
    .select(['id as shipment_id', 'shipment_number', 'status'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  if (shipments.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .select(['shipment_id', 'name', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return shipments.map((s) => ({
    ...s,
    items: items.filter((i) => i.shipment_id === s.shipment_id).map((i) => ({ name: i.name, quantity: i.quantity })),
  }));
}

export async function shipmentOfOrder(db: Db, orderId: number, shipmentId: number) {
  return db
    .selectFrom('shipments')
    .select(['id', 'shipment_number'])
    .where('id', '=', shipmentId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export async function insertTicket(
  db: Db,
  row: Omit<Insertable<Database['support_tickets']>, 'id' | 'created_at' | 'attachments'> & { attachments: string[] },
) {
  return db
    .insertInto('support_tickets')
    .values({ ...row, attachments: JSON.stringify(row.attachments) })
    .returning(['id', 'reference', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function customerTickets(db: Db, customerId: number) {
  return db
    .selectFrom('support_tickets as t')
    .innerJoin('support_reasons as r', 'r.id', 't.reason_id')
    .leftJoin('orders as o', 'o.id', 't.order_id')
    .leftJoin('shipments as s', 's.id', 't.shipment_id')
    .select([
      't.reference',
      't.channel',
      'r.label as reason',
      'o.order_number',
      's.shipment_number',
      't.contact',
      't.message',
      't.attachments',
      't.created_at',
    ])
    .where('t.customer_id', '=', customerId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(20)
    .execute();
}
