import fc from 'fast-check';
import { formatPaise, groupRupees, percentOff } from './money.ts';

// SPEC §5: rupee amounts in Indian grouping, no decimals; discount 0 when a price is not a number.

describe('groupRupees (Indian grouping, no decimals)', () => {
  test.each([
    [0, '0'],
    [5, '5'],
    [999, '999'],
    [1000, '1,000'],
    [99999, '99,999'],
    [100000, '1,00,000'],
    [123456, '1,23,456'],
    [1234567, '12,34,567'],
    [12345678, '1,23,45,678'],
    [1999.4, '1,999'],
    [1999.5, '2,000'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
  ])('%d -> %s', (rupees, text) => {
    expect(groupRupees(rupees)).toBe(text);
  });

  test('groups every whole amount as the en-IN locale does, negative and beyond 15 digits too', () => {
    const locale = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.maxSafeInteger(), fc.double({ min: -1e18, max: 1e18, noNaN: true })),
        (n) => {
          const whole = Math.round(n);
          if (Object.is(whole, -0)) return;
          expect(groupRupees(n)).toBe(locale.format(whole));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('formatPaise', () => {
  test.each([
    [0, '₹0'],
    [99_900, '₹999'],
    [329_900, '₹3,299'],
    [12_345_600, '₹1,23,456'],
    [49_950, '₹500'],
  ])('%d paise -> %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });
});

describe('percentOff', () => {
  test.each([
    [1000, 800, 20],
    [3299, 2474, 25],
    [1000, 1000, 0],
    [1000, 1200, 0],
    [Number.NaN, 500, 0],
    [1000, Number.NaN, 0],
    [0, 0, 0],
  ])('mrp %d, sale %d -> %d%%', (mrp, sale, pct) => {
    expect(percentOff(mrp, sale)).toBe(pct);
  });
});
