/**
 * React-side wiring of the analytics core. In the browser entry (src/main.tsx):
 *
 *   startStoreAnalytics();                                   // buffers events now; providers load when idle
 *   router.subscribe(({ location }) => trackRoute(location)); trackRoute(window.location);
 *   // after every /api/ping: syncUser(sessionUser)
 *   <AnalyticsDebug />                                        // renders nothing unless debugging (lazy chunk)
 *
 * Pages never call providers: they emit events (events/index.ts).
 */
import type { SessionUser } from '../../../schemas/common.ts';
import { setPageContext, setUserContext } from '../../../events/index.ts';

export { AnalyticsDebug } from './components/AnalyticsDebug.tsx';
export { ConsentGate } from './components/ConsentGate.tsx';
export { rememberClickId, rememberPendingClickId } from './click-id.ts';
export { loadedAnalytics, PENDING_KEY, resetStoreAnalytics, type StoreAnalyticsOptions, startStoreAnalytics } from './store.ts';

/** Call on every route change (the previous URL is remembered for the login source page and payment flow). */
export function trackRoute(location: { pathname: string; search: string }): void {
  setPageContext({ url: location.pathname + location.search });
}

/** Maps the SPEC §3 session user (GET /api/ping) onto the event context; null signs the context out. */
export function syncUser(user: SessionUser | null): void {
  if (!user) {
    setUserContext({ loggedIn: false });
    return;
  }
  const [first, ...rest] = user.customer_name.split(' ');
  setUserContext({
    loggedIn: true,
    userId: user.customer_id,
    name: user.customer_name,
    firstName: user.customer_first_name || first,
    lastName: rest.join(' ') || null,
    email: user.customer_email,
    mobile: user.customer_mobile,
    lastOrder: user.last_order,
  });
}
