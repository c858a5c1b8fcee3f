// Which tracking consent each provider needs (SPEC §4.8, Consent Mode v2 purposes). The pipeline sends a provider
// nothing for an event stamped without every purpose it needs. The data layer needs none: it receives every event
// with the consent signals (events/consent.ts), and the tags behind it honour them.
import type { ConsentState, TrackingPurpose } from '../events/index.ts';
import type { ProviderId } from './types.ts';

export const CONSENT_NEEDED: Record<ProviderId, readonly TrackingPurpose[]> = {
  data_layer: [],
  // The pixel sets the ad platform's cookies and sends who the shopper is.
  social_pixel: ['ad_storage', 'ad_user_data'],
  // Hashed email and phone go to the ad platform.
  server_conversions: ['ad_user_data'],
  // The affiliate network attributes the order to the click its cookie remembers.
  affiliate: ['ad_storage'],
  // Marketing automation builds a profile to send personalised offers.
  marketing: ['ad_user_data', 'ad_personalization'],
  analytics_service: ['analytics_storage'],
  // Search analytics keep a user token and a hashed email per search.
  search_insights: ['analytics_storage'],
};

/** The purposes a provider needs that the state does not grant (an event without a state grants nothing). */
export function missingConsent(id: ProviderId, state: ConsentState | undefined): TrackingPurpose[] {
  return CONSENT_NEEDED[id].filter((p) => state?.[p] !== 'granted');
}

/** The overlay's words for a provider held back. */
export const consentMissingReason = (missing: TrackingPurpose[]): string => `not sent: consent missing (${missing.join(', ')})`;
