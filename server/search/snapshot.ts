import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/types.ts';

// The catalogue as plain in-memory records, loaded from the database in a handful of queries. PGlite runs on
// the main thread, so product pages, listings and search answer from this copy, never from SQL per request.

export interface BrandRec {
  id: number;
  name: string;
  slug: string;
  description: string;
  country: string;
  is_top: boolean;
  launched_at: string;
  importer: ImporterRec | null;
  certificate: { title: string; certificate_no: string; issued_on: string; valid_till: string } | null;
  productCount: number;
}

export interface ImporterRec {
  id: number;
  name: string;
  slug: string;
  address: string;
  licence_no: string;
}

export interface CategoryRec {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  position: number;
  is_top: boolean;
  /** Root first, this category last. */
  path: CategoryRec[];
  children: CategoryRec[];
  /** Ids of this category and every category below it. */
  subtree: number[];
  productCount: number;
}

export interface ProductRec {
  id: number;
  name: string;
  slug: string;
  brand: BrandRec;
  category: CategoryRec;
  description: string;
  highlights: string[];
  food_type: string;
  parent_sku: string;
  rating: number;
  rating_count: number;
  sales_count: number;
  is_bestseller: boolean;
  synonyms: string;
  created_at: number;
  /** Ordered by position. */
  variants: VariantRec[];
}

/**
 * A variant in the read model: its row's columns, its product in place of the product id, times in ms. Its `stock`
 * is exact only as to whether there is any: a sale's stock takes that leave a variant in stock are not fetched again
 * (migration 280). Counts of units come from the database (the cart reads them there).
 */
export interface VariantRec extends Omit<VariantRow, 'product_id' | 'created_at'> {
  product: ProductRec;
  created_at: number;
}

export interface CatalogueSnapshot {
  brands: BrandRec[];
  categories: CategoryRec[];
  /** Ordered by id. */
  products: ProductRec[];
  /** Products that can be shown (at least one variant). */
  productsById: Map<number, ProductRec>;
  /** Every product id in the database, shown or not, to tell a new product from a hidden one. */
  knownProductIds: Set<number>;
  productsBySlug: Map<string, ProductRec>;
  variantsById: Map<number, VariantRec>;
  brandsById: Map<number, BrandRec>;
  brandsBySlug: Map<string, BrandRec>;
  categoriesById: Map<number, CategoryRec>;
  categoriesBySlug: Map<string, CategoryRec>;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);
const ms = (d: Date | string) => (d instanceof Date ? d.getTime() : new Date(d).getTime());

export interface ProductRow {
  id: number;
  name: string;
  slug: string;
  brand_id: number;
  category_id: number;
  description: string;
  highlights: unknown;
  food_type: string;
  parent_sku: string;
  rating: string | number;
  rating_count: number;
  sales_count: number;
  is_bestseller: boolean;
  synonyms: string;
  created_at: Date | string;
}

/** A variant as read for the snapshot (the variants table's columns; a timestamp comes as a Date or a string). */
export interface VariantRow extends Omit<Selectable<Database['variants']>, 'created_at' | 'updated_at'> {
  created_at: Date | string;
}

export const PRODUCT_COLUMNS = [
  'id',
  'name',
  'slug',
  'brand_id',
  'category_id',
  'description',
  'highlights',
  'food_type',
  'parent_sku',
  'rating',
  'rating_count',
  'sales_count',
  'is_bestseller',
  'synonyms',
  'created_at',
] as const;
export const VARIANT_COLUMNS = [
  'id',
  'product_id',
  'sku',
  'weight',
  'flavour',
  'pack_size',
  'mrp',
  'sale_price',
  'stock',
  'is_default',
  'image_hue',
  'position',
  'created_at',
] as const;

const highlightsOf = (v: unknown): string[] => {
  const parsed = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

/** Copies the mutable fields of a product row onto its record (brand and category stay as loaded). */
export function applyProductRow(p: ProductRec, r: ProductRow): void {
  p.name = r.name;
  p.slug = r.slug;
  p.description = r.description;
  p.highlights = highlightsOf(r.highlights);
  p.food_type = r.food_type;
  p.parent_sku = r.parent_sku;
  p.rating = Number(r.rating);
  p.rating_count = r.rating_count;
  p.sales_count = r.sales_count;
  p.is_bestseller = r.is_bestseller;
  p.synonyms = r.synonyms;
  p.created_at = ms(r.created_at);
}

export function applyVariantRow(v: VariantRec, r: VariantRow): void {
  v.sku = r.sku;
  v.weight = r.weight;
  v.flavour = r.flavour;
  v.pack_size = r.pack_size;
  v.mrp = r.mrp;
  v.sale_price = r.sale_price;
  v.stock = r.stock;
  v.is_default = r.is_default;
  v.image_hue = r.image_hue;
  v.position = r.position;
  v.created_at = ms(r.created_at);
}

export async function loadSnapshot(db: Db): Promise<CatalogueSnapshot> {
  const importerRows = await db.selectFrom('importers').selectAll().execute();
  const importers = new Map<number, ImporterRec>(importerRows.map((r) => [r.id, { ...r }]));
  const certRows = await db.selectFrom('brand_certificates').selectAll().orderBy('id').execute();
  const brandRows = await db.selectFrom('brands').selectAll().orderBy('name').execute();
  const brands: BrandRec[] = brandRows.map((b) => {
    const cert = certRows.find((c) => c.brand_id === b.id);
    return {
      id: b.id,
      name: b.name,
      slug: b.slug,
      description: b.description,
      country: b.country,
      is_top: b.is_top,
      launched_at: iso(b.launched_at),
      importer: b.importer_id === null ? null : (importers.get(b.importer_id) ?? null),
      certificate: cert
        ? { title: cert.title, certificate_no: cert.certificate_no, issued_on: iso(cert.issued_on), valid_till: iso(cert.valid_till) }
        : null,
      productCount: 0,
    };
  });
  const brandsById = new Map(brands.map((b) => [b.id, b]));

  const categoryRows = await db.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute();
  const categories: CategoryRec[] = categoryRows.map((c) => ({ ...c, path: [], children: [], subtree: [], productCount: 0 }));
  const categoriesById = new Map(categories.map((c) => [c.id, c]));
  for (const c of categories) {
    if (c.parent_id !== null) categoriesById.get(c.parent_id)?.children.push(c);
    const path: CategoryRec[] = [];
    const seen = new Set<number>();
    for (
      let cur: CategoryRec | undefined = c;
      cur && !seen.has(cur.id);
      cur = cur.parent_id === null ? undefined : categoriesById.get(cur.parent_id)
    ) {
      seen.add(cur.id);
      path.unshift(cur);
    }
    c.path = path;
  }
  for (const c of categories) for (const anc of c.path) anc.subtree.push(c.id);

  const productRows = (await db.selectFrom('products').select(PRODUCT_COLUMNS).select('is_published').orderBy('id').execute()) as Array<
    ProductRow & { is_published: boolean }
  >;
  const products: ProductRec[] = [];
  const productsById = new Map<number, ProductRec>();
  for (const r of productRows) {
    const brand = brandsById.get(r.brand_id);
    const category = categoriesById.get(r.category_id);
    // An unpublished product is known (its edits need no rebuild) but not shown (docs/decisions/019); publishing
    // moves the structure counter, which reloads this snapshot (migration 200).
    if (!brand || !category || !r.is_published) continue;
    const p = { id: r.id, brand, category, variants: [] } as unknown as ProductRec;
    applyProductRow(p, r);
    products.push(p);
    productsById.set(p.id, p);
  }

  const variantRows = (await db
    .selectFrom('variants')
    .select(VARIANT_COLUMNS)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute()) as VariantRow[];
  const variantsById = new Map<number, VariantRec>();
  for (const r of variantRows) {
    const product = productsById.get(r.product_id);
    if (!product) continue;
    const v = { id: r.id, product } as VariantRec;
    applyVariantRow(v, r);
    product.variants.push(v);
    variantsById.set(v.id, v);
  }
  // A product without variants cannot be shown or bought.
  const live = products.filter((p) => p.variants.length > 0);
  for (const p of live) {
    p.brand.productCount++;
    for (const c of p.category.path) c.productCount++;
  }
  return {
    brands,
    categories,
    products: live,
    productsById: new Map(live.map((p) => [p.id, p])),
    knownProductIds: new Set(productRows.map((r) => r.id)),
    productsBySlug: new Map(live.map((p) => [p.slug, p])),
    variantsById,
    brandsById,
    brandsBySlug: new Map(brands.map((b) => [b.slug, b])),
    categoriesById,
    categoriesBySlug: new Map(categories.map((c) => [c.slug, c])),
  };
}

/** The three change counters of migration 020 (sequence values; they only grow). */
export interface ChangeCounters {
  rows: number;
  structure: number;
  content: number;
}

export async function readCounters(db: Db): Promise<ChangeCounters> {
  const { rows } = await sql<{ r: number | string; s: number | string; c: number | string }>`
    SELECT (SELECT last_value FROM catalogue_change_seq) AS r,
           (SELECT last_value FROM catalogue_structure_seq) AS s,
           (SELECT last_value FROM catalogue_content_seq) AS c`.execute(db);
  const row = rows[0];
  return { rows: Number(row?.r ?? 0), structure: Number(row?.s ?? 0), content: Number(row?.c ?? 0) };
}

export async function changedRowsSince(db: Db, since: number): Promise<{ products: ProductRow[]; variants: VariantRow[] }> {
  const products = (await db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where(sql.ref('change_seq'), '>', since)
    .execute()) as ProductRow[];
  const variants = (await db
    .selectFrom('variants')
    .select(VARIANT_COLUMNS)
    .where(sql.ref('change_seq'), '>', since)
    .execute()) as VariantRow[];
  return { products, variants };
}
