import { createCipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ForwardConfig } from './config.ts';

// Forwarding through the outbox (docs/architecture.md "Growing past one machine"): any instance may run it; rows
// are claimed with SELECT … FOR UPDATE SKIP LOCKED and leased, so each row is sent by one claimer at a time.
// Completion counts only for the claim that still holds the row (lease_token); after MAX_ATTEMPTS failures a row
// is dead-lettered (dead_at) instead of retried forever. Delivery is at least once: every retry of a row carries the
// same `idempotency-key` header (and conversions their event_id), which the receiver deduplicates on.

export interface OutboxRow {
  id: number;
  kind: 'conversion' | 'affiliate' | 'ga4';
  ref: string;
  payload: Record<string, unknown>;
  attempts: number;
  lease_token: string;
}

/**
 * A claim's lease: longer than the worst pass holding it — one conversion batch, or every affiliate row sent one
 * by one, each bounded by EVENTS_FORWARD_TIMEOUT_MS (at most 60 s) — see leaseFor().
 */
export const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 12;
/** Claims per pass: bounded so that a pass (and a shutdown waiting for it) stays short. */
export const CLAIM_LIMIT = 50;
const AFFILIATE_PER_PASS = 5;
export const leaseFor = (timeoutMs: number): number => Math.max(LEASE_MS, (1 + AFFILIATE_PER_PASS) * timeoutMs + 30_000);
export const idempotencyKeyOf = (row: Pick<OutboxRow, 'kind' | 'ref'>): string => `kasrat-${row.kind}-${row.ref}`;
/** Retry delay after n failed attempts: 30 s doubling, at most 6 hours. */
export const retryDelayMs = (attempts: number): number => Math.min(6 * 3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** Claims up to `limit` due rows of the given kinds, leasing them for `leaseMs`. */
export async function claimOutbox(
  db: Db,
  kinds: OutboxRow['kind'][],
  limit = CLAIM_LIMIT,
  now = new Date(),
  leaseMs = LEASE_MS,
): Promise<OutboxRow[]> {
  if (kinds.length === 0) return [];
  const token = randomUUID();
  // The database stamps rows in microseconds, JavaScript dates are whole milliseconds: a row written earlier in the
  // same millisecond would look "later" than `now` and be skipped, so compare against the end of that millisecond.
  const cutoff = new Date(now.getTime() + 1);
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('event_outbox')
      .select(['id', 'kind', 'ref', 'payload', 'attempts'])
      .where('sent_at', 'is', null)
      .where('dead_at', 'is', null)
      .where('kind', 'in', kinds)
      .where('next_attempt_at', '<', cutoff)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('event_outbox')
      .set({ locked_until: new Date(now.getTime() + leaseMs), attempts: sql`attempts + 1`, lease_token: token })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.map((r) => ({
      ...r,
      attempts: r.attempts + 1,
      lease_token: token,
      payload: r.payload as unknown as Record<string, unknown>,
    }));
  });
}

/** Marks rows sent, those this claim still holds; returns how many it marked. */
export async function markSent(db: Db, rows: Array<Pick<OutboxRow, 'id' | 'lease_token'>>): Promise<number> {
  let marked = 0;
  for (const token of new Set(rows.map((r) => r.lease_token))) {
    const ids = rows.filter((r) => r.lease_token === token).map((r) => r.id);
    const done = await db
      .updateTable('event_outbox')
      .set({ sent_at: new Date(), locked_until: null, lease_token: null, last_error: null })
      .where('id', 'in', ids)
      .where('lease_token', '=', token)
      .where('sent_at', 'is', null)
      .returning('id')
      .execute();
    marked += done.length;
  }
  return marked;
}

/** Schedules a retry, or dead-letters the row after MAX_ATTEMPTS; only the current holder may. */
export async function markFailed(db: Db, row: OutboxRow, error: string, now = Date.now(), maxAttempts = MAX_ATTEMPTS): Promise<boolean> {
  const dead = row.attempts >= maxAttempts;
  const done = await db
    .updateTable('event_outbox')
    .set({
      locked_until: null,
      lease_token: null,
      last_error: error.slice(0, 500),
      next_attempt_at: new Date(now + retryDelayMs(row.attempts)),
      ...(dead ? { dead_at: new Date(now) } : {}),
    })
    .where('id', '=', row.id)
    .where('lease_token', '=', row.lease_token)
    .where('sent_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(done);
}

export type Send = (url: string, body: unknown, idempotencyKey: string) => Promise<void>;

export function httpSend(config: ForwardConfig): Send {
  return async (url, body, idempotencyKey) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
        // The token is ours: only our own targets get it, never GA4.
        ...(config.EVENTS_FORWARD_TOKEN && (url === config.EVENTS_FORWARD_URL || url === config.AFFILIATE_FORWARD_URL)
          ? { authorization: `Bearer ${config.EVENTS_FORWARD_TOKEN}` }
          : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.EVENTS_FORWARD_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  };
}

/** Gives claimed rows back unsent: due again at once, and the claim does not count as an attempt. */
export async function releaseClaims(db: Db, rows: OutboxRow[]): Promise<void> {
  for (const r of rows)
    await db
      .updateTable('event_outbox')
      .set({ locked_until: null, lease_token: null, attempts: sql`greatest(attempts - 1, 0)` })
      .where('id', '=', r.id)
      .where('lease_token', '=', r.lease_token)
      .execute();
}

/**
 * The affiliate order as the tracker receives it (SPEC §7 "Affiliate conversion": encrypted before sending):
 * AES-256-GCM with a random 12-byte iv, `data` = ciphertext followed by the 16-byte tag (WebCrypto's layout), base64.
 */
export function sealAffiliateOrder(order: { id: string }, keyBase64: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyBase64, 'base64'), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(order), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { order_id: order.id, alg: 'AES-GCM' as const, iv: iv.toString('base64'), data: data.toString('base64') };
}

/** A row the server built from a stored order (older rows could hold a browser's opaque blob, never forwarded). */
const isServerBuilt = (payload: Record<string, unknown>): payload is { id: string } =>
  typeof payload.id === 'string' && Array.isArray(payload.line_items);

/** One forwarding pass: conversions go as one batch `{ data: [...] }`, affiliate orders one by one. */
export async function forwardOnce(db: Db, config: ForwardConfig, send: Send): Promise<{ sent: number; failed: number }> {
  const kinds: OutboxRow['kind'][] = [];
  if (config.EVENTS_FORWARD_URL) kinds.push('conversion');
  if (config.AFFILIATE_FORWARD_URL) kinds.push('affiliate');
  if (config.GA4_MEASUREMENT_ID && config.GA4_API_SECRET) kinds.push('ga4');
  const claimed = await claimOutbox(db, kinds, CLAIM_LIMIT, new Date(), leaseFor(config.EVENTS_FORWARD_TIMEOUT_MS));
  // Affiliate rows go one request each: a pass takes a few, so it stays inside its lease; the rest wait.
  let affiliates = 0;
  const rows = claimed.filter((r) => r.kind !== 'affiliate' || ++affiliates <= AFFILIATE_PER_PASS);
  const later = claimed.filter((r) => !rows.includes(r));
  if (later.length) await releaseClaims(db, later);
  let sent = 0;
  let failed = 0;
  const conversions = rows.filter((r) => r.kind === 'conversion');
  if (conversions.length && config.EVENTS_FORWARD_URL) {
    try {
      // A batch is keyed by the rows in it: a retry of the same rows carries the same key (each event also has its
      // event_id, for receivers that deduplicate per event).
      const batchKey = createHash('sha256')
        .update(conversions.map((r) => r.ref).join('\n'))
        .digest('hex')
        .slice(0, 32);
      await send(config.EVENTS_FORWARD_URL, { data: conversions.map((r) => r.payload) }, `kasrat-conversion-batch-${batchKey}`);
      await markSent(db, conversions);
      sent += conversions.length;
    } catch (error) {
      failed += conversions.length;
      for (const r of conversions) await markFailed(db, r, String(error));
    }
  }
  // GA4's Measurement Protocol takes one request per row (its own batching is per client id).
  for (const r of rows.filter((x) => x.kind === 'ga4')) {
    try {
      await send(ga4CollectUrl(config), r.payload, idempotencyKeyOf(r));
      await markSent(db, [r]);
      sent++;
    } catch (error) {
      failed++;
      await markFailed(db, r, String(error));
    }
  }
  for (const r of rows.filter((x) => x.kind === 'affiliate')) {
    if (!isServerBuilt(r.payload) || !config.AFFILIATE_KEY) {
      failed++;
      await markFailed(db, r, config.AFFILIATE_KEY ? 'not an order built by the server' : 'AFFILIATE_KEY is not set', Date.now(), 0);
      continue;
    }
    try {
      await send(config.AFFILIATE_FORWARD_URL as string, sealAffiliateOrder(r.payload, config.AFFILIATE_KEY), idempotencyKeyOf(r));
      await markSent(db, [r]);
      sent++;
    } catch (error) {
      failed++;
      await markFailed(db, r, String(error));
    }
  }
  return { sent, failed };
}

/** GA4's collect address with the stream's measurement id and API secret (Measurement Protocol query parameters). */
export function ga4CollectUrl(config: ForwardConfig): string {
  const url = new URL(config.GA4_COLLECT_URL ?? 'https://www.google-analytics.com/mp/collect');
  url.searchParams.set('measurement_id', config.GA4_MEASUREMENT_ID ?? '');
  url.searchParams.set('api_secret', config.GA4_API_SECRET ?? '');
  return url.toString();
}
