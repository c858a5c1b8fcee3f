import { lazy, Suspense } from 'react';
import { useRouteError } from 'react-router-dom';

// The error page is in no page's first load: its chunk loads when a render fails.
const ErrorFallback = lazy(() => import('./ErrorFallback.tsx').then((m) => ({ default: m.ErrorFallback })));

/** SPEC §2/§8 error page for `error` (src/app/ErrorFallback.tsx), loaded on demand. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <ErrorFallback error={error} />
    </Suspense>
  );
}

/** The error page as the data router's errorElement (the server's render). */
export function RouteErrorPage() {
  return <ErrorPage error={useRouteError()} />;
}
