import fc from 'fast-check';
import type { CatalogueEvent, EventItem } from '../events/index.ts';
import { setStrictValidation } from '../events/index.ts';
import { MARKETING_PRODUCT_CAP, PIXEL_SKU_CAP } from './rules.ts';
import type { PixelPayload } from './social-pixel.ts';
import type { MarketingCall } from './marketing.ts';
import { createHarness } from '../tests/helpers/provider-harness.ts';
import { PROVIDER_IDS, type ProviderId } from './types.ts';

// Generated items: freebie lines carry a FREEBIE- SKU and variant ids ≥ 900000 so they can be found in any payload.
const price = fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null });
const itemArb = (freebie: boolean): fc.Arbitrary<EventItem> =>
  fc.record({
    variant_id: freebie ? fc.integer({ min: 900_000, max: 999_999 }) : fc.integer({ min: 1, max: 899_999 }),
    product_id: fc.integer({ min: 1, max: 100_000 }),
    sku: freebie ? fc.integer({ min: 0, max: 1e6 }).map((n) => `FREEBIE-${n}`) : fc.stringMatching(/^[A-Z]{2}-[A-Z0-9]{2,8}$/),
    name: fc.string({ minLength: 1, maxLength: 20 }),
    mrp: price,
    sale_price: price,
    quantity: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
    is_freebie: fc.constant(freebie),
  });
const anyItem = fc.oneof(itemArb(false), itemArb(true));
const lines = fc.array(anyItem, { maxLength: 30 });

const commerceEvent: fc.Arbitrary<CatalogueEvent> = fc.oneof(
  fc.record({ name: fc.constant('view_item' as const), item: anyItem }),
  fc.record({
    name: fc.constant('add_to_cart' as const),
    item: anyItem,
    origin: fc.constantFrom('pdp', 'wishlist', 'cartlist', 'orderdetail') as fc.Arbitrary<'pdp'>,
  }),
  fc.record({ name: fc.constant('remove_from_cart' as const), item: anyItem }),
  fc.record({ name: fc.constant('view_cart' as const), items: lines, value: fc.nat() }),
  fc.record({ name: fc.constant('begin_checkout' as const), items: lines, value: fc.nat() }),
  fc.record({ name: fc.constant('checkout_initiated' as const), items: lines, value: fc.nat() }),
  fc.record({ name: fc.constant('payment_initiated' as const), items: lines, value: fc.nat() }),
  fc.record({
    name: fc.constant('add_payment_info' as const),
    items: lines,
    value: fc.nat(),
    payment_method: fc.integer({ min: 0, max: 7 }),
  }),
  fc.record({ name: fc.constant('purchase' as const), order_id: fc.stringMatching(/^KS-[0-9]{3,8}$/), items: lines, value: fc.nat() }),
  fc.record({ name: fc.constant('order_placed' as const), order_id: fc.stringMatching(/^KS-[0-9]{3,8}$/), items: lines, value: fc.nat() }),
  fc.record({
    name: fc.constant('view_item_list' as const),
    list_name: fc.constantFrom('Whey', 'Sale', 'search'),
    listing: fc.constantFrom('brand', 'category', 'sale', 'search', 'shop') as fc.Arbitrary<'brand'>,
    items: lines,
    fill_items: fc.option(lines, { nil: undefined }),
    active_filters: fc.option(fc.nat(5), { nil: undefined }),
  }),
  fc.record({ name: fc.constant('select_item' as const), item: anyItem, list_name: fc.constant('search'), index: fc.nat(50) }),
  fc.record({ name: fc.constant('add_to_wishlist' as const), item: anyItem }),
);
const url = fc.constantFrom(
  '/',
  '/cart',
  '/payment',
  '/product/x/',
  '/brand/on?pn=2',
  '/sale/diwali',
  '/preview/sale/x',
  '/account/wishlist',
);

beforeEach(() => {
  setStrictValidation(true);
  // Thrown provider errors are logged by design; keep the run readable.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const isFreebieMark = (v: unknown) =>
  (typeof v === 'string' && v.startsWith('FREEBIE-')) ||
  (typeof v === 'number' && v >= 900_000 && v <= 999_999) ||
  (v === String(v) && /^9\d{5}$/.test(String(v)));

function containsFreebie(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(containsFreebie);
  if (value && typeof value === 'object')
    return Object.entries(value).some(
      ([k, v]) =>
        (['sku', 'item_id', 'id', 'variant_id', 'objectIDs', 'content_ids', 'skus'].includes(k) && containsFreebieId(v)) ||
        containsFreebie(v),
    );
  return false;
}
const containsFreebieId = (v: unknown): boolean => (Array.isArray(v) ? v.some(containsFreebieId) : isFreebieMark(v));

describe('properties', () => {
  test('no freebie line ever reaches a provider', () => {
    fc.assert(
      fc.property(commerceEvent, url, (event, page) => {
        const h = createHarness();
        try {
          h.emit(event, { url: page });
          for (const id of PROVIDER_IDS) for (const payload of h.sent(id)) expect(containsFreebie(payload)).toBe(false);
          expect(containsFreebie(h.win.dataLayer)).toBe(false);
        } finally {
          h.stop();
        }
      }),
      { numRuns: 300 },
    );
  });

  test('no provider exception escapes, whichever providers throw', () => {
    fc.assert(
      fc.property(commerceEvent, url, fc.subarray(PROVIDER_IDS as ProviderId[]), (event, page, throwIn) => {
        const h = createHarness({ throwIn });
        h.win.fbq = () => {
          throw new Error('fbq blocked');
        };
        try {
          expect(() => h.emit(event, { url: page })).not.toThrow();
          for (const id of throwIn) expect(h.sent(id)).toEqual([]);
        } finally {
          h.stop();
        }
      }),
      { numRuns: 200 },
    );
  });

  test('caps always hold: ≤ 12 SKUs at the pixel, ≤ 5 products at marketing, ≤ 200 data-layer items, ≤ 20 insight objects', () => {
    fc.assert(
      fc.property(commerceEvent, url, (event, page) => {
        const h = createHarness();
        try {
          h.emit(event, { url: page });
          for (const p of h.sent<PixelPayload>('social_pixel'))
            expect(((p.data.content_ids as string[]) ?? []).length).toBeLessThanOrEqual(PIXEL_SKU_CAP);
          for (const calls of h.sent<MarketingCall[]>('marketing'))
            for (const c of calls)
              if (c[0] === 'track_event')
                expect(((c[2] as { skus?: string[] }).skus ?? []).length).toBeLessThanOrEqual(MARKETING_PRODUCT_CAP);
          for (const push of h.win.dataLayer as { ecommerce?: { items: unknown[] } | null }[])
            if (push.ecommerce) expect(push.ecommerce.items.length).toBeLessThanOrEqual(200);
          for (const calls of h.sent<[string, { objectIDs: string[] }][]>('search_insights'))
            for (const [, p] of calls) expect(p.objectIDs.length).toBeLessThanOrEqual(20);
        } finally {
          h.stop();
        }
      }),
      { numRuns: 300 },
    );
  });

  test('local data caps always hold under any sequence of events', async () => {
    const { readOrigins } = await import('../events/origin-data.ts');
    const { readTables } = await import('../events/search-clicks.ts');
    fc.assert(
      fc.property(fc.array(commerceEvent, { maxLength: 60 }), (events) => {
        const h = createHarness();
        try {
          h.emit({
            name: 'search_query_fetched',
            search_term: 'x',
            query_id: 'q'.repeat(150),
            results: 1,
            items: events.flatMap((e) => ('item' in e ? [e.item] : [])),
          });
          for (const e of events) h.emit(e);
          expect(readOrigins(h.stores.local).length).toBeLessThanOrEqual(100);
          const t = readTables(h.stores.local);
          expect(t.queries.length).toBeLessThanOrEqual(10);
          expect(t.addedToCart.length).toBeLessThanOrEqual(10);
          for (const r of [...t.queries, ...t.addedToCart]) expect(r.queryID.length).toBeLessThanOrEqual(100);
        } finally {
          h.stop();
        }
      }),
      { numRuns: 100 },
    );
  });
});
