// Test-only fakes for the provider suites (never imported by the app): an in-memory Storage, vendor globals
// that record calls, and a pipeline wired to the real bus with every provider's payload captured.
import {
  type CatalogueEvent,
  emit,
  type EventItem,
  events$,
  setPageContext,
  setStrictValidation,
  setUserContext,
  type UserInput,
} from '../../events/index.ts';
import { setConsent } from '../../events/consent-answer.ts';
import { type ConsentState, resetConsent } from '../../events/consent.ts';
import { GRANTED_ALL } from '../../schemas/consent-rules.ts';
import { affiliateProvider } from '../../providers/affiliate.ts';
import { analyticsServiceProvider } from '../../providers/analytics-service.ts';
import { type ConfigOverrides, resolveConfig } from '../../providers/config.ts';
import { dataLayerProvider } from '../../providers/data-layer.ts';
import * as enrich from '../../providers/enrich.ts';
import type { Delivery } from '../../providers/delivery.ts';
import { marketingProvider } from '../../providers/marketing.ts';
import { createPipeline } from '../../providers/pipeline.ts';
import { searchInsightsProvider } from '../../providers/search-insights.ts';
import { serverConversionsProvider } from '../../providers/server-conversions.ts';
import { socialPixelProvider } from '../../providers/social-pixel.ts';
import type { Provider, ProviderId } from '../../providers/types.ts';

export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  /** Max total characters; a write beyond it throws a QuotaExceededError like a browser. */
  quota = Number.POSITIVE_INFINITY;
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    let size = value.length;
    for (const [k, v] of this.map) if (k !== key) size += v.length;
    if (size > this.quota) {
      const error = new Error('The quota has been exceeded.');
      error.name = 'QuotaExceededError';
      throw error;
    }
    this.map.set(key, String(value));
  }
}

export const item = (over: Partial<EventItem> = {}): EventItem => ({
  variant_id: 101,
  product_id: 11,
  sku: 'ON-GSW-1KG-CH',
  name: 'Gold Standard Whey 1 kg Chocolate',
  brand: 'Optimum Nutrition',
  category: 'Whey Protein',
  cat_hierarchy: ['Sports Nutrition', 'Proteins', 'Whey Protein'],
  mrp: 349900,
  sale_price: 299900,
  quantity: 1,
  swatch: '1 kg / Chocolate',
  ...over,
});

export const freebie = (over: Partial<EventItem> = {}): EventItem =>
  item({
    variant_id: 909,
    product_id: 90,
    sku: 'FREE-SHAKER-01',
    name: 'Shaker (free)',
    mrp: 49900,
    sale_price: 49900,
    is_freebie: true,
    ...over,
  });

export interface HarnessOptions {
  config?: ConfigOverrides;
  isBrowser?: () => boolean;
  /** Makes a provider's map throw (error isolation tests). */
  throwIn?: ProviderId[];
  /**
   * The shopper's tracking consent (SPEC §4.8) the events are emitted with. The provider suites test what each
   * provider sends, so the harness grants every purpose explicitly, as a shopper's "Accept all" does; null leaves
   * the notice unanswered (every purpose denied).
   */
  consent?: ConsentState | null;
}

export function createHarness(options: HarnessOptions = {}) {
  const calls = { fbq: [] as unknown[][], moengage: [] as unknown[][], mixpanel: [] as unknown[][], aa: [] as unknown[][] };
  const win: Record<string, unknown> = {
    dataLayer: [] as unknown[],
    fbq: (...a: unknown[]) => calls.fbq.push(a),
    aa: (...a: unknown[]) => calls.aa.push(a),
    Moengage: new Proxy(
      {},
      {
        get:
          (_t, method) =>
          (...a: unknown[]) =>
            calls.moengage.push([method, ...a]),
      },
    ),
    mixpanel: new Proxy(
      {},
      {
        get:
          (_t, method) =>
          (...a: unknown[]) =>
            calls.mixpanel.push([method, ...a]),
      },
    ),
  };
  const enqueued: { url: string; body: unknown }[] = [];
  const delivery: Delivery = {
    enqueue: (url, body) => enqueued.push({ url, body }),
    flush() {},
    replay() {},
    pending: () => enqueued.length,
    stop() {},
  };
  const stores = { local: new MemoryStorage(), session: new MemoryStorage() };
  resetConsent(new MemoryStorage());
  const consent = options.consent === undefined ? GRANTED_ALL : options.consent;
  if (consent) setConsent(consent);
  const config = resolveConfig(options.config);
  const base: Provider[] = [
    dataLayerProvider(() => win),
    socialPixelProvider(() => win),
    serverConversionsProvider(delivery, config.conversionsUrl),
    affiliateProvider(delivery, config.affiliateUrl),
    marketingProvider(() => win),
    analyticsServiceProvider(() => win),
    searchInsightsProvider(config.searchIndex, () => win),
  ] as Provider[];
  const payloads: Partial<Record<ProviderId, unknown[]>> = {};
  const providers: Provider[] = base.map((p) => ({
    id: p.id,
    map: (e, c) => {
      if (options.throwIn?.includes(p.id)) throw new Error(`${p.id} exploded`);
      return p.map(e, c);
    },
    send: (payload) => {
      payloads[p.id] ??= [];
      payloads[p.id]?.push(payload);
      p.send(payload);
    },
  }));
  const pipeline = createPipeline({
    config,
    providers,
    enrich,
    stores,
    sessionId: 'session-test-0001',
    isBrowser: options.isBrowser ?? (() => true),
  });
  const subscription = events$.subscribe((d) => pipeline.handle(d));

  return {
    win,
    calls,
    enqueued,
    stores,
    pipeline,
    payloads,
    /** Payloads one provider received, in order. */
    sent: <T = unknown>(id: ProviderId) => (payloads[id] ?? []) as T[],
    /** Sets the page/user context (defaults: home page, guest) and emits through the real bus. */
    emit(
      event: CatalogueEvent,
      page: { url?: string; previousUrl?: string | null; userAgent?: string } = {},
      user: UserInput = { loggedIn: false },
    ) {
      setUserContext(user);
      setPageContext({
        url: page.url ?? '/',
        previousUrl: page.previousUrl ?? null,
        userAgent: page.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64)',
      });
      return emit(event);
    },
    clear() {
      for (const k of Object.keys(payloads)) delete payloads[k as ProviderId];
      (win.dataLayer as unknown[]).length = 0;
      for (const list of Object.values(calls)) list.length = 0;
      enqueued.length = 0;
    },
    stop: () => subscription.unsubscribe(),
  };
}

export const signedIn: UserInput = {
  loggedIn: true,
  userId: 42,
  name: 'Asha Rao',
  email: 'Asha.Rao@Example.com',
  mobile: '9876543210',
  lastOrder: '01-01-2020 10:00:00',
};

export type Harness = ReturnType<typeof createHarness>;

/**
 * A fresh harness for every test of the calling file, with strict event checks (an invalid event throws), stopped
 * after the test. The handle it returns always reaches the running test's harness.
 */
export function harnessPerTest(): Harness {
  let current: Harness | undefined;
  beforeEach(() => {
    setStrictValidation(true);
    current = createHarness();
  });
  afterEach(() => current?.stop());
  return new Proxy({} as Harness, {
    get: (_, key) => {
      if (!current) throw new Error('the harness exists only while a test runs');
      return Reflect.get(current, key);
    },
  });
}
