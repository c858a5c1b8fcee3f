import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { PingResponse, SessionUser } from '../../schemas/common.ts';
import { get, onResponse } from './client.ts';
import { useShopperSeed } from './prefetch.ts';
import { isSessionRefreshTrigger } from './session-refresh.ts';

// SPEC §3 authentication context: isAuthenticated false and loading true until the first ping answers.
export interface AuthState {
  isAuthenticated: boolean;
  loading: boolean;
  user: SessionUser | null;
  /** Re-fetch the session (SPEC §4 triggers: sign-in, cart persistence, order confirmation, payment, …). */
  refresh(): Promise<SessionUser | null>;
}

const AuthContext = createContext<AuthState>({
  isAuthenticated: false,
  loading: true,
  user: null,
  refresh: async () => null,
});

export const useAuth = (): AuthState => useContext(AuthContext);

export const ping = () => get<typeof PingResponse>('/api/ping');

/**
 * `onUser` hears every session answer (the app hands it to reporting, which keeps the user in the event context):
 * a prop rather than an import, so this store depends on no feature.
 */
export function AuthProvider({ children, onUser }: { children: ReactNode; onUser?: (user: SessionUser | null) => void }) {
  const tell = useRef(onUser);
  tell.current = onUser;
  // A page the server rendered with the shopper's cookies (src/api/prefetch.ts) starts from its session: the
  // server's markup and the first render agree, and the first ping is not needed. A shopper page's loader loads it
  // under the same name (sessionResource, src/api/shopper-data.ts).
  const seeded = useShopperSeed<SessionUser | null>('session');
  const [user, setUser] = useState<SessionUser | null>(seeded?.value ?? null);
  const [loading, setLoading] = useState(seeded === undefined);
  const seq = useRef(0);
  const fromServer = useRef(seeded !== undefined);
  const { pathname } = useLocation();

  // `background`: the ping of a route change. Its answer re-renders every component reading the session; as a
  // transition React does that in slices instead of one long task just after a page appears. A refresh someone
  // awaits (after signing in, paying) applies at once.
  const fetchSession = useCallback(async (background: boolean) => {
    const mine = ++seq.current;
    const apply = (update: () => void) => (background ? startTransition(update) : update());
    try {
      const res = await ping();
      if (mine === seq.current) {
        apply(() => {
          setUser(res.data);
          setLoading(false);
        });
        tell.current?.(res.data);
      }
      return res.data;
    } catch {
      // SPEC §4: a failed ping leaves the user signed out.
      if (mine === seq.current) {
        apply(() => {
          setUser(null);
          setLoading(false);
        });
        tell.current?.(null);
      }
      return null;
    }
  }, []);
  const refresh = useCallback(() => fetchSession(false), [fetchSession]);

  // SPEC §4: the session is re-fetched on every route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger; user is read once, as the server rendered it.
  useEffect(() => {
    if (!fromServer.current) {
      void fetchSession(true);
      return;
    }
    fromServer.current = false;
    tell.current?.(user);
  }, [pathname, fetchSession]);

  // SPEC §4: the other re-fetch triggers (cart persistence, order confirmation, payment, email or mobile change…)
  // are recognised on the API client's answers.
  useEffect(
    () =>
      onResponse((url, data) => {
        if (isSessionRefreshTrigger(url, data)) void refresh();
      }),
    [refresh],
  );

  const value = useMemo<AuthState>(() => ({ isAuthenticated: Boolean(user), loading, user, refresh }), [user, loading, refresh]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
