import { item } from '../tests/helpers/provider-harness.ts';
import { FUNNEL_STEPS } from '../schemas/events.ts';
import {
  discountRupees,
  FUNNEL_STEP,
  isFilteredListing,
  listingProducts,
  parentSku,
  paymentFlow,
  paymentMethodName,
  paymentMode,
  reportedOrigin,
  shippingValue,
} from './rules.ts';
import { buildContext } from '../events/context.ts';

describe('SPEC §9 shipping value in events', () => {
  test.each([
    [0, 50],
    [349, 50],
    [349.99, 50],
    [350, 0],
    [2999, 0],
  ])('shipping value is %s → %s (50 when sale price is under 350)', (sale, expected) => {
    expect(shippingValue(sale)).toBe(expected);
  });
});

describe('SPEC §9 payment method codes', () => {
  test.each([
    [1, 'UPI', 'Prepaid'],
    [2, 'Debit & Credit Cards', 'Prepaid'],
    [3, 'Net Banking', 'Prepaid'],
    [4, 'Pay on delivery', 'COD'],
    [6, 'Wallets', 'Prepaid'],
    [5, 'NA', 'Prepaid'],
    [0, 'NA', 'Prepaid'],
    [undefined, 'NA', 'Prepaid'],
  ])('code %s is %s (%s)', (code, name, mode) => {
    expect(paymentMethodName(code)).toBe(name);
    expect(paymentMode(code)).toBe(mode);
  });
});

describe('SPEC §5 discount', () => {
  test.each([
    [349900, 299900, 500],
    [100000, 100000, 0],
    [null, 299900, 0],
    [349900, null, 0],
    [Number.NaN, 100, 0],
    [100, Number.NaN, 0],
  ])('mrp %s, sale %s → discount %s (0 when a price is not a number)', (mrp, sale, expected) => {
    expect(discountRupees(mrp, sale)).toBe(expected);
  });
});

describe('SPEC §5 filtered listing', () => {
  const list = (over = {}) => ({ name: 'view_item_list' as const, list_name: 'Whey', listing: 'category' as const, items: [], ...over });
  test.each([
    ['no filters', list(), '/product-category/whey', false],
    ['active filters', list({ active_filters: 2 }), '/product-category/whey', true],
    ['active filters 0', list({ active_filters: 0 }), '/product-category/whey', false],
    ['active price', list({ active_price: true }), '/product-category/whey', true],
    ['sortby in URL', list(), '/product-category/whey?sortby=price_asc', true],
    ['pn in URL', list(), '/product-category/whey?pn=2', true],
    ['availability on a brand listing', list({ listing: 'brand' }), '/brand/on?availability=in_stock', true],
    ['availability on a category listing', list(), '/product-category/whey?availability=in_stock', false],
  ])('%s', (_n, event, url, filtered) => {
    expect(isFilteredListing(event, url)).toBe(filtered);
  });
});

describe('SPEC §9 listing caps and sale page fill', () => {
  const items = (n: number, from = 0) => Array.from({ length: n }, (_, i) => item({ variant_id: from + i, sku: `SKU-${from + i}` }));
  test('at most 5 products', () => {
    expect(listingProducts({ name: 'view_item_list', list_name: 'x', listing: 'category', items: items(9) }, 5)).toHaveLength(5);
  });
  test('sale page fills up to 5 from blockbuster offers, then category products', () => {
    const out = listingProducts(
      { name: 'view_item_list', list_name: 'sale', listing: 'sale', items: items(2), fill_items: items(6, 100) },
      5,
    );
    expect(out.map((i) => i.variant_id)).toEqual([0, 1, 100, 101, 102]);
  });
  test('sale page with 5 or more offers takes the first 5 offers only', () => {
    const out = listingProducts(
      { name: 'view_item_list', list_name: 'sale', listing: 'sale', items: items(7), fill_items: items(3, 100) },
      5,
    );
    expect(out.map((i) => i.variant_id)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('other reporting rules', () => {
  test('parent SKU derived from the variant SKU minus 2 characters plus PA when absent', () => {
    expect(parentSku(item({ sku: 'ON-GSW-1KG-CH', parent_sku: undefined }))).toBe('ON-GSW-1KG-PA');
    expect(parentSku(item({ parent_sku: 'ON-GSW' }))).toBe('ON-GSW');
  });
  test('payment flow is direct after order confirmation, otherwise after order-failed or elsewhere', () => {
    const ctx = (previousUrl: string) => buildContext({ url: '/payment', previousUrl }, { loggedIn: false }, 0);
    expect(paymentFlow(ctx('/order-confirmation'))).toBe('direct');
    expect(paymentFlow(ctx('/order-failed/KS1'))).toBe('otherwise');
    expect(paymentFlow(ctx('/retry-payment'))).toBe('otherwise');
  });
  test('orderdetail origin is reported only where allowed', () => {
    expect(reportedOrigin('orderdetail', true)).toBe('orderdetail');
    expect(reportedOrigin('orderdetail', false)).toBe('NA');
    expect(reportedOrigin('pdp', false)).toBe('pdp');
  });
});

test('SPEC §4 funnel steps come from one table: view_cart 1 … add_payment_info 5, nothing else has a step', () => {
  expect(FUNNEL_STEP).toEqual({ view_cart: 1, begin_checkout: 2, checkout_initiated: 3, payment_initiated: 4, add_payment_info: 5 });
  expect(FUNNEL_STEPS.map((s) => s.event_name)).toEqual([
    'ViewCart',
    'InitiateCheckout',
    'OrderConfirmation',
    'PaymentInitiated',
    'AddPaymentInfo',
  ]);
});
