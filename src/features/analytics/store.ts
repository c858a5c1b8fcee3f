// Store start-up of the analytics core: events are buffered from the first line of the shell, the providers
// chunk loads after first paint and takes the buffer over in emit order.
import { type DomainEvent, events$ } from '../../../events/index.ts';
import { onFlush } from '../../../events/flush.ts';
import { browserStorage, type KeyValueStorage } from '../../../events/storage.ts';
import type { AnalyticsHandle, ConfigOverrides } from '../../../providers/index.ts';
import { debugRequested } from './debug-flag.ts';

/** sessionStorage key of events emitted before the providers loaded on a page the shopper then left. */
export const PENDING_KEY = 'kasrat_analytics_pending';

export interface StoreAnalyticsOptions {
  config?: ConfigOverrides;
  /** When to load the providers (default: when the browser is idle after first paint, at most 2 s). */
  schedule?: (load: () => void) => void;
}

let starting: Promise<AnalyticsHandle> | null = null;
let stopEarly: (() => void) | null = null;
let loaded: AnalyticsHandle | null = null;
// Bumped by resetStoreAnalytics so a load scheduled before a reset does nothing.
let generation = 0;

const idle = (load: () => void) => {
  const w = globalThis as { requestIdleCallback?: (fn: () => void, opts: { timeout: number }) => number };
  if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 200);
};

function readPending(session: KeyValueStorage | null): DomainEvent[] {
  try {
    const raw = session?.getItem(PENDING_KEY);
    session?.removeItem(PENDING_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list as DomainEvent[]) : [];
  } catch {
    return [];
  }
}

function writePending(session: KeyValueStorage | null, events: DomainEvent[]): void {
  try {
    session?.setItem(PENDING_KEY, JSON.stringify([...readPending(session), ...events]));
  } catch (error) {
    console.warn('[analytics] could not keep pending events', error);
  }
}

/**
 * Starts reporting once. The providers (and their hashing and delivery queue) are a separate chunk loaded
 * after first paint; every event emitted before that is buffered from this call on and handed to the
 * pipeline in emit order, so nothing is lost. Leaving the page first keeps the buffer for the next page.
 */
export function startStoreAnalytics(options: StoreAnalyticsOptions = {}): Promise<AnalyticsHandle> {
  if (starting) return starting;
  const session = browserStorage('sessionStorage');
  let buffer: DomainEvent[] = readPending(session);
  const early = events$.subscribe((d) => buffer.push(d));
  // Runs after the shell's page_drop listener (registered earlier), so page_drop is kept too.
  const keep = () => {
    if (buffer.length) writePending(session, buffer);
    buffer = [];
  };
  const onShow = (e: Event) => {
    if ((e as PageTransitionEvent).persisted) buffer = [...readPending(session), ...buffer];
  };
  const w = (globalThis as { window?: Window }).window;
  const unregister = onFlush(keep);
  w?.addEventListener('pagehide', keep);
  w?.addEventListener('pageshow', onShow);
  stopEarly = () => {
    early.unsubscribe();
    unregister();
    w?.removeEventListener('pagehide', keep);
    w?.removeEventListener('pageshow', onShow);
    stopEarly = null;
  };
  const gen = ++generation;
  starting = new Promise<AnalyticsHandle>((resolve, reject) => {
    (options.schedule ?? idle)(() => {
      if (gen !== generation) return;
      import('../../../providers/index.ts')
        .then(({ startAnalytics }) => {
          if (gen !== generation) return;
          // All synchronous: the live subscription takes over exactly where the buffer ends.
          stopEarly?.();
          const handle = startAnalytics({ config: options.config });
          if (w && debugRequested(w.location.search, browserStorage('sessionStorage'))) handle.pipeline.startDebug();
          const pending = buffer;
          buffer = [];
          for (const d of pending) handle.pipeline.handle(d);
          // Leaving before the enabled adapters have loaded: what waits in the pipeline is kept for the next page.
          const keepWaiting = () => {
            const left = handle.pipeline.takeWaiting();
            if (left.length) writePending(session, left);
          };
          const unregisterWaiting = onFlush(keepWaiting);
          w?.addEventListener('pagehide', keepWaiting);
          void handle.pipeline.ready().then(() => {
            unregisterWaiting();
            w?.removeEventListener('pagehide', keepWaiting);
          });
          loaded = handle;
          // Resolved once the enabled adapters have loaded and the buffer has gone through them.
          return handle.pipeline.ready().then(() => resolve(handle));
        })
        .catch((error) => {
          console.warn('[analytics] providers failed to load', error);
          reject(error);
        });
    });
  });
  starting.catch(() => {});
  return starting;
}

/** Test hook: forgets the store start-up (buffer included) and stops the running providers. */
export function resetStoreAnalytics(): void {
  generation++;
  stopEarly?.();
  loaded?.stop();
  loaded = null;
  starting = null;
}

/** The running providers once loaded (started here or directly through providers/). */
export function loadedAnalytics(): Promise<AnalyticsHandle | null> {
  if (starting) return starting.catch(() => null);
  return import('../../../providers/index.ts').then((m) => m.analytics());
}
