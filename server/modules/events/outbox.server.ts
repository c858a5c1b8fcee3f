import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ForwardConfig } from './config.ts';

// Forwarding through the outbox (ARCHITECTURE.md "Growing past one machine"): any instance may run it; rows
// are claimed with SELECT … FOR UPDATE SKIP LOCKED and leased, so each row is sent by one claimer at a time.

export interface OutboxRow {
  id: number;
  kind: 'conversion' | 'affiliate';
  ref: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export const LEASE_MS = 60_000;
/** Retry delay after n failed attempts: 30 s doubling, at most 6 hours. */
export const retryDelayMs = (attempts: number): number => Math.min(6 * 3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** Claims up to `limit` due rows of the given kinds, leasing them for LEASE_MS. */
export async function claimOutbox(db: Db, kinds: OutboxRow['kind'][], limit = 50, now = new Date()): Promise<OutboxRow[]> {
  if (kinds.length === 0) return [];
  // The database stamps rows in microseconds, JavaScript dates are whole milliseconds: a row written earlier in the
  // same millisecond would look "later" than `now` and be skipped, so compare against the end of that millisecond.
  const cutoff = new Date(now.getTime() + 1);
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('event_outbox')
      .select(['id', 'kind', 'ref', 'payload', 'attempts'])
      .where('sent_at', 'is', null)
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
      .set({ locked_until: new Date(now.getTime() + LEASE_MS), attempts: sql`attempts + 1` })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.map((r) => ({ ...r, attempts: r.attempts + 1, payload: r.payload as unknown as Record<string, unknown> }));
  });
}

export async function markSent(db: Db, ids: number[]): Promise<void> {
  if (ids.length)
    await db
      .updateTable('event_outbox')
      .set({ sent_at: new Date(), locked_until: null, last_error: null })
      .where('id', 'in', ids)
      .execute();
}

export async function markFailed(db: Db, row: OutboxRow, error: string, now = Date.now()): Promise<void> {
  await db
    .updateTable('event_outbox')
    .set({ locked_until: null, last_error: error.slice(0, 500), next_attempt_at: new Date(now + retryDelayMs(row.attempts)) })
    .where('id', '=', row.id)
    .execute();
}

export type Send = (url: string, body: unknown) => Promise<void>;

export function httpSend(config: ForwardConfig): Send {
  return async (url, body) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.EVENTS_FORWARD_TOKEN ? { authorization: `Bearer ${config.EVENTS_FORWARD_TOKEN}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.EVENTS_FORWARD_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  };
}

/** One forwarding pass: conversions go as one batch `{ data: [...] }`, affiliate orders one by one. */
export async function forwardOnce(db: Db, config: ForwardConfig, send: Send): Promise<{ sent: number; failed: number }> {
  const kinds: OutboxRow['kind'][] = [];
  if (config.EVENTS_FORWARD_URL) kinds.push('conversion');
  if (config.AFFILIATE_FORWARD_URL) kinds.push('affiliate');
  const rows = await claimOutbox(db, kinds);
  let sent = 0;
  let failed = 0;
  const conversions = rows.filter((r) => r.kind === 'conversion');
  if (conversions.length && config.EVENTS_FORWARD_URL) {
    try {
      await send(config.EVENTS_FORWARD_URL, { data: conversions.map((r) => r.payload) });
      await markSent(
        db,
        conversions.map((r) => r.id),
      );
      sent += conversions.length;
    } catch (error) {
      failed += conversions.length;
      for (const r of conversions) await markFailed(db, r, String(error));
    }
  }
  for (const r of rows.filter((x) => x.kind === 'affiliate')) {
    try {
      await send(config.AFFILIATE_FORWARD_URL as string, r.payload);
      await markSent(db, [r.id]);
      sent++;
    } catch (error) {
      failed++;
      await markFailed(db, r, String(error));
    }
  }
  return { sent, failed };
}

/** Runs forwardOnce on an interval while a target is configured; returns stop(). */
export function startForwarder(
  db: Db,
  config: ForwardConfig,
  log: { warn: (o: object, m: string) => void },
  send: Send = httpSend(config),
) {
  if (!config.EVENTS_FORWARD_URL && !config.AFFILIATE_FORWARD_URL) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = forwardOnce(db, config, send)
      .then((r) => {
        if (r.failed) log.warn(r, 'event forwarding failed for some rows; will retry');
      })
      .catch((error) => log.warn({ err: error }, 'event forwarding pass failed'))
      .finally(() => {
        running = null;
      });
  }, config.EVENTS_FORWARD_INTERVAL_MS);
  timer.unref?.();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
