import fc from 'fast-check';
import { decimalRupees, formatPaise, groupPaise, groupRupees, percentOff } from './money.ts';

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
    [49_949, '₹499'],
    [50, '₹1'],
    [49, '₹0'],
    [-12_345_600, '₹-1,23,456'],
    [-150, '₹-1'],
    [123_456_789_012_34, '₹1,23,45,67,89,012'],
  ])('%d paise -> %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });

  test('an SMS passes its own symbol, the number is the same', () => {
    expect(formatPaise(12_345_650, '')).toBe('1,23,457');
    expect(formatPaise(12_345_650, 'Rs ')).toBe('Rs 1,23,457');
  });

  test('rounds to the nearest rupee, a half up, on any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (paise) => {
        const shown = Number(formatPaise(paise).replace(/[₹,]/g, ''));
        expect(Math.abs(shown * 100 - paise)).toBeLessThanOrEqual(50);
        if (Math.abs(shown * 100 - paise) === 50) expect(shown * 100).toBeGreaterThan(paise);
      }),
    );
  });
});

describe('groupPaise (the invoice columns: grouped, both decimals, exact)', () => {
  test.each([
    [0, '0.00'],
    [5, '0.05'],
    [271, '2.71'],
    [99_999, '999.99'],
    [12_345_678, '1,23,456.78'],
    [12_345_678_90, '1,23,45,678.90'],
    [-12_345_678, '-1,23,456.78'],
    [-5, '-0.05'],
  ])('%d paise -> %s', (paise, text) => {
    expect(groupPaise(paise)).toBe(text);
  });

  test('keeps every paisa: the text read back is the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (paise) => {
        expect(Math.round(Number(groupPaise(paise).replace(/,/g, '')) * 100)).toBe(paise);
      }),
    );
  });
});

describe('decimalRupees (a field, a spreadsheet cell, a gateway amount)', () => {
  test.each([
    [0, '0.00'],
    [5, '0.05'],
    [149_950, '1499.50'],
    [12_345_678, '123456.78'],
    [-150, '-1.50'],
  ])('%d paise -> %s', (paise, text) => {
    expect(decimalRupees(paise)).toBe(text);
  });

  test('writes what toFixed(2) wrote for every whole paise amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (paise) => {
        expect(decimalRupees(paise)).toBe((paise / 100).toFixed(2));
      }),
    );
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
