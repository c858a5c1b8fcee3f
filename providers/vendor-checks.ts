// The debug overlay's check of each payload against its vendor's published format (the rules the conformance tests
// hold, docs/decisions/016), without zod: the overlay is a debugging chunk and stays small. Each failure names the
// field and the rule, so a marketer sees what the vendor would reject.
import type { ProviderId } from './types.ts';

export interface VendorIssue {
  field: string;
  rule: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const CURRENCY = /^[A-Z]{3}$/;
const TOKEN = /^[\w=/+-]{1,129}$/;

function ga4(push: Obj, out: VendorIssue[]): void {
  const e = push.ecommerce;
  if (!isObj(e)) return;
  // GA4 events reference: currency ISO 4217 with value; items required; an item needs item_id or item_name.
  if (typeof e.currency !== 'string' || !CURRENCY.test(e.currency))
    out.push({ field: 'ecommerce.currency', rule: 'a 3-letter ISO 4217 code' });
  if (typeof e.value !== 'number' || e.value < 0) out.push({ field: 'ecommerce.value', rule: 'a number, 0 or more' });
  if (!Array.isArray(e.items) || e.items.length === 0) out.push({ field: 'ecommerce.items', rule: 'at least one item' });
  else
    e.items.forEach((i, n) => {
      if (!isObj(i) || (!i.item_id && !i.item_name)) out.push({ field: `ecommerce.items[${n}]`, rule: 'item_id or item_name' });
    });
  if (push.event === 'purchase' || push.event === 'refund') {
    if (!e.transaction_id) out.push({ field: 'ecommerce.transaction_id', rule: 'required on purchase and refund' });
    if (Array.isArray(e.items) && typeof e.value === 'number') {
      const worth = e.items.reduce((s: number, i) => s + (isObj(i) ? Number(i.price ?? 0) * Number(i.quantity ?? 1) : 0), 0);
      if (Math.abs(worth - e.value) > 0.005) out.push({ field: 'ecommerce.value', rule: 'Σ price × quantity, without shipping or tax' });
    }
  }
}

function pixel(p: Obj, out: VendorIssue[]): void {
  // Meta Pixel: eventID for deduplication with the server copy; currency with value.
  if (!isObj(p.options) || !p.options.eventID) out.push({ field: 'options.eventID', rule: 'the shared event id (deduplication)' });
  const d = p.data;
  if (isObj(d) && 'value' in d && (typeof d.currency !== 'string' || !CURRENCY.test(d.currency)))
    out.push({ field: 'data.currency', rule: 'a 3-letter ISO 4217 code with value' });
}

function insights(calls: unknown, out: VendorIssue[]): void {
  if (!Array.isArray(calls)) return;
  calls.forEach((call, n) => {
    const p = Array.isArray(call) ? call[1] : null;
    if (!isObj(p)) return;
    // Algolia Insights API: userToken pattern, 1–20 objectIDs, a 32-hex queryID, eventName up to 64 characters.
    if (typeof p.userToken !== 'string' || !TOKEN.test(p.userToken))
      out.push({ field: `[${n}].userToken`, rule: '1–129 of [a-zA-Z0-9_=/+-]' });
    if (p.authenticatedUserToken !== undefined && (typeof p.authenticatedUserToken !== 'string' || !TOKEN.test(p.authenticatedUserToken)))
      out.push({ field: `[${n}].authenticatedUserToken`, rule: '1–129 of [a-zA-Z0-9_=/+-]' });
    if (!Array.isArray(p.objectIDs) || p.objectIDs.length === 0 || p.objectIDs.length > 20)
      out.push({ field: `[${n}].objectIDs`, rule: '1 to 20 object ids' });
    if (p.queryID !== undefined && !/^[0-9a-f]{32}$/.test(String(p.queryID)))
      out.push({ field: `[${n}].queryID`, rule: "the search's 32-hex query id" });
    if (typeof p.eventName !== 'string' || p.eventName.length === 0 || p.eventName.length > 64)
      out.push({ field: `[${n}].eventName`, rule: '1 to 64 characters' });
  });
}

function conversion(p: Obj, out: VendorIssue[]): void {
  // Meta Conversions API: event_time in seconds, action_source website (the server adds IP, agent, fbp/fbc, URL).
  if (typeof p.event_time !== 'number' || p.event_time > 4_102_444_800) out.push({ field: 'event_time', rule: 'Unix time in seconds' });
  if (p.action_source !== 'website') out.push({ field: 'action_source', rule: 'website' });
  if (!p.event_id) out.push({ field: 'event_id', rule: 'the shared event id (deduplication)' });
}

const AFFILIATE_FIELDS = ['id', 'number', 'total', 'shipping', 'currency', 'date', 'customer', 'coupons', 'line_items', 'status'];

/** What a payload breaks of its vendor's format; [] when it conforms (or the vendor publishes no schema). */
export function vendorIssues(provider: ProviderId, payload: unknown): VendorIssue[] {
  const out: VendorIssue[] = [];
  if (provider === 'data_layer' && Array.isArray(payload)) for (const push of payload) if (isObj(push)) ga4(push, out);
  if (provider === 'social_pixel' && isObj(payload)) pixel(payload, out);
  if (provider === 'search_insights') insights(payload, out);
  if (provider === 'server_conversions' && isObj(payload)) conversion(payload, out);
  if (provider === 'affiliate' && isObj(payload)) {
    // SPEC §3 affiliate order object.
    for (const f of AFFILIATE_FIELDS) if (!(f in payload)) out.push({ field: f, rule: 'required by the affiliate order (SPEC §3)' });
    if (payload.status !== undefined && payload.status !== 'pending') out.push({ field: 'status', rule: 'pending (SPEC §4)' });
  }
  return out;
}
