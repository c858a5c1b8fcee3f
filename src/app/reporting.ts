import { report } from '../../events/index.ts';
import { onConsentChange, startConsentMode } from '../../events/consent.ts';
import { browserStorage } from '../../events/storage.ts';
import { rememberClickId, rememberPendingClickId, startStoreAnalytics, trackRoute } from '../features/analytics/index.ts';
import { recordUrl } from '../features/catalogue/index.ts';

// Starts shopper-event reporting for the app shell: page context and page_view on every route change, page_drop
// when the page is left. Pages emit their own domain events (view_item, view_home_page, …).
export function startReporting(router: { subscribe(fn: (state: { location: { pathname: string; search: string } }) => void): () => void }) {
  // SPEC §4.8: Consent Mode v2's default (everything denied) is the data layer's first entry, then any remembered answer.
  startConsentMode();
  // SPEC §4.8: an ad click's `_fbc` cookie waits for ad_storage; granted on this visit, it is written then.
  onConsentChange((state) => {
    if (state.ad_storage === 'granted') rememberPendingClickId();
  });
  let shownAt = Date.now();
  let lastUrl = '';
  const onRoute = (location: { pathname: string; search: string }) => {
    const url = location.pathname + location.search;
    if (url === lastUrl) return;
    lastUrl = url;
    shownAt = Date.now();
    rememberClickId(location.search);
    trackRoute(location);
    // SPEC §3 urlHistory / currentUrlHistory, for every page of the store.
    recordUrl(browserStorage('sessionStorage'), url);
    // After the route's meta effect has set the title.
    setTimeout(() => report({ name: 'page_view', title: document.title }), 0);
  };
  // Registered before the analytics core's own pagehide flush, so page_drop leaves with that flush.
  window.addEventListener('pagehide', () => report({ name: 'page_drop', seconds_on_page: Math.round((Date.now() - shownAt) / 1000) }));
  // Buffers every event from here on; the providers chunk loads once the browser is idle after first paint.
  void startStoreAnalytics();
  router.subscribe((state) => onRoute(state.location));
  onRoute(window.location);
}
