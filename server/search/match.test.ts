import { MATCH, wordMatch } from './match.ts';

// The one typo rule of search and suggestions (SPEC §6 search tolerates typos).
describe('wordMatch', () => {
  test.each([
    ['whey', 'whey', false, MATCH.exact],
    ['wh', 'whey', true, MATCH.prefix],
    ['wh', 'whey', false, 0],
    ['pro', 'protein', false, MATCH.prefix],
    ['wehy', 'whey', false, MATCH.typo],
    ['protien', 'protein', false, MATCH.typo],
    ['protien', 'proteins', true, MATCH.prefixTypo],
    ['creatnie', 'creatine', false, MATCH.typo],
    ['bcaa', 'beta', false, 0],
    ['optimum', 'nutrition', true, 0],
  ] as const)('%s against %s (last word: %s) is %i', (word, term, isLast, quality) => {
    expect(wordMatch(word, term, isLast)).toBe(quality);
  });
});
