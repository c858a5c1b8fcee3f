// Consent records (SPEC §4.8): what the profile lists and the calls that give or withdraw a consent.
import { z } from 'zod';
import { envelope } from './common.ts';
import { CONSENT_PURPOSES, KNOWN_TEXT_VERSIONS, TRACKING_PURPOSES } from './consent-rules.ts';

export * from './consent-rules.ts';

export const ConsentPurposeSchema = z.enum(CONSENT_PURPOSES);
export const TextVersionSchema = z.enum(KNOWN_TEXT_VERSIONS, { error: 'text_version: not a text this store has shown' });

/** One purpose given or withdrawn from the profile (one step each way). */
export const ConsentChangeRequest = z.object({
  purpose: ConsentPurposeSchema,
  granted: z.boolean(),
  text_version: TextVersionSchema,
});
export type ConsentChangeRequest = z.input<typeof ConsentChangeRequest>;

const Value = z.enum(['granted', 'denied']);
/** The cookie notice's answer: one value per Consent Mode purpose, and the text version it showed. */
export const TrackingConsentRequest = z.object({
  state: z.object(Object.fromEntries(TRACKING_PURPOSES.map((p) => [p, Value])) as Record<(typeof TRACKING_PURPOSES)[number], typeof Value>),
  text_version: TextVersionSchema,
});
export type TrackingConsentRequest = z.input<typeof TrackingConsentRequest>;

export const ConsentEntry = z.object({
  purpose: ConsentPurposeSchema,
  granted: z.boolean(),
  /** The last record: null when the account has none for this purpose. */
  text_version: z.string().nullable(),
  method: z.string().nullable(),
  at: z.iso.datetime().nullable(),
});
export type ConsentEntry = z.infer<typeof ConsentEntry>;

export const ConsentsResponse = envelope(z.object({ consents: z.array(ConsentEntry) }));
export type ConsentsResponse = z.infer<typeof ConsentsResponse>;
export const TrackingConsentResponse = envelope(z.object({ recorded: z.number().int(), signed_in: z.boolean() }));
export type TrackingConsentResponse = z.infer<typeof TrackingConsentResponse>;
