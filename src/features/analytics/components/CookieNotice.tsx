import { useId, useState } from 'react';
import { setConsent } from '../../../../events/consent-answer.ts';
import { consentState } from '../../../../events/consent.ts';
import { CONSENT_TEXT_VERSION, COOKIE_NOTICE_TEXT, type ConsentState, DENIED_ALL, GRANTED_ALL } from '../../../../schemas/consent-rules.ts';
import { button, buttonSecondary } from '../../../ui/theme/global.css.ts';
import { recordTrackingConsent } from '../consent-api.ts';
import * as css from './CookieNotice.css.ts';

// The cookie and tracking notice (SPEC §4.8): answered in one tap (accept all, necessary only), or purpose by purpose
// after "Choose". Not modal: the page stays usable, and the notice takes no room in the layout.

const MARKETING: (keyof ConsentState)[] = ['ad_storage', 'ad_user_data', 'ad_personalization'];

/** The answer is remembered in this browser at once; the server's record follows (a failure is logged, SPEC §8). */
export function answer(state: ConsentState): void {
  const choice = setConsent(state, CONSENT_TEXT_VERSION.tracking);
  recordTrackingConsent(choice.state, choice.text_version).catch((error) => console.warn('[consent] not recorded', error));
}

/** The checkout layout's pages: the notice sits at the top there, clear of the pay button (SPEC §4.8). */
const CHECKOUT_PATHS = new Set([
  '/cart',
  '/select-address',
  '/order-confirmation',
  '/add-new-address',
  '/payment',
  '/retry-payment',
  '/duplicate-order-delete',
  '/logout-empty-cart',
  '/loggedin-empty-cart',
]);

export default function CookieNotice({ pathname, onDone }: { pathname: string; onDone(): void }) {
  const placement = CHECKOUT_PATHS.has(pathname.replace(/\/$/, '')) ? 'top' : 'bottom';
  const current = consentState();
  const [choosing, setChoosing] = useState(false);
  const [analytics, setAnalytics] = useState(current.analytics_storage === 'granted');
  const [marketing, setMarketing] = useState(MARKETING.every((p) => current[p] === 'granted'));
  const titleId = useId();
  const done = (state: ConsentState) => {
    answer(state);
    onDone();
  };
  const chosen = (): ConsentState => {
    const m = marketing ? 'granted' : 'denied';
    return { analytics_storage: analytics ? 'granted' : 'denied', ad_storage: m, ad_user_data: m, ad_personalization: m };
  };
  return (
    <section className={css.notice[placement]} aria-labelledby={titleId} data-testid="cookie-notice">
      <h2 id={titleId} className={css.title}>
        Cookies and tracking
      </h2>
      <p className={css.text}>{COOKIE_NOTICE_TEXT}</p>
      {choosing && (
        <fieldset className={css.choices}>
          <legend className={css.title}>Choose what you allow</legend>
          <label className={css.choice}>
            <input type="checkbox" checked disabled />
            <span>
              Necessary cookies<span className={css.hint}>Your cart, sign-in and security. Always on.</span>
            </span>
          </label>
          <label className={css.choice}>
            <input type="checkbox" name="analytics" checked={analytics} onChange={() => setAnalytics((v) => !v)} />
            <span>
              Analytics cookies<span className={css.hint}>How the store is used, so we can improve it.</span>
            </span>
          </label>
          <label className={css.choice}>
            <input type="checkbox" name="marketing" checked={marketing} onChange={() => setMarketing((v) => !v)} />
            <span>
              Marketing cookies<span className={css.hint}>Relevant ads and offers, measured with our advertising partners.</span>
            </span>
          </label>
        </fieldset>
      )}
      <div className={css.actions}>
        <button type="button" className={`${button} ${css.action}`} onClick={() => done(GRANTED_ALL)}>
          Accept all
        </button>
        <button type="button" className={`${buttonSecondary} ${css.action}`} onClick={() => done(DENIED_ALL)}>
          Necessary only
        </button>
        {choosing ? (
          <button type="button" className={`${buttonSecondary} ${css.action}`} onClick={() => done(chosen())}>
            Save my choices
          </button>
        ) : (
          <button type="button" className={`${buttonSecondary} ${css.action}`} onClick={() => setChoosing(true)}>
            Choose
          </button>
        )}
      </div>
    </section>
  );
}
