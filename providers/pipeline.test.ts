import type { CatalogueEvent } from '../events/index.ts';
import type { PixelPayload } from './social-pixel.ts';
import type { ConversionEvent } from '../schemas/events.ts';
import { createHarness, freebie, type Harness, harnessPerTest, item, signedIn } from '../tests/helpers/provider-harness.ts';
import { PROVIDER_IDS, type ProviderId } from './types.ts';

const h = harnessPerTest();

const receivedBy = (harness: Harness): ProviderId[] => PROVIDER_IDS.filter((id) => harness.sent(id).length > 0);
const dataLayer = (harness: Harness) => harness.win.dataLayer as Record<string, unknown>[];

describe('preview suppression (SPEC §2)', () => {
  const suppressed: CatalogueEvent[] = [
    { name: 'page_view' },
    { name: 'view_home_page' },
    { name: 'view_sale_page', slug: 'diwali' },
    { name: 'select_item', item: item(), list_name: 'Deals', index: 0 },
    { name: 'view_promotion', promotion: { section: 'banner_web', id: 'b1' } },
    { name: 'view_item_list', list_name: 'Deals', listing: 'sale', items: [item()] },
    { name: 'select_promotion', promotion: { section: 'carousel_mobile', id: 'c1' } },
  ];
  test.each(suppressed.map((e) => [e.name, e] as const))('%s is suppressed on a /preview/ URL', (_n, event) => {
    h.emit(event, { url: '/preview/sale/diwali' });
    expect(receivedBy(h)).toEqual([]);
    expect(dataLayer(h)).toEqual([]);
  });
  test.each(suppressed.map((e) => [e.name, e] as const))('%s is reported outside preview', (_n, event) => {
    h.emit(event, { url: '/sale/diwali' });
    expect(h.sent('data_layer')).toHaveLength(1);
  });
  test('events outside the suppression list are still reported on a preview page', () => {
    h.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' }, { url: '/preview/sale/diwali' });
    expect(receivedBy(h)).toContain('data_layer');
    expect(receivedBy(h)).toContain('social_pixel');
  });
});

describe('event-level rules', () => {
  test('cart view only with items: an empty cart reports nothing', () => {
    h.emit({ name: 'view_cart', items: [], value: 0 }, { url: '/cart' });
    expect(receivedBy(h)).toEqual([]);
  });
  test('cart view only with items: a cart holding only freebies reports nothing', () => {
    h.emit({ name: 'view_cart', items: [freebie()], value: 0 }, { url: '/cart' });
    expect(receivedBy(h)).toEqual([]);
  });
  test('cart view with items is reported as funnel step 1', () => {
    h.emit({ name: 'view_cart', items: [item()], value: 299900 }, { url: '/cart' });
    expect(dataLayer(h)[1]).toMatchObject({ event: 'view_cart', checkout_step: 1, page: 'cart_page' });
    expect(h.sent<ConversionEvent>('server_conversions')[0]).toMatchObject({ event_name: 'ViewCart', custom_data: { funnel_step: 1 } });
  });
  test('wishlist page is recognised and its page view reported nowhere', () => {
    h.emit({ name: 'page_view' }, { url: '/account/wishlist' });
    expect(receivedBy(h)).toEqual([]);
  });
  test('an add to cart from the wishlist page is still reported, with origin wishlist', () => {
    h.emit({ name: 'add_to_cart', item: item(), origin: 'wishlist' }, { url: '/account/wishlist' });
    expect(dataLayer(h)[1]).toMatchObject({ event: 'add_to_cart', origin: 'wishlist', page: 'wishlist_page' });
  });
  test('nothing fires without a browser environment', () => {
    const headless = createHarness({ isBrowser: () => false });
    headless.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' });
    expect(receivedBy(headless)).toEqual([]);
    headless.stop();
  });
});

describe('freebie exclusion (SPEC §4)', () => {
  test('freebie lines are excluded from items and counts at every provider', () => {
    h.emit({ name: 'begin_checkout', items: [item({ quantity: 2 }), freebie()], value: 599800 }, { url: '/cart' }, signedIn);
    const push = dataLayer(h)[1] as { ecommerce: { items: { item_id: string }[] } };
    expect(push.ecommerce.items.map((i) => i.item_id)).toEqual(['ON-GSW-1KG-CH']);
    const pixel = h.sent<PixelPayload>('social_pixel')[0];
    expect(pixel.data).toMatchObject({ content_ids: ['ON-GSW-1KG-CH'], num_items: 2 });
    const feed = h.sent<ConversionEvent>('server_conversions')[0];
    expect(feed.custom_data).toMatchObject({ content_ids: ['ON-GSW-1KG-CH'], num_items: 2 });
    expect(JSON.stringify(h.payloads)).not.toContain('FREE-SHAKER-01');
  });
  test('adding a freebie line to the cart is not reported as an add to cart', () => {
    h.emit({ name: 'add_to_cart', item: freebie(), origin: 'cartlist' });
    expect(receivedBy(h)).toEqual([]);
  });
  test('freebie events report the gift priced 0', () => {
    h.emit({ name: 'freebie_added', item: freebie(), cart_id: 'c1' }, { url: '/cart' });
    const push = dataLayer(h)[0];
    expect(push).toMatchObject({ event: 'freebie_added', category: 'freebie', value: 0, label: 'Shaker (free)' });
    const mo = h.calls.moengage.find((c) => c[0] === 'track_event') as [string, string, Record<string, unknown>];
    expect(mo[2].prices).toEqual([0]);
  });
});

describe('flags (providers/config.ts)', () => {
  test('a disabled provider receives nothing, the others still do', () => {
    const off = createHarness({ config: { providers: { social_pixel: { enabled: false } } } });
    off.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' });
    expect(off.sent('social_pixel')).toEqual([]);
    expect(off.calls.fbq).toEqual([]);
    expect(off.sent('data_layer')).toHaveLength(1);
    off.stop();
  });
  test('a disabled event is skipped for that provider only', () => {
    const off = createHarness({ config: { providers: { data_layer: { events: { add_to_cart: false } } } } });
    off.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' });
    off.emit({ name: 'view_item', item: item() });
    expect((off.win.dataLayer as { event?: string }[]).map((p) => p.event).filter(Boolean)).toEqual(['view_item']);
    expect(off.sent('social_pixel')).toHaveLength(2);
    off.stop();
  });
});

describe('error isolation and vendor globals', () => {
  test('a provider that throws never stops the others or reaches the caller', () => {
    const bad = createHarness({ throwIn: ['data_layer', 'marketing'] });
    expect(() => bad.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' })).not.toThrow();
    expect(bad.sent('social_pixel')).toHaveLength(1);
    expect(bad.sent('search_insights')).toHaveLength(1);
    expect(bad.pipeline.errorCount()).toBe(2);
    bad.stop();
  });
  test('a missing fbq / dataLayer / Moengage / mixpanel / aa never throws', () => {
    for (const key of ['fbq', 'dataLayer', 'Moengage', 'mixpanel', 'aa']) delete h.win[key];
    expect(() => h.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' })).not.toThrow();
    expect(h.pipeline.errorCount()).toBe(0);
    // The data layer is created on demand, as the GTM snippet does.
    expect(dataLayer(h)).toHaveLength(2);
  });
  test('the pipeline itself never throws, even on a broken envelope', () => {
    const broken = { id: 'x', at: 0, event: { name: 'view_cart', items: null }, ctx: null } as never;
    expect(() => h.pipeline.handle(broken)).not.toThrow();
    expect(h.pipeline.errorCount()).toBe(1);
  });
  test('a throwing fbq (blocked pixel) is contained', () => {
    h.win.fbq = () => {
      throw new Error('blocked by client');
    };
    expect(() => h.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' })).not.toThrow();
    expect(h.sent('analytics_service')).toHaveLength(1);
    expect(h.pipeline.errorCount()).toBe(1);
  });
  test('a dataLayer whose push throws (broken GTM) is contained', () => {
    h.win.dataLayer = Object.assign([], {
      push() {
        throw new Error('gtm broke');
      },
    });
    expect(() => h.emit({ name: 'view_item', item: item() })).not.toThrow();
    expect(h.calls.fbq).toHaveLength(1);
  });
});

describe('protocol details', () => {
  test('one event_id per domain event, the same in the data layer, the pixel eventID and the server-side feed', () => {
    const id = h.emit({ name: 'begin_checkout', items: [item()], value: 299900 }, { url: '/cart' }, signedIn);
    expect(dataLayer(h)[1].event_id).toBe(id);
    expect(h.calls.fbq[0][3]).toEqual({ eventID: id });
    expect(h.sent<ConversionEvent>('server_conversions')[0].event_id).toBe(id);
  });
  test('a purchase uses the order id as event_id everywhere', () => {
    h.emit(
      { name: 'purchase', order_id: 'KS-77001', items: [item()], value: 299900, payment_method: 1 },
      { url: '/order-successfull/KS-77001' },
      signedIn,
    );
    expect(dataLayer(h)[1].event_id).toBe('KS-77001');
    expect(h.calls.fbq[0]).toEqual(['track', 'Purchase', expect.objectContaining({ order_id: 'KS-77001' }), { eventID: 'KS-77001' }]);
    expect(h.sent<ConversionEvent>('server_conversions')[0]).toMatchObject({ event_id: 'KS-77001', event_name: 'Purchase' });
  });
  test('{ecommerce: null} is pushed before each ecommerce push, and only then', () => {
    h.emit({ name: 'view_item', item: item() });
    h.emit({ name: 'search', search_term: 'whey' });
    h.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' });
    expect(dataLayer(h).map((p) => ('event' in p ? p.event : p))).toEqual([
      { ecommerce: null },
      'view_item',
      'search',
      { ecommerce: null },
      'add_to_cart',
    ]);
  });
});

describe('debug ring buffer', () => {
  test('nothing is kept per event unless debugging', () => {
    h.emit({ name: 'page_view' });
    expect(h.pipeline.debugRecords()).toEqual([]);
  });
  test('while debugging it keeps the newest entries only, with payloads and suppression reasons', () => {
    h.pipeline.startDebug(3);
    h.emit({ name: 'page_view' }, { url: '/preview/home' });
    for (let i = 0; i < 4; i++) h.emit({ name: 'search', search_term: `term ${i}` });
    h.emit({ name: 'view_cart', items: [], value: 0 });
    const records = h.pipeline.debugRecords();
    expect(records.map((r) => r.name)).toEqual(['search', 'search', 'view_cart']);
    expect(records[2].suppressed).toBe('cart has no items');
    expect(records[1].outcomes.find((o) => o.provider === 'data_layer')?.payload).toBeTruthy();
    expect(records[1].outcomes.find((o) => o.provider === 'affiliate')?.reason).toBe('not reported by this provider');
    h.pipeline.stopDebug();
    expect(h.pipeline.debugRecords()).toEqual([]);
  });
  test('debug records name the preview reason', () => {
    h.pipeline.startDebug(5);
    h.emit({ name: 'page_view' }, { url: '/preview/home' });
    expect(h.pipeline.debugRecords()[0].suppressed).toBe('preview page');
  });
});
