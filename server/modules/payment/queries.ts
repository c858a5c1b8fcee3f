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
/** An unverified return leaves the attempt's state alone (nothing is decided by it); only its shown reason changes. */
export async function noteUnconfirmedReturn(db: Db, paymentId: number, reason: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ failure_reason: reason })
    .where('id', '=', paymentId)
    .where('status', 'in', ['created', 'pending'])
    .execute();
}

/** Open attempts at `gateway` of unpaid orders whose payment time ran out, oldest first. */
export async function attemptsOfExpiringOrders(db: Db, gateway: string, now: Date, batch: number): Promise<number[]> {
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select('p.id')
    .where('o.status', '=', 'payment_pending')
    .where('o.expires_at', '<=', now)
    .where('p.gateway', '=', gateway)
    .where('p.status', 'in', ['created', 'pending', 'failed'])
    .orderBy('p.id')
    .limit(batch)
    .execute();
  return rows.map((r) => r.id);
}

/** Attempts at `gateway` since `since` that are not settled or were closed without money, and not given back. */
export async function unsettledAttempts(db: Db, gateway: string, since: Date, batch: number): Promise<number[]> {
  const open = await db
    .selectFrom('payments')
    .select('id')
    .where('gateway', '=', gateway)
    .where('created_at', '>=', since)
    .where('status', 'in', ['created', 'pending', 'failed', 'expired'])
    // A payment already given back (a refused bank offer, a late payment) has nothing more to settle.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('payment_refunds').select('payment_refunds.id').whereRef('payment_refunds.payment_id', '=', 'payments.id'))),
    )
    .orderBy('id')
    .limit(batch)
    .execute();
  return open.map((r) => r.id);
}

/** Automatic refunds (payment_refunds) at `gateway` still pending. */
export async function pendingAutomaticRefunds(db: Db, gateway: string, batch: number) {
  return db
    .selectFrom('payment_refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['r.id', 'r.payment_id', 'r.idempotency_key', 'r.amount', 'p.order_id', 'p.gateway_order_ref'])
    .where('r.status', '=', 'pending')
    .where('p.gateway', '=', gateway)
    .orderBy('r.id')
    .limit(batch)
    .execute();
}

/** A pending automatic refund settled as the gateway says. */
export async function settleAutomaticRefund(db: Db, id: number, status: 'success' | 'failed', refundId: string | null): Promise<void> {
  await db
    .updateTable('payment_refunds')
    .set({ status, gateway_refund_id: refundId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

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
