import { z } from 'zod';
import type { AffiliateOrder } from './affiliate.ts';
import type { InsightsCall } from './search-insights.ts';
import type { PixelPayload } from './social-pixel.ts';
import type { MarketingCall } from './marketing.ts';
import type { ProviderId } from './types.ts';
import { vendorIssues } from './vendor-checks.ts';
import { freebie, harnessPerTest, item, signedIn } from '../tests/helpers/provider-harness.ts';

// One shopper journey through the real bus and pipeline, every payload checked against a schema written from its
// vendor's published format (the server feed's forwarded copy is checked in tests/api/events-meta.test.ts):
// - GA4 / GTM: https://developers.google.com/analytics/devguides/collection/ga4/reference/events (purchase,
//   add_to_cart …: currency ISO 4217, value = Σ price × quantity without shipping or tax, items with item_id or
//   item_name, item_category the first level) and GTM's ecommerce guide ({ ecommerce: null } before each push);
// - Meta Pixel: https://developers.facebook.com/docs/meta-pixel/reference (standard events, content_ids,
//   contents {id, quantity}, currency, value) and "deduplicate pixel and server events" (eventID);
// - Algolia Insights: https://www.algolia.com/doc/rest-api/insights/ (eventName ≤ 64, index, userToken
//   [a-zA-Z0-9_=/+-]{1,129}, objectIDs ≤ 20, queryID 32 hex, positions ≥ 1 with clicks after search);
// - the affiliate order: SPEC §3 (id, number, total, shipping, currency, date, customer, coupons, line_items, status).

const h = harnessPerTest();
const QUERY_ID = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

const Ga4Item = z.looseObject({
  item_id: z.string().min(1),
  item_name: z.string().min(1),
  item_category: z.string().min(1),
  price: z.number().nonnegative(),
  quantity: z.number().int().positive(),
});
const Ga4Ecommerce = z.looseObject({
  currency: z.string().regex(/^[A-Z]{3}$/),
  value: z.number().nonnegative(),
  items: z.array(Ga4Item).min(1),
});
const Ga4Purchase = Ga4Ecommerce.extend({
  transaction_id: z.string().min(1),
  shipping: z.number().nonnegative(),
  tax: z.number().nonnegative(),
});

const PixelStandard = z.object({
  method: z.literal('track'),
  name: z.enum([
    'ViewContent',
    'AddToCart',
    'AddToWishlist',
    'InitiateCheckout',
    'AddPaymentInfo',
    'Purchase',
    'Search',
    'CompleteRegistration',
  ]),
  data: z.looseObject({
    currency: z.string().regex(/^[A-Z]{3}$/),
    value: z.number().nonnegative().optional(),
    content_ids: z.array(z.string().min(1)).optional(),
    contents: z.array(z.looseObject({ id: z.string().min(1), quantity: z.number().int().positive() })).optional(),
  }),
  options: z.object({ eventID: z.string().min(1) }),
});

const InsightsEvent = z.looseObject({
  eventName: z.string().min(1).max(64),
  index: z.string().min(1),
  userToken: z.string().regex(/^[\w=/+-]{1,129}$/),
  authenticatedUserToken: z
    .string()
    .regex(/^[\w=/+-]{1,129}$/)
    .optional(),
  objectIDs: z.array(z.string().min(1)).min(1).max(20),
  queryID: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  positions: z.array(z.number().int().positive()).optional(),
});

const AffiliateSpec = z
  .object({
    id: z.string().min(1),
    number: z.string().min(1),
    total: z.number().nonnegative(),
    shipping: z.number().nonnegative(),
    currency: z.literal('INR'),
    date: z.iso.datetime(),
    customer: z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      is_new_customer: z.enum(['yes', 'no', 'NA']),
    }),
    coupons: z.array(z.string()),
    line_items: z.array(
      z.object({ name: z.string(), quantity: z.number().int().positive(), price: z.number(), sku: z.string(), product_id: z.number() }),
    ),
    status: z.literal('pending'),
  })
  .strict();

/** Search, click, cart with a free gift, sign-in, checkout and a small pay-on-delivery order with ₹50 delivery. */
function journey() {
  const whey = item({ sale_price: 30_000, mrp: 32_000 });
  // A home banner seen, with the products it leads to (GA4: view_promotion names its items).
  h.emit(
    {
      name: 'view_promotion',
      promotion: { section: 'banner_web', id: '7', name: 'Whey week', creative: '/images/banner/7.svg', position: 0 },
      items: [whey],
    },
    { url: '/' },
  );
  h.emit(
    { name: 'search_query_fetched', search_term: 'whey', query_id: QUERY_ID, results: 2, items: [whey, item({ variant_id: 102 })] },
    { url: '/search?q=whey' },
  );
  h.emit({ name: 'select_item', item: whey, list_name: 'search', index: 0 }, { url: '/search?q=whey' });
  h.emit({ name: 'view_item', item: whey }, { url: '/product/x/?pId=11&vId=101' });
  h.emit({ name: 'add_to_cart', item: whey, origin: 'pdp' }, { url: '/product/x/?pId=11&vId=101' });
  h.emit({ name: 'view_cart', items: [whey, freebie()], value: 30_000 }, { url: '/cart' });
  h.emit({ name: 'begin_checkout', items: [whey], value: 30_000 }, { url: '/cart' }, signedIn);
  h.emit({ name: 'add_shipping_info', pincode: '110001', city: 'Delhi' }, { url: '/order-confirmation' }, signedIn);
  h.emit({ name: 'add_payment_info', items: [whey], value: 30_000, payment_method: 4 }, { url: '/payment' }, signedIn);
  h.emit(
    { name: 'purchase', order_id: 'KS100321', items: [whey, freebie()], value: 35_000, shipping: 5_000, payment_method: 4 },
    { url: '/order-successfull/KS100321' },
    signedIn,
  );
}

describe('every provider’s payload on the journey conforms to its vendor’s format', () => {
  test('GA4 / GTM data layer', () => {
    journey();
    const pushes = h.win.dataLayer as Record<string, unknown>[];
    for (const [n, push] of pushes.entries()) {
      if (!('ecommerce' in push) || push.ecommerce === null) continue;
      // GTM's ecommerce guide: clear the previous ecommerce object before each one.
      expect(pushes[n - 1]).toEqual({ ecommerce: null });
      Ga4Ecommerce.parse(push.ecommerce);
    }
    // add_shipping_info is an ecommerce event too (GA4: items required).
    const shipping = pushes.findIndex((p) => p.event === 'add_shipping_info');
    expect(pushes[shipping - 1]).toEqual({ ecommerce: null });
    expect(Ga4Ecommerce.parse(pushes[shipping].ecommerce).items.map((i) => i.item_id)).toEqual(['ON-GSW-1KG-CH']);
    const purchase = Ga4Purchase.parse(pushes.find((p) => p.event === 'purchase')?.ecommerce);
    const worth = purchase.items.reduce((s, i) => s + i.price * i.quantity, 0);
    expect(purchase).toMatchObject({ transaction_id: 'KS100321', value: worth, shipping: 50, currency: 'INR' });
    expect(purchase.items.map((i) => i.item_id)).toEqual(['ON-GSW-1KG-CH']);
    expect(purchase.items[0].item_category).toBe('Sports Nutrition');
  });

  test('Meta Pixel: standard events, the purchase with SKUs and the order id as eventID', () => {
    journey();
    const standard = h.sent<PixelPayload>('social_pixel').filter((p) => p.method === 'track');
    for (const p of standard) PixelStandard.parse(p);
    const purchase = standard.find((p) => p.name === 'Purchase');
    expect(purchase).toMatchObject({ options: { eventID: 'KS100321' }, data: { content_ids: ['ON-GSW-1KG-CH'], value: 350 } });
  });

  test('Algolia Insights: every event valid, the chain from search to purchase under one user token', () => {
    journey();
    const calls = h.sent<InsightsCall[]>('search_insights').flat();
    for (const [, payload] of calls) InsightsEvent.parse(payload);
    expect(calls.map((c) => c[0])).toContain('purchasedObjectIDsAfterSearch');
    expect(new Set(calls.map(([, p]) => p.userToken)).size).toBe(1);
  });

  test('the affiliate order has exactly the SPEC §3 fields; the page sends only its id', () => {
    journey();
    const [order] = h.sent<AffiliateOrder>('affiliate');
    AffiliateSpec.parse(order);
    expect(order.line_items.map((l) => l.sku)).toEqual(['ON-GSW-1KG-CH']);
    expect(h.enqueued.filter((e) => e.url === '/api/events/affiliate').map((e) => e.body)).toEqual([{ order_id: 'KS100321' }]);
  });

  test('one purchase: the same order id and product ids everywhere', () => {
    journey();
    const ga4 = (h.win.dataLayer as Array<{ event?: string; ecommerce?: { transaction_id: string; items: { item_id: string }[] } }>).find(
      (p) => p.event === 'purchase',
    );
    const pixel = h.sent<PixelPayload>('social_pixel').find((p) => p.name === 'Purchase');
    const feed = h
      .sent<{ event_name: string; event_id: string; custom_data: { content_ids: string[] } }>('server_conversions')
      .find((p) => p.event_name === 'Purchase');
    const [affiliate] = h.sent<AffiliateOrder>('affiliate');
    expect(ga4?.ecommerce?.transaction_id).toBe('KS100321');
    expect(pixel?.options.eventID).toBe('KS100321');
    expect(feed?.event_id).toBe('KS100321');
    expect(affiliate.id).toBe('KS100321');
    const skus = ['ON-GSW-1KG-CH'];
    expect(ga4?.ecommerce?.items.map((i) => i.item_id)).toEqual(skus);
    expect(pixel?.data.content_ids).toEqual(skus);
    expect(feed?.custom_data.content_ids).toEqual(skus);
    expect(affiliate.line_items.map((l) => l.sku)).toEqual(skus);
    // Marketing and search insights get the same purchase: the order id and SKUs (marketing), the search index's
    // record ids for the SKUs' variants (search insights: Algolia's objectIDs, docs/decisions/016).
    const marketing = h
      .sent<MarketingCall[]>('marketing')
      .flat()
      .find((c) => c[0] === 'track_event' && c[1] === 'purchase');
    const mAttrs = marketing?.[2] as { order_id?: string; skus?: string[]; value?: number } | undefined;
    expect(mAttrs).toMatchObject({ order_id: 'KS100321', skus });
    const insights = h
      .sent<InsightsCall[]>('search_insights')
      .flat()
      .find((c) => c[0] === 'purchasedObjectIDsAfterSearch')?.[1] as
      | { objectIDs: string[]; objectData: Array<{ price: number; quantity: number }> }
      | undefined;
    expect(insights?.objectIDs).toEqual(['101']);
    // One value: ₹350 paid (₹300 of goods, ₹50 delivery). GA4 reports it as value without shipping plus shipping
    // (its purchase rule, docs/decisions/016), search insights as the goods' prices (Algolia's objectData);
    // everyone else reports the ₹350.
    const ga4Purchase = ga4?.ecommerce as unknown as { value: number; shipping: number };
    expect(ga4Purchase.value + ga4Purchase.shipping).toBe(350);
    expect(pixel?.data.value).toBe(350);
    expect((feed?.custom_data as { value?: number } | undefined)?.value).toBe(350);
    expect(affiliate.total).toBe(350);
    expect(mAttrs?.value).toBe(350);
    expect(insights?.objectData.reduce((sum, o) => sum + o.price * o.quantity, 0)).toBe(ga4Purchase.value);
  });

  test('the debug overlay’s checks find nothing on the journey, and name the field and rule of a bad payload', () => {
    journey();
    for (const [id, sent] of Object.entries(h.payloads)) for (const p of sent ?? []) expect(vendorIssues(id as ProviderId, p)).toEqual([]);
    expect(
      vendorIssues('search_insights', [
        [
          'clickedObjectIDsAfterSearch',
          { eventName: 'Product Clicked', index: 'variants', userToken: 'a b', objectIDs: ['1'], queryID: 'q_1' },
        ],
      ]),
    ).toEqual([
      { field: '[0].userToken', rule: '1–129 of [a-zA-Z0-9_=/+-]' },
      { field: '[0].queryID', rule: "the search's 32-hex query id" },
    ]);
    expect(
      vendorIssues('data_layer', [
        {
          event: 'purchase',
          ecommerce: { currency: 'INR', value: 350, transaction_id: 'KS1', items: [{ item_id: 'A', price: 300, quantity: 1 }] },
        },
      ]),
    ).toEqual([{ field: 'ecommerce.value', rule: 'Σ price × quantity, without shipping or tax' }]);
  });
});
