import { type ReactNode, StrictMode, useEffect } from 'react';
import { ServerViewportProvider } from '../ui/useMediaQuery.ts';

// The frame around the router, the same on the server and in the browser (docs/decisions/010): hydration matches
// only if both trees have the same shape, down to the ids React's useId derives from it.

/** Tells tests (and anything waiting) that the page answers clicks: set once React has committed. */
function MarkReady() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export function AppFrame({ desktop, children }: { desktop: boolean; children: ReactNode }) {
  return (
    <StrictMode>
      <ServerViewportProvider value={desktop}>
        {children}
        <MarkReady />
      </ServerViewportProvider>
    </StrictMode>
  );
}
