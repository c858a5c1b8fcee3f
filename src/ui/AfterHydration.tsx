import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * Renders `children` once the page has committed in the browser, never on the server nor in hydration: for parts
 * decided in the browser (a lazy component whose chunk is not in the first load) — the server's markup and the
 * hydrating render both hold nothing in their place, so they always agree.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
