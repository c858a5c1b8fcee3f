// The server-side conversion feed (SPEC §7 "Server-side conversion payloads", docs/architecture.md "Reporting"):
// POST /api/events/conversions and GET /api/analytics/funnel. Shared by the browser provider and the server.
import { z } from 'zod';
import { envelope } from './common.ts';

import {
  CONVERSION_EVENTS,
  type ConversionEventName as ConversionEventNameValue,
  type FunnelStep as FunnelStepNumber,
} from './event-rules.ts';

export {
  CONVERSION_EVENTS,
  FUNNEL_STEPS,
  isSha256Hex,
  normalizeCity,
  normalizeCountry,
  normalizeEmail,
  normalizeName,
  normalizePhone,
  normalizeZip,
} from './event-rules.ts';
export const ConversionEventName = z.enum(CONVERSION_EVENTS);
export type ConversionEventName = ConversionEventNameValue;
export type FunnelStep = FunnelStepNumber;

const short = z.string().trim().max(200);
const ConsentValue = z.enum(['granted', 'denied']);

export const ConversionContent = z.object({
  id: short,
  quantity: z.number().int().positive().max(10_000),
  item_price: z.number().nonnegative().max(10_000_000),
});

export const ConversionEvent = z.object({
  event_name: ConversionEventName,
  /** Seconds since the epoch (SPEC §7). */
  event_time: z.number().int().positive().max(4_102_444_800),
  /** The domain event_id, shared with the pixel's eventID (the order id for Purchase). */
  event_id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w:./-]+$/, 'must be letters, digits, -, _, :, / or .'),
  action_source: z.literal('website'),
  event_source_url: z.string().max(2000).optional(),
  /** The analytics session (one browser tab journey) the funnel is counted per. */
  session_id: z
    .string()
    .trim()
    .min(8)
    .max(100)
    .regex(/^[\w-]+$/),
  /** SHA-256 hex of the normalised value (the browser hashes); a clear value is hashed by the server before storage. */
  user_data: z
    .object({
      email: z.string().max(320).optional(),
      phone: z.string().max(100).optional(),
      external_id: z.string().max(100).optional(),
      client_user_agent: z.string().max(1000).optional(),
      /** Optional match keys (clear or SHA-256 hex), hashed by the server as Meta's SDK normalises them. */
      first_name: z.string().max(100).optional(),
      last_name: z.string().max(100).optional(),
      city: z.string().max(100).optional(),
      zip: z.string().max(20).optional(),
      country: z.string().max(64).optional(),
    })
    .default({}),
  custom_data: z.object({
    currency: z.literal('INR'),
    value: z.number().nonnegative().max(100_000_000),
    contents: z.array(ConversionContent).max(200),
    content_type: z.literal('product'),
    num_items: z.number().int().nonnegative().max(100_000),
    content_ids: z.array(short).max(200),
    /** Source label (SPEC §9). */
    evt_src: z.enum(['web', 'mobile-web']),
    funnel_step: z.number().int().min(1).max(5).optional(),
    payment_method: z.string().max(40).optional(),
    payment_mode: z.enum(['COD', 'Prepaid']).optional(),
    payment_flow: z.enum(['direct', 'otherwise']).optional(),
    order_id: z.string().max(100).optional(),
  }),
  /**
   * The shopper's tracking consent when the event happened (SPEC §4.8, Consent Mode v2). An event without
   * `ad_user_data` granted is kept for the funnel without its personal data and never forwarded.
   */
  consent: z
    .object({
      analytics_storage: ConsentValue,
      ad_storage: ConsentValue,
      ad_user_data: ConsentValue,
      ad_personalization: ConsentValue,
    })
    .optional(),
});
export type ConversionEvent = z.infer<typeof ConversionEvent>;

/** One event or a batch (the browser flushes its queue in one beacon). */
export const ConversionRequest = z.union([ConversionEvent, z.object({ data: z.array(ConversionEvent).min(1).max(50) })]);
export type ConversionRequest = z.infer<typeof ConversionRequest>;

export const ConversionResponse = z.object({ accepted: z.number().int(), duplicates: z.number().int() });

/**
 * POST /api/events/affiliate: the signed-in customer names a placed order of theirs; the server builds the affiliate
 * order from the stored order and encrypts it when forwarding, so no key ships to browsers (docs/decisions/016).
 */
export const AffiliateRequest = z.object({ order_id: z.string().trim().min(1).max(100) });
/** What a report stored: new events, and repeats of ones already stored (by event id or order). */
export const ReportResultResponse = envelope(z.object({ accepted: z.number().int(), duplicates: z.number().int() }));
export type AffiliateRequest = z.infer<typeof AffiliateRequest>;

const isRealDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isRealDay, 'must be a real date YYYY-MM-DD');
export const FUNNEL_MAX_DAYS = 92;
export const FunnelQuery = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  // A bounded report: one query never scans more than FUNNEL_MAX_DAYS of events.
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) < FUNNEL_MAX_DAYS * 86_400_000, {
    message: `the range may span at most ${FUNNEL_MAX_DAYS} days`,
    path: ['to'],
  });
export type FunnelQuery = z.infer<typeof FunnelQuery>;

export const FunnelStep = z.object({
  step: z.number().int(),
  event_name: ConversionEventName,
  label: z.string(),
  /** Sessions that reached this step having passed every earlier step before it (closed funnel). */
  sessions: z.number().int(),
  /** Sessions with this event at all, ordered or not. */
  sessions_any_order: z.number().int(),
  events: z.number().int(),
  /** sessions / previous step's sessions; null for step 1 or when the previous step is 0. */
  conversion_from_previous: z.number().nullable(),
});
export const FunnelResponse = z.object({
  from: z.string(),
  to: z.string(),
  steps: z.array(FunnelStep),
  purchases: z.object({ sessions: z.number().int(), events: z.number().int() }),
  /** Sessions with a step seen before an earlier step it needs (e.g. payment view without begin checkout). */
  out_of_order_sessions: z.number().int(),
});
export type FunnelResponse = z.infer<typeof FunnelResponse>;
