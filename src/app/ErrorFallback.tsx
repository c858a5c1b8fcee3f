import { lazy, Suspense, useEffect } from 'react';
import { isRouteErrorResponse, Link } from 'react-router-dom';
import { httpClient } from '../api/client.ts';
import { Footer } from '../ui/Footer.tsx';
import { StoreHeader } from './layouts/StoreHeader.tsx';
import { button, container } from '../ui/theme/global.css.ts';

// Every path matches a route (the catch-all page), so a routing 404 is rare: its page is not in the first load.
const NotFoundPage = lazy(() => import('../features/content/pages/NotFound.tsx'));

/** Posts an unhandled UI error to the log endpoint (SPEC §7 /api/log-errors). Never throws. */
export function reportError(error: unknown, errorInfo?: string): void {
  const e = error instanceof Error ? error : new Error(String(error));
  void httpClient()
    .then((http) =>
      http.post('/api/log-errors', {
        error: `${e.name}: ${e.message}`.slice(0, 10_000),
        errorInfo: (errorInfo ?? e.stack ?? '').slice(0, 50_000),
        location: window.location.href.slice(0, 2000),
        userAgent: navigator.userAgent.slice(0, 1000),
      }),
    )
    .catch(() => console.warn('[error] could not report the error'));
}

/** SPEC §2/§8: "Oops, something went wrong." with a Contact us link and Continue Shopping. */
export function ErrorFallback({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) reportError(error);
  }, [error, notFound]);
  if (notFound)
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  return (
    <>
      <StoreHeader compact />
      <main className={container} style={{ padding: '48px 16px', textAlign: 'center', minHeight: '50vh' }}>
        <h1>Oops, something went wrong.</h1>
        <p>
          We have been told about it. If it keeps happening, <Link to="/help-center/contact-us">Contact us</Link>.
        </p>
        <a href="/" className={button}>
          Continue Shopping
        </a>
      </main>
      <Footer />
    </>
  );
}
