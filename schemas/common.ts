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
