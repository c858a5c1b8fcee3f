// Consent purposes, the texts shown for them and their versions (SPEC §4.7), without zod: the cookie notice and the
// reporting core load these on the shopper's phone (docs/decisions/008).

/** The tracking purposes of Google's Consent Mode v2, answered on the cookie notice. */
export const TRACKING_PURPOSES = ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'] as const;
export type TrackingPurpose = (typeof TRACKING_PURPOSES)[number];

/** Every purpose a consent record may name: marketing messages (SMS, WhatsApp, email) and the tracking purposes. */
export const CONSENT_PURPOSES = ['marketing', ...TRACKING_PURPOSES] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How a consent was given or withdrawn. */
export const CONSENT_METHODS = ['sign_up', 'profile', 'cookie_notice', 'unsubscribe_link'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export type ConsentValue = 'granted' | 'denied';
/** The Consent Mode v2 state every reported event carries. */
export type ConsentState = Record<TrackingPurpose, ConsentValue>;

export const DENIED_ALL: ConsentState = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};
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
