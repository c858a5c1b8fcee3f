// Giving an answer (SPEC §4.8): remembered in localStorage, signalled to the tag manager as a Consent Mode update, and
// stamped on every event from now on. A module of its own, so the code that answers (the cookie notice, the profile)
// loads with them and not with every page.
import { CONSENT_TEXT_VERSION, type ConsentState } from '../schemas/consent-rules.ts';
import { adoptConsent, CONSENT_KEY, type ConsentChoice, consentStorage, pushConsentMode } from './consent.ts';

/** The shopper answered (the notice, the cookie settings or the profile). */
export function setConsent(state: ConsentState, textVersion: string = CONSENT_TEXT_VERSION.tracking, now = Date.now()): ConsentChoice {
  const next: ConsentChoice = { state: { ...state }, text_version: textVersion, at: now };
  try {
    consentStorage()?.setItem(CONSENT_KEY, JSON.stringify(next));
  } catch (error) {
    // Blocked storage: the answer holds for this page only.
    console.warn('[consent] cannot remember the answer', error);
  }
  adoptConsent(next);
  pushConsentMode('update', next.state);
  return next;
}
