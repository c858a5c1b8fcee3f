import { FAQ_SYNONYMS, faqSearchPatterns } from './faq-search.ts';

// Help-centre search (docs/grievance-redressal.md): whole words, plain inflections from four letters, synonyms.
// The patterns are PostgreSQL AREs; JavaScript reads \m and \M differently, so the table checks them translated
// to \b, which is what they mean for these words.
const matches = (query: string, text: string) => {
  const patterns = faqSearchPatterns(query);
  if (patterns === null) return false;
  return patterns.every((p) => new RegExp(p.replace(/\\m|\\M/g, '\\b'), 'i').test(text));
};

describe('faqSearchPatterns', () => {
  test.each([
    ['cod', 'pay on delivery', true],
    ['COD', 'bank account for pay-on-delivery orders', true],
    ['cod', 'Cash on Delivery is available', true],
    ['cod', 'the scratch code from the pack', false],
    ['cod', 'scratch codes', false],
    ['refund', 'Refunds are issued', true],
    ['refund', 'is refunded to the source', true],
    ['refund', 'a refundable deposit', false],
    ['scratch used', 'A scratch code was already used', true],
    ['scratch used', 'A scratch code', false],
    ['otp', 'verify the one-time password', true],
    ['pay', 'pay on delivery', true],
    ['pay', 'payment methods', false],
  ])('%s in "%s": %s', (query, text, expected) => {
    expect(matches(query, text)).toBe(expected);
  });

  test('an empty query matches everything; text without a word matches nothing', () => {
    expect(faqSearchPatterns('  ')).toEqual([]);
    expect(faqSearchPatterns('%')).toBeNull();
    expect(faqSearchPatterns('_ %')).toBeNull();
  });

  test('a word is alphanumeric only, so no pattern carries a character the query chose', () => {
    expect(faqSearchPatterns('re(fund)*')).toEqual(faqSearchPatterns('re fund'));
    expect(faqSearchPatterns('a b c d e f g h i j')).toHaveLength(8);
  });

  test('every synonym is a phrase of plain words', () => {
    for (const phrases of Object.values(FAQ_SYNONYMS)) for (const p of phrases) expect(p).toMatch(/^[a-z]+([ -][a-z]+)*$/);
  });
});
