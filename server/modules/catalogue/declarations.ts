import {
  baseQuantity,
  type DeclarationsInput,
  type NetUnit,
  netQuantityLabel,
  type Nutrition,
  nutritionPerServing,
  type ProductDeclarations,
  pricePerProteinGram,
  pricePerServing,
  type StaffDeclarations,
} from '../../../schemas/declarations.ts';
import type { Db } from '../../db/database.ts';
import type { ProductRec } from '../../search/index.ts';

// A product's label declarations (docs/product-declarations.md): read for the product page and its JSON-LD, read
// and written by the console (docs/decisions/019). The catalogue owns both tables (server/db/owners.ts).

const variantLabel = (v: { flavour: string | null; weight: string | null; pack_size: string | null }) =>
  [v.flavour, v.weight, v.pack_size].filter(Boolean).join(' · ');
const day = (d: Date | string | null): string | null =>
  d === null ? null : d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10);
const asNutrition = (v: unknown): Nutrition => (typeof v === 'string' ? JSON.parse(v) : v) as Nutrition;

async function productRow(db: Db, productId: number) {
  return db.selectFrom('product_declarations').selectAll().where('product_id', '=', productId).executeTakeFirst();
}
type Row = NonNullable<Awaited<ReturnType<typeof productRow>>>;

async function variantRows(db: Db, productId: number) {
  return db
    .selectFrom('variants as v')
    .leftJoin('variant_declarations as d', 'd.variant_id', 'v.id')
    .select(['v.id', 'v.flavour', 'v.weight', 'v.pack_size', 'v.sale_price', 'd.net_quantity', 'd.net_unit', 'd.servings', 'd.best_before'])
    .where('v.product_id', '=', productId)
    .orderBy('v.position')
    .orderBy('v.id')
    .execute();
}

const formValues = (r: Row): NonNullable<StaffDeclarations['values']> => ({
  food_type: 'veg',
  manufacturer_name: r.manufacturer_name,
  manufacturer_address: r.manufacturer_address,
  packer_name: r.packer_name,
  packer_address: r.packer_address,
  importer_name: r.importer_name,
  importer_address: r.importer_address,
  country_of_origin: r.country_of_origin,
  customer_care_phone: r.customer_care_phone,
  customer_care_email: r.customer_care_email,
  customer_care_address: r.customer_care_address,
  fssai_licence: r.fssai_licence,
  serving_size: r.serving_size,
  serving_size_g: Number(r.serving_size_g),
  shelf_life_months: r.shelf_life_months,
  ingredients: r.ingredients,
  allergens: r.allergens,
  nutrition: asNutrition(r.nutrition),
});

/**
 * What the product page shows, or null when the product declares nothing. Prices per serving come from the
 * catalogue's prices now (`p`, the instance's snapshot, as the page's own price), never stored.
 */
export async function productDeclarations(db: Db, p: ProductRec): Promise<ProductDeclarations | null> {
  const r = await productRow(db, p.id);
  if (!r) return null;
  const rows = await variantRows(db, p.id);
  const price = new Map(p.variants.map((v) => [v.id, v.sale_price]));
  const servingG = Number(r.serving_size_g);
  const per100 = asNutrition(r.nutrition);
  const perServing = nutritionPerServing(per100, servingG);
  const variants: ProductDeclarations['variants'] = [];
  for (const v of rows) {
    const sale = price.get(v.id);
    if (sale === undefined || v.net_quantity === null || v.net_unit === null || v.servings === null) continue;
    const quantity = Number(v.net_quantity);
    const unit = v.net_unit as NetUnit;
    variants.push({
      variant_id: v.id,
      label: variantLabel(v),
      net_quantity: quantity,
      net_unit: unit,
      net_quantity_label: netQuantityLabel(quantity, unit),
      base_quantity: baseQuantity(quantity, unit),
      servings: v.servings,
      best_before: day(v.best_before),
      price_per_serving: pricePerServing(sale, v.servings),
      price_per_protein_gram: pricePerProteinGram(sale, v.servings, perServing.protein_g),
    });
  }
  return {
    product_id: p.id,
    version: r.version,
    food_type: p.food_type === 'non-veg' ? 'non-veg' : 'veg',
    manufacturer: { name: r.manufacturer_name, address: r.manufacturer_address },
    packer: r.packer_name && r.packer_address ? { name: r.packer_name, address: r.packer_address } : null,
    importer: r.importer_name && r.importer_address ? { name: r.importer_name, address: r.importer_address } : null,
    country_of_origin: r.country_of_origin,
    customer_care: { phone: r.customer_care_phone, email: r.customer_care_email, address: r.customer_care_address },
    fssai_licence: r.fssai_licence,
    serving_size: r.serving_size,
    serving_size_g: servingG,
    shelf_life_months: r.shelf_life_months,
    ingredients: r.ingredients,
    allergens: r.allergens,
    nutrition: { per_100g: per100, per_serving: perServing },
    variants,
  };
}

/** The console's form: the stored values (null when none yet), the version and every variant; undefined: no product. */
export async function staffDeclarations(db: Db, productId: number): Promise<StaffDeclarations | undefined> {
  const product = await db.selectFrom('products').select(['id', 'name', 'food_type']).where('id', '=', productId).executeTakeFirst();
  if (!product) return undefined;
  const r = await productRow(db, productId);
  const rows = await variantRows(db, productId);
  const food = product.food_type === 'non-veg' ? 'non-veg' : 'veg';
  return {
    product_id: product.id,
    product_name: product.name,
    version: r?.version ?? 0,
    values: r ? { ...formValues(r), food_type: food } : null,
    food_type: food,
    variants: rows.map((v) => ({
      variant_id: v.id,
      label: variantLabel(v),
      net_quantity: v.net_quantity === null ? null : Number(v.net_quantity),
      net_unit: (v.net_unit as NetUnit | null) ?? null,
      servings: v.servings,
      best_before: day(v.best_before),
    })),
  };
}

export type DeclarationsSave = { kind: 'saved' } | { kind: 'stale' } | { kind: 'unknown_variant' };

/**
 * Writes a product's declarations at `version` + 1 if `expected` is still its version (0: none yet), with the food
 * mark on the product's row. Touching the product's row moves its change number, so every instance's snapshot and
 * cached page bytes follow (migration 020). The caller holds the transaction.
 */
export async function saveDeclarations(db: Db, productId: number, expected: number, input: DeclarationsInput): Promise<DeclarationsSave> {
  await db.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirstOrThrow();
  const current = await db
    .selectFrom('product_declarations')
    .select('version')
    .where('product_id', '=', productId)
    .forUpdate()
    .executeTakeFirst();
  if ((current?.version ?? 0) !== expected) return { kind: 'stale' };
  const own = await db.selectFrom('variants').select('id').where('product_id', '=', productId).execute();
  const ids = new Set(own.map((v) => v.id));
  if (input.variants.some((v) => !ids.has(v.variant_id))) return { kind: 'unknown_variant' };
  const { variants, food_type, nutrition, ...fields } = input;
  const values = { ...fields, nutrition: JSON.stringify(nutrition), updated_at: new Date() };
  if (current)
    await db
      .updateTable('product_declarations')
      .set({ ...values, version: expected + 1 })
      .where('product_id', '=', productId)
      .execute();
  else
    await db
      .insertInto('product_declarations')
      .values({ product_id: productId, version: 1, ...values })
      .execute();
  for (const v of variants)
    await db
      .insertInto('variant_declarations')
      .values(v)
      .onConflict((oc) =>
        oc.column('variant_id').doUpdateSet({
          net_quantity: v.net_quantity,
          net_unit: v.net_unit,
          servings: v.servings,
          best_before: v.best_before,
        }),
      )
      .execute();
  await db.updateTable('products').set({ food_type, updated_at: new Date() }).where('id', '=', productId).execute();
  return { kind: 'saved' };
}
