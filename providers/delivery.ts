// Zero-loss delivery for network-bound providers (docs/architecture.md "Reporting"): every send is written to storage
// first, posted with fetch keepalive, retried with backoff, and removed only when the server acknowledges it.
// On pagehide and before a gateway redirect pending items go out with sendBeacon; whatever was not
// acknowledged is replayed on the next load. The server deduplicates on event_id, so replays are safe.

/** Reads an answer's body to its end and forgets it. */
function drain(res: Response): void {
  if (typeof res.arrayBuffer === 'function') res.arrayBuffer().catch(() => {});
}

export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface DeliveryDeps {
  storage: QueueStorage | null;
  fetch?: typeof fetch;
  sendBeacon?: (url: string, data: Blob | string) => boolean;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Retry delay after n failed attempts (ms). */
  backoff?: (attempts: number) => number;
  /** A send that has not answered by then is aborted and retried (a hung request never blocks the queue). */
  timeoutMs?: number;
}

interface QueueItem {
  id: string;
  url: string;
  body: unknown;
  attempts: number;
  next_at: number;
}

export interface Delivery {
  /** Queues one POST of a JSON body to a same-site URL. */
  enqueue(url: string, body: unknown): void;
  /** Sends everything pending now with sendBeacon (or fetch keepalive); items stay stored until acknowledged. */
  flush(): void;
  /** Re-sends what earlier pages left in storage. */
  replay(): void;
  pending(): number;
  stop(): void;
}

export const QUEUE_PREFIX = 'kasrat_dq:';
/** Exponential backoff, 1 s doubling to at most 5 minutes. */
export const defaultBackoff = (attempts: number): number => Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));

let seq = 0;

export function createDelivery(deps: DeliveryDeps): Delivery {
  const storage = deps.storage;
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const backoff = deps.backoff ?? defaultBackoff;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const items = new Map<string, QueueItem>();
  const inflight = new Set<string>();
  let timer: unknown = null;
  let stopped = false;

  const persist = (item: QueueItem) => {
    try {
      storage?.setItem(QUEUE_PREFIX + item.id, JSON.stringify(item));
    } catch (error) {
      // Quota or blocked storage: the item still goes out from memory.
      console.warn('[providers] cannot persist a pending send', error);
    }
  };
  const forget = (item: QueueItem) => {
    items.delete(item.id);
    try {
      storage?.removeItem(QUEUE_PREFIX + item.id);
    } catch (error) {
      console.warn('[providers] cannot remove a sent item', error);
    }
  };

  const schedule = () => {
    if (stopped) return;
    if (timer !== null) clearTimer(timer);
    timer = null;
    let next = Number.POSITIVE_INFINITY;
    for (const item of items.values()) if (!inflight.has(item.id)) next = Math.min(next, item.next_at);
    if (next === Number.POSITIVE_INFINITY) return;
    timer = setTimer(
      () => {
        timer = null;
        const t = now();
        for (const item of items.values()) if (item.next_at <= t) attempt(item);
        schedule();
      },
      Math.max(0, next - now()),
    );
  };

  const failed = (item: QueueItem, reason: unknown) => {
    inflight.delete(item.id);
    if (!items.has(item.id)) return;
    item.attempts++;
    item.next_at = now() + backoff(item.attempts);
    persist(item);
    console.warn(`[providers] send to ${item.url} failed (attempt ${item.attempts}), retrying`, reason);
    schedule();
  };

  const attempt = (item: QueueItem) => {
    const doFetch = deps.fetch ?? (globalThis.fetch as typeof fetch | undefined);
    if (stopped || inflight.has(item.id) || !doFetch) return;
    inflight.add(item.id);
    const controller = typeof AbortController === 'function' ? new AbortController() : null;
    let timedOut = false;
    const timeout = setTimer(() => {
      timedOut = true;
      controller?.abort();
      failed(item, new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    let request: Promise<Response>;
    try {
      request = doFetch(item.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(item.body),
        keepalive: true,
        credentials: 'same-origin',
        signal: controller?.signal,
      });
    } catch (error) {
      clearTimer(timeout);
      failed(item, error);
      return;
    }
    request.then(
      (res) => {
        clearTimer(timeout);
        // Read the (small) answer: an unread body of an answer no cache may keep (the API's `no-store`) holds the
        // request open and its connection taken, one of the six a browser opens to this host.
        drain(res);
        if (timedOut) return;
        inflight.delete(item.id);
        // 2xx is delivered; another 4xx will never succeed (invalid payload): log and drop. 408/429/5xx retry.
        if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)) {
          if (!res.ok) console.warn(`[providers] ${item.url} rejected a send with ${res.status}; dropped`);
          forget(item);
        } else failed(item, new Error(`HTTP ${res.status}`));
      },
      (error) => {
        clearTimer(timeout);
        if (!timedOut) failed(item, error);
      },
    );
  };

  const add = (item: QueueItem) => {
    items.set(item.id, item);
    persist(item);
    attempt(item);
  };

  return {
    enqueue(url, body) {
      add({
        id: `${now().toString(36)}-${(seq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        url,
        body,
        attempts: 0,
        next_at: now(),
      });
    },
    flush() {
      for (const item of items.values()) {
        // A fetch with keepalive already in flight outlives the page; it needs no second copy.
        if (inflight.has(item.id)) continue;
        const text = JSON.stringify(item.body);
        let sent = false;
        try {
          sent = deps.sendBeacon ? deps.sendBeacon(item.url, new Blob([text], { type: 'application/json' })) : false;
        } catch (error) {
          console.warn('[providers] sendBeacon failed', error);
        }
        if (!sent) attempt(item);
      }
    },
    replay() {
      if (!storage) return;
      const found: QueueItem[] = [];
      try {
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i);
          if (!key?.startsWith(QUEUE_PREFIX) || items.has(key.slice(QUEUE_PREFIX.length))) continue;
          const item = JSON.parse(storage.getItem(key) ?? 'null') as QueueItem | null;
          if (item && typeof item.url === 'string' && typeof item.id === 'string') found.push(item);
        }
      } catch (error) {
        console.warn('[providers] cannot read pending sends', error);
      }
      for (const item of found) add({ ...item, next_at: now() });
    },
    pending: () => items.size,
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
