import type { Quote } from '../../../schemas/order.ts';
import { allocateDiscount, cartChanges } from './cart-changes.ts';

const names = new Map([
  [1, 'Whey 1kg'],
  [2, 'Creatine'],
  [9, 'Shaker'],
]);
const nameOf = (id: number) => names.get(id) ?? `#${id}`;
const base: Quote = {
  coupon_code: 'FIT10',
  coupon_discount: 20_000,
  total: 180_000,
  lines: [
    { variant_id: 1, quantity: 2, sale_price: 100_000, is_freebie: false },
    { variant_id: 9, quantity: 1, sale_price: 0, is_freebie: true },
  ],
};

describe('cart changes since the shopper saw the cart (SPEC §8 409)', () => {
  test('an unchanged cart has no changes', () => {
    expect(cartChanges(base, structuredClone(base), nameOf)).toEqual([]);
  });
  test('a price change names the product and both prices', () => {
    const now = structuredClone(base);
    now.lines[0].sale_price = 110_000;
    expect(cartChanges(base, now, nameOf)).toEqual([
      { kind: 'price', variant_id: 1, message: 'The price of Whey 1kg changed from ₹1,000 to ₹1,100.' },
    ]);
  });
  test('a coupon that no longer applies is named with the reason', () => {
    const now = { ...structuredClone(base), coupon_code: null, coupon_discount: 0 };
    const [change] = cartChanges(base, now, nameOf, 'Add ₹100 more to use this coupon.');
    expect(change).toEqual({
      kind: 'coupon',
      variant_id: null,
      message: 'Coupon FIT10 no longer applies: Add ₹100 more to use this coupon.',
    });
  });
  test('a free gift that left the order is named', () => {
    const now = { ...structuredClone(base), lines: [base.lines[0]] };
    expect(cartChanges(base, now, nameOf)).toEqual([
      { kind: 'freebie', variant_id: 9, message: 'The free gift Shaker is no longer in your order.' },
    ]);
  });
  test('added lines and quantity changes are named', () => {
    const now = structuredClone(base);
    now.lines[0].quantity = 1;
    now.lines.push({ variant_id: 2, quantity: 1, sale_price: 50_000, is_freebie: false });
    expect(cartChanges(base, now, nameOf).map((c) => c.message)).toEqual([
      'The quantity of Whey 1kg changed from 2 to 1.',
      'Creatine was added to your cart.',
    ]);
  });
  test('a total that moved alone (delivery charges) is named', () => {
    expect(cartChanges(base, { ...structuredClone(base), total: 185_000 }, nameOf)).toEqual([
      { kind: 'total', variant_id: null, message: 'Your order total changed from ₹1,800 to ₹1,850.' },
    ]);
  });
});

describe('discount share', () => {
  test.each([
    [[100, 100, 100], 100, [34, 33, 33]],
    [[50_000, 30_000, 0], 8_000, [5_000, 3_000, 0]],
    [[1_000], 5_000, [1_000]],
    [[0, 0], 500, [0, 0]],
    [[999, 1], 10, [10, 0]],
  ])('%j sharing %i gives %j, adding up exactly and never above a line', (values, discount, expected) => {
    const shares = allocateDiscount(values, discount);
    expect(shares).toEqual(expected);
    expect(shares.reduce((s, v) => s + v, 0)).toBe(
      Math.min(
        discount,
        values.reduce((s, v) => s + v, 0),
      ),
    );
    for (const [i, s] of shares.entries()) expect(s).toBeLessThanOrEqual(values[i]);
  });
});
