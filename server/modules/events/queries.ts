import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { OutboxRow } from './outbox.ts';

// The events module's reads and writes (Kysely): conversion_events and the event_outbox.

/** A conversion_events row as written (received_at is the database's). */
export type ConversionValues = Insertable<Database['conversion_events']>;

/**
 * Inserts one event unless the same (event_name, event_id) is stored already; true when it was new. The name is part
 * of the key: another event carrying a Purchase's id (the order id) is another event, it cannot take its place.
 */
export async function insertConversion(db: Db, values: ConversionValues): Promise<boolean> {
  const inserted = await db
    .insertInto('conversion_events')
    .values(values)
    .onConflict((oc) => oc.columns(['event_name', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** Queues a payload for forwarding once per (kind, ref); true when it was new. */
export async function enqueueForward(db: Db, kind: OutboxRow['kind'], ref: string, payload: unknown): Promise<boolean> {
  const row = await db
    .insertInto('event_outbox')
    .values({ kind, ref, payload: JSON.stringify(payload) })
    .onConflict((oc) => oc.columns(['kind', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** A stored event by id (and name, when given), hashes only (the development tool's look-up). */
export async function findStoredEvent(db: Db, eventId: string, eventName?: string) {
  let query = db
    .selectFrom('conversion_events')
    .select(['event_id', 'event_name', 'funnel_step', 'session_id', 'email_sha256', 'received_at'])
    .where('event_id', '=', eventId);
  if (eventName) query = query.where('event_name', '=', eventName);
  return query.orderBy('received_at').executeTakeFirst();
}

/**
 * Sessions reaching funnel steps 1–5 in order within [start, end) (a session counts at step k only if it reached
 * step k−1 no later than its step-k event), and the sessions with a step out of that order.
 */
export async function closedFunnelCounts(db: Db, start: Date, end: Date) {
  const result = await sql<{ c1: number; c2: number; c3: number; c4: number; c5: number; out_of_order: number }>`
    WITH e AS (
      SELECT session_id, funnel_step, event_time FROM conversion_events
      WHERE event_time >= ${start} AND event_time < ${end} AND funnel_step IS NOT NULL
    ),
    s1 AS (SELECT session_id, min(event_time) AS t FROM e WHERE funnel_step = 1 GROUP BY session_id),
    s2 AS (SELECT e.session_id, min(e.event_time) AS t FROM e JOIN s1 ON s1.session_id = e.session_id AND e.event_time >= s1.t
           WHERE e.funnel_step = 2 GROUP BY e.session_id),
    s3 AS (SELECT e.session_id, min(e.event_time) AS t FROM e JOIN s2 ON s2.session_id = e.session_id AND e.event_time >= s2.t
           WHERE e.funnel_step = 3 GROUP BY e.session_id),
    s4 AS (SELECT e.session_id, min(e.event_time) AS t FROM e JOIN s3 ON s3.session_id = e.session_id AND e.event_time >= s3.t
           WHERE e.funnel_step = 4 GROUP BY e.session_id),
    s5 AS (SELECT e.session_id, min(e.event_time) AS t FROM e JOIN s4 ON s4.session_id = e.session_id AND e.event_time >= s4.t
           WHERE e.funnel_step = 5 GROUP BY e.session_id),
    ooo AS (
      (SELECT session_id FROM e WHERE funnel_step = 2 EXCEPT SELECT session_id FROM s2)
      UNION (SELECT session_id FROM e WHERE funnel_step = 3 EXCEPT SELECT session_id FROM s3)
      UNION (SELECT session_id FROM e WHERE funnel_step = 4 EXCEPT SELECT session_id FROM s4)
      UNION (SELECT session_id FROM e WHERE funnel_step = 5 EXCEPT SELECT session_id FROM s5)
    )
    SELECT (SELECT count(*) FROM s1)::int AS c1, (SELECT count(*) FROM s2)::int AS c2, (SELECT count(*) FROM s3)::int AS c3,
           (SELECT count(*) FROM s4)::int AS c4, (SELECT count(*) FROM s5)::int AS c5, (SELECT count(*) FROM ooo)::int AS out_of_order
  `.execute(db);
  const row = result.rows[0];
  return { counts: [row.c1, row.c2, row.c3, row.c4, row.c5].map(Number), outOfOrder: Number(row.out_of_order) };
}

/** Events and distinct sessions per (funnel step, event name) within [start, end), purchases included. */
export async function eventsPerStep(db: Db, start: Date, end: Date) {
  return db
    .selectFrom('conversion_events')
    .select((eb) => [
      'funnel_step',
      'event_name',
      eb.fn.countAll<number>().as('events'),
      sql<number>`count(DISTINCT session_id)::int`.as('sessions'),
    ])
    .where('event_time', '>=', start)
    .where('event_time', '<', end)
    .where((eb) => eb.or([eb('funnel_step', 'is not', null), eb('event_name', '=', 'Purchase')]))
    .groupBy(['funnel_step', 'event_name'])
    .execute();
}

/** Retention: conversion events older than `cutoff`; forwarded (or abandoned) feed rows past the same age go too,
 * pending ones stay until sent or abandoned. Answers the number of events deleted. */
export async function deleteConversionEventsBefore(db: Db, cutoff: Date): Promise<number> {
  const events = await db.deleteFrom('conversion_events').where('received_at', '<', cutoff).executeTakeFirst();
  await db.deleteFrom('event_outbox').where('created_at', '<', cutoff).where('sent_at', 'is not', null).execute();
  return Number(events.numDeletedRows ?? 0);
}

/** The console's retry (docs/decisions/019): every dead feed row not sent goes back in the queue; answers how many. */
export async function requeueDeadFeeds(db: Db): Promise<number> {
  const result = await db
    .updateTable('event_outbox')
    .set({ dead_at: null, attempts: 0, next_attempt_at: new Date(), locked_until: null, lease_token: null })
    .where('dead_at', 'is not', null)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The feed queue's health for the console's Today page: rows waiting, the oldest of them, the dead letters. */
export function feedHealth(db: Db) {
  return db
    .selectFrom('event_outbox')
    .select([
      sql<string>`count(*) FILTER (WHERE sent_at IS NULL AND dead_at IS NULL)`.as('pending'),
      sql<Date | null>`min(created_at) FILTER (WHERE sent_at IS NULL AND dead_at IS NULL)`.as('oldest'),
      sql<string>`count(*) FILTER (WHERE dead_at IS NOT NULL)`.as('dead'),
    ])
    .executeTakeFirstOrThrow();
}
