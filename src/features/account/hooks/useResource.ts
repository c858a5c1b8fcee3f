import { useCallback, useEffect, useRef, useState } from 'react';

// SPEC §4 data store: loading, data, error. A request sets loading; success stores data and clears error;
// failure stores error and clears data.
export interface Resource<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
}

const messageOf = (e: unknown) => (e as { message?: string })?.message || 'Something went wrong. Please try again.';

export function useResource<T>(fetcher: () => Promise<T>, deps: unknown[] = []) {
  const [state, setState] = useState<Resource<T>>({ loading: true, data: null, error: null });
  const seq = useRef(0);
  const load = useCallback(async () => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await fetcher();
      if (mine === seq.current) setState({ loading: false, data, error: null });
      return data;
    } catch (e) {
      if (mine === seq.current) setState({ loading: false, data: null, error: messageOf(e) });
      return null;
    }
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when the fetcher changes.
  }, deps);
  useEffect(() => {
    void load();
  }, [load]);
  const set = useCallback((data: T) => setState({ loading: false, data, error: null }), []);
  return { ...state, reload: load, set };
}

export { messageOf };
