import { harnessPerTest } from '../tests/helpers/provider-harness.ts';

// SPEC §2 "other names seen": the page each data-layer push names, for the pages and sign-in steps the
// classification table leaves out. A page the spec does not name stays other_page.

const h = harnessPerTest();
const pageOf = () => (h.win.dataLayer as Array<{ page?: string }>).at(-1)?.page;

test.each([
  ['/all-categories', 'category_page'],
  ['/landing', 'brand_landing_page'],
  ['/retailer-details', 'retailer_program'],
  ['/store-locator', 'store_locator'],
  ['/order-failed/KS-1001', 'order-failed'],
  ['/my-account', 'login'],
  ['/about', 'other_page'],
])('a page view at %s is on %s', (url, page) => {
  h.emit({ name: 'page_drop' }, { url });
  expect(pageOf()).toBe(page);
});

test.each([
  [{ name: 'otp_sent', type: 'login', identifier_type: 'phone' }, 'OTP'],
  [{ name: 'otp_verified', type: 'register' }, 'OTP'],
  [{ name: 'user_register', method: 'otp', identifier_type: 'email', opt_in: true }, 'register'],
  [{ name: 'register_failed' }, 'register'],
  [{ name: 'profile_completed' }, 'register-info'],
  [{ name: 'login_viewed' }, 'login'],
] as const)('the sign-in step event %j is on %s', (event, page) => {
  h.emit(event as never, { url: '/my-account' });
  expect(pageOf()).toBe(page);
});

test('store and retailer events are on their own pages', () => {
  h.emit({ name: 'store_locator_viewed' }, { url: '/store-locator' });
  expect(pageOf()).toBe('store_locator');
  h.emit({ name: 'retailer_form_viewed' }, { url: '/retailer-details' });
  expect(pageOf()).toBe('retailer_program');
});
