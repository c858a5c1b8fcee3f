import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { SHOPPER_KEY, usePrefetchScope } from './prefetch.ts';
import { type Resource as BaseResource, messageOf } from './resource.ts';

// SPEC §4 data stores for catalogue pages: loading, data, error. A request sets loading; success stores data and
// clears the error; failure stores the error and clears data. Answers are kept briefly by key, so going back to
// a listing shows it at once (and the back button feels instant), and an answer for an older key is ignored.

export interface Resource<T> extends BaseResource<T> {
  /** HTTP status of the failure (404 has already sent the shopper to /notFound). */
  status: number | null;
}

const TTL_MS = 60_000;
const CAP = 60;
const cache = new Map<string, { at: number; data: unknown }>();

function cached<T>(key: string, now: number): T | undefined {
  const hit = cache.get(key);
  if (!hit) return undefined;
  if (now - hit.at > TTL_MS) {
    cache.delete(key);
    return undefined;
  }
  return hit.data as T;
}

function store(key: string, data: unknown, now: number): void {
  cache.delete(key);
  cache.set(key, { at: now, data });
  while (cache.size > CAP) cache.delete(cache.keys().next().value as string);
}

/** The browser's side: answers the server rendered with (src/api/prefetch.ts), stored before the first render. */
export function seedResourceCache(entries: Iterable<readonly [string, unknown]>): void {
  const now = Date.now();
  for (const [key, data] of entries) if (!key.startsWith(SHOPPER_KEY)) store(key, data, now);
}

/** Forgets cached answers (tests; after a change the shopper made). */
export function clearResourceCache(): void {
  cache.clear();
}

const statusOf = (e: unknown): number | null => (e as { response?: { status?: number } })?.response?.status ?? null;

/**
 * Loads `key` with `load` (null key: nothing to load). With `keepPrevious`, the last answer stays on screen while
 * the next loads (filters and pages of a listing swap in place instead of flashing a skeleton).
 */
export function useCachedResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: { keepPrevious?: boolean } = {},
): Resource<T> & { previous: T | null; reload: () => void } {
  const scope = usePrefetchScope();
  const initial = key === null ? undefined : scope ? (scope.data.get(key) as T | undefined) : cached<T>(key, Date.now());
  // On the server the route's loader has loaded the page's data (src/api/route-data.ts); what it did not is rendered
  // loading and left to the browser.
  if (scope && key !== null && initial === undefined) scope.missing.add(key);
  const [state, setState] = useState<Resource<T> & { key: string | null }>({
    key,
    loading: key !== null && initial === undefined,
    data: initial ?? null,
    error: null,
    status: null,
  });
  const previous = useRef<T | null>(initial ?? null);
  const loader = useRef(load);
  loader.current = load;
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) {
      // Nothing to load: the same state object when already idle, or the component (a whole page) renders again.
      setState((s) =>
        s.key === null && !s.loading && s.data === null && s.error === null
          ? s
          : { key, loading: false, data: null, error: null, status: null },
      );
      return;
    }
    const hit = attempt === 0 ? cached<T>(key, Date.now()) : undefined;
    if (hit !== undefined) {
      previous.current = hit;
      // The first render already showed this answer (a hydrated page, a cached one): keeping the same state object
      // spares the page a second render of everything under it just after it appears.
      setState((s) =>
        s.key === key && !s.loading && s.data === hit && s.error === null
          ? s
          : { key, loading: false, data: hit, error: null, status: null },
      );
      return;
    }
    const controller = new AbortController();
    // Already loading this key (the first render's state): the same object, or the component renders again.
    setState((s) =>
      s.key === key && s.loading && s.error === null
        ? s
        : { key, loading: true, data: s.key === key ? s.data : null, error: null, status: null },
    );
    loader.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        store(key, data, Date.now());
        previous.current = data;
        // An arriving answer renders as a transition: React draws a long list in slices, between which the page
        // still answers taps, instead of in one long task (a default-priority update is never sliced).
        startTransition(() => setState({ key, loading: false, data, error: null, status: null }));
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, loading: false, data: null, error: messageOf(e), status: statusOf(e) });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // The state of an older key never shows under a newer one.
  const current = state.key === key ? state : { loading: key !== null, data: null, error: null, status: null };
  return {
    loading: current.loading,
    data: current.data,
    error: current.error,
    status: current.status,
    previous: options.keepPrevious ? previous.current : null,
    reload,
  };
}
