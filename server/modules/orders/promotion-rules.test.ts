import { benefitChange, benefitLost, lessBenefitLost, readPromotionTerms } from './promotion-rules.ts';

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

describe('the refund less what is no longer earned', () => {
  const refund = {
    items: [
      { order_item_id: 1, units: 1, amount: 40_000 },
      { order_item_id: 2, units: 1, amount: 20_000 },
    ],
    shipping: 5_000,
    total: 65_000,
  };
  const lost = (amount: number) => ({ amount, reasons: ['coupon FIT10 needs ₹999'], cancelGifts: false });

  test('what is lost comes off shipping first, then the lines, and the shopper reads why', () => {
    const r = lessBenefitLost(refund, lost(12_000), 100_000);
    expect(r.shipping).toBe(0);
    expect(r.items.map((i) => i.amount)).toEqual([33_000, 20_000]);
    expect(r.total).toBe(53_000);
    expect(r.note).toBe('Refund ₹530: ₹120 less because coupon FIT10 needs ₹999.');
  });

  test('never below zero: a loss above the refund takes all of it, and only that is said', () => {
    const r = lessBenefitLost(refund, lost(90_000), 100_000);
    expect(r.total).toBe(0);
    expect(r.items.every((i) => i.amount === 0) && r.shipping === 0).toBe(true);
    expect(r.note).toBe('Refund ₹0: ₹650 less because coupon FIT10 needs ₹999.');
  });

  test('nothing lost: the refund as it was, without a note', () => {
    expect(lessBenefitLost(refund, { amount: 0, reasons: [], cancelGifts: false }, 100_000)).toEqual({ ...refund, note: null });
  });

  test('what an earlier change held back comes back on the first line, within the room left', () => {
    const back = lessBenefitLost(refund, { amount: -8_000, reasons: [], cancelGifts: false }, 70_000);
    expect(back.items[0].amount).toBe(45_000);
    expect(back.total).toBe(70_000);
    expect(back.note).toBe('Refund ₹700: includes ₹50 held back at an earlier change.');
    expect(lessBenefitLost(refund, { amount: -8_000, reasons: [], cancelGifts: false }, 65_000).total).toBe(65_000);
  });
});
