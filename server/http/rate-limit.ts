import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { TooManyRequests } from './errors.ts';

// Fixed-window counters in the database, so every instance counts against the same limit.

/**
 * The part of a client address a per-IP limit counts: an IPv4 address whole, an IPv6 address by its /64
 * (one subscriber usually holds a whole /64, so counting single addresses would give them 2^64 budgets).
 */
export function clientKey(ip: string): string {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('%')[0];
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  let right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; it only matters for the /64 when the head is short.
  right = right.flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** Counts one hit and refuses (429, `message`) once the window holds more than `limit`. */
export async function enforceLimit(db: Db, key: string, limit: number, windowS: number, message: string): Promise<void> {
  if ((await hitLimit(db, key, windowS)) > limit) throw new TooManyRequests(message);
}

const windowStart = (windowS: number, now = Date.now()) => new Date(Math.floor(now / (windowS * 1000)) * windowS * 1000);

/** Counts one hit against `key`; returns the count in the current window, this hit included. */
export async function hitLimit(db: Db, key: string, windowS: number): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart(windowS), count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function peekLimit(db: Db, key: string, windowS: number): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '=', windowStart(windowS))
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Housekeeping: windows older than a day are of no use to any limit here. */
export async function pruneLimits(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', new Date(Date.now() - 86_400_000))
    .execute();
  await db
    .deleteFrom('source_delays')
    .where('updated_at', '<', new Date(Date.now() - 86_400_000))
    .execute();
}

// Failed sign-in attempts slow their source, never the account (README "Security"): each failure from a client
// address (an IPv6 /64 as one) after the first few makes that source wait, twice as long each time up to 15
// minutes; an hour without failures starts it afresh. The owner, elsewhere, is not slowed.
const FREE_FAILURES = 5;
const MAX_DELAY_S = 900;
const sourceKey = (ip: string) => `source:${clientKey(ip)}`;

/** The wait a source has earned after `failures` failures, in seconds. */
export const sourceDelayS = (failures: number): number =>
  failures <= FREE_FAILURES ? 0 : Math.min(MAX_DELAY_S, 2 ** (failures - FREE_FAILURES));

/** Refuses (429, `message`) a source that is still waiting. */
export async function checkSourceDelay(db: Db, ip: string, message: string): Promise<void> {
  const row = await db.selectFrom('source_delays').select('blocked_until').where('key', '=', sourceKey(ip)).executeTakeFirst();
  if (row && new Date(row.blocked_until).getTime() > Date.now()) throw new TooManyRequests(message);
}

/** Counts a failure against its source and sets how long it waits. */
export async function recordSourceFailure(db: Db, ip: string): Promise<number> {
  const key = sourceKey(ip);
  const row = await db
    .insertInto('source_delays')
    .values({ key, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN source_delays.updated_at < now() - interval '1 hour' THEN 1 ELSE source_delays.failures + 1 END`,
        updated_at: sql`now()`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  const delay = sourceDelayS(row.failures);
  if (delay > 0)
    await db
      .updateTable('source_delays')
      .set({ blocked_until: sql`now() + ${delay} * interval '1 second'` })
      .where('key', '=', key)
      .execute();
  return row.failures;
}

/** Clears every limit whose key starts with `prefix` (a limit kept per window or per detail of one account). */
export async function clearLimitsStartingWith(db: Db, prefix: string): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('key', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
    .execute();
}
