import { z } from 'zod';

export { GENERIC_ERROR } from './constants.ts';

/** The response envelope of every /api call. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.union([z.literal(0), z.literal(1)]), message: z.string(), data });
export type Envelope<T> = { status: 0 | 1; message: string; data: T };

/** A failure answer: data is usually null, sometimes carries details such as `exists`. */
export const FailureSchema = z.object({ status: z.literal(0), message: z.string(), data: z.unknown() });

// Query strings arrive as text: ids and page numbers are coerced, and must be positive integers.
export const IdParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(2_147_483_647, 'is too large');
export const PageParam = z.coerce.number().int().min(1).max(10_000).default(1);

/** Whether YYYY-MM-DD names a day the calendar has (2024-02-30 and 2024-99-99 do not). */
export const isCalendarDay = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/**
 * A day typed by a person, as YYYY-MM-DD (the request's validation names the field): a real calendar day within 2000–2099. Every staff filter by day uses it, so
 * a typo of the year or a 30 February is a clear 400, never a query the database refuses.
 */
export const CalendarDay = () =>
  z
    .string({ error: 'a date, YYYY-MM-DD.' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'enter a date as YYYY-MM-DD.')
    .refine(isCalendarDay, 'not a date on the calendar.')
    .refine((d) => !isCalendarDay(d) || (d >= '2000-01-01' && d <= '2099-12-31'), 'a date between 2000 and 2099.');

export const PaiseSchema = z.number().int().nonnegative();

/** POST /api/log-errors (SPEC §7). */
export const LogErrorRequest = z.object({
  error: z.string().min(1).max(10_000),
  errorInfo: z.string().max(50_000).optional().nullable(),
  location: z.string().max(2_000).optional().nullable(),
  userAgent: z.string().max(1_000).optional().nullable(),
});
export type LogErrorRequest = z.infer<typeof LogErrorRequest>;

/** The session user of SPEC §3, from GET /api/ping. */
export const SessionUser = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_first_name: z.string(),
  customer_email: z.string().nullable(),
  customer_mobile: z.string().nullable(),
  customer_c_code: z.string(),
  is_complete_profile: z.boolean(),
  /** 'DD-MM-YYYY HH:mm:ss' in India time, or null when the customer has no order. */
  last_order: z.string().nullable(),
  cart_journey: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const PingResponse = envelope(SessionUser.nullable()).extend({ cart_journey: z.string() });
export type PingResponse = z.infer<typeof PingResponse>;

export const HealthResponse = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), uptime_s: z.number() });
/** Readiness (200 ready, 503 not): since when the database has not answered, in ms, or null while it does. */
export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
  ready: z.boolean(),
  down_for_ms: z.number().nullable(),
});
