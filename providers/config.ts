// Provider and event flags in one typed object (docs/architecture.md "Reporting"), overridable at start-up.
import type { EventName } from '../events/index.ts';
import type { ProviderId } from './types.ts';

export interface ProviderFlags {
  enabled: boolean;
  /** Per-event switches; an event not listed is enabled (SPEC §7: all enabled). */
  events?: Partial<Record<EventName, boolean>>;
}

export interface AnalyticsConfig {
  providers: Record<ProviderId, ProviderFlags>;
  /** Same-site endpoint of the server-side conversion feed. */
  conversionsUrl: string;
  /** Same-site endpoint told which order to report to the affiliate (the server builds and encrypts it). */
  affiliateUrl: string;
  /** Search-insights index (the variant index of SPEC §3). */
  searchIndex: string;
  /** Entries kept by the debug ring buffer while debugging. */
  debugBufferSize: number;
}

const on = (): ProviderFlags => ({ enabled: true });

export const defaultConfig: AnalyticsConfig = {
  providers: {
    data_layer: on(),
    social_pixel: on(),
    server_conversions: on(),
    affiliate: on(),
    marketing: on(),
    analytics_service: on(),
    search_insights: on(),
  },
  conversionsUrl: '/api/events/conversions',
  affiliateUrl: '/api/events/affiliate',
  searchIndex: 'variants',
  debugBufferSize: 200,
};

export type ConfigOverrides = Partial<Omit<AnalyticsConfig, 'providers'>> & {
  providers?: Partial<Record<ProviderId, Partial<ProviderFlags>>>;
};

/** Defaults merged with start-up overrides (one level deep for providers). */
export function resolveConfig(overrides: ConfigOverrides = {}): AnalyticsConfig {
  const providers = { ...defaultConfig.providers };
  for (const [id, flags] of Object.entries(overrides.providers ?? {}) as [ProviderId, Partial<ProviderFlags>][]) {
    providers[id] = { ...providers[id], ...flags, events: { ...providers[id].events, ...flags.events } };
  }
  return { ...defaultConfig, ...overrides, providers };
}

export const isEnabled = (config: AnalyticsConfig, id: ProviderId, name: EventName): boolean => {
  const flags = config.providers[id];
  return flags.enabled && flags.events?.[name] !== false;
};
