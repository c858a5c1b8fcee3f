import { useSyncExternalStore } from 'react';
import { GENERIC_ERROR } from '../../schemas/constants.ts';

// SPEC §4 data stores: every store has loading, data, error. A request sets loading; success stores data and
// clears error; failure stores error and clears data. The one shape and message rule for every feature's data:
// shared stores (createStore, the cart's) and per-page hooks (catalogue and account pages) alike.

export interface Resource<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
}

/** The message a failed load shows: the server's (already normalised by the API client), or the generic one. */
export const messageOf = (e: unknown): string => (e as { message?: string })?.message || GENERIC_ERROR;

/** SPEC §4 transitions of a resource. */
export const loadingFrom = <T, R extends Resource<T>>(state: R): R => ({ ...state, loading: true });
export const succeeded = <T>(data: T): Resource<T> => ({ loading: false, data, error: null });
export const failed = <T>(e: unknown): Resource<T> => ({ loading: false, data: null, error: messageOf(e) });

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
      emit(loadingFrom(state));
      try {
        const data = await fetcher();
        if (mine === seq) emit(succeeded(data));
        return data;
      } catch (e) {
        if (mine === seq) emit(failed(e));
        return null;
      }
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
      emit({ loading: false, data: null, error: null });
    },
  };
}

export function useStore<T>(store: Store<T>): Resource<T> {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
