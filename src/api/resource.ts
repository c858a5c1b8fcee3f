import { useSyncExternalStore } from 'react';
import { messageOf } from '../../schemas/constants.ts';
import { onSeed, takeSeed, usePrefetchScope, useServerShopperAnswer } from './prefetch.ts';

// SPEC §4 data stores: every store has loading, data, error. A request sets loading; success stores data and
// clears error; failure stores error and clears data. The one shape and message rule for every feature's data:
// shared stores (createStore, the cart's) and per-page hooks (catalogue and account pages) alike.

export interface Resource<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
  /** The failed request's error object (the client's normalised shape), for a store that passes it on. */
  failure?: unknown;
}

export { messageOf };

/** SPEC §4 transitions of a resource. */
export const loadingFrom = <T, R extends Resource<T>>(state: R): R => ({ ...state, loading: true });
export const succeeded = <T>(data: T): Resource<T> => ({ loading: false, data, error: null });
export const failed = <T>(e: unknown): Resource<T> => ({ loading: false, data: null, error: messageOf(e) });

export interface Store<T> {
  /** Names the store in messages and in the answers a server render hands over (src/api/prefetch.ts). */
  readonly name: string;
  get(): Resource<T>;
  subscribe(listener: () => void): () => void;
  /** Loads, storing data or error. */
  load(): Promise<T | null>;
  /**
   * Loads for a page being shown, unless the page was just server-rendered with this store's answer: then that
   * answer is what the page shows, and nothing is fetched twice.
   */
  loadForPage(): Promise<T | null>;
  /** The request alone, storing nothing (the server render's load). */
  fetch(): Promise<T>;
  /** Re-loads after a change if anyone has used this store; a failure is only logged. */
  refresh(): Promise<void>;
  set(data: T | null): void;
  reset(): void;
}

const EMPTY: Resource<never> = { loading: false, data: null, error: null };

export function createStore<T>(name: string, fetcher: () => Promise<T>, options: { passOnFailure?: boolean } = {}): Store<T> {
  const failedWith = (e: unknown): Resource<T> => (options.passOnFailure ? { ...failed<T>(e), failure: e } : failed<T>(e));
  let state: Resource<T> = EMPTY;
  let used = false;
  let seq = 0;
  /** Holds the server's answer, until the page showing it asks or anything changes the store. */
  let seeded = false;
  const listeners = new Set<() => void>();
  const emit = (next: Resource<T>) => {
    seeded = false;
    state = next;
    for (const l of listeners) l();
  };
  const seedFrom = (seed: { value: T } | undefined) => {
    if (!seed) return;
    state = succeeded(seed.value);
    used = true;
    seeded = true;
  };
  seedFrom(takeSeed<T>(name));
  onSeed((seedName) => {
    if (seedName === name) seedFrom(takeSeed<T>(name));
  });
  const store: Store<T> = {
    name,
    get: () => state,
    fetch: fetcher,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load() {
      used = true;
      const mine = ++seq;
      emit(loadingFrom(state));
      try {
        const data = await fetcher();
        if (mine === seq) emit(succeeded(data));
        return data;
      } catch (e) {
        if (mine === seq) emit(failedWith(e));
        return null;
      }
    },
    async loadForPage() {
      if (!seeded) return store.load();
      seeded = false;
      return state.data;
    },
    async refresh() {
      if (!used && listeners.size === 0) return;
      used = true;
      const mine = ++seq;
      try {
        const data = await fetcher();
        if (mine === seq) emit(succeeded(data));
      } catch (e) {
        // SPEC §8 "cart refresh after changes failing": only logged, keeping what is shown.
        if (mine === seq && state.loading) emit({ ...state, loading: false });
        console.warn(`[cart] refreshing ${name} failed: ${messageOf(e)}`);
      }
    },
    set(data) {
      emit({ loading: false, data, error: null });
    },
    reset() {
      used = false;
      seq++;
      emit(EMPTY);
    },
  };
  return store;
}

/**
 * A store's state for a component. On the server the module's store is shared by every request, so a render reads
 * only its own answers: the shopper's data in a personal render (loaded there when `enabled`), nothing otherwise.
 */
export function useStore<T>(store: Store<T>, enabled = true): Resource<T> {
  const scope = usePrefetchScope();
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const answer = useServerShopperAnswer<T>(store.name, enabled);
  if (!scope) return state;
  return answer ? succeeded(answer.value) : EMPTY;
}
