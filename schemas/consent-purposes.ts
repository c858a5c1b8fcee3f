// The Consent Mode v2 purposes and the state before any answer (SPEC §4.8), alone in a module: every page's shell
// reads them, and the texts of schemas/consent-rules.ts stay with the code that shows them.

/** The tracking purposes of Google's Consent Mode v2, answered on the cookie notice. */
export const TRACKING_PURPOSES = ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'] as const;
export type TrackingPurpose = (typeof TRACKING_PURPOSES)[number];

export type ConsentValue = 'granted' | 'denied';
/** The Consent Mode v2 state every reported event carries. */
export type ConsentState = Record<TrackingPurpose, ConsentValue>;

export const DENIED_ALL: ConsentState = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};
