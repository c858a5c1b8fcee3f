import type { Db } from '../../db/database.ts';
import { clientKey, hitLimit } from '../../http/rate-limit.ts';
import { logCallback } from './queries.ts';

// Rejected gateway callbacks, returns and webhooks are anyone's posts (docs/operations.md "Payment callbacks"): each
// is kept for the record with its reason and a capped copy of what was sent, at most REJECTED_PER_SOURCE per source
// (an IPv6 /64 as one) in a window, and pruned by the retention job after REJECTED_KEEP_DAYS. Accepted callbacks are
// never limited: a gateway's word about money is always applied.

/** Rejected callbacks kept per source per window; past it they are refused without being stored. */
export const REJECTED_PER_SOURCE = 20;
export const REJECTED_WINDOW_S = 600;
/** How long the retention job keeps a rejected callback. */
export const REJECTED_KEEP_DAYS = 14;
/** About the size of a real gateway's post; anything past it is cut (keys included). */
export const PAYLOAD_CAP_BYTES = 2048;
const KEY_CAP = 64;
const VALUE_CAP = 200;

/**
 * What is kept of a callback's fields: signatures redacted (they prove nothing once stored), keys and values cut,
 * fields taken in order until the whole is about PAYLOAD_CAP_BYTES; `_dropped` counts the fields left out.
 */
export function capPayload(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const entries = Object.entries(fields);
  let size = 2;
  let kept = 0;
  for (const [k, v] of entries) {
    const key = k.slice(0, KEY_CAP);
    const value = /signature|checksum/i.test(key) ? '[redacted]' : String(v).slice(0, VALUE_CAP);
    const bytes = Buffer.byteLength(JSON.stringify(key)) + Buffer.byteLength(JSON.stringify(value)) + 2;
    if (size + bytes > PAYLOAD_CAP_BYTES - 24 || key in out) break;
    out[key] = value;
    size += bytes;
    kept++;
  }
  if (kept < entries.length) out._dropped = entries.length - kept;
  return out;
}

export interface Rejection {
  gateway: string;
  ref: string | null;
  reason: string;
  payload: Record<string, unknown>;
}

/**
 * Stores one rejected callback unless its source is past its share; true when stored. The caller answers the
 * refusal the same way either way (a shopper's browser still reaches a page).
 */
export async function recordRejection(db: Db, source: string | null, entry: Rejection): Promise<boolean> {
  const hits = await hitLimit(db, `callback-rejected:${source ? clientKey(source) : 'unknown'}`, REJECTED_WINDOW_S);
  if (hits > REJECTED_PER_SOURCE) return false;
  await logCallback(db, {
    gateway: entry.gateway,
    ref: entry.ref === null ? null : entry.ref.slice(0, 100),
    outcome: 'rejected',
    reason: entry.reason.slice(0, 300),
    payload: capPayload(entry.payload),
  });
  return true;
}

/** Retention: rejected callbacks older than REJECTED_KEEP_DAYS go; accepted ones stay with their payments. */
export async function pruneRejectedCallbacks(db: Db, now = new Date()): Promise<number> {
  const r = await db
    .deleteFrom('payment_callbacks')
    .where('outcome', '=', 'rejected')
    .where('created_at', '<', new Date(now.getTime() - REJECTED_KEEP_DAYS * 86_400_000))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
