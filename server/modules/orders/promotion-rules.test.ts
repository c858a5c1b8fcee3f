import { benefitChange, benefitLost, readPromotionTerms } from './promotion-rules.ts';

// The stored terms of an order's promotions read back, and what a change costs under them.

describe('promotion terms as stored', () => {
  test('a full snapshot reads back as written', () => {
    const stored = {
      gifts: [{ variant_id: 9, threshold: 199_900 }],
      free_delivery: { threshold: 49_900, charge: 5_000 },
      coupon: { code: 'FIT10', min_cart: 99_900, discount: 10_000 },
      bank_offer: { min_cart: 150_000, discount: 15_000 },
    };
    expect(readPromotionTerms(stored)).toEqual(stored);
    expect(readPromotionTerms(JSON.stringify(stored))).toEqual(stored);
  });

  test('no snapshot, or a malformed one, is an order without promotions', () => {
    const none = { gifts: [], free_delivery: null, coupon: null, bank_offer: null };
    expect(readPromotionTerms(null)).toEqual(none);
    expect(
      readPromotionTerms({ gifts: [{ variant_id: 'x' }], coupon: { code: 1 }, free_delivery: [], bank_offer: { min_cart: 1.5 } }),
    ).toEqual(none);
  });
});

describe('benefit lost', () => {
  const base = { itemTotal: 250_000, gifts: [], freeDelivery: null, coupon: null, bankOffer: null };
  test('only what the kept value no longer reaches is lost', () => {
    const lost = benefitLost({
      ...base,
      keptBefore: 250_000,
      keptAfter: 100_000,
      gifts: [{ name: 'shaker', value: 49_900, threshold: 199_900, kept: true }],
      freeDelivery: { threshold: 49_900, charge: 5_000 },
    });
    expect(lost).toEqual({ amount: 49_900, reasons: ['the free shaker needs ₹1,999'], cancelGifts: false });
  });

  test('a coupon below its minimum gives back its share of the kept lines', () => {
    const lost = benefitLost({
      ...base,
      keptBefore: 250_000,
      keptAfter: 100_000,
      coupon: { code: 'FIT10', minCart: 200_000, discount: 25_000 },
    });
    expect(lost.amount).toBe(10_000);
    expect(lost.reasons).toEqual(['coupon FIT10 needs ₹2,000']);
  });

  test('no paid unit left: the gifts go with the change, nothing is deducted', () => {
    const lost = benefitLost({
      ...base,
      keptBefore: 250_000,
      keptAfter: 0,
      gifts: [{ name: 'shaker', value: 49_900, threshold: 1, kept: true }],
    });
    expect(lost).toEqual({ amount: 0, reasons: [], cancelGifts: true });
  });
});

// A benefit is charged once however many changes follow, and comes back when nothing paid is left.
describe('benefit change over several changes', () => {
  const base = { itemTotal: 250_000, gifts: [], freeDelivery: null, coupon: null, bankOffer: null };
  const shaker = { name: 'shaker', value: 49_900, threshold: 199_900 };

  test('a coupon lost at the first change is not charged again at the second; its share of what goes comes back', () => {
    const coupon = { code: 'FIT10', minCart: 200_000, discount: 25_000 };
    const first = benefitChange({ ...base, coupon, keptBefore: 250_000, keptAfter: 150_000 });
    expect(first.amount).toBe(15_000);
    const second = benefitChange({ ...base, coupon, keptBefore: 150_000, keptAfter: 50_000 });
    // The lines that go now had their coupon share held back already: it is given back, not taken again.
    expect(second.amount).toBe(-10_000);
    expect(second.reasons).toEqual([]);
    expect(first.amount + second.amount).toBe(benefitLost({ ...base, coupon, keptBefore: 250_000, keptAfter: 50_000 }).amount);
  });

  test('a gift charged at one change comes back when every paid line goes later, and the gift goes with it', () => {
    const first = benefitChange({ ...base, keptBefore: 250_000, keptAfter: 100_000, gifts: [{ ...shaker, held: true, kept: true }] });
    expect(first).toEqual({ amount: 49_900, reasons: ['the free shaker needs ₹1,999'], cancelGifts: false });
    const last = benefitChange({ ...base, keptBefore: 100_000, keptAfter: 0, gifts: [{ ...shaker, held: true, kept: true }] });
    expect(last).toEqual({ amount: -49_900, reasons: [], cancelGifts: true });
  });

  test('a delivery charge held back comes back when everything is cancelled', () => {
    const freeDelivery = { threshold: 49_900, charge: 5_000 };
    const first = benefitChange({ ...base, freeDelivery, keptBefore: 250_000, keptAfter: 30_000 });
    expect(first.amount).toBe(5_000);
    expect(benefitChange({ ...base, freeDelivery, keptBefore: 30_000, keptAfter: 0 }).amount).toBe(-5_000);
  });

  test('a gift returned with the change is not charged for', () => {
    const change = benefitChange({ ...base, keptBefore: 250_000, keptAfter: 100_000, gifts: [{ ...shaker, held: true, kept: false }] });
    expect(change.amount).toBe(0);
  });
});
