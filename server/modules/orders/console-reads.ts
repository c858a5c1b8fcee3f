import { sql } from 'kysely';
import { indiaMidnight } from '../../../schemas/dates.ts';
import type { Db } from '../../db/database.ts';
import type { ShipmentStatus } from '../../db/types.ts';

// What the operations console reads of the orders' tables (docs/decisions/019): the order search, one order with
// its shipments, lines, timelines and refunds, a customer's orders, and the day's sales. The console's routes
// (server/api/ops/) hold no SQL of their own. The search matches the customer's name, email and mobile too, so it
// reads the customers table with the orders (a read; the customers module owns its writes).

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The start of a day in India time (SPEC §9), as an instant. */
const istDay = (day: string, plusDays = 0) => new Date(indiaMidnight(day).getTime() + plusDays * 86_400_000);
/** The checkout stored the pincode under either name (service.ts readAddress). */
const pincodeOf = sql<string>`coalesce(o.address->>'pincode', o.address->>'postcode', '')`;

export interface ConsoleOrderFilter {
  status?: ShipmentStatus;
  from?: string;
  to?: string;
  payment?: number;
  pincode?: string;
  q?: string;
  page: number;
  page_size: number;
}

/** Placed orders matching the filter, newest first, a page at a time, with the page's shipments and the total. */
export async function consoleOrders(db: Db, f: ConsoleOrderFilter) {
  const size = f.page_size;
  let query = db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    // Orders a shopper never placed (unpaid, expired) are not the shop's work.
    .where('o.placed_at', 'is not', null);
  if (f.status) {
    const status = f.status;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('shipments as s').select('s.id').whereRef('s.order_id', '=', 'o.id').where('s.status', '=', status)),
    );
  }
  if (f.from) query = query.where('o.placed_at', '>=', istDay(f.from));
  if (f.to) query = query.where('o.placed_at', '<', istDay(f.to, 1));
  if (f.payment) query = query.where('o.payment_method', '=', f.payment as 1 | 2 | 3 | 4 | 6);
  if (f.pincode) query = query.where(pincodeOf, '=', f.pincode);
  if (f.q) {
    const q = f.q;
    query = query.where((eb) =>
      eb.or([
        eb('o.order_number', '=', q.toUpperCase()),
        eb('c.email', 'ilike', like(q)),
        eb('c.mobile', 'ilike', like(q)),
        eb(sql`c.first_name || ' ' || c.last_name`, 'ilike', like(q)),
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    query
      .select(['o.id', 'o.order_number', 'o.placed_at', 'o.status', 'o.payment_method', 'o.total', 'o.customer_id'])
      .select(['c.first_name', 'c.last_name', 'c.email', 'c.mobile'])
      .select(pincodeOf.as('pincode'))
      .orderBy('o.placed_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(size)
      .offset((f.page - 1) * size)
      .execute(),
  ]);
  const shipments = rows.length
    ? await db
        .selectFrom('shipments')
        .select(['order_id', 'shipment_number', 'status'])
        .where(
          'order_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return { total: Number(count.n), rows, shipments };
}

/** One order by its number with its shipments, lines, shipment events and refunds; undefined when there is none. */
export async function consoleOrder(db: Db, orderNumber: string) {
  const order = await db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
  if (!order) return undefined;
  const [shipments, items, refunds] = await Promise.all([
    db.selectFrom('shipments').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
  ]);
  const events = shipments.length
    ? await db
        .selectFrom('shipment_events')
        .selectAll()
        .where(
          'shipment_id',
          'in',
          shipments.map((s) => s.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return { order, shipments, items, refunds, events };
}

/** The shipment's status and its order's customer; undefined when there is no such shipment. */
export function shipmentOwner(db: Db, shipmentNumber: string) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['o.customer_id', 's.status'])
    .where('s.shipment_number', '=', shipmentNumber)
    .executeTakeFirst();
}

/** How many orders each of these customers placed. */
export async function placedOrderCounts(db: Db, customerIds: readonly number[]): Promise<Map<number, number>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['customer_id', sql<number>`count(*)::int`.as('n')])
    .where('customer_id', 'in', customerIds)
    .where('placed_at', 'is not', null)
    .groupBy('customer_id')
    .execute();
  return new Map(rows.map((r) => [r.customer_id, Number(r.n)]));
}

/** A customer's placed orders, newest first, a page at a time, each with its unit count; and how many in all. */
export async function customerOrdersPage(db: Db, customerId: number, page: number, pageSize: number) {
  // Orders the customer placed: an unpaid attempt that expired is not one of theirs to the shop.
  const placed = db.selectFrom('orders as o').where('o.customer_id', '=', customerId).where('o.placed_at', 'is not', null);
  const [count, rows] = await Promise.all([
    placed.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    placed
      .select(['o.order_number', 'o.placed_at', 'o.status', 'o.total'])
      .select((eb) =>
        eb
          .selectFrom('order_items as i')
          .whereRef('i.order_id', '=', 'o.id')
          .select(sql<number>`coalesce(sum(i.quantity), 0)::int`.as('n'))
          .as('items'),
      )
      .orderBy('o.placed_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** Orders placed since `since` and their value in paise, and the shipments cancelled since. */
export async function salesSince(db: Db, since: Date) {
  const row = await db
    .selectFrom('orders')
    .select([sql<string>`count(*)`.as('orders'), sql<string>`coalesce(sum(total), 0)`.as('revenue')])
    .where('placed_at', '>=', since)
    .executeTakeFirstOrThrow();
  const cancelled = await db
    .selectFrom('shipment_events')
    .select(sql<string>`count(DISTINCT shipment_id)`.as('n'))
    .where('to_status', '=', 'cancelled')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), revenue: Number(row.revenue), cancelled_shipments: Number(cancelled.n) };
}
