import type { Selectable } from 'kysely';
import type { Database } from '../../db/types.ts';
import {
  type CouponCustomer,
  type CouponLine,
  type CouponRow,
  type CouponRule,
  couponDiscount,
  describeCoupon,
  evaluateCoupon,
} from './coupon-rules.ts';

const NOW = new Date('2026-11-23T10:00:00+05:30');
const base: CouponRule = {
  code: 'TEST',
  description: '',
  kind: 'percent',
  value: 10,
  max_discount: null,
  min_cart: 0,
  brand_id: null,
  brand_name: null,
  category_id: null,
  category_name: null,
  first_order_only: false,
  per_customer_limit: null,
  starts_at: new Date('2026-01-01T00:00:00Z'),
  ends_at: new Date('2027-01-01T00:00:00Z'),
  active: true,
};
const coupon = (over: Partial<CouponRule>): CouponRule => ({ ...base, ...over });
// Brand 1 in category 3 (child of 2); brand 2 in category 5 (child of 4).
const line = (sale: number, qty = 1, over: Partial<CouponLine> = {}): CouponLine => ({
  brand_id: 1,
  category_ids: [2, 3],
  sale_price: sale,
  quantity: qty,
  is_freebie: false,
  ...over,
});
const whey = line(150_000);
const vitamins = line(50_000, 1, { brand_id: 2, category_ids: [4, 5] });
const gift = line(0, 1, { is_freebie: true, brand_id: 2, category_ids: [4, 5] });
const newCustomer: CouponCustomer = { id: 1, has_ordered: false, redemptions: 0 };
const repeatCustomer: CouponCustomer = { id: 1, has_ordered: true, redemptions: 1 };

type Row = [string, CouponRule, CouponLine[], CouponCustomer, { discount: number } | { refusal: string; reason: RegExp }];
const table: Row[] = [
  ['percent off the cart value', coupon({}), [whey, vitamins], null, { discount: 20_000 }],
  ['percent discounts round down to a whole rupee', coupon({ value: 7 }), [line(99_900)], null, { discount: 6_900 }],
  ['percent capped by the maximum discount', coupon({ value: 50, max_discount: 30_000 }), [whey], null, { discount: 30_000 }],
  ['flat amount off', coupon({ kind: 'flat', value: 20_000 }), [whey], null, { discount: 20_000 }],
  ['flat never exceeds the cart value', coupon({ kind: 'flat', value: 200_000 }), [vitamins], null, { discount: 50_000 }],
  [
    'refused under the minimum cart value, naming the amount still needed',
    coupon({ code: 'FIT10', min_cart: 99_900 }),
    [line(99_800)],
    null,
    { refusal: 'min_cart', reason: /^Add items worth ₹1 more to use coupon FIT10 \(minimum cart value ₹999\)\.$/ },
  ],
  ['applied at exactly the minimum cart value', coupon({ code: 'FIT10', min_cart: 99_900 }), [line(99_900)], null, { discount: 9_900 }],
  [
    'free gifts do not count towards the minimum',
    coupon({ min_cart: 99_900 }),
    [line(90_000), { ...gift, sale_price: 0 }],
    null,
    {
      refusal: 'min_cart',
      reason: /₹99 more/,
    },
  ],
  ['brand scope discounts only that brand', coupon({ brand_id: 2, brand_name: 'Kinetic' }), [whey, vitamins], null, { discount: 5_000 }],
  [
    'brand scope refused without that brand',
    coupon({ brand_id: 2, brand_name: 'Kinetic' }),
    [whey],
    null,
    {
      refusal: 'out_of_scope',
      reason: /applies to Kinetic products only/,
    },
  ],
  [
    'category scope covers child categories',
    coupon({ category_id: 2, category_name: 'Proteins' }),
    [whey, vitamins],
    null,
    { discount: 15_000 },
  ],
  [
    'category scope refused without that category',
    coupon({ category_id: 4, category_name: 'Wellness' }),
    [whey],
    null,
    {
      refusal: 'out_of_scope',
      reason: /Wellness products only/,
    },
  ],
  [
    'a free gift does not bring a scoped coupon into scope',
    coupon({ brand_id: 2, brand_name: 'Kinetic' }),
    [whey, gift],
    null,
    {
      refusal: 'out_of_scope',
      reason: /Kinetic/,
    },
  ],
  [
    'first order only: a guest must sign in',
    coupon({ first_order_only: true }),
    [whey],
    null,
    { refusal: 'sign_in', reason: /Please sign in/ },
  ],
  ['first order only: applies to a new customer', coupon({ first_order_only: true }), [whey], newCustomer, { discount: 15_000 }],
  [
    'first order only: refused after an order',
    coupon({ first_order_only: true }),
    [whey],
    repeatCustomer,
    {
      refusal: 'first_order',
      reason: /first order only/,
    },
  ],
  [
    'per-customer limit: refused once used up',
    coupon({ per_customer_limit: 1 }),
    [whey],
    repeatCustomer,
    {
      refusal: 'limit_reached',
      reason: /already used coupon TEST once/,
    },
  ],
  ['per-customer limit: applies below the limit', coupon({ per_customer_limit: 3 }), [whey], repeatCustomer, { discount: 15_000 }],
  ['per-customer limit: a guest must sign in', coupon({ per_customer_limit: 3 }), [whey], null, { refusal: 'sign_in', reason: /sign in/ }],
  [
    'refused before the validity window',
    coupon({ starts_at: new Date('2026-12-01T00:00:00Z') }),
    [whey],
    null,
    {
      refusal: 'not_started',
      reason: /valid from 1 Dec 2026/,
    },
  ],
  [
    'refused after the validity window',
    coupon({ ends_at: new Date('2026-10-20T00:00:00Z') }),
    [whey],
    null,
    {
      refusal: 'expired',
      reason: /expired on 20 Oct 2026/,
    },
  ],
  ['refused when inactive', coupon({ active: false }), [whey], null, { refusal: 'inactive', reason: /no longer available/ }],
  ['refused on an empty cart', coupon({}), [], null, { refusal: 'empty_cart', reason: /cart is empty/ }],
  ['refused on a cart holding only a free gift', coupon({}), [gift], null, { refusal: 'empty_cart', reason: /cart is empty/ }],
];

describe('coupon rule engine', () => {
  test.each(table)('%s', (_name, c, lines, customer, expected) => {
    const result = evaluateCoupon(c, lines, customer, NOW);
    if ('discount' in expected) expect(result).toMatchObject({ ok: true, discount: expected.discount });
    else {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.refusal).toBe(expected.refusal);
        expect(result.reason).toMatch(expected.reason);
      }
    }
  });

  test('the validity window is checked before anything about the cart', () => {
    const r = evaluateCoupon(coupon({ ends_at: new Date('2026-01-02T00:00:00Z'), min_cart: 10_000_000 }), [], null, NOW);
    expect(r).toMatchObject({ ok: false, refusal: 'expired' });
  });

  test('couponDiscount never goes negative and never exceeds the amount', () => {
    expect(couponDiscount({ kind: 'flat', value: 500, max_discount: null }, 0)).toBe(0);
    expect(couponDiscount({ kind: 'percent', value: 100, max_discount: null }, 12_345)).toBe(12_300);
  });

  test('describeCoupon spells the rule out', () => {
    expect(describeCoupon(coupon({ code: 'FIT10', min_cart: 99_900 }))).toBe('10% off, on orders of ₹999 or more');
    expect(describeCoupon(coupon({ kind: 'flat', value: 20_000, first_order_only: true, per_customer_limit: 1 }))).toBe(
      'Flat ₹200 off, first order only, once per customer',
    );
    expect(describeCoupon(coupon({ value: 15, max_discount: 75_000, category_id: 3, category_name: 'Whey Protein' }))).toBe(
      '15% off on Whey Protein products, up to ₹750',
    );
  });
});

describe('the coupon row has one declaration: the coupons table type', () => {
  test('the row and the rules are the table’s columns, none written by hand', () => {
    type Table = Selectable<Database['coupons']>;
    expectTypeOf<CouponRow>().toEqualTypeOf<Table>();
    expectTypeOf<CouponRule>().toEqualTypeOf<
      Omit<Table, 'usage_limit' | 'used' | 'version'> & { brand_name: string | null; category_name: string | null }
    >();
    expectTypeOf<Parameters<typeof describeCoupon>[0]>().toEqualTypeOf<CouponRule>();
  });
});
