import { Component, type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import {
  createPath,
  type Location,
  matchRoutes,
  type NavigationType,
  type Navigator,
  parsePath,
  type RouteObject,
  Router,
  type To,
  useRoutes,
} from 'react-router-dom';

// docs/decisions/008: the browser routes with React Router's declarative <Router> and useRoutes, not its data router
// (createBrowserRouter), whose loaders, actions, fetchers, blockers and revalidation the store never uses and which
// was 17 KB gz of the home page's first load. What the store did use of it is kept here: a route's lazy page is
// loaded before the URL changes (the old page stays until the new one can render), the scroll position is restored
// on back/forward, and a render error shows the error page. The server renders with the data router's static
// handler (src/app/server-render.tsx); both trees have the same shape, so hydration matches.

type Action = 'POP' | 'PUSH' | 'REPLACE';

export interface RouterState {
  location: Location;
  action: Action;
}

export interface AppRouter {
  readonly routes: RouteObject[];
  readonly state: RouterState;
  readonly navigator: Navigator;
  /** Navigates once the matched routes' pages are loaded; a later navigation supersedes an unfinished one. */
  navigate(to: To | number, options?: { replace?: boolean; state?: unknown }): Promise<void>;
  /** Called with each new state, once its pages are loaded. */
  subscribe(fn: (state: RouterState) => void): () => void;
  /** Scrolls for the last committed navigation; called once React has rendered its page. */
  applyScroll(): void;
}

/** What the browser's history entries hold (the shape React Router's own browser history writes). */
interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
  /**
   * The entry's own name for its scroll position. Every document opens with the location key 'default', so a
   * position kept under the key would follow the shopper to the next document opened (the gateway's return, a
   * link from a message); this one is made for each entry and kept by the browser across reloads and Back.
   */
  sid?: string;
}

const SCROLL_KEY = 'kasrat-scroll-positions';

/** Loads the lazy pages of `routes` and puts them in place, so rendering them never shows a fallback. */
export async function resolveLazy(routes: readonly RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

const matchedRoutes = (routes: RouteObject[], location: Partial<Location>) =>
  (matchRoutes(routes, { pathname: location.pathname ?? '/' }) ?? []).map((m) => m.route);

function readLocation(win: Window): Location {
  const { pathname, search, hash } = win.location;
  const state = (win.history.state ?? {}) as HistoryState;
  return { pathname, search, hash, state: state.usr ?? null, key: state.key ?? 'default' };
}

function readPositions(win: Window): Record<string, number> {
  try {
    return JSON.parse(win.sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** The browser's router over `routes`, whose pages for the current URL the caller has already loaded. */
export function createAppRouter(routes: RouteObject[], win: Window = window): AppRouter {
  const listeners = new Set<(state: RouterState) => void>();
  const positions = readPositions(win);
  const newKey = () => Math.random().toString(36).slice(2, 10);
  const first = (win.history.state ?? {}) as HistoryState;
  // As React Router's browser history: the entry a document opens with keeps the key 'default' (pages tell a
  // navigation inside the store from an address opened by itself by it: /logout asks first), and gets its index,
  // and a scroll name of its own (a new document has none yet; a reloaded one, or one come back to, keeps it).
  if (first.idx == null || first.sid == null)
    win.history.replaceState({ ...first, idx: first.idx ?? 0, sid: first.sid ?? first.key ?? newKey() }, '');
  let state: RouterState = { location: readLocation(win), action: 'POP' };
  let index = ((win.history.state ?? {}) as HistoryState).idx ?? 0;
  const sidNow = () => ((win.history.state ?? {}) as HistoryState).sid ?? state.location.key;
  /** The scroll name of the entry shown. */
  let sid = sidNow();
  // Each navigation takes a number; when its pages have loaded it goes ahead only if no other started meanwhile.
  let latest = 0;
  // A reloaded page, or one the browser came back to without keeping it, returns to where the shopper was on it.
  // A new document opens at its #hash, else at the top.
  let pendingScroll: (() => void) | null = () => {
    const saved = positions[sid];
    if (saved != null) return win.scrollTo(0, saved);
    const { hash } = state.location;
    const target = hash ? win.document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
  };

  win.history.scrollRestoration = 'manual';
  win.addEventListener('pagehide', () => {
    positions[sid] = win.scrollY;
    try {
      win.sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
    } catch {}
  });

  const commit = (next: RouterState) => {
    positions[sid] = win.scrollY;
    state = next;
    sid = sidNow();
    for (const fn of listeners) fn(state);
  };

  // A page that fails to load (a new deployment replaced its chunk, the network dropped) is loaded by the browser.
  const load = (location: Location, id: number) =>
    resolveLazy(matchedRoutes(routes, location)).then(
      () => id === latest,
      () => {
        if (id === latest) win.location.assign(createPath(location));
        return false;
      },
    );

  win.addEventListener('popstate', () => {
    const location = readLocation(win);
    const id = ++latest;
    void load(location, id).then((go) => {
      if (!go) return;
      index = ((win.history.state ?? {}) as HistoryState).idx ?? index;
      commit({ location, action: 'POP' });
    });
  });

  const router: AppRouter = {
    routes,
    get state() {
      return state;
    },
    async navigate(to, options = {}) {
      if (typeof to === 'number') return win.history.go(to);
      const path = typeof to === 'string' ? parsePath(to) : to;
      const location: Location = {
        pathname: state.location.pathname,
        search: '',
        hash: '',
        ...path,
        state: options.state ?? null,
        key: newKey(),
      };
      const href = createPath(location);
      // As React Router's data router: a navigation to the URL already shown replaces its entry.
      const replace = options.replace ?? href === createPath(state.location);
      const id = ++latest;
      if (!(await load(location, id))) return;
      const entry: HistoryState = { usr: location.state, key: location.key, idx: replace ? index : index + 1, sid: location.key };
      try {
        win.history[replace ? 'replaceState' : 'pushState'](entry, '', href);
      } catch {
        // Too many entries or a state the browser cannot keep: the browser navigates.
        win.location.assign(href);
        return;
      }
      index = entry.idx ?? index;
      commit({ location, action: replace ? 'REPLACE' : 'PUSH' });
    },
    navigator: {
      createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
      encodeLocation: (to) => {
        const url = new URL(typeof to === 'string' ? to : createPath(to), win.location.origin);
        return { pathname: url.pathname, search: url.search, hash: url.hash };
      },
      go: (delta) => win.history.go(delta),
      push: (to, usr) => void router.navigate(to, { state: usr }),
      replace: (to, usr) => void router.navigate(to, { state: usr, replace: true }),
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    applyScroll() {
      pendingScroll?.();
      pendingScroll = null;
    },
  };

  // Back/forward restores where the shopper was on that entry; a new entry starts at its #hash, else at the top.
  listeners.add(({ location, action }) => {
    const entrySid = sid;
    pendingScroll = () => {
      const saved = positions[entrySid];
      if (action === 'POP' && saved != null) return win.scrollTo(0, saved);
      const target = location.hash ? win.document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
      if (target) return target.scrollIntoView();
      if (action !== 'POP') win.scrollTo(0, 0);
    };
  });
  return router;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

interface BoundaryProps {
  location: Location;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/** The error page in place of the app when a render fails; the next navigation renders the app again. */
class ErrorBoundary extends Component<BoundaryProps, { error: unknown; location: Location }> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { error: undefined, location: props.location };
  }
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown render error') };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: Location }) {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }
  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}

/** Renders the router's routes; `fallback` is the error page. */
export function AppRouterProvider({ router, fallback }: { router: AppRouter; fallback: (error: unknown) => ReactNode }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const off = router.subscribe((next) => startTransition(() => setState(next)));
    // A navigation committed between the first render and this effect.
    setState((shown) => (shown === router.state ? shown : router.state));
    return off;
  }, [router]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each committed navigation's render
  useLayoutEffect(() => router.applyScroll(), [router, state]);
  // The fragment and its null sibling are the shape of the server's StaticRouterProvider: React derives useId's ids
  // from the tree's shape, so both must match for hydration.
  return (
    <>
      <Router navigator={router.navigator} location={state.location} navigationType={state.action as NavigationType}>
        <ErrorBoundary location={state.location} fallback={fallback}>
          <Routes routes={router.routes} />
        </ErrorBoundary>
      </Router>
      {null}
    </>
  );
}
