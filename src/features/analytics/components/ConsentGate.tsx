import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { consentAnswered, onConsentSettingsRequest } from '../../../../events/consent.ts';

// Decides in the browser, after hydration, whether the cookie notice shows: for a shopper who has not answered, and
// again when the footer's "Cookie settings" asks (SPEC §4.8). The server's markup and the hydrating render hold
// nothing here, so they agree; the notice itself is a chunk of its own, loaded only when it shows.
const CookieNotice = lazy(() => import('./CookieNotice.tsx'));

export function ConsentGate() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!consentAnswered()) setOpen(true);
    return onConsentSettingsRequest(() => setOpen(true));
  }, []);
  // The staff console (/ops) is a tool of the shop's own people, not a shopper's visit: the notice is not asked there.
  if (!open || pathname === '/ops' || pathname.startsWith('/ops/')) return null;
  return (
    <Suspense fallback={null}>
      <CookieNotice pathname={pathname} onDone={() => setOpen(false)} />
    </Suspense>
  );
}
