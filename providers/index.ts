/**
 * Kasrat providers — start once in the browser entry: `startAnalytics()` subscribes the provider pipeline to
 * the event bus (events/index.ts), replays sends an earlier page left pending, and flushes on pagehide.
 * App code never calls providers: it emits events. Overrides (flags, endpoints) go in `startAnalytics({ config })`.
 */
import { events$ } from '../events/index.ts';
import { onFlush } from '../events/flush.ts';
import { browserStorage } from '../events/storage.ts';
import { affiliateProvider } from './affiliate.ts';
import { analyticsServiceProvider } from './analytics-service.ts';
import { type AnalyticsConfig, type ConfigOverrides, resolveConfig } from './config.ts';
import { dataLayerProvider } from './data-layer.ts';
import { createDelivery, type Delivery, type QueueStorage } from './delivery.ts';
import { marketingProvider } from './marketing.ts';
import { createPipeline, type Pipeline } from './pipeline.ts';
import { searchInsightsProvider } from './search-insights.ts';
import { serverConversionsProvider } from './server-conversions.ts';
import { socialPixelProvider } from './social-pixel.ts';
import type { LocalStores, Provider } from './types.ts';

export type { AnalyticsConfig, ConfigOverrides } from './config.ts';
export type { DebugRecord, Outcome, Pipeline } from './pipeline.ts';
export type { ProviderId } from './types.ts';
export { PROVIDER_IDS } from './types.ts';

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
  /** Replace the seven providers (tests, bench). */
  providers?: (delivery: Delivery, config: AnalyticsConfig) => Provider[];
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

export function defaultProviders(delivery: Delivery, config: AnalyticsConfig): Provider[] {
  return [
    dataLayerProvider(),
    socialPixelProvider(),
    serverConversionsProvider(delivery, config.conversionsUrl),
    affiliateProvider(delivery, config.affiliateUrl, config.affiliateKey),
    marketingProvider(),
    analyticsServiceProvider(),
    searchInsightsProvider(config.searchIndex),
  ] as Provider[];
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
    stores,
    sessionId: analyticsSessionId(stores.session),
    isBrowser: options.isBrowser,
  });
  const subscription = events$.subscribe((d) => pipeline.handle(d));
  const unregister = onFlush(() => delivery.flush());
  const w = (globalThis as { window?: Window }).window;
  const onHide = () => delivery.flush();
  const onVisibility = () => {
    if (w?.document?.visibilityState === 'hidden') delivery.flush();
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
