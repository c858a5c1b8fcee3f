import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// Fixed-window counters in the database, so every instance counts against the same limit.

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
}
