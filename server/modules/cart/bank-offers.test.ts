import { type BankOfferRule, bankOfferViews, bestBankOffer, checkBankOffer } from './bank-offers.ts';

const NOW = new Date('2026-11-23T10:00:00+05:30');
const window = { starts_at: new Date('2026-10-01T00:00:00Z'), ends_at: new Date('2027-10-01T00:00:00Z') };
const hdfc: BankOfferRule = {
  id: 1,
  bank: 'HDFC Bank',
  instrument: 'card',
  card_bins: ['485446', '522852'],
  kind: 'percent',
  value: 10,
  max_discount: 50_000,
  min_cart: 200_000,
  description: '10% with HDFC cards',
  ...window,
};
const icici: BankOfferRule = {
  id: 2,
  bank: 'ICICI Bank',
  instrument: 'netbanking',
  card_bins: [],
  kind: 'flat',
  value: 15_000,
  max_discount: null,
  min_cart: 150_000,
  description: '₹150 off ICICI net banking',
  ...window,
};
const upi: BankOfferRule = {
  id: 3,
  bank: 'Any UPI',
  instrument: 'upi',
  card_bins: [],
  kind: 'flat',
  value: 5_000,
  max_discount: null,
  min_cart: 99_900,
  description: '₹50 off UPI',
  ...window,
};

describe('bank offers against a payment instrument', () => {
  test.each([
    ['an eligible card gets the percent discount', hdfc, { instrument: 'card', card_bin: '485446' }, 300_000, { discount: 30_000 }],
    ['the percent discount is capped', hdfc, { instrument: 'card', card_bin: '522852' }, 900_000, { discount: 50_000 }],
    [
      'a card from another bank is refused',
      hdfc,
      { instrument: 'card', card_bin: '411111' },
      300_000,
      { reason: /not eligible.*HDFC Bank cards/ },
    ],
    ['a card offer needs the card number', hdfc, { instrument: 'card' }, 300_000, { reason: /Enter your card number/ }],
    ['UPI is refused for a card offer', hdfc, { instrument: 'upi' }, 300_000, { reason: /HDFC Bank cards only/ }],
    [
      'below the minimum order the gap is named',
      hdfc,
      { instrument: 'card', card_bin: '485446' },
      150_000,
      { reason: /Add ₹500 more.*₹2,000/ },
    ],
    ['net banking matches the bank by name', icici, { instrument: 'netbanking', bank: 'icici' }, 200_000, { discount: 15_000 }],
    [
      'net banking with another bank is refused',
      icici,
      { instrument: 'netbanking', bank: 'SBI' },
      200_000,
      { reason: /ICICI Bank net banking only/ },
    ],
    ['any UPI app qualifies for an Any UPI offer', upi, { instrument: 'upi' }, 99_900, { discount: 5_000 }],
    [
      'an offer past its window is refused',
      { ...upi, ends_at: new Date('2026-11-01T00:00:00Z') },
      { instrument: 'upi' },
      99_900,
      { reason: /ended on 1 Nov 2026/ },
    ],
    [
      'an offer before its window is refused',
      { ...upi, starts_at: new Date('2026-12-01T00:00:00Z') },
      { instrument: 'upi' },
      99_900,
      { reason: /starts on 1 Dec 2026/ },
    ],
  ] as const)('%s', (_name, offer, payment, amount, expected) => {
    const r = checkBankOffer(offer, payment, amount, NOW);
    if ('discount' in expected) expect(r).toEqual({ ok: true, discount: expected.discount });
    else {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(expected.reason);
    }
  });

  test('the best offer for an instrument is the largest discount', () => {
    const richer = { ...upi, id: 9, value: 7_500 };
    expect(bestBankOffer([hdfc, icici, upi, richer], { instrument: 'upi' }, 200_000, NOW)).toEqual({ offer: richer, discount: 7_500 });
    expect(bestBankOffer([hdfc, icici], { instrument: 'wallet' }, 200_000, NOW)).toBeNull();
  });

  test('listing without an instrument checks nothing; with one, each offer says why or how much', () => {
    const listed = bankOfferViews([hdfc, upi], null, 200_000, NOW);
    expect(listed.offers.map((o) => o.applicable)).toEqual([null, null]);
    expect(listed.best).toBeNull();
    const checked = bankOfferViews([hdfc, upi], { instrument: 'upi' }, 200_000, NOW);
    expect(checked.offers.map((o) => [o.applicable, o.discount])).toEqual([
      [false, 0],
      [true, 5_000],
    ]);
    expect(checked.best?.id).toBe(3);
  });
});
