import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql, type UpdateObject } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Db } from '../db/database.ts';

// The outbox: a message is a row first, sent later by whichever instance's worker claims it.

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** A lowercased email, or a 10-digit mobile (its country code in c_code). */
  to: string;
  c_code?: string | null;
  subject?: string | null;
  body: string;
  /** The code inside the body, kept only for the development outbox (KASRAT_DEV_TOOLS=1); null otherwise. */
  otp?: string | null;
  /** An email's HTML part; body is then its plain-text part. */
  html?: string | null;
}

export interface ClaimedMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  c_code: string | null;
  subject: string | null;
  body: string;
  /** An email's HTML part (body is then its plain text); absent or null for plain messages. */
  html?: string | null;
  attempts: number;
  /** The claim holding this row; completion only counts while it still holds it. */
  lease_token: string;
}

/**
 * The key a receiver deduplicates on: delivery is at least once (a worker may die after the provider accepted a
 * message and before it was marked sent), and every retry of one message carries the same key.
 */
export const idempotencyKeyOf = (message: Pick<ClaimedMessage, 'id'>): string => `kasrat-outbox-${message.id}`;

// Wakes this process's workers when a message is queued, so a send does not wait for the next poll.
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(100);

/** Queues a message; pass a transaction handle to queue it atomically with the change that caused it. */
export async function enqueueMessage(db: Db, message: OutgoingMessage): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      channel: message.channel,
      recipient: message.to,
      c_code: message.c_code ?? null,
      subject: message.subject ?? null,
      body: message.body,
      otp: message.otp ?? null,
      html: message.html ?? null,
      locked_until: null,
      last_error: null,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Inside a transaction the row is not visible until commit: the caller signals after committing.
  if (!db.isTransaction) signalOutbox();
  return row.id;
}

/**
 * Queues a message once per key: a second report of the same event (a retried callback, another instance, a
 * replayed operations step) finds the key taken and queues nothing. Returns whether this call queued it. Inside a
 * transaction the key is taken with the change that caused the message, and given back if that change rolls back.
 */
export async function enqueueOnce(db: Db, message: OutgoingMessage, dedupKey: string): Promise<boolean> {
  const row = await db
    .insertInto('outbox')
    .values({
      channel: message.channel,
      recipient: message.to,
      c_code: message.c_code ?? null,
      subject: message.subject ?? null,
      body: message.body,
      otp: null,
      html: message.html ?? null,
      dedup_key: dedupKey,
      locked_until: null,
      last_error: null,
      sent_at: null,
    })
    .onConflict((oc) => oc.column('dedup_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row && !db.isTransaction) signalOutbox();
  return Boolean(row);
}

export const signalOutbox = (): void => {
  queueMicrotask(() => outboxSignal.emit('queued'));
};

/**
 * Claims up to `limit` due messages for `leaseMs`: pending ones, and "sending" ones whose lease ran out (a worker
 * died mid-send). SKIP LOCKED lets several instances claim concurrently without taking the same row. A message
 * whose lease ran out after `maxAttempts` claims goes to the dead-letter state ('failed') instead of looping.
 */
export async function claimDueMessages(db: Db, limit: number, leaseMs: number, maxAttempts = 8): Promise<ClaimedMessage[]> {
  const token = randomUUID();
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('outbox')
      .set({ status: 'failed', locked_until: null, lease_token: null, last_error: 'gave up: the sender stopped during every attempt' })
      .where('status', '=', 'sending')
      .where('locked_until', '<', sql<Date>`now()`)
      .where('attempts', '>=', maxAttempts)
      .execute();
    const due = await sql<{ id: number }>`
      SELECT id FROM outbox
      WHERE (status = 'pending' AND next_attempt_at <= now())
         OR (status = 'sending' AND locked_until < now())
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`.execute(trx);
    if (due.rows.length === 0) return [];
    const ids = due.rows.map((r) => Number(r.id));
    const rows = await trx
      .updateTable('outbox')
      .set({ status: 'sending', attempts: sql`attempts + 1`, locked_until: new Date(Date.now() + leaseMs), lease_token: token })
      .where('id', 'in', ids)
      .returning(['id', 'channel', 'recipient', 'c_code', 'subject', 'body', 'html', 'attempts'])
      .execute();
    return rows.map((r) => ({ ...r, lease_token: token }));
  });
}

/**
 * Extends the lease of one claimed message just before it is sent; false when the claim was lost (the lease ran out
 * and another worker took the message), in which case the caller must not send it.
 */
export async function renewLease(db: Db, message: ClaimedMessage, leaseMs: number): Promise<boolean> {
  return updateWhileHeld(db, message, { locked_until: new Date(Date.now() + leaseMs) });
}

/** Marks a message sent, if this claim still holds it; returns whether it did. */
export async function markSent(db: Db, message: Pick<ClaimedMessage, 'id' | 'lease_token'>, scrub: boolean): Promise<boolean> {
  return updateWhileHeld(db, message, {
    status: 'sent',
    sent_at: new Date(),
    locked_until: null,
    lease_token: null,
    last_error: null,
    ...(scrub ? { otp: null, body: '[sent]', html: null } : {}),
  });
}

/**
 * A failed send is retried with exponential backoff (2 s, 4 s, 8 s … at most 10 min) until maxAttempts, then kept
 * as 'failed' (the dead letter). Only the current holder may record it: a late worker cannot set a sent message
 * back to pending.
 */
export async function markFailed(db: Db, message: ClaimedMessage, error: string, maxAttempts: number, scrub = true): Promise<boolean> {
  const giveUp = message.attempts >= maxAttempts;
  const delay = Math.min(2 ** message.attempts * 1000, 600_000);
  return updateWhileHeld(db, message, {
    status: giveUp ? 'failed' : 'pending',
    next_attempt_at: new Date(Date.now() + delay),
    locked_until: null,
    lease_token: null,
    last_error: error.slice(0, 500),
    ...(giveUp && scrub ? { otp: null, body: '[failed]', html: null } : {}),
  });
}

/** Gives claimed, unsent messages back (shutdown): they are due again at once, and the claim does not count. */
export async function releaseClaims(db: Db, messages: ClaimedMessage[]): Promise<void> {
  for (const m of messages)
    await updateWhileHeld(db, m, { status: 'pending', locked_until: null, lease_token: null, attempts: sql`greatest(attempts - 1, 0)` });
}

/** Changes a claimed message only while this claim still holds it (its lease token, still sending); whether it did. */
async function updateWhileHeld(
  db: Db,
  message: Pick<ClaimedMessage, 'id' | 'lease_token'>,
  changes: UpdateObject<Database, 'outbox'>,
): Promise<boolean> {
  const row = await db
    .updateTable('outbox')
    .set(changes)
    .where('id', '=', message.id)
    .where('lease_token', '=', message.lease_token)
    .where('status', '=', 'sending')
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Newest first: what the development outbox shows for one address. */
export async function listMessagesTo(db: Db, to: string, limit = 50) {
  const rows = await db
    .selectFrom('outbox')
    .select(['recipient', 'channel', 'subject', 'body', 'otp', 'created_at'])
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    to: r.recipient,
    channel: r.channel,
    subject: r.subject,
    body: r.body,
    otp: r.otp,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/** Retention: sent and failed messages older than `cutoff` (a pending message is work still to do). */
export async function deleteFinishedMessagesBefore(db: Db, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('created_at', '<', cutoff)
    .where('status', 'in', ['sent', 'failed'])
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** The console's retry (docs/decisions/019): every failed message goes back in the queue; answers how many. */
export async function requeueFailedMessages(db: Db): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: new Date(), locked_until: null, lease_token: null })
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The queue's health for the console's Today page: messages waiting or being sent, the oldest of them, the failed. */
export function outboxHealth(db: Db) {
  return db
    .selectFrom('outbox')
    .select([
      sql<string>`count(*) FILTER (WHERE status IN ('pending', 'sending'))`.as('pending'),
      sql<Date | null>`min(created_at) FILTER (WHERE status IN ('pending', 'sending'))`.as('oldest'),
      sql<string>`count(*) FILTER (WHERE status = 'failed')`.as('dead'),
    ])
    .executeTakeFirstOrThrow();
}
