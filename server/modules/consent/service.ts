import type { FastifyRequest } from 'fastify';
import {
  CONSENT_PURPOSES,
  type ConsentMethod,
  type ConsentPurpose,
  type ConsentState,
  TRACKING_PURPOSES,
  type TrackingPurpose,
} from '../../../schemas/consent-rules.ts';
import type { ConsentEntry } from '../../../schemas/consent.ts';
import type { Db } from '../../db/database.ts';
import { type CustomerRow, updateCustomer } from '../customers/index.ts';
import { insertConsentRecords, latestConsents } from './queries.ts';

// SPEC §4.8: every consent given or withdrawn is recorded with what was shown (the text version), when, how and from
// where. Marketing consent is also the customer's `opt_in` (what the messaging reads); the records are its proof.

/** Where a consent came from: the request's address and browser. */
export interface ConsentSource {
  ip: string | null;
  user_agent: string | null;
}

export const sourceOf = (req: FastifyRequest): ConsentSource => ({
  ip: req.ip ?? null,
  user_agent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 1000) : null,
});

/** Records one purpose given or withdrawn; marketing also sets the customer's opt_in in the same transaction. */
export async function recordConsent(
  db: Db,
  customerId: number,
  change: { purpose: ConsentPurpose; granted: boolean; text_version: string; method: ConsentMethod },
  source: ConsentSource,
): Promise<void> {
  const write = async (trx: Db) => {
    await insertConsentRecords(trx, [{ customer_id: customerId, ...change, ip: source.ip, user_agent: source.user_agent }]);
    if (change.purpose === 'marketing') await updateCustomer(trx, customerId, { opt_in: change.granted });
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

/**
 * Whether the customer's latest recorded answer grants every one of the purposes (SPEC §4.8): what the server reads
 * before it sends a provider anything on the customer's behalf (the purposes each provider needs are in
 * providers/consent.ts). A purpose never answered is not given.
 */
export async function hasConsent(db: Db, customerId: number | null, purposes: readonly TrackingPurpose[]): Promise<boolean> {
  if (purposes.length === 0) return true;
  if (customerId === null) return false;
  const latest = new Map((await latestConsents(db, customerId)).map((r) => [r.purpose, r.granted]));
  return purposes.every((p) => latest.get(p) === true);
}

/** The cookie notice's answer: one record per tracking purpose, against the account when signed in. */
export async function recordTrackingConsent(
  db: Db,
  customerId: number | null,
  state: ConsentState,
  textVersion: string,
  source: ConsentSource,
): Promise<number> {
  return insertConsentRecords(
    db,
    TRACKING_PURPOSES.map((purpose) => ({
      customer_id: customerId,
      purpose,
      granted: state[purpose] === 'granted',
      text_version: textVersion,
      method: 'cookie_notice' as const,
      ip: source.ip,
      user_agent: source.user_agent,
    })),
  );
}

/**
 * The profile's list: every purpose with its current state and last record. Marketing reads the customer's opt_in
 * (an account made before records were kept has no record for it); a purpose never answered is not given.
 */
export async function currentConsents(db: Db, customer: CustomerRow): Promise<ConsentEntry[]> {
  const latest = new Map((await latestConsents(db, customer.id)).map((r) => [r.purpose, r]));
  return CONSENT_PURPOSES.map((purpose) => {
    const r = latest.get(purpose);
    const granted = purpose === 'marketing' ? customer.opt_in : (r?.granted ?? false);
    return {
      purpose,
      granted,
      text_version: r?.text_version ?? null,
      method: r?.method ?? null,
      at: r ? new Date(r.created_at).toISOString() : null,
    };
  });
}
