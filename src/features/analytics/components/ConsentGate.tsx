import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { consentAnswered, onConsentSettingsRequest } from '../../../../events/consent.ts';

// Decides in the browser, after hydration, whether the cookie notice shows: for a shopper who has not answered, and
// again when the footer's "Cookie settings" asks (SPEC §4.7). The server's markup and the hydrating render hold
// nothing here, so they agree; the notice itself is a chunk of its own, loaded only when it shows.
const CookieNotice = lazy(() => import('./CookieNotice.tsx'));

/** The checkout's pages: the notice sits at the top there, clear of the pay button (SPEC §4.7). */
const CHECKOUT_PATHS = new Set(['/cart', '/select-address', '/order-confirmation', '/add-new-address', '/payment', '/retry-payment']);

export function ConsentGate() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!consentAnswered()) setOpen(true);
    return onConsentSettingsRequest(() => setOpen(true));
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CookieNotice placement={CHECKOUT_PATHS.has(pathname.replace(/\/$/, '')) ? 'top' : 'bottom'} onDone={() => setOpen(false)} />
    </Suspense>
  );
}
