import { parentSkuFromVariantSku, slugify, truncate } from './text.ts';

// SPEC §5 slug and truncation rules, SPEC §3 parent SKU rule: the spec's examples as tables.

describe('slugify (SPEC §5)', () => {
  test.each([
    ['Whey Protein', 'whey-protein'],
    ['  Trimmed  ', 'trimmed'],
    ['UPPER case', 'upper-case'],
    ['Cookies & Cream', 'cookies-and-cream'],
    ['Fish&Chips', 'fish-and-chips'],
    ['Pre/Post Workout!', 'prepost-workout'],
    ['L-Glutamine', 'l-glutamine'],
    ['a  -  b', 'a-b'],
    ['Health & Wellness', 'health-and-wellness'],
    ['KSM-66 Ashwagandha (60 caps)', 'ksm-66-ashwagandha-60-caps'],
    ['tab\tand\nnewline', 'tab-and-newline'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe('truncate (SPEC §5: longer than the limit -> cut to 250 with an ellipsis)', () => {
  const long = 'x'.repeat(300);
  test.each([
    ['short text stays', 'hello', undefined, 'hello'],
    ['exactly 100 stays', 'y'.repeat(100), undefined, 'y'.repeat(100)],
    ['101 characters is cut (to 250, so all kept) with an ellipsis', 'z'.repeat(101), undefined, `${'z'.repeat(101)}...`],
    ['300 characters is cut to 250 plus ellipsis', long, undefined, `${'x'.repeat(250)}...`],
    ['a given limit applies', 'abcdef', 3, 'abcdef...'],
    ['at the given limit stays', 'abc', 3, 'abc'],
  ] as const)('%s', (_name, input, limit, expected) => {
    expect(limit === undefined ? truncate(input) : truncate(input, limit)).toBe(expected);
  });
});

describe('parent SKU from a variant SKU (SPEC §3: minus the last two characters, plus PA)', () => {
  test.each([
    ['TFWHE00000100', 'TFWHE000001PA'],
    ['KSRSHK00000100', 'KSRSHK000001PA'],
    ['ABC12', 'ABCPA'],
    ['XY', 'PA'],
  ])('%s -> %s', (variant, parent) => {
    expect(parentSkuFromVariantSku(variant)).toBe(parent);
  });
});

describe('normaliseEmail (SPEC §5)', () => {
  it('lowercases and removes every space, and is the one rule for forms and the conversion feed', async () => {
    const { normaliseEmail } = await import('./text.ts');
    expect(normaliseEmail(' Priya.Shah @Example.COM ')).toBe('priya.shah@example.com');
    expect((await import('./validation.ts')).normaliseEmailInput).toBe(normaliseEmail);
    expect((await import('./event-rules.ts')).normalizeEmail).toBe(normaliseEmail);
  });
});
