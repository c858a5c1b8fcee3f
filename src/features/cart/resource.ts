import { useSyncExternalStore } from 'react';

// SPEC §4 data stores: every store has loading, data, error. A request sets loading; success stores data and
// clears error; failure stores error and clears data. A refresh after a change that fails is only logged
// (SPEC §8 "cart refresh after changes failing"), keeping what is shown.

export interface Resource<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
}

export interface Store<T> {
  get(): Resource<T>;
  subscribe(listener: () => void): () => void;
  /** Loads, storing data or error. */
  load(): Promise<T | null>;
  /** Re-loads after a change if anyone has used this store; a failure is only logged. */
  refresh(): Promise<void>;
  set(data: T | null): void;
  reset(): void;
}

const messageOf = (e: unknown) => (e as { message?: string })?.message || 'Something went wrong. Please try again.';

export function createStore<T>(name: string, fetcher: () => Promise<T>): Store<T> {
  let state: Resource<T> = { loading: false, data: null, error: null };
  let used = false;
  let seq = 0;
  const listeners = new Set<() => void>();
  const emit = (next: Resource<T>) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load() {
      used = true;
      const mine = ++seq;
      emit({ ...state, loading: true });
      try {
        const data = await fetcher();
        if (mine === seq) emit({ loading: false, data, error: null });
        return data;
      } catch (e) {
        if (mine === seq) emit({ loading: false, data: null, error: messageOf(e) });
        return null;
      }
    },
    async refresh() {
      if (!used && listeners.size === 0) return;
      used = true;
      const mine = ++seq;
      try {
        const data = await fetcher();
        if (mine === seq) emit({ loading: false, data, error: null });
      } catch (e) {
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
      emit({ loading: false, data: null, error: null });
    },
  };
}

export function useStore<T>(store: Store<T>): Resource<T> {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
