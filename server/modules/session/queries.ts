import { type RawBuilder, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';

// Session rows (docs/architecture.md "Growing past one machine"): the row id is the SHA-256 of the cookie token.

export interface SessionRow {
  id: string;
  customer_id: number | null;
  last_seen_at: Date;
}

/** What a session is checked with: its row id (the token's hash), the idle limit and the touch's age (findLiveSession). */
export interface SessionCheck {
  id: string;
  idleSince: Date;
  touchBefore: Date;
  now: Date;
}

/**
 * A live session: not expired, used within the idle limit, and not of a blocked customer. Its last use is written
 * in the same statement when it is older than `touchBefore` (one round trip, not a read and then a write). Every
 * signed-in call reads it, so its text is compiled once.
 */
export async function findLiveSession(db: Db, check: SessionCheck): Promise<SessionRow | undefined> {
  const r = await db.executeQuery(liveSession(db, check));
  return r.rows[0];
}

const liveSession = compiledOnce((db: Db, check: SessionCheck) =>
  sql<SessionRow>`WITH ${liveSessionCtes(db, check)} SELECT id, customer_id, last_seen_at FROM session_live`.compile(db),
);

/**
 * {@link findLiveSession} as common table expressions of another statement, which reads `session_live` (no row when
 * the session is not live). A data-modifying WITH must be at the top level, so the caller puts these in its own.
 */
export function liveSessionCtes(db: Db, check: SessionCheck): RawBuilder<unknown> {
  const live = db
    .selectFrom('sessions as s')
    .leftJoin('customers as c', 'c.id', 's.customer_id')
    .select(['s.id', 's.customer_id', 's.last_seen_at'])
    .where('s.id', '=', check.id)
    .where('s.expires_at', '>', check.now)
    .where('s.last_seen_at', '>', check.idleSince)
    .where((eb) => eb.or([eb('s.customer_id', 'is', null), eb.and([eb('c.is_blocked', '=', false), eb('c.frozen_at', 'is', null)])]));
  return sql`session_live AS (${live}),
    session_touch AS (UPDATE sessions SET last_seen_at = ${check.now}
                      WHERE id = (SELECT id FROM session_live) AND last_seen_at < ${check.touchBefore})`;
}

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
