// The one place the reporting rules that are not a provider's own run (docs/architecture.md "Reporting"):
// browser check → enrichment → event-level filters (preview, empty cart, wishlist page, freebies) →
// per provider: flags → consent → map → send, each in its own try/catch. Synchronous; nothing is kept per event
// except the ring buffer while debugging.
import type { CatalogueEvent, ConsentState, DomainEvent, EventItem, EventName } from '../events/index.ts';
import { type AnalyticsConfig, isEnabled } from './config.ts';
import { consentMissingReason, missingConsent } from './consent.ts';
import type * as Enrich from './enrich.ts';
import type { LocalStores, Provider, ProviderContext, ProviderId } from './types.ts';

/** What happened to one event at one provider, for the debug overlay. */
export interface Outcome {
  provider: ProviderId;
  payload?: unknown;
  /** Why nothing was sent (suppressed, disabled, not reported, or the error). */
  reason?: string;
}

export interface DebugRecord {
  event_id: string;
  name: string;
  at: number;
  event: CatalogueEvent;
  /** The tracking consent the event was emitted with (SPEC §4.8); null when it carried none (read as denied). */
  consent: ConsentState | null;
  /** Set when the whole event was suppressed before any provider. */
  suppressed?: string;
  outcomes: Outcome[];
}

export interface PipelineOptions {
  config: AnalyticsConfig;
  /**
   * The providers, or a promise of them while their chunks load: events handled before it settles wait in
   * emit order and go through once it does (none is lost while an adapter loads).
   */
  providers: Provider[] | Promise<Provider[]>;
  /**
   * The local-data rules (providers/enrich.ts: origins, search-click tables), or a promise of them: they run
   * only once events go to providers, so they load with the adapters instead of with the core.
   */
  enrich: Enrichment | Promise<Enrichment>;
  stores: LocalStores;
  sessionId: string;
  isBrowser?: () => boolean;
}

/** The local-data rules the pipeline applies around the providers (providers/enrich.ts). */
export type Enrichment = Pick<typeof Enrich, 'recordLocalData' | 'settleLocalData' | 'withOrigins'>;

export interface Pipeline {
  handle(d: DomainEvent): void;
  /** Starts the bounded debug ring buffer (only while debugging). */
  startDebug(size?: number): void;
  stopDebug(): void;
  debugRecords(): DebugRecord[];
  onDebugRecord(listener: (r: DebugRecord) => void): () => void;
  /** Provider exceptions caught since start. */
  errorCount(): number;
  /** Settles once the providers are loaded and every waiting event has gone through. */
  ready(): Promise<void>;
  /** Events waiting for the providers to load, taken out of the pipeline (kept by the caller for the next page). */
  takeWaiting(): DomainEvent[];
}

/** Events that /preview/ suppresses (SPEC §2). */
export const PREVIEW_SUPPRESSED: ReadonlySet<EventName> = new Set<EventName>([
  'page_view',
  'view_home_page',
  'view_sale_page',
  'select_item',
  'view_promotion',
  'view_item_list',
  'select_promotion',
]);

/** What an event without a consent stamp is read as: nothing granted. */
const DENIED: ConsentState = { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };

const hasBrowser = () => typeof window !== 'undefined' && typeof document !== 'undefined';

const zeroPriced = (item: EventItem): EventItem => ({ ...item, mrp: 0, sale_price: 0 });
const paid = (items: EventItem[]): EventItem[] => (items.some((i) => i.is_freebie) ? items.filter((i) => !i.is_freebie) : items);

/**
 * SPEC §4: freebie lines are excluded from reported items and counts, and priced 0. A freebie event reports
 * its gift priced 0; any other event loses its freebie lines, and an event about a single freebie line is dropped.
 */
export function withoutFreebies(e: CatalogueEvent): CatalogueEvent | null {
  if (e.name === 'freebie_added' || e.name === 'freebie_removed') return { ...e, item: zeroPriced(e.item) };
  if (e.name === 'freebie_list_viewed') return { ...e, items: e.items.map(zeroPriced) };
  if ('item' in e && e.item) return e.item.is_freebie ? null : e;
  if (!('items' in e) || !Array.isArray(e.items)) return e;
  const items = paid(e.items);
  const fill = 'fill_items' in e && e.fill_items ? paid(e.fill_items) : undefined;
  if (items === e.items && (!fill || fill === (e as { fill_items?: EventItem[] }).fill_items)) return e;
  const out = { ...e, items } as CatalogueEvent & { fill_items?: EventItem[] };
  if (fill) out.fill_items = fill;
  return out;
}

/** Event-level suppression (before any provider); null means the event goes on. */
function suppression(e: CatalogueEvent, d: DomainEvent): string | null {
  // SPEC §2: a /preview/ URL suppresses page-view, home-page, sale-page, select-item, view-promotion, view-item-list, select-promotion.
  if (d.ctx.preview && PREVIEW_SUPPRESSED.has(e.name)) return 'preview page';
  // SPEC §2: the wishlist page is recognised but nothing is reported for it.
  if (e.name === 'page_view' && d.ctx.page_type === 'wishlist_page') return 'wishlist page is not reported';
  // SPEC §5: a cart view is reported only when the cart has items.
  if (e.name === 'view_cart' && e.items.length === 0) return 'cart has no items';
  return null;
}

export function createPipeline(options: PipelineOptions): Pipeline {
  const { config, stores, sessionId } = options;
  const isBrowser = options.isBrowser ?? hasBrowser;
  let ring: DebugRecord[] | null = null;
  let ringSize = 0;
  let ringNext = 0;
  const listeners = new Set<(r: DebugRecord) => void>();
  let errors = 0;
  let providers: Provider[] = [];
  let local: Enrichment = options.enrich as Enrichment;
  // Non-null while the providers or the local-data rules load: the events handled meanwhile, in emit order.
  let waiting: DomainEvent[] | null = null;
  let ready: Promise<void>;
  if (Array.isArray(options.providers) && !(options.enrich instanceof Promise)) {
    providers = options.providers;
    ready = Promise.resolve();
  } else {
    waiting = [];
    ready = Promise.all([options.providers, options.enrich]).then(
      ([list, rules]) => {
        providers = list;
        local = rules;
        drain();
      },
      (error) => {
        // SPEC §8: a provider chunk that fails to load is logged; the events it held are dropped, the page goes on.
        errors++;
        console.warn('[providers] providers failed to load', error);
        waiting = null;
      },
    );
  }
  const drain = () => {
    const list = waiting ?? [];
    waiting = null;
    for (const d of list) handle(d);
  };

  const record = (r: DebugRecord) => {
    if (!ring) return;
    if (ring.length < ringSize) ring.push(r);
    else ring[ringNext] = r;
    ringNext = (ringNext + 1) % ringSize;
    for (const l of listeners) l(r);
  };

  /** Never throws: whatever fails in here is logged (SPEC §8), the page goes on. */
  function handle(d: DomainEvent): void {
    if (waiting) {
      waiting.push(d);
      return;
    }
    try {
      run(d);
    } catch (error) {
      errors++;
      console.warn(`[providers] pipeline failed on ${d.event?.name}`, error);
    }
  }

  function run(d: DomainEvent): void {
    const debug = ring !== null;
    const rec: DebugRecord | null = debug
      ? { event_id: d.id, name: d.event.name, at: d.at, event: d.event, consent: d.consent ?? null, outcomes: [] }
      : null;
    // SPEC §5: events fire only when a browser environment exists.
    if (!isBrowser()) {
      if (rec) record({ ...rec, suppressed: 'no browser environment' });
      return;
    }
    try {
      local.recordLocalData(d.event, stores, d.at);
    } catch (error) {
      console.warn('[providers] local data update failed', error);
    }
    const reason = suppression(d.event, d);
    let e: CatalogueEvent | null = null;
    if (!reason) {
      e = withoutFreebies(d.event);
      if (e && e.name === 'view_cart' && e.items.length === 0) e = null;
      if (e) e = local.withOrigins(e, stores);
    }
    if (!e) {
      if (rec) record({ ...rec, suppressed: reason ?? 'freebie line or cart without paid items' });
      return;
    }
    const consent = d.consent ?? DENIED;
    const context: ProviderContext = { event_id: d.id, at: d.at, ctx: d.ctx, session_id: sessionId, stores, consent };
    for (const p of providers) {
      if (!isEnabled(config, p.id, e.name)) {
        rec?.outcomes.push({ provider: p.id, reason: config.providers[p.id].enabled ? 'event disabled' : 'provider disabled' });
        continue;
      }
      // SPEC §4.8: a provider that needs a consent the event was not given gets nothing, not even its mapping.
      const missing = missingConsent(p.id, consent);
      if (missing.length > 0) {
        rec?.outcomes.push({ provider: p.id, reason: consentMissingReason(missing) });
        continue;
      }
      try {
        const payload = p.map(e, context);
        if (payload === null) {
          rec?.outcomes.push({ provider: p.id, reason: 'not reported by this provider' });
          continue;
        }
        rec?.outcomes.push({ provider: p.id, payload });
        p.send(payload);
      } catch (error) {
        // SPEC §8: analytics failures are logged, never shown; one provider never stops the others.
        errors++;
        console.warn(`[providers] ${p.id} failed on ${e.name}`, error);
        rec?.outcomes.push({ provider: p.id, reason: `error: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
    try {
      local.settleLocalData(e, stores);
    } catch (error) {
      console.warn('[providers] local data update failed', error);
    }
    if (rec) record(rec);
  }

  return {
    handle,
    startDebug(size = config.debugBufferSize) {
      if (ring) return;
      ring = [];
      ringSize = Math.max(1, size);
      ringNext = 0;
    },
    stopDebug() {
      ring = null;
      listeners.clear();
    },
    debugRecords() {
      if (!ring) return [];
      return ring.length < ringSize ? ring.slice() : [...ring.slice(ringNext), ...ring.slice(0, ringNext)];
    },
    onDebugRecord(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    errorCount: () => errors,
    ready: () => ready,
    takeWaiting() {
      if (!waiting) return [];
      const taken = waiting;
      waiting = [];
      return taken;
    },
  };
}
