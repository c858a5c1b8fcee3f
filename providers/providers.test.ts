import { createHash } from 'node:crypto';
import { readOrigins } from '../events/origin-data.ts';
import { readTables } from '../events/search-clicks.ts';
import { ConversionEvent } from '../schemas/events.ts';
import type { AffiliateOrder } from './affiliate.ts';
import { resolveConfig } from './config.ts';
import type { PixelPayload } from './social-pixel.ts';
import { freebie, harnessPerTest, item, signedIn } from '../tests/helpers/provider-harness.ts';

const h = harnessPerTest();

const pushes = () => h.win.dataLayer as Record<string, unknown>[];
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const items = (n: number) => Array.from({ length: n }, (_, i) => item({ variant_id: 500 + i, sku: `SKU-${i}-XX`, name: `Product ${i}` }));

describe('data layer', () => {
  test('every push carries the SPEC §7 fields, missing values NA', () => {
    const id = h.emit({ name: 'page_drop' }, { url: '/about' });
    expect(pushes()[0]).toEqual({
      event: 'page_drop',
      page: 'other_page',
      url: '/about',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      category: 'engagement',
      label: 'NA',
      value: 'NA',
      action: 'page_drop',
      event_id: id,
      login_status: 'non_logged_in',
      user_id: 'NA',
      source: 'web',
      new_customer: 'NA',
    });
  });
  test('GA4 ecommerce object: INR, rupees, discount, categories, parent SKU, NA for missing brand', () => {
    h.emit(
      { name: 'add_to_cart', item: item({ brand: undefined, quantity: 2 }), origin: 'pdp' },
      { url: '/product/x/?pId=11&vId=101' },
      signedIn,
    );
    expect(pushes()[1]).toMatchObject({
      event: 'add_to_cart',
      category: 'ecommerce',
      value: 5998,
      origin: 'pdp',
      user_id: '42',
      login_status: 'logged_in',
      new_customer: 'yes',
      ecommerce: {
        currency: 'INR',
        value: 5998,
        items: [
          {
            item_id: 'ON-GSW-1KG-CH',
            item_name: 'Gold Standard Whey 1 kg Chocolate',
            item_brand: 'NA',
            item_category: 'Sports Nutrition',
            item_category2: 'Proteins',
            item_category3: 'Whey Protein',
            item_variant: '1 kg / Chocolate',
            price: 2999,
            discount: 500,
            quantity: 2,
            parent_sku: 'ON-GSW-1KG-PA',
          },
        ],
      },
    });
  });
  test('discount is 0 when a price is not known', () => {
    h.emit({ name: 'view_item', item: item({ mrp: null }) });
    expect((pushes()[1].ecommerce as { items: { discount: number; price: number }[] }).items[0]).toMatchObject({
      discount: 0,
      price: 2999,
    });
  });
  test('purchase: transaction id, tax 0, shipping 50 under ₹350 else 0, payment type from code', () => {
    h.emit({
      name: 'purchase',
      order_id: 'KS-1',
      items: [item({ sale_price: 29900, mrp: 29900 })],
      value: 29900,
      payment_method: 4,
      coupon_code: 'FIT10',
    });
    expect(pushes()[1].ecommerce).toMatchObject({
      transaction_id: 'KS-1',
      tax: 0,
      shipping: 50,
      value: 299,
      payment_type: 'Pay on delivery',
      coupon: 'FIT10',
    });
    h.clear();
    h.emit({ name: 'purchase', order_id: 'KS-2', items: [item()], value: 299900, payment_method: 9 });
    expect(pushes()[1].ecommerce).toMatchObject({ shipping: 0, payment_type: 'NA', coupon: 'NA' });
  });
  test('purchase: GA4 value is the items without the ₹50 delivery charged; shipping reports it', () => {
    // GA4 events reference, purchase: "Set value to the sum of (price * quantity) … Don't include shipping or tax."
    h.emit({
      name: 'purchase',
      order_id: 'KS-3',
      items: [item({ sale_price: 30000, mrp: 30000 })],
      value: 35000,
      shipping: 5000,
      payment_method: 4,
    });
    expect(pushes()[1].ecommerce).toMatchObject({ transaction_id: 'KS-3', value: 300, shipping: 50, tax: 0 });
    // The SPEC §7 `value` field of the push keeps the order total.
    expect(pushes()[1].value).toBe(350);
  });
  test('funnel steps 1–5 and the payment flow', () => {
    const base = { items: [item()], value: 299900 };
    h.emit({ name: 'view_cart', ...base });
    h.emit({ name: 'begin_checkout', ...base });
    h.emit({ name: 'checkout_initiated', ...base }, { url: '/order-confirmation' });
    h.emit({ name: 'payment_initiated', ...base }, { url: '/payment', previousUrl: '/order-confirmation' });
    h.emit({ name: 'add_payment_info', ...base, payment_method: 1 }, { url: '/payment' });
    h.emit({ name: 'payment_initiated', ...base }, { url: '/retry-payment', previousUrl: '/order-failed/KS-3' });
    const steps = pushes().filter((p) => p.event);
    expect(steps.map((p) => p.checkout_step)).toEqual([1, 2, 3, 4, 5, 4]);
    expect(steps.map((p) => p.payment_flow)).toEqual([undefined, undefined, undefined, 'direct', undefined, 'otherwise']);
    expect(steps[4].ecommerce).toMatchObject({ payment_type: 'UPI' });
  });
  test('items keep the list they were found in (product_origin_data), forgotten once ordered', () => {
    h.emit({ name: 'select_item', item: item(), list_name: 'Bestsellers', index: 3 }, { url: '/bestseller/sports-nutrition/' });
    h.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' }, { url: '/product/x/' });
    expect((pushes().at(-1)!.ecommerce as { items: object[] }).items[0]).toMatchObject({ item_list_name: 'Bestsellers', index: 3 });
    expect(readOrigins(h.stores.local).map((e) => e.key)).toEqual(['101']);
    h.emit({ name: 'order_placed', order_id: 'KS-9', items: [item()], value: 299900 });
    expect(readOrigins(h.stores.local)).toEqual([]);
  });
});

describe('social ad pixel', () => {
  const pixel = () => h.sent<PixelPayload>('social_pixel');
  test.each([
    [{ name: 'view_item', item: item() }, 'track', 'ViewContent'],
    [{ name: 'add_to_cart', item: item(), origin: 'pdp' }, 'track', 'AddToCart'],
    [{ name: 'add_to_wishlist', item: item() }, 'track', 'AddToWishlist'],
    [{ name: 'begin_checkout', items: [item()], value: 1 }, 'track', 'InitiateCheckout'],
    [{ name: 'add_payment_info', items: [item()], value: 1, payment_method: 2 }, 'track', 'AddPaymentInfo'],
    [{ name: 'purchase', order_id: 'KS-5', items: [item()], value: 1 }, 'track', 'Purchase'],
    [{ name: 'user_register', method: 'otp', identifier_type: 'phone', opt_in: true }, 'track', 'CompleteRegistration'],
    [{ name: 'user_login', method: 'password', identifier_type: 'email' }, 'trackCustom', 'LoginComplete'],
    [{ name: 'search', search_term: 'creatine' }, 'track', 'Search'],
    [{ name: 'view_cart', items: [item()], value: 1 }, 'trackCustom', 'ViewCart'],
    [{ name: 'coupon_applied', coupon_code: 'FIT10', discount: 10000, success: true }, 'trackCustom', 'CouponApplied'],
    [{ name: 'checkout_initiated', items: [item()], value: 1 }, 'trackCustom', 'OrderConfirmation'],
    [{ name: 'add_shipping_info', city: 'Delhi' }, 'trackCustom', 'AddedDeliveryDetails'],
    [{ name: 'view_item_list', list_name: 'Whey', listing: 'category', items: [item()] }, 'trackCustom', 'CategoryViewDefault'],
    [
      { name: 'view_item_list', list_name: 'Whey', listing: 'category', items: [item()], active_filters: 1 },
      'trackCustom',
      'CategoryViewFiltered',
    ],
    [{ name: 'view_item_list', list_name: 'ON', listing: 'brand', items: [item()] }, 'trackCustom', 'BrandViewDefault'],
    [
      { name: 'view_item_list', list_name: 'ON', listing: 'brand', items: [item()], active_price: true },
      'trackCustom',
      'BrandViewFiltered',
    ],
  ] as const)('%j → fbq(%s, %s)', (event, method, name) => {
    h.emit(event as never, { url: '/x' });
    expect(pixel()).toHaveLength(1);
    expect(pixel()[0]).toMatchObject({ method, name });
  });
  test('a listing is filtered when sortby / pn is in the URL', () => {
    h.emit({ name: 'view_item_list', list_name: 'Whey', listing: 'category', items: [item()] }, { url: '/product-category/whey?pn=2' });
    expect(pixel()[0].name).toBe('CategoryViewFiltered');
  });
  test('a failed coupon and other listings are not pixel events', () => {
    h.emit({ name: 'coupon_applied', coupon_code: 'NOPE', discount: 0, success: false });
    h.emit({ name: 'view_item_list', list_name: 'Search', listing: 'search', items: [item()] });
    expect(pixel()).toEqual([]);
  });
  test('listing views send at most the first 12 SKUs', () => {
    h.emit({ name: 'view_item_list', list_name: 'Whey', listing: 'category', items: items(20) });
    expect((pixel()[0].data.content_ids as string[]).length).toBe(12);
    expect((pixel()[0].data.content_ids as string[])[11]).toBe('SKU-11-XX');
  });
  test('payload: contents, value in rupees, INR, payment method name', () => {
    h.emit({ name: 'add_payment_info', items: [item({ quantity: 3 })], value: 899700, payment_method: 3 });
    expect(pixel()[0].data).toEqual({
      content_ids: ['ON-GSW-1KG-CH'],
      contents: [{ id: 'ON-GSW-1KG-CH', quantity: 3, item_price: 2999 }],
      content_type: 'product',
      num_items: 3,
      value: 8997,
      currency: 'INR',
      payment_method: 'Net Banking',
    });
  });
});

describe('server-side conversions', () => {
  const feed = () => h.sent<ConversionEvent>('server_conversions');
  test('InitiateCheckout: event_time in seconds, action_source website, user data, custom data', () => {
    const id = h.emit(
      { name: 'begin_checkout', items: [item({ quantity: 2 })], value: 599800 },
      { url: '/cart', userAgent: 'Foo Mobile' },
      signedIn,
    );
    const e = feed()[0];
    expect(e).toEqual({
      event_name: 'InitiateCheckout',
      event_time: expect.any(Number),
      event_id: id,
      action_source: 'website',
      event_source_url: '/cart',
      session_id: 'session-test-0001',
      user_data: { email: sha('asha.rao@example.com'), phone: sha('919876543210'), external_id: sha('42') },
      custom_data: {
        currency: 'INR',
        value: 5998,
        contents: [{ id: 'ON-GSW-1KG-CH', quantity: 2, item_price: 2999 }],
        content_type: 'product',
        num_items: 2,
        content_ids: ['ON-GSW-1KG-CH'],
        evt_src: 'mobile-web',
        funnel_step: 2,
      },
      // The harness grants every purpose (SPEC §4.8): the consent travels with the event to the server.
      consent: { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
    });
    expect(Math.abs(e.event_time - Date.now() / 1000)).toBeLessThan(5);
    expect(Number.isInteger(e.event_time)).toBe(true);
    expect(h.enqueued[0]).toEqual({ url: '/api/events/conversions', body: e });
  });
  test('user data is hashed in the browser: no clear email or phone in the queued payload', () => {
    h.emit({
      name: 'purchase',
      order_id: 'KS-P1',
      items: [item()],
      value: 299900,
      customer_email: 'Other@Example.com',
      customer_mobile: '98765 43211',
    });
    const body = JSON.stringify(h.enqueued);
    expect(body).not.toMatch(/example\.com|98765/i);
    expect(feed()[0].user_data).toEqual({ email: sha('other@example.com'), phone: sha('919876543211') });
  });
  test('AddPaymentInfo carries payment fields; a guest sends no user data', () => {
    h.emit({ name: 'add_payment_info', items: [item()], value: 299900, payment_method: 4 });
    expect(feed()[0]).toMatchObject({
      event_name: 'AddPaymentInfo',
      user_data: {},
      custom_data: { payment_method: 'Pay on delivery', payment_mode: 'COD', funnel_step: 5 },
    });
  });
  test('contract: every payload the browser queues is accepted by the feed schema', () => {
    const base = { items: [item(), item({ variant_id: 7, sku: 'X-7' })], value: 599800 };
    h.emit({ name: 'view_cart', ...base }, { url: '/cart' }, signedIn);
    h.emit({ name: 'begin_checkout', ...base }, { url: '/cart' }, signedIn);
    h.emit({ name: 'checkout_initiated', ...base }, { url: '/order-confirmation' }, signedIn);
    h.emit({ name: 'payment_initiated', ...base }, { url: '/payment', previousUrl: '/order-confirmation' }, signedIn);
    h.emit({ name: 'add_payment_info', ...base, payment_method: 6 }, { url: '/payment' }, signedIn);
    h.emit(
      { name: 'purchase', order_id: 'KS-C1', ...base, customer_email: 'x@y.in', customer_mobile: '+91 98765 43210' },
      {},
      { loggedIn: false },
    );
    expect(feed()).toHaveLength(6);
    for (const payload of feed()) expect(ConversionEvent.safeParse(payload).error).toBeUndefined();
  });
  test('only funnel steps and purchase go to the feed', () => {
    h.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' });
    h.emit({ name: 'view_item', item: item() });
    expect(feed()).toEqual([]);
  });
});

describe('affiliate', () => {
  test('a purchase becomes the SPEC §3 affiliate order with status pending', () => {
    h.emit(
      {
        name: 'purchase',
        order_id: 'KS-42',
        items: [item({ quantity: 2 }), freebie()],
        value: 599800,
        coupon_code: 'FIT10',
        customer_first_name: 'Asha',
        customer_last_name: 'Rao',
      },
      { url: '/order-successfull/KS-42' },
      signedIn,
    );
    const order = h.sent<AffiliateOrder>('affiliate')[0];
    expect(order).toEqual({
      id: 'KS-42',
      number: 'KS-42',
      total: 5998,
      shipping: 0,
      currency: 'INR',
      date: expect.any(String),
      customer: { name: 'Asha Rao', email: 'Asha.Rao@Example.com', phone: '9876543210', is_new_customer: 'yes' },
      coupons: ['FIT10'],
      line_items: [{ name: 'Gold Standard Whey 1 kg Chocolate', quantity: 2, price: 2999, sku: 'ON-GSW-1KG-CH', product_id: 11 }],
      status: 'pending',
    });
  });
  test('the page sends only the order id: no key and no order content leave for the server', async () => {
    expect(JSON.stringify(resolveConfig())).not.toMatch(/key/i);
    h.emit({ name: 'purchase', order_id: 'KS-43', items: [item()], value: 299900 });
    await vi.waitFor(() => expect(h.enqueued.find((e) => e.url === '/api/events/affiliate')).toBeTruthy());
    expect(h.enqueued.find((e) => e.url === '/api/events/affiliate')?.body).toEqual({ order_id: 'KS-43' });
  });
});

describe('marketing automation', () => {
  test('sign-in adds the unique user id, email, names, mobile and a user attribute, then tracks', () => {
    h.emit({ name: 'user_login', method: 'otp', identifier_type: 'phone' }, { url: '/my-account', previousUrl: '/cart' }, signedIn);
    expect(h.calls.moengage.map((c) => c[0])).toEqual([
      'add_unique_user_id',
      'add_email',
      'add_first_name',
      'add_last_name',
      'add_mobile',
      'add_user_attribute',
      'track_event',
    ]);
    expect(h.calls.moengage[0]).toEqual(['add_unique_user_id', '42']);
    expect(h.calls.moengage[3]).toEqual(['add_last_name', 'Rao']);
    expect(h.calls.moengage[6][2]).toMatchObject({ method: 'otp', identifier_type: 'phone', login_source_page: 'cart' });
  });
  test('listing events carry at most 5 products', () => {
    h.emit({ name: 'view_item_list', list_name: 'Whey', listing: 'category', items: items(9) });
    const attrs = h.calls.moengage[0][2] as { skus: string[] };
    expect(attrs.skus).toHaveLength(5);
  });
  test('sale page fills 5 products from the offers, then category products', () => {
    h.emit(
      { name: 'view_item_list', list_name: 'Sale', listing: 'sale', items: items(2), fill_items: items(8).slice(4) },
      { url: '/sale/diwali' },
    );
    const attrs = h.calls.moengage[0][2] as { skus: string[] };
    expect(attrs.skus).toEqual(['SKU-0-XX', 'SKU-1-XX', 'SKU-4-XX', 'SKU-5-XX', 'SKU-6-XX']);
  });
  test('add-to-cart origins, with orderdetail reported here and NA elsewhere', () => {
    for (const origin of ['pdp', 'wishlist', 'cartlist', 'save_for_later', 'recommended_product', 'orderdetail'] as const) {
      h.emit({ name: 'add_to_cart', item: item(), origin });
    }
    const moOrigins = h.calls.moengage.map((c) => (c[2] as { origin: string }).origin);
    expect(moOrigins).toEqual(['pdp', 'wishlist', 'cartlist', 'save_for_later', 'recommended_product', 'orderdetail']);
    const dlOrigins = pushes()
      .filter((p) => p.event)
      .map((p) => p.origin);
    expect(dlOrigins).toEqual(['pdp', 'wishlist', 'cartlist', 'save_for_later', 'recommended_product', 'NA']);
  });
  test('sign-out tracks then ends the marketing session', () => {
    h.emit({ name: 'user_logout' });
    expect(h.calls.moengage.map((c) => c[0])).toEqual(['track_event', 'destroy_session']);
  });
});

describe('analytics service', () => {
  test('identify on sign-in, one track per event with the event_id as insert id, reset on sign-out', () => {
    const id = h.emit({ name: 'user_register', method: 'password', identifier_type: 'email', opt_in: true }, {}, signedIn);
    h.emit({ name: 'user_logout' });
    expect(h.calls.mixpanel.map((c) => c[0])).toEqual(['identify', 'track', 'track', 'reset']);
    expect(h.calls.mixpanel[1][2]).toMatchObject({ $insert_id: id, user_id: '42', source: 'web' });
  });
});

describe('search insights', () => {
  const aa = () => h.calls.aa as [string, Record<string, unknown>][];
  // Algolia Insights API (https://www.algolia.com/doc/rest-api/insights/): queryID is the 32-hex id of the search;
  // userToken a stable pseudonymous id ([a-zA-Z0-9_=/+-], 1–129), authenticatedUserToken the signed-in user.
  const queryId = 'cba8245617aeace44a1d6e5b4f1b2e3c';
  test('search → click → add to cart → purchase report the AfterSearch variants with the query id', () => {
    h.emit(
      { name: 'search_query_fetched', search_term: 'whey', query_id: queryId, results: 2, items: [item(), item({ variant_id: 102 })] },
      { url: '/search?q=whey' },
    );
    h.emit({ name: 'select_item', item: item(), list_name: 'search', index: 0 }, { url: '/search?q=whey' });
    h.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' }, { url: '/product/x/' });
    h.emit({ name: 'purchase', order_id: 'KS-8', items: [item(), item({ variant_id: 300, sku: 'OTHER-01' })], value: 1 }, {}, signedIn);
    const token = sha('asha.rao@example.com');
    expect(aa().map((c) => c[0])).toEqual([
      'clickedObjectIDsAfterSearch',
      'addedToCartObjectIDsAfterSearch',
      'purchasedObjectIDsAfterSearch',
      'purchasedObjectIDs',
    ]);
    const anonymous = aa()[0][1].userToken as string;
    expect(anonymous).toMatch(/^anon-[\w=/+-]{1,124}$/);
    expect(aa()[0][1]).toMatchObject({ index: 'variants', queryID: queryId, objectIDs: ['101'], positions: [1] });
    expect(aa()[0][1].authenticatedUserToken).toBeUndefined();
    expect(aa()[1][1]).toMatchObject({
      queryID: queryId,
      objectIDs: ['101'],
      objectData: [{ price: 2999, discount: 500, quantity: 1 }],
      currency: 'INR',
    });
    // Signing in keeps the anonymous token and adds the authenticated one: the chain from click to purchase holds.
    expect(aa()[2][1]).toMatchObject({
      userToken: anonymous,
      authenticatedUserToken: token,
      objectIDs: ['101'],
      objectData: [{ queryID: queryId, price: 2999 }],
    });
    expect(aa()[3][1]).toMatchObject({ objectIDs: ['300'] });
    // A purchase clears both search-click tables.
    expect(readTables(h.stores.local)).toEqual({ queries: [], addedToCart: [] });
  });
  test('without a search the plain variants are used, with one anonymous token for the browser', () => {
    h.emit({ name: 'select_item', item: item(), list_name: 'Bestsellers', index: 2 });
    h.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' });
    h.emit({ name: 'view_item_list', list_name: 'Whey', listing: 'category', items: items(30) });
    expect(aa().map((c) => c[0])).toEqual(['clickedObjectIDs', 'addedToCartObjectIDs', 'viewedObjectIDs']);
    expect(aa()[0][1].userToken).toMatch(/^anon-/);
    expect(aa()[2][1].userToken).toBe(aa()[0][1].userToken);
    expect((aa()[2][1].objectIDs as string[]).length).toBe(20);
  });
  test('a query id that is not the search answer’s 32-hex id is never sent: the plain variants are', () => {
    h.emit({ name: 'search_query_fetched', search_term: 'whey', query_id: 'q_lq2x9_ab12', results: 1, items: [item()] });
    h.emit({ name: 'select_item', item: item(), list_name: 'search', index: 0 });
    h.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' });
    expect(aa().map((c) => c[0])).toEqual(['clickedObjectIDs', 'addedToCartObjectIDs']);
    expect(aa().every(([, p]) => !('queryID' in p))).toBe(true);
  });
  test('wishlist after search converts only an item clicked from that search, not one it listed', () => {
    h.emit({
      name: 'search_query_fetched',
      search_term: 'bcaa',
      query_id: queryId,
      results: 2,
      items: [item(), item({ variant_id: 102 })],
    });
    h.emit({ name: 'add_to_wishlist', item: item({ variant_id: 102 }) });
    h.emit({ name: 'select_item', item: item(), list_name: 'search', index: 0 });
    h.emit({ name: 'add_to_wishlist', item: item() });
    expect(aa().map((c) => c[0])).toEqual(['convertedObjectIDs', 'clickedObjectIDsAfterSearch', 'convertedObjectIDsAfterSearch']);
    expect(aa()[2][1]).toMatchObject({ queryID: queryId, eventName: 'Added To Wishlist', objectIDs: ['101'] });
  });
});
