import type { Db } from '../../db/database.ts';
import { Forbidden } from '../../http/errors.ts';
import { CONSENT_TEXT_VERSION } from '../../../schemas/consent-rules.ts';
import { type ConsentSource, recordConsent } from '../consent/index.ts';
import { findCustomerByIdentifier } from '../customers/index.ts';
import { recordUnsubscribe } from './queries.ts';
import { verifyUnsubscribeToken } from './signature.ts';

export class BadUnsubscribeLink extends Forbidden {
  constructor() {
    super('This unsubscribe link is not valid. Please use the link from your latest email.');
  }
}

/**
 * Idempotent: the same link answers the same success however often it is opened. The customer with that email has
 * the withdrawal of marketing recorded (SPEC §4.8), once per change: when the link is first used, or when they had
 * given consent again since.
 */
export async function unsubscribe(db: Db, secret: string, email: string, token: string, source: ConsentSource) {
  if (!verifyUnsubscribeToken(secret, email, token)) throw new BadUnsubscribeLink();
  const already = await db.transaction().execute(async (trx) => {
    const customer = email.includes('@') ? await findCustomerByIdentifier(trx, email) : undefined;
    const wasUnsubscribed = await recordUnsubscribe(trx, email);
    if (customer && (!wasUnsubscribed || customer.opt_in))
      await recordConsent(
        trx,
        customer.id,
        { purpose: 'marketing', granted: false, text_version: CONSENT_TEXT_VERSION.marketing, method: 'unsubscribe_link' },
        source,
      );
    return wasUnsubscribed;
  });
  return { email, already_unsubscribed: already };
}
