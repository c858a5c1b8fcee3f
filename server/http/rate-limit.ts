import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { TooManyRequests } from './errors.ts';

// Counters in the database, so every instance counts against the same limit. Each key counts in fixed windows, and
// a limit reads a sliding one: this window's hits plus the share of the previous window's that still falls inside
// the last `windowS` seconds (as if its hits were spread evenly). Fixed windows alone let a burst that straddles a
// boundary count twice the limit: five wrong passwords either side of it would never lock an account.

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

/** The hits of the last `windowS` seconds: `current` and the still-covered share of `previous`, to the nearest hit. */
export function slidingCount(current: number, previous: number, windowS: number, now = Date.now()): number {
  const elapsed = (now % (windowS * 1000)) / (windowS * 1000);
  return current + Math.round(previous * (1 - elapsed));
}

/** Counts one hit against `key`; returns the hits of the last `windowS` seconds, this one included. */
export async function hitLimit(db: Db, key: string, windowS: number): Promise<number> {
  const now = Date.now();
  const previousStart = windowStart(windowS, now - windowS * 1000);
  // One statement: the previous window's count rides on the upsert's answer.
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart(windowS, now), count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
    .returning((eb) => [
      'count',
      eb
        .selectFrom('rate_limits as p')
        .select('p.count')
        .where('p.key', '=', key)
        .where('p.window_start', '=', previousStart)
        .as('previous'),
    ])
    .executeTakeFirstOrThrow();
  return slidingCount(row.count, Number(row.previous ?? 0), windowS, now);
}

/** The hits of the last `windowS` seconds against `key`, without counting one. */
export async function peekLimit(db: Db, key: string, windowS: number): Promise<number> {
  const now = Date.now();
  const current = windowStart(windowS, now);
  const previous = windowStart(windowS, now - windowS * 1000);
  const rows = await db
    .selectFrom('rate_limits')
    .select(['window_start', 'count'])
    .where('key', '=', key)
    .where('window_start', 'in', [current, previous])
    .execute();
  const at = (start: Date) => rows.find((r) => new Date(r.window_start).getTime() === start.getTime())?.count ?? 0;
  return slidingCount(at(current), at(previous), windowS, now);
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Housekeeping: the longest limit here is a day, which reads its window and the one before it. */
export async function pruneLimits(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', new Date(Date.now() - 2 * 86_400_000))
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
