import { createContext, useContext, useSyncExternalStore } from 'react';

// SPEC §9: the mobile breakpoint is 992px. Web and mobile promotions, and the filter sidebar versus the filter
// sheet, are chosen in script so only one of each is in the page (and reported as viewed).
export const DESKTOP_QUERY = '(min-width: 992px)';

const subscribers = new Map<string, (notify: () => void) => () => void>();

/** One stable subscribe function per query (a new one each render would resubscribe every time). */
function subscribe(query: string) {
  const known = subscribers.get(query);
  if (known) return known;
  const fn = (notify: () => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => {};
    const list = window.matchMedia(query);
    list.addEventListener('change', notify);
    return () => list.removeEventListener('change', notify);
  };
  subscribers.set(query, fn);
  return fn;
}

/**
 * Whether the server rendered the page for a desktop (from the request's client hints / user agent). Hydration
 * renders with the same answer, so the markup matches; the real media query takes over right after.
 */
const ServerViewport = createContext(true);
export const ServerViewportProvider = ServerViewport.Provider;

/** True while the media query matches; without matchMedia (tests, old browsers) the desktop layout. */
export function useMediaQuery(query: string = DESKTOP_QUERY): boolean {
  const serverDesktop = useContext(ServerViewport);
  return useSyncExternalStore(
    subscribe(query),
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : true),
    () => serverDesktop,
  );
}
