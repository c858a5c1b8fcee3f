import { MAX_QUANTITY_PER_LINE } from '../../../schemas/cart.ts';
import { buildPriceMeta, cartSubtotal, deliveryCharge } from './pricing.ts';
import { freebieAmountNeeded, freebieLinesToRemove, isFreebieEligible } from './freebie-rules.ts';
import { checkLineQuantity, maxLineQuantity } from './quantity.ts';

const rule = { free_from: 49_900, charge: 5_000 };
const asObject = (meta: ReturnType<typeof buildPriceMeta>) => Object.fromEntries(meta.map((e) => [e.key, e.value]));

describe('price_meta', () => {
  test('total_payable is subtotal minus coupon plus delivery, listed in display order', () => {
    const meta = buildPriceMeta(
      [
        { mrp: 60_000, sale_price: 40_000, quantity: 2, is_freebie: false },
        { mrp: 49_900, sale_price: 0, quantity: 1, is_freebie: true },
      ],
      8_000,
      rule,
    );
    expect(meta.map((e) => e.key)).toEqual([
      'total_mrp',
      'discount_on_mrp',
      'subtotal',
      'coupon_discount',
      'delivery_charges',
      'total_payable',
    ]);
    expect(asObject(meta)).toEqual({
      total_mrp: 120_000,
      discount_on_mrp: 40_000,
      subtotal: 80_000,
      coupon_discount: 8_000,
      delivery_charges: 0,
      total_payable: 72_000,
    });
  });

  test('delivery is charged below the free-delivery value (after coupon), free from it, nothing on an empty cart', () => {
    expect(deliveryCharge(rule, 49_899, true)).toBe(5_000);
    expect(deliveryCharge(rule, 49_900, true)).toBe(0);
    expect(deliveryCharge(rule, 0, false)).toBe(0);
    expect(deliveryCharge(null, 100, true)).toBe(0);
    expect(asObject(buildPriceMeta([{ mrp: 55_000, sale_price: 52_000, quantity: 1, is_freebie: false }], 5_200, rule))).toMatchObject({
      delivery_charges: 5_000,
      total_payable: 51_800,
    });
  });

  test('a coupon discount never exceeds the subtotal', () => {
    expect(
      asObject(buildPriceMeta([{ mrp: 10_000, sale_price: 10_000, quantity: 1, is_freebie: false }], 50_000, null)).total_payable,
    ).toBe(0);
  });
});

describe('quantity bounds', () => {
  test('a line holds at most min(stock, per-line maximum)', () => {
    expect(maxLineQuantity(3)).toBe(3);
    expect(maxLineQuantity(500)).toBe(MAX_QUANTITY_PER_LINE);
    expect(maxLineQuantity(-2)).toBe(0);
  });
  test('beyond stock is refused naming the stock and what is already in the cart', () => {
    expect(checkLineQuantity('Creatine', 4, 5, 3)).toEqual({
      ok: false,
      max: 4,
      binds: 'stock',
      message: 'Only 4 units of Creatine left in stock. Your cart already has 3 units.',
    });
    expect(checkLineQuantity('Creatine', 1, 2)).toMatchObject({ message: 'Only 1 unit of Creatine left in stock.' });
  });
  test('beyond the per-line maximum is refused naming the maximum', () => {
    expect(checkLineQuantity('Whey', 100, MAX_QUANTITY_PER_LINE + 1)).toMatchObject({
      ok: false,
      binds: 'line-maximum',
      message: `You can buy at most ${MAX_QUANTITY_PER_LINE} units of Whey in one order.`,
    });
    expect(checkLineQuantity('Whey', 100, MAX_QUANTITY_PER_LINE)).toEqual({ ok: true });
  });
  test('out of stock is refused as such', () => {
    expect(checkLineQuantity('Whey', 0, 1)).toMatchObject({ ok: false, message: 'Whey is out of stock.' });
  });
});

describe('freebie thresholds', () => {
  const shaker = { id: 1, variant_id: 9, threshold: 199_900, title: 'Shaker', active: true };
  test('offered at the threshold, not below it', () => {
    expect(isFreebieEligible(shaker, 199_900)).toBe(true);
    expect(isFreebieEligible(shaker, 199_899)).toBe(false);
    expect(freebieAmountNeeded(shaker, 150_000)).toBe(49_900);
    expect(freebieAmountNeeded(shaker, 250_000)).toBe(0);
  });
  test('a gift line leaves when the cart falls below its threshold, or its rule is gone or inactive', () => {
    const rules = new Map([
      [1, shaker],
      [2, { ...shaker, id: 2, active: false }],
    ]);
    const lines = [
      { id: 10, is_freebie: false, freebie_id: null },
      { id: 11, is_freebie: true, freebie_id: 1 },
      { id: 12, is_freebie: true, freebie_id: 2 },
      { id: 13, is_freebie: true, freebie_id: 99 },
    ];
    expect(freebieLinesToRemove(lines, rules, 200_000).map((l) => l.id)).toEqual([12, 13]);
    expect(freebieLinesToRemove(lines, rules, 199_899).map((l) => l.id)).toEqual([11, 12, 13]);
  });
});

test('the cart subtotal (price meta and free-gift eligibility alike) is sale price times quantity, free gifts excluded', () => {
  const lines = [
    { mrp: 60_000, sale_price: 40_000, quantity: 2, is_freebie: false },
    { mrp: 49_900, sale_price: 0, quantity: 1, is_freebie: true },
    { mrp: 20_000, sale_price: 15_000, quantity: 1, is_freebie: false },
  ];
  expect(cartSubtotal(lines)).toBe(95_000);
  expect(asObject(buildPriceMeta(lines, 0, rule)).subtotal).toBe(95_000);
});
