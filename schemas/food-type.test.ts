import { foodMarker } from './food-type.ts';

// SPEC §3: veg / vegetarian / nonveg / non-veg / non-vegetarian as strings, or the numbers 2 and 3.

test.each([
  ['veg', 'veg'],
  ['Veg', 'veg'],
  [' vegetarian ', 'veg'],
  ['VEGETARIAN', 'veg'],
  [2, 'veg'],
  ['2', 'veg'],
  ['nonveg', 'non-veg'],
  ['non-veg', 'non-veg'],
  ['Non-Veg', 'non-veg'],
  ['non-vegetarian', 'non-veg'],
  [3, 'non-veg'],
  ['3', 'non-veg'],
  ['vegan', null],
  ['', null],
  [1, null],
  [4, null],
  [null, null],
  [undefined, null],
  [{ veg: true }, null],
] as const)('%j -> %j', (value, marker) => {
  expect(foodMarker(value)).toBe(marker);
});
