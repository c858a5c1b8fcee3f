import { createHash } from 'node:crypto';
import { type ConversionEvent, isSha256Hex, normalizeEmail, normalizePhone } from '../../../schemas/events.ts';
import type { Db } from '../../db/database.ts';

// Conversion events stored once each (dedup on event_id) with PII only as SHA-256; the clear value is hashed
// here and never written anywhere.

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Normalise then hash; a value that already is a SHA-256 hex digest is kept (lowercased). */
function hashPii(value: string | undefined, normalise: (v: string) => string): string | null {
  if (!value) return null;
  const v = value.trim();
  if (!v || v === 'NA') return null;
  if (isSha256Hex(v)) return v.toLowerCase();
  const n = normalise(v);
  return n ? sha256(n) : null;
}

export const hashEmail = (email?: string) => hashPii(email, normalizeEmail);
export const hashPhone = (phone?: string) => hashPii(phone, normalizePhone);
export const hashExternalId = (id?: string) => hashPii(id, (v) => v);

/** SPEC §7 conversion events forwarded to the target; the other funnel steps are kept for the funnel only. */
const FORWARDED = new Set(['InitiateCheckout', 'AddPaymentInfo', 'Purchase']);

export interface StoreResult {
  accepted: number;
  duplicates: number;
}

export async function storeConversions(db: Db, events: ConversionEvent[], customerId: number | null): Promise<StoreResult> {
  let accepted = 0;
  await db.transaction().execute(async (trx) => {
    for (const e of events) {
      const em = hashEmail(e.user_data.email);
      const ph = hashPhone(e.user_data.phone);
      const ext = hashExternalId(e.user_data.external_id);
      const inserted = await trx
        .insertInto('conversion_events')
        .values({
          event_id: e.event_id,
          event_name: e.event_name,
          event_time: new Date(e.event_time * 1000),
          session_id: e.session_id,
          funnel_step: e.custom_data.funnel_step ?? null,
          customer_id: customerId,
          email_sha256: em,
          phone_sha256: ph,
          external_id_sha256: ext,
          event_source_url: e.event_source_url ?? null,
          client_user_agent: e.user_data.client_user_agent ?? null,
          custom_data: JSON.stringify(e.custom_data),
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!inserted) continue;
      accepted++;
      if (!FORWARDED.has(e.event_name)) continue;
      const user_data: Record<string, unknown> = {};
      if (em) user_data.em = [em];
      if (ph) user_data.ph = [ph];
      if (ext) user_data.external_id = [ext];
      if (e.user_data.client_user_agent) user_data.client_user_agent = e.user_data.client_user_agent;
      const payload = {
        event_name: e.event_name,
        event_time: e.event_time,
        event_id: e.event_id,
        action_source: e.action_source,
        event_source_url: e.event_source_url,
        user_data,
        custom_data: e.custom_data,
      };
      await trx
        .insertInto('event_outbox')
        .values({ kind: 'conversion', ref: e.event_id, payload: JSON.stringify(payload) })
        .onConflict((oc) => oc.columns(['kind', 'ref']).doNothing())
        .execute();
    }
  });
  return { accepted, duplicates: events.length - accepted };
}

/** Stores an encrypted affiliate order once per order id; returns false for a duplicate. */
export async function storeAffiliateOrder(db: Db, sealed: { order_id: string; alg: string; iv: string; data: string }): Promise<boolean> {
  const row = await db
    .insertInto('event_outbox')
    .values({ kind: 'affiliate', ref: sealed.order_id, payload: JSON.stringify(sealed) })
    .onConflict((oc) => oc.columns(['kind', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}
