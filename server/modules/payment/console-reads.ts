import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// What the operations console reads of the payment tables (docs/decisions/019): an order's payment attempts, and
// the open issues a page at a time (with their order's number, a read of the orders table).

/** The order's payment attempts, in order. */
export function orderPayments(db: Db, orderId: number) {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('attempt').execute();
}

/** The open payment issues, oldest first, a page at a time; and how many are open. */
export async function openIssuesPage(db: Db, page: number, pageSize: number) {
  const open = db.selectFrom('payment_issues as i').where('i.resolved_at', 'is', null);
  const [rows, count] = await Promise.all([
    open
      .leftJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.id', 'i.kind', 'o.order_number', 'i.amount', 'i.note', 'i.created_at'])
      .orderBy('i.created_at')
      .orderBy('i.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    open.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), rows };
}
