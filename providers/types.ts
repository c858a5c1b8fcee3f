// The one interface every provider implements (docs/architecture.md "Reporting").
import type { CatalogueEvent, ConsentState, EventContext } from '../events/index.ts';
import type { KeyValueStorage } from '../events/storage.ts';

export type ProviderId =
  | 'data_layer'
  | 'social_pixel'
  | 'server_conversions'
  | 'affiliate'
  | 'marketing'
  | 'analytics_service'
  | 'search_insights';

export const PROVIDER_IDS: ProviderId[] = [
  'data_layer',
  'social_pixel',
  'server_conversions',
  'affiliate',
  'marketing',
  'analytics_service',
  'search_insights',
];

/** Injected storages; null when blocked or absent. */
export interface LocalStores {
  local: KeyValueStorage | null;
  session: KeyValueStorage | null;
}

/** What a provider's map receives beside the event: built once per event by the pipeline. */
export interface ProviderContext {
  /** The one event_id of this domain event (the order id for purchase). */
  event_id: string;
  /** Epoch ms of the emit. */
  at: number;
  ctx: EventContext;
  /** The analytics session id (sessionStorage; survives the payment-gateway round trip in one tab). */
  session_id: string;
  stores: LocalStores;
  /** The tracking consent the event was emitted with (SPEC §4.8); the pipeline has checked what the provider needs. */
  consent: ConsentState;
}

/**
 * A provider: a pure `map` from a domain event to its own payload (null = nothing to report), and `send`,
 * the only side effect. The pipeline owns flags, preview suppression, freebie exclusion and isolation.
 */
export interface Provider<P = unknown> {
  id: ProviderId;
  map(event: CatalogueEvent, context: ProviderContext): P | null;
  send(payload: P): void;
}
