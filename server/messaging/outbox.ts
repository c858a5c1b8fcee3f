import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
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
}

export interface ClaimedMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  c_code: string | null;
  subject: string | null;
  body: string;
  attempts: number;
}

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

export const signalOutbox = (): void => {
  queueMicrotask(() => outboxSignal.emit('queued'));
};

/**
 * Claims up to `limit` due messages for `leaseMs`: pending ones, and "sending" ones whose lease ran out (a worker
 * died mid-send). SKIP LOCKED lets several instances claim concurrently without taking the same row.
 */
export async function claimDueMessages(db: Db, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  return db.transaction().execute(async (trx) => {
    const due = await sql<{ id: number }>`
      SELECT id FROM outbox
      WHERE (status = 'pending' AND next_attempt_at <= now())
         OR (status = 'sending' AND locked_until < now())
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`.execute(trx);
    if (due.rows.length === 0) return [];
    const ids = due.rows.map((r) => Number(r.id));
    return trx
      .updateTable('outbox')
      .set({ status: 'sending', attempts: sql`attempts + 1`, locked_until: new Date(Date.now() + leaseMs) })
      .where('id', 'in', ids)
      .returning(['id', 'channel', 'recipient', 'c_code', 'subject', 'body', 'attempts'])
      .execute();
  });
}

export async function markSent(db: Db, id: number, scrub: boolean): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: new Date(), locked_until: null, last_error: null, ...(scrub ? { otp: null, body: '[sent]' } : {}) })
    .where('id', '=', id)
    .execute();
}

/**
 * A failed send is retried with exponential backoff (2 s, 4 s, 8 s … at most 10 min) until maxAttempts; a message
 * given up keeps no code (`scrub`), like a sent one.
 */
export async function markFailed(db: Db, message: ClaimedMessage, error: string, maxAttempts: number, scrub = true): Promise<void> {
  const giveUp = message.attempts >= maxAttempts;
  const delay = Math.min(2 ** message.attempts * 1000, 600_000);
  await db
    .updateTable('outbox')
    .set({
      status: giveUp ? 'failed' : 'pending',
      next_attempt_at: new Date(Date.now() + delay),
      locked_until: null,
      last_error: error.slice(0, 500),
      ...(giveUp && scrub ? { otp: null, body: '[failed]' } : {}),
    })
    .where('id', '=', message.id)
    .execute();
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
