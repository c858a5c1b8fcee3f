import { IST_OFFSET_MS, indiaMidnight, indiaToday } from '../../../schemas/dates.ts';
import { createHash } from 'node:crypto';
import {
  type ConversionEvent,
  FUNNEL_MAX_DAYS,
  FUNNEL_STEPS,
  type FunnelResponse,
  isSha256Hex,
  normalizeCity,
  normalizeCountry,
  normalizeEmail,
  normalizeName,
  normalizePhone,
  normalizeZip,
} from '../../../schemas/events.ts';
import type { AffiliateOrder } from '../../../schemas/order.ts';
import type { Db } from '../../db/database.ts';
import { BadRequest } from '../../http/errors.ts';
import { closedFunnelCounts, enqueueForward, eventsPerStep, insertConversion } from './queries.ts';

// The rules of server-side reporting (docs/architecture.md "Reporting"): conversion events stored once each (dedup on
// event_id) with PII only as SHA-256 (the clear value is hashed here and never written anywhere), the events
// forwarded, the accepted time window, and the SPEC §4 funnel counted per session.

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

/**
 * What the request itself says about the browser, for Meta's website events (Conversions API "Customer Information
 * Parameters": client_ip_address, client_user_agent, fbp, fbc are sent unhashed), and the site's public origin.
 */
export interface ClientFacts {
  origin: string;
  ip?: string;
  userAgent?: string;
  /** The `_fbp` cookie. */
  fbp?: string;
  /** The `_fbc` cookie. */
  fbc?: string;
}

// Meta's cookie formats ("fbp and fbc Parameters"): fb.<subdomainIndex>.<creationTime ms>.<value>, the click id kept
// exactly as received (case-sensitive); anything else is not sent.
const FBP = /^fb\.[0-2]\.\d{10,16}\.\d{1,24}(\.[\w-]{1,64})?$/;
const FBC = /^fb\.[0-2]\.\d{10,16}\.[\w-]{1,500}(\.[\w-]{1,64})?$/;
export const validFbp = (v?: string): string | undefined => (v && FBP.test(v) ? v : undefined);
export const validFbc = (v?: string): string | undefined => (v && FBC.test(v) ? v : undefined);

/** The page's URL on the site's public origin: Meta wants an absolute http(s) URL (Server Event Parameters). */
export function absoluteSourceUrl(url: string | undefined, origin: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url || '/', origin);
  } catch {
    parsed = new URL('/', origin);
  }
  return `${origin}${parsed.pathname}${parsed.search}`;
}

/**
 * fbc: the `_fbc` cookie, else built from an `fbclid` in the page's URL as Meta documents, with subdomain index 1
 * (the cookie's level on the store's domain) and the time the click id was seen, in milliseconds.
 */
export function fbcOf(cookie: string | undefined, sourceUrl: string, seenAtMs: number): string | undefined {
  const fromCookie = validFbc(cookie);
  if (fromCookie) return fromCookie;
  const fbclid = new URL(sourceUrl).searchParams.get('fbclid');
  return fbclid && /^[\w-]{1,500}$/.test(fbclid) ? `fb.1.${seenAtMs}.${fbclid}` : undefined;
}

/** Meta's user_data for one event: hashes of the match keys, the request's own facts unhashed. */
export function metaUserData(e: ConversionEvent, client: ClientFacts, sourceUrl: string, nowMs: number) {
  const u = e.user_data;
  const user_data: Record<string, unknown> = {};
  const put = (key: string, hash: string | null) => {
    if (hash) user_data[key] = [hash];
  };
  put('em', hashEmail(u.email));
  put('ph', hashPhone(u.phone));
  put('fn', hashPii(u.first_name, normalizeName));
  put('ln', hashPii(u.last_name, normalizeName));
  put('ct', hashPii(u.city, normalizeCity));
  put('zp', hashPii(u.zip, normalizeZip));
  put('country', hashPii(u.country, normalizeCountry));
  put('external_id', hashExternalId(u.external_id));
  if (client.ip) user_data.client_ip_address = client.ip;
  const agent = client.userAgent || u.client_user_agent;
  if (agent) user_data.client_user_agent = agent.slice(0, 1000);
  const fbp = validFbp(client.fbp);
  if (fbp) user_data.fbp = fbp;
  const fbc = fbcOf(client.fbc, sourceUrl, nowMs);
  if (fbc) user_data.fbc = fbc;
  return user_data;
}

/** Older events are refused (ad platforms drop them after 7 days); a clock a little ahead is tolerated. */
const MAX_AGE_S = 7 * 86_400;
const MAX_SKEW_S = 3_600;

export function checkEventTimes(events: ConversionEvent[], nowS = Math.floor(Date.now() / 1000)): void {
  for (const e of events) {
    if (e.event_time < nowS - MAX_AGE_S) throw new BadRequest('event_time: older than 7 days');
    if (e.event_time > nowS + MAX_SKEW_S) throw new BadRequest('event_time: in the future');
  }
}

/** SPEC §7 conversion events forwarded to the target; the other funnel steps are kept for the funnel only. */
const FORWARDED = new Set(['InitiateCheckout', 'AddPaymentInfo', 'Purchase']);

/** The outbox key of a conversion: its name and id, as the stored event's key (one Purchase per order id). */
export const conversionRef = (e: { event_name: string; event_id: string }): string => `${e.event_name}:${e.event_id}`;

export interface StoreResult {
  accepted: number;
  duplicates: number;
}

export async function storeConversions(
  db: Db,
  events: ConversionEvent[],
  customerId: number | null,
  client: ClientFacts,
  nowMs = Date.now(),
): Promise<StoreResult> {
  let accepted = 0;
  await db.transaction().execute(async (trx) => {
    for (const e of events) {
      // SPEC §4.8: without consent to share data with ad platforms, the event counts for the funnel (by session) but
      // keeps no personal data and is never forwarded; an event that says nothing about consent has none.
      const shared = e.consent?.ad_user_data === 'granted';
      const em = shared ? hashEmail(e.user_data.email) : null;
      const ph = shared ? hashPhone(e.user_data.phone) : null;
      const ext = shared ? hashExternalId(e.user_data.external_id) : null;
      const sourceUrl = absoluteSourceUrl(e.event_source_url, client.origin);
      const inserted = await insertConversion(trx, {
        event_id: e.event_id,
        event_name: e.event_name,
        event_time: new Date(e.event_time * 1000),
        session_id: e.session_id,
        funnel_step: e.custom_data.funnel_step ?? null,
        customer_id: shared ? customerId : null,
        email_sha256: em,
        phone_sha256: ph,
        external_id_sha256: ext,
        event_source_url: sourceUrl,
        client_user_agent: shared ? ((client.userAgent || e.user_data.client_user_agent)?.slice(0, 1000) ?? null) : null,
        custom_data: JSON.stringify(e.custom_data),
      });
      if (!inserted) continue;
      accepted++;
      if (!shared || !FORWARDED.has(e.event_name)) continue;
      await enqueueForward(trx, 'conversion', conversionRef(e), {
        event_name: e.event_name,
        event_time: e.event_time,
        event_id: e.event_id,
        action_source: e.action_source,
        event_source_url: sourceUrl,
        user_data: metaUserData(e, client, sourceUrl, nowMs),
        custom_data: e.custom_data,
      });
    }
  });
  return { accepted, duplicates: events.length - accepted };
}

/**
 * Queues the server-built affiliate order once per order id; returns false when it is queued already. Every writer of
 * these rows builds them from the stored order, so whichever insert comes first holds the same order.
 */
export async function storeAffiliateOrder(db: Db, order: AffiliateOrder): Promise<boolean> {
  return enqueueForward(db, 'affiliate', order.id, order);
}

// GET /api/analytics/funnel: SPEC §4 funnel steps counted per session from the stored conversion events. A session
// counts at step k only if it reached step k−1 no later than its step-k event (closed funnel), so a payment view
// without a cart view in that session is not a conversion; such sessions are reported apart.

const DAY_MS = 86_400_000;
/** Today's date in India (SPEC §9 +05:30) as YYYY-MM-DD; India time is owned by schemas/dates.ts. */
export { indiaToday };
const dayStart = indiaMidnight;

/** A range given by its start alone ends today: it may span at most FUNNEL_MAX_DAYS days. */
export function checkFunnelRange(range: { from?: string; to?: string }, now = Date.now()): void {
  if (range.from && !range.to && Date.parse(indiaToday(now)) - Date.parse(range.from) >= FUNNEL_MAX_DAYS * DAY_MS)
    throw new BadRequest(`to: the range may span at most ${FUNNEL_MAX_DAYS} days`);
}

export async function funnelReport(db: Db, range: { from?: string; to?: string }, now = Date.now()): Promise<FunnelResponse> {
  const to = range.to ?? indiaToday(now);
  const from = range.from ?? indiaToday(dayStart(to).getTime() - 29 * DAY_MS + IST_OFFSET_MS);
  const start = dayStart(from);
  const end = new Date(dayStart(to).getTime() + DAY_MS);

  const closed = await closedFunnelCounts(db, start, end);
  const perStep = await eventsPerStep(db, start, end);
  const any = (pred: (r: (typeof perStep)[number]) => boolean) => {
    const rows = perStep.filter(pred);
    return { events: rows.reduce((s, r) => s + Number(r.events), 0), sessions: rows.reduce((s, r) => s + Number(r.sessions), 0) };
  };

  const { counts } = closed;
  const steps = FUNNEL_STEPS.map((s, i) => {
    const raw = any((r) => Number(r.funnel_step) === s.step);
    const previous = i === 0 ? null : counts[i - 1];
    return {
      step: s.step,
      event_name: s.event_name,
      label: s.label,
      sessions: counts[i],
      sessions_any_order: raw.sessions,
      events: raw.events,
      conversion_from_previous: previous ? Math.round((counts[i] / previous) * 10_000) / 10_000 : null,
    };
  });
  return { from, to, steps, purchases: any((r) => r.event_name === 'Purchase'), out_of_order_sessions: closed.outOfOrder };
}
