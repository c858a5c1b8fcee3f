import { buildContext, classifyPage, eventPage, loginSourcePage, newCustomer, parseOrderDate, sourceLabel } from './context.ts';

describe('SPEC §2 page classification by URL', () => {
  test.each([
    ['/brand/optimum-nutrition', 'product_listing_page'],
    ['/brands', 'product_listing_page'],
    ['/product-category/whey-protein?sortby=price_asc', 'product_listing_page'],
    ['/product/gold-standard-whey/?pId=1&vId=2', 'product_detail_page'],
    ['/sale/diwali', 'sale_page'],
    ['/', 'home_page'],
    ['http://127.0.0.1:3100/', 'home_page'],
    ['/?utm_source=x', 'home_page'],
    ['/search?q=whey', 'search_page'],
    ['/offers-coupons', 'offers_page'],
    ['/order-successfull/KS1001', 'thankyou_page'],
    ['/cart', 'cart_page'],
    ['/account/wishList', 'wishlist_page'],
    ['/account/wishlist', 'wishlist_page'],
    ['/order-confirmation', 'order_confirmation_page'],
    ['/payment', 'payment_page'],
    ['/retry-payment', 'payment_page'],
    ['/order-failed/KS1001', 'order-failed'],
    ['/add-new-address', 'address_page'],
    ['/my-account', 'login'],
    ['/all-categories', 'category_page'],
    ['/landing', 'brand_landing_page'],
    ['/retailer-details', 'retailer_program'],
    ['/store-locator', 'store_locator'],
    ['/about', 'other_page'],
    ['/whey/reviews/pr/1', 'other_page'],
  ])('%s is %s', (url, page) => {
    expect(classifyPage(url)).toBe(page);
  });
});

describe('SPEC §2 the sign-in steps are pages of their own in reports', () => {
  test.each([
    ['otp_sent', 'OTP'],
    ['otp_verified', 'OTP'],
    ['otp_failed', 'OTP'],
    ['user_register', 'register'],
    ['register_failed', 'register'],
    ['profile_completed', 'register-info'],
    ['user_login', 'login'],
    ['login_identifier_submitted', 'login'],
    ['add_to_cart', 'cart_page'],
  ] as const)('%s on /my-account (or the cart) is on %s', (name, page) => {
    expect(eventPage(name, name === 'add_to_cart' ? 'cart_page' : classifyPage('/my-account'))).toBe(page);
  });
});

describe('SPEC §2 login/register source page from the previous URL', () => {
  test.each([
    ['/', 'home_page'],
    ['/brand/muscleblaze', 'brand_page'],
    ['/all-categories', 'listing_page'],
    ['/search?q=creatine', 'listing_page'],
    ['/product-category/creatine', 'listing_page'],
    ['/product/creatine/?pId=1&vId=2', 'product_page'],
    ['/offers-coupons/', 'offers'],
    ['/help-center/contact-us', 'support'],
    ['/help-center/faq', 'help_center'],
    ['/cart', 'cart'],
    ['/about', 'other'],
    [null, 'other'],
  ])('%s gives %s', (previous, source) => {
    expect(loginSourcePage(previous)).toBe(source);
  });
});

describe('SPEC §9 source label', () => {
  test.each([
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36', 'mobile-web'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148', 'mobile-web'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/126 Safari/537.36', 'web'],
    ['', 'web'],
    [undefined, 'web'],
  ])('%s is %s', (ua, label) => {
    expect(sourceLabel(ua)).toBe(label);
  });
});

describe('order dates (SPEC §3 DD-MM-YYYY HH:mm:ss, SPEC §9 zone-less = +05:30)', () => {
  test('a zone-less order date is read as India time', () => {
    expect(parseOrderDate('23-05-2025 10:30:00')).toBe(Date.parse('2025-05-23T05:00:00Z'));
    expect(parseOrderDate('2025-05-23 10:30:00')).toBe(Date.parse('2025-05-23T05:00:00Z'));
    expect(parseOrderDate('2025-05-23')).toBe(Date.parse('2025-05-22T18:30:00Z'));
  });
  test('a date with a zone keeps its zone', () => {
    expect(parseOrderDate('2025-05-23T10:30:00Z')).toBe(Date.parse('2025-05-23T10:30:00Z'));
  });
  test.each(['', 'yesterday', '31-02-2025 10:00:00', '2025/05/23', '23-5-2025', '99-99-9999 10:00:00'])('malformed %j is null', (text) => {
    expect(parseOrderDate(text)).toBeNull();
  });
});

describe('SPEC §4 new-customer rule (6 months)', () => {
  // 23-05-2025 00:00 India time is 22-05-2025 18:30 UTC; six months later is 22-11-2025 18:30 UTC.
  const order = '23-05-2025 00:00:00';
  const sixMonthsLater = Date.parse('2025-11-22T18:30:00Z');
  test.each([
    ['no last order', true, null, sixMonthsLater, 'yes'],
    ['empty last order', true, '', sixMonthsLater, 'yes'],
    ['last order exactly 6 months ago', true, order, sixMonthsLater, 'yes'],
    ['last order 6 months minus a minute ago (zone-less date read as +05:30)', true, order, sixMonthsLater - 60_000, 'no'],
    ['recent order', true, '01-11-2025 09:00:00', sixMonthsLater, 'no'],
    ['old order', true, '01-01-2020 09:00:00', sixMonthsLater, 'yes'],
    ['malformed date gives NA', true, '2025-31-31', sixMonthsLater, 'NA'],
    ['guest is NA', false, null, sixMonthsLater, 'NA'],
  ] as const)('%s', (_name, loggedIn, lastOrder, now, expected) => {
    expect(newCustomer(loggedIn, lastOrder, now)).toBe(expected);
  });
});

describe('event context', () => {
  test('a guest has non_logged_in, user id NA and NA user fields', () => {
    const ctx = buildContext({ url: '/cart' }, { loggedIn: false, userId: 5, email: 'x@y.z' }, Date.now());
    expect(ctx).toMatchObject({ login_status: 'non_logged_in', user_id: 'NA', new_customer: 'NA', page_type: 'cart_page' });
    expect(ctx).toMatchObject({
      user_name: 'NA',
      user_mobile: 'NA',
      user_email: 'NA',
      last_order: 'NA',
      user_first_name: 'NA',
      user_last_name: 'NA',
    });
  });
  test('SPEC §3: a signed-in user carries user_id, user_name, user_mobile, user_email and last_order', () => {
    const ctx = buildContext(
      { url: '/' },
      { loggedIn: true, userId: 42, name: 'Asha Rao', email: 'asha@example.com', mobile: '9876543210', lastOrder: '05-11-2026 01:30:00' },
      Date.now(),
    );
    expect(ctx).toMatchObject({
      user_id: '42',
      user_name: 'Asha Rao',
      user_mobile: '9876543210',
      user_email: 'asha@example.com',
      last_order: '05-11-2026 01:30:00',
    });
    expect(Object.keys(ctx)).not.toContain('user');
  });
  test.each([
    ['an ISO instant is written DD-MM-YYYY HH:mm:ss in India time', '2026-11-04T20:00:05Z', '05-11-2026 01:30:05'],
    ['a zone-less ISO date-time is India time already', '2026-11-05 01:30:05', '05-11-2026 01:30:05'],
    ['no order yet is NA', null, 'NA'],
    ['a malformed date is NA', '31-02-2026 10:00:00', 'NA'],
  ] as const)('last_order: %s', (_name, lastOrder, expected) => {
    expect(buildContext({ url: '/' }, { loggedIn: true, userId: 1, lastOrder }, 0).last_order).toBe(expected);
  });
  test('a signed-in user carries id, names split from the full name, and logged_in', () => {
    const ctx = buildContext({ url: '/', previousUrl: '/cart' }, { loggedIn: true, userId: 42, name: 'Asha Devi Rao' }, Date.now());
    expect(ctx).toMatchObject({ login_status: 'logged_in', user_id: '42', login_source_page: 'cart', previous_path: '/cart' });
    expect(ctx).toMatchObject({ user_first_name: 'Asha', user_last_name: 'Devi Rao', user_email: 'NA' });
  });
  test('a /preview/ URL is marked preview', () => {
    expect(buildContext({ url: '/preview/sale/diwali' }, { loggedIn: false }, 0).preview).toBe(true);
    expect(buildContext({ url: '/sale/diwali' }, { loggedIn: false }, 0).preview).toBe(false);
  });
});
