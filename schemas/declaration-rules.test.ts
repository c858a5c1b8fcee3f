import { DeclarationsInput } from './declarations.ts';
import {
  baseQuantity,
  formatUnitPrice,
  netQuantityLabel,
  nutritionPerServing,
  pricePerProteinGram,
  pricePerServing,
} from './declaration-rules.ts';

// docs/product-declarations.md: the figures derived from a label's declarations, and the FSSAI licence check.

test('a net quantity in its base unit: kilograms and pounds to grams, litres to millilitres, counts as they are', () => {
  expect(baseQuantity(1, 'kg')).toEqual({ amount: 1000, unit: 'g' });
  expect(baseQuantity(2, 'lb')).toEqual({ amount: 907, unit: 'g' });
  expect(baseQuantity(5, 'lb')).toEqual({ amount: 2268, unit: 'g' });
  expect(baseQuantity(0.5, 'l')).toEqual({ amount: 500, unit: 'ml' });
  expect(baseQuantity(340, 'g')).toEqual({ amount: 340, unit: 'g' });
  expect(baseQuantity(60, 'capsules')).toEqual({ amount: 60, unit: 'capsules' });
  expect(netQuantityLabel(2, 'lb')).toBe('2 lb (907 g)');
  expect(netQuantityLabel(1, 'kg')).toBe('1 kg');
  expect(netQuantityLabel(0.25, 'kg')).toBe('0.25 kg');
});

test('price per serving and per gram of protein, in paise, derived from the price now', () => {
  expect(pricePerServing(194_900, 30)).toBe(6497);
  expect(pricePerServing(194_900, 0)).toBeNull();
  expect(pricePerProteinGram(194_900, 30, 24)).toBe(271);
  // Creatine has no protein: no price per gram of it.
  expect(pricePerProteinGram(69_900, 33, 0)).toBeNull();
  expect(formatUnitPrice(6497)).toBe('₹65');
  expect(formatUnitPrice(271)).toBe('₹2.71');
  expect(formatUnitPrice(123_456)).toBe('₹1,235');
});

test('nutrition per serving from the table per 100 g, to one decimal', () => {
  const per100 = {
    energy_kcal: 390,
    protein_g: 72.7,
    carbohydrate_g: 9,
    sugars_g: 4.5,
    added_sugars_g: 0,
    fat_g: 6,
    saturated_fat_g: 3.5,
    trans_fat_g: 0.1,
    cholesterol_mg: 150,
    sodium_mg: 400,
  };
  expect(nutritionPerServing(per100, 33)).toEqual({
    energy_kcal: 128.7,
    protein_g: 24,
    carbohydrate_g: 3,
    sugars_g: 1.5,
    added_sugars_g: 0,
    fat_g: 2,
    saturated_fat_g: 1.2,
    trans_fat_g: 0,
    cholesterol_mg: 49.5,
    sodium_mg: 132,
  });
});

test('an FSSAI licence is exactly 14 digits; importer and packer come with both name and address', () => {
  const base = {
    food_type: 'veg',
    manufacturer_name: 'Maker',
    manufacturer_address: 'Somewhere',
    packer_name: null,
    packer_address: null,
    importer_name: null,
    importer_address: null,
    country_of_origin: 'India',
    customer_care_phone: '1800-102-4100',
    customer_care_email: 'care@example.in',
    customer_care_address: 'Somewhere',
    fssai_licence: '10019011000123',
    serving_size: '1 scoop (33 g)',
    serving_size_g: 33,
    shelf_life_months: 18,
    ingredients: 'Whey',
    allergens: null,
    nutrition: {
      energy_kcal: 0,
      protein_g: 0,
      carbohydrate_g: 0,
      sugars_g: 0,
      added_sugars_g: 0,
      fat_g: 0,
      saturated_fat_g: 0,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 0,
    },
    variants: [],
  };
  expect(DeclarationsInput.safeParse(base).success).toBe(true);
  for (const fssai_licence of ['1001901100012', '100190110001234', '1001901100012x', 'FSSAI-10019011000123', ''])
    expect(DeclarationsInput.safeParse({ ...base, fssai_licence }).success).toBe(false);
  expect(DeclarationsInput.safeParse({ ...base, importer_name: 'Importer' }).success).toBe(false);
  expect(DeclarationsInput.safeParse({ ...base, packer_name: 'P', packer_address: 'A' }).success).toBe(true);
});
