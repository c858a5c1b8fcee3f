/**
 * Kasrat providers — start once in the browser entry: `startAnalytics()` subscribes the provider pipeline to
 * the event bus (events/index.ts), replays sends an earlier page left pending, and flushes on pagehide.
 * App code never calls providers: it emits events. Overrides (flags, endpoints) go in `startAnalytics({ config })`.
 *
 * This file is the reporting core with bus, pipeline and delivery. Each provider adapter is its own chunk,
 * imported only when its provider is enabled (docs/architecture.md "Reporting"); events wait in the pipeline, in
 * emit order, until the enabled adapters have loaded (`pipeline.ready()`; a page left meanwhile can keep them with
 * `pipeline.takeWaiting()`, as the store start-up does). The hashing library travels with the adapters that hash.
 */
import { events$ } from '../events/index.ts';
import { onFlush } from '../events/flush.ts';
import { browserStorage } from '../events/storage.ts';
import { type AnalyticsConfig, type ConfigOverrides, resolveConfig } from './config.ts';
import { createDelivery, type Delivery, type QueueStorage } from './delivery.ts';
import { createPipeline, type Pipeline } from './pipeline.ts';
import type { LocalStores, Provider, ProviderId } from './types.ts';
import { PROVIDER_IDS } from './types.ts';

export type { AnalyticsConfig, ConfigOverrides } from './config.ts';
export type { DebugRecord, Outcome, Pipeline } from './pipeline.ts';
export type { ProviderId } from './types.ts';
export { PROVIDER_IDS } from './types.ts';
export { type VendorIssue, vendorIssues } from './vendor-checks.ts';

export interface AnalyticsHandle {
  config: AnalyticsConfig;
  pipeline: Pipeline;
  delivery: Delivery;
  stop(): void;
}

export interface StartOptions {
  config?: ConfigOverrides;
  stores?: LocalStores;
  delivery?: Delivery;
  /** Replace the seven providers (tests, bench); a promise while they load. */
  providers?: (delivery: Delivery, config: AnalyticsConfig) => Provider[] | Promise<Provider[]>;
  isBrowser?: () => boolean;
}

const SESSION_KEY = 'kasrat_analytics_sid';

/** One id per browser-tab journey (sessionStorage keeps it across the payment-gateway round trip). */
export function analyticsSessionId(session: LocalStores['session']): string {
  try {
    const existing = session?.getItem(SESSION_KEY);
    if (existing) return existing;
  } catch {
    // blocked storage: a fresh id per page is the best we can do
  }
  const c = (globalThis as { crypto?: Crypto }).crypto;
  const id = c?.randomUUID ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  try {
    session?.setItem(SESSION_KEY, id);
  } catch {
    // see above
  }
  return id;
}

type AdapterLoader = (delivery: Delivery, config: AnalyticsConfig) => Promise<Provider>;

// One dynamic import per adapter: the bundler makes each its own chunk, fetched only when its provider is enabled.
const ADAPTERS: Record<ProviderId, AdapterLoader> = {
  data_layer: () => import('./data-layer.ts').then((m) => m.dataLayerProvider() as Provider),
  social_pixel: () => import('./social-pixel.ts').then((m) => m.socialPixelProvider() as Provider),
  server_conversions: (delivery, config) =>
    import('./server-conversions.ts').then((m) => m.serverConversionsProvider(delivery, config.conversionsUrl) as Provider),
  affiliate: (delivery, config) => import('./affiliate.ts').then((m) => m.affiliateProvider(delivery, config.affiliateUrl) as Provider),
  marketing: () => import('./marketing.ts').then((m) => m.marketingProvider() as Provider),
  analytics_service: () => import('./analytics-service.ts').then((m) => m.analyticsServiceProvider() as Provider),
  search_insights: (_delivery, config) =>
    import('./search-insights.ts').then((m) => m.searchInsightsProvider(config.searchIndex) as Provider),
};

/** The enabled providers, in their fixed order (PROVIDER_IDS), each adapter loaded on demand. */
export function defaultProviders(delivery: Delivery, config: AnalyticsConfig): Promise<Provider[]> {
  return Promise.all(PROVIDER_IDS.filter((id) => config.providers[id].enabled).map((id) => ADAPTERS[id](delivery, config)));
}

let current: AnalyticsHandle | null = null;

/** Starts reporting (idempotent: a second call returns the running instance). */
export function startAnalytics(options: StartOptions = {}): AnalyticsHandle {
  if (current) return current;
  const config = resolveConfig(options.config);
  const stores = options.stores ?? { local: browserStorage('localStorage'), session: browserStorage('sessionStorage') };
  const nav = (globalThis as { navigator?: Navigator }).navigator;
  const delivery =
    options.delivery ??
    createDelivery({
      storage: stores.local as QueueStorage | null,
      sendBeacon: nav?.sendBeacon ? (url, data) => nav.sendBeacon(url, data) : undefined,
    });
  const pipeline = createPipeline({
    config,
    providers: (options.providers ?? defaultProviders)(delivery, config),
    enrich: import('./enrich.ts'),
    stores,
    sessionId: analyticsSessionId(stores.session),
    isBrowser: options.isBrowser,
  });
  const subscription = events$.subscribe((d) => pipeline.handle(d));
  const flushAll = () => delivery.flush();
  const unregister = onFlush(flushAll);
  const w = (globalThis as { window?: Window }).window;
  const onHide = flushAll;
  const onVisibility = () => {
    if (w?.document?.visibilityState === 'hidden') flushAll();
  };
  w?.addEventListener('pagehide', onHide);
  w?.document?.addEventListener('visibilitychange', onVisibility);
  delivery.replay();
  current = {
    config,
    pipeline,
    delivery,
    stop() {
      subscription.unsubscribe();
      unregister();
      w?.removeEventListener('pagehide', onHide);
      w?.document?.removeEventListener('visibilitychange', onVisibility);
      delivery.stop();
      current = null;
    },
  };
  return current;
}

/** The running instance, if started. */
export const analytics = (): AnalyticsHandle | null => current;
