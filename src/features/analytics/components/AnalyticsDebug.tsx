import { lazy, Suspense, useEffect, useState } from 'react';
import { browserStorage } from '../../../../events/storage.ts';
import type { AnalyticsHandle } from '../../../../providers/index.ts';
import { debugRequested } from '../debug-flag.ts';
import { loadedAnalytics } from '../store.ts';

// The overlay (and Radix Dialog with it) is a separate chunk, loaded only when debugging.
const DebugOverlay = lazy(() => import('./DebugOverlay.tsx'));

/** Renders the events debug overlay when `?debug=events` was seen this session; otherwise nothing. */
export function AnalyticsDebug() {
  const [handle, setHandle] = useState<AnalyticsHandle | null>(null);
  useEffect(() => {
    if (!debugRequested(window.location.search, browserStorage('sessionStorage'))) return;
    let live = true;
    // The providers are a lazy chunk too: wait for them only when debugging.
    void loadedAnalytics().then((h) => {
      h?.pipeline.startDebug();
      if (live) setHandle(h);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!handle) return null;
  return (
    <Suspense fallback={null}>
      <DebugOverlay pipeline={handle.pipeline} />
    </Suspense>
  );
}
