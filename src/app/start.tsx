import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { httpClient, setNavigator } from '../api/client.ts';
import { seedShopperData } from '../api/prefetch.ts';
import { nextTask } from '../api/tasks.ts';
import { seedResourceCache } from '../api/cached-resource.ts';
import { type AppRouter, AppRouterProvider, createAppRouter, resolveLazy } from './browser-router.tsx';
import { ErrorPage } from './error-page.tsx';
import { AppFrame } from './frame.tsx';
import { HYDRATION_STATE_ID, type HydrationState } from './hydration.ts';
import { routes, setServerChunks } from './routes.tsx';

// docs/decisions/010: a page the server rendered is hydrated with the data it was rendered with; anything else
// (development, a page the server leaves to the browser) is rendered here from scratch.

/** The server's hand-over written after the app's markup, or null when the page was not server-rendered. */
export function readHydrationState(doc: Document): HydrationState | null {
  const el = doc.getElementById(HYDRATION_STATE_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as HydrationState;
  } catch {
    return null;
  }
}

/** The routes at these tree positions ("0-3-1", the data router's ids for routes without one), or null if one is missing. */
function routesAt(list: RouteObject[], ids: readonly string[]): RouteObject[] | null {
  const found: RouteObject[] = [];
  for (const id of ids) {
    let level: RouteObject[] | undefined = list;
    let route: RouteObject | undefined;
    for (const index of id.split('-')) {
      route = level?.[Number(index)];
      if (!route) return null;
      level = route.children;
    }
    if (route) found.push(route);
  }
  return found;
}

/**
 * The router copies its routes: the lazy pages of this URL must be loaded first, or hydration renders a fallback.
 * The server names the routes it matched; only without them is the URL matched here.
 */
async function resolveLazyMatches(list: RouteObject[], location: Location, ids?: readonly string[]): Promise<void> {
  const matched = (ids?.length ? routesAt(list, ids) : null) ?? (matchRoutes(list, location) ?? []).map((m) => m.route);
  await resolveLazy(matched);
}

export type { AppRouter };

/** The events of a tap, each of which React would answer by hydrating the tapped part at once. */
const TAP_EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'pointerup', 'mouseup', 'touchend', 'click'] as const;

/**
 * Until the app has hydrated (html[data-hydrated], src/app/frame.tsx), a tap on a link or a submit button, and a
 * form's submit, stay the browser's own (docs/decisions/017): hidden from React's listeners on the root, so the
 * browser follows the link or posts the form to the server. Traced at 6× CPU, a tap on the cart's "Proceed to
 * checkout" 0.5-1.5 s after the scripts started did nothing: React hydrated the tapped part at once, on the spot,
 * and the link's handler cancelled the browser's navigation while the router ignored its own.
 */
export function leaveTapsToTheBrowserUntilHydrated(win: Window): void {
  const doc = win.document;
  const stop = () => {
    for (const type of TAP_EVENTS) win.removeEventListener(type, pass, true);
    win.removeEventListener('submit', pass, true);
  };
  function pass(e: Event) {
    if (doc.documentElement.dataset.hydrated === 'true') return stop();
    const target = e.target as Element | null;
    if (e.type !== 'submit' && !target?.closest?.('a[href], button[type="submit"], input[type="submit"]')) return;
    e.stopPropagation();
  }
  for (const type of TAP_EVENTS) win.addEventListener(type, pass, { capture: true, passive: true });
  win.addEventListener('submit', pass, true);
}

// Starting the app is several pieces of main-thread work, each well under 50 ms on a slow phone; run back to back
// they were one long task that kept a server-rendered page from answering (docs/decisions/010). `nextTask` ends the
// current task between them.

/** Starts the app in `root`: hydrates the server's markup when `state` is given, renders otherwise. */
export async function mountApp(
  root: HTMLElement,
  state: HydrationState | null,
  onRouter?: (router: AppRouter) => void,
): Promise<AppRouter> {
  if (state) {
    leaveTapsToTheBrowserUntilHydrated(window);
    // After the scripts' own evaluation; then the page's chunk, the router, the reporting start and hydration, each
    // a task.
    await nextTask();
    seedResourceCache(state.data);
    seedShopperData(state.data);
    setServerChunks(state.modules);
    await resolveLazyMatches(routes, window.location, state.routes);
    await nextTask();
  } else await resolveLazyMatches(routes, window.location).catch(() => undefined);
  const router = createAppRouter(routes);
  // API redirects (401, 404, 409) stay inside the single-page app.
  setNavigator((to) => void router.navigate(to));
  // The router ranks every route as it is made; the reporting start is a task of its own after it, still before
  // hydration, whose effects report the page's first events.
  if (state) await nextTask();
  onRouter?.(router);
  const app = (
    <AppFrame desktop={state?.desktop ?? true}>
      <AppRouterProvider router={router} fallback={(error) => <ErrorPage error={error} />} />
    </AppFrame>
  );
  if (state) {
    await nextTask();
    // The HTTP client's module (axios) is evaluated in a task of its own: the first call hydration's effects make
    // (the session ping) would otherwise evaluate it and send the request in one long task. A failed load does not
    // keep the page from hydrating: the first call loads it again.
    await httpClient().catch(() => undefined);
    await nextTask();
    // The markup is already on screen, so hydration need not hold the main thread: as a transition React works
    // in slices and yields to the shopper's taps and scrolls between them (a default-priority hydration runs as
    // one long task on a slow phone).
    startTransition(() => {
      hydrateRoot(root, app, {
        // Production React hides most mismatches; they are bugs (tests/e2e/hydration.spec.ts fails on this line).
        onRecoverableError: (error) => console.error('[hydration]', error),
      });
    });
  } else createRoot(root).render(app);
  return router;
}
