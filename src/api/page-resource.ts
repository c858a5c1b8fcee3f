import { useCallback, useEffect, useRef, useState } from 'react';

import { failed, loadingFrom, type Resource, succeeded } from './resource.ts';

// A page's own data that no loader renders (a signed-in shopper's: SPEC §4 loading, data, error), loaded when the
// page opens; `reload` loads it again and `set` replaces it after a change the page made.

export function useResource<T>(fetcher: () => Promise<T>, deps: unknown[] = []) {
  const [state, setState] = useState<Resource<T>>({ loading: true, data: null, error: null });
  const seq = useRef(0);
  const load = useCallback(async () => {
    const mine = ++seq.current;
    setState((s) => loadingFrom(s));
    try {
      const data = await fetcher();
      if (mine === seq.current) setState(succeeded(data));
      return data;
    } catch (e) {
      if (mine === seq.current) setState(failed<T>(e));
      return null;
    }
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when the fetcher changes.
  }, deps);
  useEffect(() => {
    void load();
  }, [load]);
  const set = useCallback((data: T) => setState(succeeded(data)), []);
  return { ...state, reload: load, set };
}
