import type { Db } from './database.ts';

// app_meta holds one-off facts about the database (server/db/owners.ts: written here and by the seed).

/** Records `key` once; true for the caller that recorded it, false when it was already there. */
export async function claimAppMeta(db: Db, key: string, value: string): Promise<boolean> {
  const claimed = await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return Boolean(claimed);
}
