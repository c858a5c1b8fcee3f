import { formatPaise, groupPaise } from './money.ts';

// A packaged food's declarations and the figures derived from them (docs/product-declarations.md), without zod:
// the product page imports them without building the schemas; schemas/declarations.ts re-exports them.

/** Units a net quantity is declared in: mass, volume, or a count of units (Legal Metrology rule 6(1)(c)). */
export const NET_UNITS = ['g', 'kg', 'lb', 'ml', 'l', 'tablets', 'capsules', 'bars', 'pieces'] as const;
export type NetUnit = (typeof NET_UNITS)[number];

/** Grams in a pound (the avoirdupois pound, exact by definition). */
export const GRAMS_PER_POUND = 453.59237;

/** An FSSAI licence or registration number: 14 digits. */
export const FSSAI_LICENCE = /^[0-9]{14}$/;

/** The tariff heading of protein and food supplements ("food preparations not elsewhere specified"). */
export const DEFAULT_HSN = '21069099';

/** The nutrients of the table, in the order the FSSAI regulations list them, with their unit. */
export const NUTRIENTS = [
  { key: 'energy_kcal', label: 'Energy', unit: 'kcal' },
  { key: 'protein_g', label: 'Protein', unit: 'g' },
  { key: 'carbohydrate_g', label: 'Carbohydrate', unit: 'g' },
  { key: 'sugars_g', label: 'Total sugars', unit: 'g' },
  { key: 'added_sugars_g', label: 'Added sugars', unit: 'g' },
  { key: 'fat_g', label: 'Total fat', unit: 'g' },
  { key: 'saturated_fat_g', label: 'Saturated fat', unit: 'g' },
  { key: 'trans_fat_g', label: 'Trans fat', unit: 'g' },
  { key: 'cholesterol_mg', label: 'Cholesterol', unit: 'mg' },
  { key: 'sodium_mg', label: 'Sodium', unit: 'mg' },
] as const;
export type NutrientKey = (typeof NUTRIENTS)[number]['key'];
export type Nutrition = Record<NutrientKey, number>;

/**
 * A declared net quantity in its base unit: mass in grams (1 kg = 1000 g, 1 lb = 453.59237 g, rounded to the gram),
 * volume in millilitres, a count as it is.
 */
export function baseQuantity(value: number, unit: NetUnit): { amount: number; unit: 'g' | 'ml' | NetUnit } {
  switch (unit) {
    case 'kg':
      return { amount: Math.round(value * 1000), unit: 'g' };
    case 'lb':
      return { amount: Math.round(value * GRAMS_PER_POUND), unit: 'g' };
    case 'l':
      return { amount: Math.round(value * 1000), unit: 'ml' };
    case 'g':
    case 'ml':
      return { amount: Math.round(value), unit };
    default:
      return { amount: value, unit };
  }
}

const trimNumber = (n: number) => String(Number(n.toFixed(3)));

/** "1 kg", "2 lb (907 g)", "60 capsules": the declaration, and its metric figure where it was not metric. */
export function netQuantityLabel(value: number, unit: NetUnit): string {
  const declared = `${trimNumber(value)} ${unit}`;
  return unit === 'lb' ? `${declared} (${baseQuantity(value, unit).amount} g)` : declared;
}

/** Price of one serving in paise, rounded to the paisa; null without servings. */
export function pricePerServing(salePaise: number, servings: number): number | null {
  return servings > 0 ? Math.round(salePaise / servings) : null;
}

/** Price of one gram of protein in paise (the pack's protein from its servings); null when there is none. */
export function pricePerProteinGram(salePaise: number, servings: number, proteinPerServingG: number): number | null {
  const grams = servings * proteinPerServingG;
  return grams >= 1 ? Math.round(salePaise / grams) : null;
}

/** A nutrient per serving from its amount per 100 g (or ml), to one decimal. */
export const perServing = (per100: number, servingG: number): number => Math.round(((per100 * servingG) / 100) * 10) / 10;

/** Every nutrient per serving. */
export function nutritionPerServing(per100: Nutrition, servingG: number): Nutrition {
  return Object.fromEntries(NUTRIENTS.map((n) => [n.key, perServing(per100[n.key], servingG)])) as Nutrition;
}

/**
 * A unit price for shoppers: whole rupees as every price (schemas/money.ts), but paise below ₹10, where rounding to
 * the rupee would hide the comparison a price per gram is for ("₹2.71", not "₹3").
 */
export function formatUnitPrice(paise: number): string {
  return paise >= 1000 ? formatPaise(paise) : `₹${groupPaise(paise)}`;
}
