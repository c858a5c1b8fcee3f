import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { Conflict } from '../../http/errors.ts';
import { IdempotencyKeyReused } from './errors.ts';

// Stripe's rule: the same Idempotency-Key gets the same answer for 24 hours. The key row is written inside the
// transaction that does the work, together with the answer: a concurrent request with the same key waits on the
// row (PostgreSQL blocks the second INSERT until the first commits) and then replays the stored answer; if the
// first transaction fails, nothing is stored and the key can be used again.

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export interface KeyClaim {
  customerId: number;
  scope: string;
  key: string;
  requestHash: string;
}

export const hashRequest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The claim as a statement (INSERT … ON CONFLICT DO NOTHING RETURNING key): one row when this request took the key. */
export function claimStatement(claim: KeyClaim, now = new Date()) {
  return claimUntil(claim, sql`${claim.customerId}::integer`, new Date(now.getTime() + IDEMPOTENCY_TTL_MS));
}

/**
 * {@link claimStatement} for the customer an expression of the statement finds (none: nothing is claimed), with its
 * expiry given (a statement compiled once takes it as a value).
 */
export function claimUntil(claim: Omit<KeyClaim, 'customerId'>, customer: RawBuilder<number | null>, expires: Date) {
  return sql<{ key: string }>`
    INSERT INTO idempotency_keys (customer_id, scope, key, request_hash, expires_at)
    SELECT w.customer_id, ${claim.scope}, ${claim.key}, ${claim.requestHash}, ${expires}
    FROM (SELECT ${customer} AS customer_id) w WHERE w.customer_id IS NOT NULL
    ON CONFLICT (customer_id, scope, key) DO NOTHING RETURNING key`;
}

/** Claims the key in `trx`; returns the stored answer when the key was already used for this request. */
export async function claimIdempotencyKey<T>(trx: Db, claim: KeyClaim, now = new Date()): Promise<T | null> {
  const inserted = await claimStatement(claim, now).execute(trx);
  if (inserted.rows.length) return null;
  return replayIdempotencyKey<T>(trx, claim, now);
}

/**
 * For a key that was already there: its stored answer (same request), or null after taking over an expired key.
 * A different request under the key is refused, and one still being processed is a conflict.
 */
export async function replayIdempotencyKey<T>(trx: Db, claim: KeyClaim, now = new Date()): Promise<T | null> {
  const row = await trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('customer_id', '=', claim.customerId)
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (new Date(row.expires_at) <= now) {
    await trx
      .updateTable('idempotency_keys')
      .set({
        request_hash: claim.requestHash,
        response: null,
        status_code: null,
        created_at: now,
        expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .where('customer_id', '=', claim.customerId)
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .execute();
    return null;
  }
  if (row.request_hash !== claim.requestHash) throw new IdempotencyKeyReused();
  if (row.response === null) throw new Conflict('A request with this Idempotency-Key is still being processed.');
  return (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as T;
}

export async function storeIdempotentAnswer(trx: Db, claim: KeyClaim, answer: unknown): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: 200, response: JSON.stringify(answer) })
    .where('customer_id', '=', claim.customerId)
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .execute();
}

/**
 * storeIdempotentAnswer as a statement to run inside another one (a data-modifying WITH): order placement stores
 * its answer in the same round trip as its first stock take. The key row is this transaction's own, so it never waits.
 */
export function storeAnswerStatement(claim: KeyClaim, answer: unknown) {
  return sql`UPDATE idempotency_keys SET status_code = 200, response = ${JSON.stringify(answer)}::jsonb
    WHERE customer_id = ${claim.customerId} AND scope = ${claim.scope} AND key = ${claim.key}`;
}

export async function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const r = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
