import { z } from 'zod';

// Outbox forwarding targets, read once at start-up; off by default (this machine has no internet).
const ForwardEnv = z
  .object({
    /** Where stored conversion events are forwarded (a Conversions-API style endpoint). Unset = off. */
    EVENTS_FORWARD_URL: z.string().url().optional(),
    /** Where encrypted affiliate orders are forwarded. Unset = off. */
    AFFILIATE_FORWARD_URL: z.string().url().optional(),
    /**
     * AES-256-GCM key (base64 of 32 bytes) the affiliate order is encrypted with when forwarded (SPEC §7 "Affiliate
     * conversion"). Server-side only: a key a browser holds seals nothing (docs/decisions/016).
     */
    AFFILIATE_KEY: z
      .string()
      .refine((k) => Buffer.from(k, 'base64').length === 32, 'must be base64 of 32 bytes')
      .optional(),
    /** Bearer token sent to the targets, if they need one. */
    EVENTS_FORWARD_TOKEN: z.string().min(1).optional(),
    /**
     * GA4 Measurement Protocol: the web stream's measurement id (G-…) and an API secret made for it. Both set =
     * processed refunds are sent to GA4 as `refund` events from the server (docs/decisions/016). Unset = off.
     */
    GA4_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'a GA4 measurement id, G-…')
      .optional(),
    /** The Measurement Protocol API secret of that stream (GA4 Admin → Data streams); set with GA4_MEASUREMENT_ID. */
    GA4_API_SECRET: z.string().min(1).optional(),
    /** The Measurement Protocol endpoint; unset = GA4's own (https://www.google-analytics.com/mp/collect). */
    GA4_COLLECT_URL: z.string().url().optional(),
    EVENTS_FORWARD_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
    EVENTS_FORWARD_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  })
  .refine((c) => !c.AFFILIATE_FORWARD_URL || c.AFFILIATE_KEY, {
    message: 'required when AFFILIATE_FORWARD_URL is set',
    path: ['AFFILIATE_KEY'],
  })
  .refine((c) => !c.GA4_MEASUREMENT_ID === !c.GA4_API_SECRET, {
    message: 'GA4_MEASUREMENT_ID and GA4_API_SECRET go together',
    path: ['GA4_API_SECRET'],
  });
export type ForwardConfig = z.infer<typeof ForwardEnv>;

export function readForwardConfig(env: NodeJS.ProcessEnv = process.env): ForwardConfig {
  const parsed = ForwardEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid events forwarding configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
