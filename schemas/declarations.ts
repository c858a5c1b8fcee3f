import { z } from 'zod';
import { FOOD_TYPES } from './catalogue-rules.ts';
import { envelope } from './common.ts';
import { FSSAI_LICENCE, NET_UNITS, NUTRIENTS, type NutrientKey } from './declaration-rules.ts';

export * from './declaration-rules.ts';

// A product's label declarations (docs/product-declarations.md): what the product page shows under "Product
// details" (GET /api/product-details/declarations) and what the console's catalogue role edits
// (/api/ops/catalogue/products/:productId/declarations, optimistic version and audit as docs/decisions/019).

export const DECLARATION_MESSAGES = {
  fssai: 'The FSSAI licence number is 14 digits.',
  stale: 'Someone else changed these declarations since you opened them. Check the current values and try again.',
  saved: 'Declarations saved.',
  unknownVariant: 'A pack named is not a variant of this product.',
  importerPair: 'Give the importer both a name and an address, or neither.',
  packerPair: 'Give the packer both a name and an address, or neither.',
} as const;

const Nutrient = z.number({ error: 'a number' }).min(0).max(10_000);
export const NutritionTable = z.object(Object.fromEntries(NUTRIENTS.map((n) => [n.key, Nutrient])) as Record<NutrientKey, typeof Nutrient>);

const Party = z.object({ name: z.string(), address: z.string() });

export const VariantDeclaration = z.object({
  variant_id: z.number().int(),
  label: z.string(),
  net_quantity: z.number(),
  net_unit: z.enum(NET_UNITS),
  /** "1 kg", "2 lb (907 g)". */
  net_quantity_label: z.string(),
  /** The net quantity in grams or millilitres (a count as it is). */
  base_quantity: z.object({ amount: z.number(), unit: z.string() }),
  servings: z.number().int(),
  /** The batch on sale, where stock carries one (YYYY-MM-DD). */
  best_before: z.string().nullable(),
  /** Derived from the variant's price now (paise), never stored. */
  price_per_serving: z.number().int().nullable(),
  price_per_protein_gram: z.number().int().nullable(),
});
export type VariantDeclaration = z.infer<typeof VariantDeclaration>;

export const ProductDeclarations = z.object({
  product_id: z.number().int(),
  version: z.number().int(),
  food_type: z.enum(FOOD_TYPES),
  manufacturer: Party,
  packer: Party.nullable(),
  importer: Party.nullable(),
  country_of_origin: z.string(),
  customer_care: z.object({ phone: z.string(), email: z.string(), address: z.string() }),
  fssai_licence: z.string(),
  serving_size: z.string(),
  serving_size_g: z.number(),
  shelf_life_months: z.number().int().nullable(),
  ingredients: z.string(),
  allergens: z.string().nullable(),
  nutrition: z.object({ per_100g: NutritionTable, per_serving: NutritionTable }),
  variants: z.array(VariantDeclaration),
});
export type ProductDeclarations = z.infer<typeof ProductDeclarations>;
/** `data` is null for a product that declares nothing (not food: a shaker). */
export const ProductDeclarationsResponse = envelope(ProductDeclarations.nullable());

// ---- the console's edit -------------------------------------------------------------------------------------

const text = (what: string, max = 300) =>
  z
    .string({ error: `${what}: text` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what}: at most ${max} characters.`);
const optionalText = (what: string, max = 300) =>
  z
    .string({ error: `${what}: text` })
    .trim()
    .max(max, `${what}: at most ${max} characters.`)
    .nullable()
    .transform((v) => (v ? v : null));
// A batch's date within this century: the database's date range is wider, a typo of the year is not a batch.
const Day = z.iso
  .date({ error: 'best_before: a date, YYYY-MM-DD' })
  .refine((d) => d >= '2000-01-01' && d <= '2099-12-31', 'best_before: a date between 2000 and 2099.');

export const VariantDeclarationInput = z.object({
  variant_id: z.number().int().positive().max(2_147_483_647),
  // The column keeps three decimals (migration 340): anything smaller would be stored as zero.
  net_quantity: z.number({ error: 'net_quantity: a number' }).min(0.001, 'The net quantity must be above zero.').max(1_000_000),
  net_unit: z.enum(NET_UNITS, { error: `net_unit: one of ${NET_UNITS.join(', ')}` }),
  servings: z.number({ error: 'servings: a whole number' }).int().positive('Servings must be at least 1.').max(100_000),
  best_before: Day.nullable(),
});

export const DeclarationsInput = z
  .object({
    food_type: z.enum(FOOD_TYPES, { error: 'food_type: veg or non-veg' }),
    manufacturer_name: text('Manufacturer'),
    manufacturer_address: text('Manufacturer address', 500),
    packer_name: optionalText('Packer'),
    packer_address: optionalText('Packer address', 500),
    importer_name: optionalText('Importer'),
    importer_address: optionalText('Importer address', 500),
    country_of_origin: text('Country of origin', 80),
    customer_care_phone: text('Customer care phone', 40),
    customer_care_email: z.email('Customer care email: an email address.').max(200),
    customer_care_address: text('Customer care address', 500),
    fssai_licence: z.string({ error: DECLARATION_MESSAGES.fssai }).trim().regex(FSSAI_LICENCE, DECLARATION_MESSAGES.fssai),
    serving_size: text('Serving size', 80),
    // Two decimals in the column (migration 340): the smallest serving it can hold is 0.01 g.
    serving_size_g: z.number({ error: 'serving_size_g: a number of grams' }).min(0.01, 'The serving must weigh at least 0.01 g.').max(1000),
    shelf_life_months: z.number().int().min(1).max(120).nullable(),
    ingredients: text('Ingredients', 4000),
    allergens: optionalText('Allergens', 500),
    nutrition: NutritionTable,
    variants: z.array(VariantDeclarationInput).max(200),
  })
  .refine((d) => !d.importer_name === !d.importer_address, { message: DECLARATION_MESSAGES.importerPair, path: ['importer_name'] })
  .refine((d) => !d.packer_name === !d.packer_address, { message: DECLARATION_MESSAGES.packerPair, path: ['packer_name'] });
export type DeclarationsInput = z.infer<typeof DeclarationsInput>;

export const DeclarationsUpdate = z.intersection(
  DeclarationsInput,
  z.object({
    /** The version the editor saw; 0 when the product declared nothing yet. */
    expected_version: z.number({ error: 'expected_version: the version you edited' }).int().min(0).max(2_147_483_647),
  }),
);

/** The console's view: the form's fields, the version, and every variant (undeclared ones with nulls). */
export const StaffDeclarations = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  version: z.number().int(),
  values: z
    .object({
      food_type: z.enum(FOOD_TYPES),
      manufacturer_name: z.string(),
      manufacturer_address: z.string(),
      packer_name: z.string().nullable(),
      packer_address: z.string().nullable(),
      importer_name: z.string().nullable(),
      importer_address: z.string().nullable(),
      country_of_origin: z.string(),
      customer_care_phone: z.string(),
      customer_care_email: z.string(),
      customer_care_address: z.string(),
      fssai_licence: z.string(),
      serving_size: z.string(),
      serving_size_g: z.number(),
      shelf_life_months: z.number().int().nullable(),
      ingredients: z.string(),
      allergens: z.string().nullable(),
      nutrition: NutritionTable,
    })
    .nullable(),
  food_type: z.enum(FOOD_TYPES),
  variants: z.array(
    z.object({
      variant_id: z.number().int(),
      label: z.string(),
      net_quantity: z.number().nullable(),
      net_unit: z.enum(NET_UNITS).nullable(),
      servings: z.number().int().nullable(),
      best_before: z.string().nullable(),
    }),
  ),
});
export type StaffDeclarations = z.infer<typeof StaffDeclarations>;
export const StaffDeclarationsResponse = envelope(StaffDeclarations);
