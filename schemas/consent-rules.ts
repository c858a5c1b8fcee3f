// Consent purposes, the texts shown for them and their versions (SPEC §4.8), without zod: the cookie notice and the
// reporting core load these on the shopper's phone (docs/decisions/008).

import { type ConsentState, TRACKING_PURPOSES } from './consent-purposes.ts';

export { type ConsentState, type ConsentValue, DENIED_ALL, TRACKING_PURPOSES, type TrackingPurpose } from './consent-purposes.ts';

/** Every purpose a consent record may name: marketing messages (SMS, WhatsApp, email) and the tracking purposes. */
export const CONSENT_PURPOSES = ['marketing', ...TRACKING_PURPOSES] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How a consent was given or withdrawn. */
export const CONSENT_METHODS = ['sign_up', 'profile', 'cookie_notice', 'unsubscribe_link'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const GRANTED_ALL: ConsentState = {
  analytics_storage: 'granted',
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
};

/** The sign-up and profile box: never ticked until the shopper ticks it. */
export const MARKETING_CONSENT_TEXT = 'Send me offers and news on SMS, WhatsApp and email';
/** The cookie notice's own words; a new wording gets a new version, so a record names what was read. */
export const COOKIE_NOTICE_TEXT =
  'We use necessary cookies to run the store. With your permission we also use analytics cookies to improve it, and marketing cookies to show you relevant ads and offers.';

/**
 * The version of each text now shown. Records keep the version the shopper saw; a changed text gets a new version
 * here (and the old one stays in KNOWN_TEXT_VERSIONS, so a page loaded before the change is still recorded).
 */
export const KNOWN_TEXT_VERSIONS = ['marketing-v1', 'cookie-notice-v1'] as const;
export type TextVersion = (typeof KNOWN_TEXT_VERSIONS)[number];
export const CONSENT_TEXT_VERSION = {
  marketing: 'marketing-v1',
  tracking: 'cookie-notice-v1',
} as const satisfies Record<'marketing' | 'tracking', TextVersion>;

/** The text version shown for a purpose. */
export const textVersionOf = (purpose: ConsentPurpose): TextVersion =>
  purpose === 'marketing' ? CONSENT_TEXT_VERSION.marketing : CONSENT_TEXT_VERSION.tracking;

/** Labels on the profile and in the cookie settings. */
export const PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  marketing: 'Offers and news on SMS, WhatsApp and email',
  analytics_storage: 'Analytics cookies',
  ad_storage: 'Advertising cookies',
  ad_user_data: 'Sharing data with advertising partners',
  ad_personalization: 'Personalised ads and offers',
};
