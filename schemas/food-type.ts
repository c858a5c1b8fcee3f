// SPEC §3 food-type marker: veg / vegetarian / nonveg / non-veg / non-vegetarian as text, or the numbers 2 and 3.

export type FoodMarker = 'veg' | 'non-veg';

const VEG = new Set(['veg', 'vegetarian', '2']);
const NON_VEG = new Set(['nonveg', 'non-veg', 'non-vegetarian', '3']);

/** The marker to show (green dot veg, brown triangle non-veg), or null when the value is not a food type. */
export function foodMarker(value: unknown): FoodMarker | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const v = String(value).trim().toLowerCase();
  if (VEG.has(v)) return 'veg';
  if (NON_VEG.has(v)) return 'non-veg';
  return null;
}
