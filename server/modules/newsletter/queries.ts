import type { Db } from '../../db/database.ts';
import { optOutByEmail } from '../customers/index.ts';

/** Records the unsubscribe once; true when it was already recorded. */
export async function recordUnsubscribe(db: Db, email: string): Promise<boolean> {
  const inserted = await db
    .insertInto('newsletter_unsubscribes')
    .values({ email })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('email')
    .executeTakeFirst();
  await optOutByEmail(db, email);
  return !inserted;
}
