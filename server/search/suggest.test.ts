import { expect, test } from 'vitest';
import { wordMatch } from './match.ts';
import { matchNames } from './suggest.ts';

// Suggestions match brand and category names by search's own word rule (match.ts): a typo or a prefix that finds
// products finds the name too, and every query word must match.

const brands = [{ name: 'Titan Forge' }, { name: 'Prana Labs' }, { name: 'Himalayan Whey' }, { name: 'Atlas Fuel' }];

test('typos and prefixes find a name as search finds a product; every word must match', () => {
  expect(matchNames(brands, 'titn', 4).map((b) => b.name)).toEqual(['Titan Forge']);
  expect(matchNames(brands, 'himalayan whe', 4).map((b) => b.name)).toEqual(['Himalayan Whey']);
  expect(matchNames(brands, 'prana forge', 4)).toEqual([]);
  expect(matchNames(brands, '', 4)).toEqual([]);
  // The same rule as search: a word the matcher refuses is refused here too.
  expect(wordMatch('zzz', 'titan', true)).toBe(0);
  expect(matchNames(brands, 'zzz', 4)).toEqual([]);
});

test('best match first, then by name; at most `limit`', () => {
  const many = [{ name: 'Whey Gold' }, { name: 'Whey' }, { name: 'Whey Isolate' }];
  expect(matchNames(many, 'whey', 2)).toHaveLength(2);
  expect(matchNames(many, 'whey', 3).map((x) => x.name)).toEqual(['Whey', 'Whey Gold', 'Whey Isolate']);
});
