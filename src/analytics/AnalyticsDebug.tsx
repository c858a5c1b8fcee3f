import { lazy, Suspense, useEffect, useState } from 'react';
import { browserStorage } from '../../events/storage.ts';
import { analytics } from '../../providers/index.ts';
import { debugRequested } from './debug-flag.ts';

// The overlay (and Radix Dialog with it) is a separate chunk, loaded only when debugging.
const DebugOverlay = lazy(() => import('./DebugOverlay.tsx'));

/** Renders the events debug overlay when `?debug=events` was seen this session; otherwise nothing. */
export function AnalyticsDebug() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const wanted = debugRequested(window.location.search, browserStorage('sessionStorage'));
    if (wanted) analytics()?.pipeline.startDebug();
    setOn(wanted && analytics() !== null);
  }, []);
  const handle = analytics();
  if (!on || !handle) return null;
  return (
    <Suspense fallback={null}>
      <DebugOverlay pipeline={handle.pipeline} />
    </Suspense>
  );
}
