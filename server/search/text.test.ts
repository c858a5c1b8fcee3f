import { boundedDistance, tokenize, typoBudget } from './text.ts';

describe('tokenize', () => {
  test.each([
    ['Whey Protein', ['whey', 'protein']],
    ['Cookies & Cream', ['cookies', 'cream']],
    ['Pre-Workout', ['pre', 'workout']],
    ['2kg whey', ['2kg', 'whey']],
    ['2 KG whey', ['2kg', 'whey']],
    ['500 gm', ['500g']],
    ['1.5 kg', ['1.5kg']],
    ['60 tablets', ['60', 'tablets']],
    ['Crème brûlée', ['creme', 'brulee']],
    ['the best of whey', ['best', 'whey']],
    ['', []],
  ])('%j -> %j', (text, words) => {
    expect(tokenize(text)).toEqual(words);
  });
});

describe('boundedDistance (Damerau–Levenshtein, capped)', () => {
  test.each([
    ['whey', 'whey', 1, 0],
    ['wehy', 'whey', 1, 1],
    ['protien', 'protein', 1, 1],
    ['prtein', 'protein', 1, 1],
    ['proteinn', 'protein', 1, 1],
    ['chocolat', 'chocolate', 1, 1],
    ['chocalate', 'chocolate', 2, 1],
    ['xyz', 'whey', 1, 2],
    ['creatine', 'cream', 2, 3],
  ])('%s ~ %s (max %d) = %d', (a, b, max, d) => {
    expect(boundedDistance(a, b, max)).toBe(d);
  });
});

describe('typoBudget', () => {
  test.each([
    ['kg', 0],
    ['whe', 0],
    ['whey', 1],
    ['protien', 1],
    ['chocolat', 2],
    ['2000', 0],
  ])('%s -> %d', (w, n) => {
    expect(typoBudget(w)).toBe(n);
  });
});
