import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

// Kysely queries of grievance redressal (docs/grievance-redressal.md).

export async function customerOrderByNumber(db: Db, customerId: number, orderNumber: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number'])
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customerId)
    .where('status', '!=', 'payment_pending')
    .executeTakeFirst();
}

export async function insertGrievance(db: Db, row: Insertable<Database['grievances']>) {
  return db.insertInto('grievances').values(row).returning('id').executeTakeFirstOrThrow();
}

const columns = [
  'g.id',
  'g.reference',
  'g.status',
  'g.category',
  'o.order_number',
  'g.message',
  'g.created_at',
  'g.acknowledge_by',
  'g.resolve_by',
  'g.acknowledged_at',
  'g.resolved_at',
  'g.answer',
  'g.customer_id',
] as const;

const withOrder = (db: Db) => db.selectFrom('grievances as g').leftJoin('orders as o', 'o.id', 'g.order_id');

export async function grievanceById(db: Db, id: number) {
  return withOrder(db).select(columns).where('g.id', '=', id).executeTakeFirstOrThrow();
}

export async function customerGrievances(db: Db, customerId: number) {
  return withOrder(db)
    .select(columns)
    .where('g.customer_id', '=', customerId)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(50)
    .execute();
}

/**
 * The console's list, by the deadline each complaint works to now: acknowledgement while open, redress once
 * acknowledged (the most urgent first); resolved ones newest first.
 */
export async function opsGrievances(db: Db, status: 'pending' | 'open' | 'acknowledged' | 'resolved' | 'any', reference?: string) {
  let q = withOrder(db)
    .innerJoin('customers as c', 'c.id', 'g.customer_id')
    .select(columns)
    .select(['c.first_name', 'c.last_name', 'c.email', 'c.mobile']);
  if (status === 'pending') q = q.where('g.status', '!=', 'resolved');
  else if (status !== 'any') q = q.where('g.status', '=', status);
  if (reference) q = q.where('g.reference', '=', reference);
  return q
    .orderBy(sql`CASE g.status WHEN 'open' THEN g.acknowledge_by WHEN 'acknowledged' THEN g.resolve_by END`, (ob) => ob.asc().nullsLast())
    .orderBy('g.resolved_at', 'desc')
    .orderBy('g.id', 'asc')
    .limit(200)
    .execute();
}

export async function grievanceByReference(db: Db, reference: string) {
  return db.selectFrom('grievances').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** Moves an open complaint to acknowledged; false when it was no longer open (another member of staff was first). */
export async function markAcknowledged(db: Db, id: number, staffId: number | null): Promise<boolean> {
  const r = await db
    .updateTable('grievances')
    .set({ status: 'acknowledged', acknowledged_at: sql`now()`, acknowledged_by: staffId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Resolves a complaint with its answer (acknowledging it too when nobody had); false when already resolved. */
export async function markResolved(db: Db, id: number, staffId: number | null, answer: string): Promise<boolean> {
  const r = await db
    .updateTable('grievances')
    .set({
      status: 'resolved',
      answer,
      resolved_at: sql`now()`,
      resolved_by: staffId,
      acknowledged_at: sql`coalesce(acknowledged_at, now())`,
      acknowledged_by: sql`coalesce(acknowledged_by, ${staffId})`,
    })
    .where('id', '=', id)
    .where('status', '!=', 'resolved')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
