import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

// Payment's reads and locks. Lock order: the order row, then its payment rows.

export type OrderRow = Selectable<Database['orders']>;
export type PaymentRow = Selectable<Database['payments']>;

export async function findCustomerOrder(db: Db, customerId: number, orderNumber: string, lock = false): Promise<OrderRow | undefined> {
  let q = db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).where('customer_id', '=', customerId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function lockOrderById(trx: Db, orderId: number): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
}

export async function latestAttempt(db: Db, orderId: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('attempt', 'desc').limit(1).executeTakeFirst();
}

export async function paymentByRef(db: Db, ref: string, lock = false): Promise<PaymentRow | undefined> {
  let q = db.selectFrom('payments').selectAll().where('gateway_order_ref', '=', ref);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function nextAttemptNumber(trx: Db, orderId: number): Promise<number> {
  const row = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.max('attempt').as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

export async function pincodeFacts(db: Db, pincode: string) {
  return db.selectFrom('pincodes').select(['serviceable', 'cod_available']).where('pincode', '=', pincode).executeTakeFirst();
}

export async function logCallback(
  db: Db,
  entry: {
    gateway: string;
    ref: string | null;
    outcome: 'applied' | 'unchanged' | 'rejected';
    reason: string | null;
    payload: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .insertInto('payment_callbacks')
    .values({ ...entry, payload: JSON.stringify(entry.payload) })
    .execute();
}

/** An order's open attempts end with it (its hold released). */
export async function expireOpenAttempts(trx: Db, orderId: number, now: Date): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ status: 'expired', finalized_at: now })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['created', 'pending'])
    .execute();
}

/** The customer of the attempt a gateway reference names (payments.gateway_order_ref); null when none. */
export async function attemptCustomer(db: Db, ref: string): Promise<{ id: number } | null> {
  const row = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select('o.customer_id')
    .where('p.gateway_order_ref', '=', ref)
    .executeTakeFirst();
  return row?.customer_id != null ? { id: Number(row.customer_id) } : null;
}
