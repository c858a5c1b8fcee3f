import type { StaffSalePage } from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';

// What the operations console reads of the catalogue's tables (docs/decisions/019), and the locks its edits take
// (FOR UPDATE, inside the caller's transaction): the console's routes (server/api/ops/) hold no SQL of their own.

const isoOrNull = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---- variants and products -----------------------------------------------------------------------------------

/** The console's variant search (by product name or SKU), `limit` rows in the catalogue's order. */
export function consoleVariants(db: Db, q: string | undefined, limit: number) {
  let query = db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.product_id', 'p.name', 'p.slug', 'v.sku', 'v.flavour', 'v.weight', 'v.pack_size'])
    .select(['v.sale_price', 'v.mrp', 'v.stock', 'p.is_published'])
    .orderBy('p.name')
    .orderBy('v.position')
    .orderBy('v.id')
    .limit(limit);
  if (q) query = query.where((eb) => eb.or([eb('p.name', 'ilike', like(q)), eb('v.sku', 'ilike', like(q))]));
  return query.execute();
}

/** Every variant with its product, brand and category, for the catalogue file. */
export function catalogueFileRows(db: Db) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['v.id', 'v.sku', 'p.name', 'v.flavour', 'v.weight', 'v.pack_size', 'b.name as brand', 'c.name as category'])
    .select(['v.sale_price', 'v.mrp', 'v.stock', 'p.is_published'])
    .orderBy('p.name')
    .orderBy('v.position')
    .orderBy('v.id')
    .execute();
}

/** The variants of these SKUs, in id order (the order every writer locks them in), locked when `lock`. */
export function variantsBySku(db: Db, skus: readonly string[], lock: boolean) {
  if (skus.length === 0) return Promise.resolve([]);
  const found = db
    .selectFrom('variants')
    .select(['id', 'product_id', 'sku', 'sale_price', 'mrp', 'stock'])
    .where('sku', 'in', skus)
    .orderBy('id');
  return (lock ? found.forUpdate() : found).execute();
}

/** Locks a variant's row for a stock edit, as checkout takes it; undefined when there is no such variant. */
export function lockVariantStock(db: Db, variantId: number) {
  return db.selectFrom('variants').select(['id', 'stock']).where('id', '=', variantId).forUpdate().executeTakeFirst();
}

/** Locks a product's row; undefined when there is no such product. */
export function lockProduct(db: Db, productId: number) {
  return db.selectFrom('products').select(['id', 'is_published']).where('id', '=', productId).forUpdate().executeTakeFirst();
}

/** The product's own image's version and hash, if it has one. */
export function productImageVersion(db: Db, productId: number) {
  return db.selectFrom('product_images').select(['version', 'sha256']).where('product_id', '=', productId).executeTakeFirst();
}

/** The product's first variant (the one its image is served under); undefined when it has none. */
export async function firstVariantId(db: Db, productId: number): Promise<number | undefined> {
  const first = await db
    .selectFrom('variants')
    .select('id')
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  return first?.id;
}

/** Whether the variant's product is published; undefined when there is no such variant. */
export async function variantPublished(db: Db, variantId: number): Promise<boolean | undefined> {
  const v = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select('p.is_published')
    .where('v.id', '=', variantId)
    .executeTakeFirst();
  return v?.is_published;
}

/** Which of these products are published. */
export async function publishedProductIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).where('is_published', '=', true).execute();
  return new Set(rows.map((p) => p.id));
}

export async function brandExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('brands').select('id').where('id', '=', id).executeTakeFirst());
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst());
}

// ---- sale pages ----------------------------------------------------------------------------------------------

/** The sale pages (or those of `ids`) with their sections and the sections' product names, as the console shows them. */
export async function consoleSalePages(db: Db, ids?: number[]): Promise<StaffSalePage[]> {
  let q = db.selectFrom('sale_pages').selectAll().orderBy('id');
  if (ids) q = q.where('id', 'in', ids);
  const pages = await q.execute();
  if (pages.length === 0) return [];
  const sections = await db
    .selectFrom('sale_page_sections')
    .selectAll()
    .where(
      'sale_page_id',
      'in',
      pages.map((p) => p.id),
    )
    .orderBy('position')
    .execute();
  const productIds = [...new Set(sections.flatMap((s) => s.product_ids ?? []))];
  const names = new Map(
    productIds.length
      ? (await db.selectFrom('products').select(['id', 'name']).where('id', 'in', productIds).execute()).map((p) => [p.id, p.name])
      : [],
  );
  return pages.map((p) => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
    min_discount: p.min_discount,
    starts_at: isoOrNull(p.starts_at),
    ends_at: isoOrNull(p.ends_at),
    is_published: p.is_published,
    version: p.version,
    sections: sections
      .filter((s) => s.sale_page_id === p.id)
      .map((s) => ({
        section: s.section,
        is_hidden: s.is_hidden,
        products: (s.product_ids ?? []).map((id) => ({ product_id: id, name: names.get(id) ?? '' })),
      })),
  }));
}

/** Locks a sale page for a versioned edit; undefined when there is no such page. */
export function lockSalePageForEdit(db: Db, id: number) {
  return db.selectFrom('sale_pages').select(['id', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
}
