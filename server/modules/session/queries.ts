import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';

// Session rows (docs/architecture.md "Growing past one machine"): the row id is the SHA-256 of the cookie token.

export interface SessionRow {
  id: string;
  customer_id: number | null;
  last_seen_at: Date;
}

/**
 * A live session: not expired, used within the idle limit, and not of a blocked customer. Its last use is written
 * in the same statement when it is older than `touchBefore` (one round trip, not a read and then a write). Every
 * signed-in call reads it, so its text is compiled once.
 */
export async function findLiveSession(db: Db, id: string, idleSince: Date, touchBefore: Date): Promise<SessionRow | undefined> {
  const r = await db.executeQuery(liveSession(db, { id, idleSince, touchBefore, now: new Date() }));
  return r.rows[0];
}

const liveSession = compiledOnce((db: Db, v: { id: string; idleSince: Date; touchBefore: Date; now: Date }) => {
  const live = db
    .selectFrom('sessions as s')
    .leftJoin('customers as c', 'c.id', 's.customer_id')
    .select(['s.id', 's.customer_id', 's.last_seen_at'])
    .where('s.id', '=', v.id)
    .where('s.expires_at', '>', v.now)
    .where('s.last_seen_at', '>', v.idleSince)
    .where((eb) => eb.or([eb('s.customer_id', 'is', null), eb('c.is_blocked', '=', false)]));
  return sql<SessionRow>`WITH live AS (${live}),
      touched AS (UPDATE sessions SET last_seen_at = ${v.now}
                  WHERE id = (SELECT id FROM live) AND last_seen_at < ${v.touchBefore})
    SELECT id, customer_id, last_seen_at FROM live`.compile(db);
});

export async function insertSession(db: Db, id: string, customerId: number, expiresAt: Date): Promise<void> {
  await db.insertInto('sessions').values({ id, customer_id: customerId, expires_at: expiresAt }).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of a customer, but `keepId` when given; answers how many ended. */
export async function deleteCustomerSessions(db: Db, customerId: number, keepId?: string): Promise<number> {
  let q = db.deleteFrom('sessions').where('customer_id', '=', customerId);
  if (keepId) q = q.where('id', '!=', keepId);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Ends every session of these customers. */
export async function deleteSessionsOfCustomers(db: Db, customerIds: number[]): Promise<void> {
  if (customerIds.length) await db.deleteFrom('sessions').where('customer_id', 'in', customerIds).execute();
}

/** Replaces what the session row notes about itself (its `data`). */
export async function setSessionData(db: Db, id: string, data: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ data: JSON.stringify(data) })
    .where('id', '=', id)
    .execute();
}
