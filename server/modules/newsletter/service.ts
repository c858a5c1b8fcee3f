import type { Db } from '../../db/database.ts';
import { Forbidden } from '../../http/errors.ts';
import { recordUnsubscribe } from './queries.ts';
import { verifyUnsubscribeToken } from './signature.ts';

export class BadUnsubscribeLink extends Forbidden {
  constructor() {
    super('This unsubscribe link is not valid. Please use the link from your latest email.');
  }
}

/** Idempotent: the same link answers the same success however often it is opened. */
export async function unsubscribe(db: Db, secret: string, email: string, token: string) {
  if (!verifyUnsubscribeToken(secret, email, token)) throw new BadUnsubscribeLink();
  const already = await recordUnsubscribe(db, email);
  return { email, already_unsubscribed: already };
}
