import { SALE_SECTIONS } from '../../../schemas/staff.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// A price edit from the operations console (docs/decisions/019). The edit names the price and MRP its editor saw:
// it applies only if they are still the ones in the database, so of two editors the second is told what changed
// rather than silently overwriting the first (stock taken by shoppers meanwhile does not count as a change).

export interface PriceEdit {
  price: number;
  mrp: number;
  expected: { price: number; mrp: number };
}

export interface VariantPrices {
  variant_id: number;
  product_id: number;
  sku: string;
  price: number;
  mrp: number;
}

export type PriceEditResult =
  | { kind: 'changed'; before: VariantPrices; after: VariantPrices }
  | { kind: 'stale'; current: VariantPrices }
  | { kind: 'missing' };

/** Sets a variant's sale price and MRP (integer paise; the caller checked 0 ≤ price ≤ MRP). */
export async function setVariantPrice(db: Db, variantId: number, edit: PriceEdit): Promise<PriceEditResult> {
  const row = await db
    .selectFrom('variants')
    .select(['id', 'product_id', 'sku', 'sale_price', 'mrp'])
    .where('id', '=', variantId)
    .executeTakeFirst();
  if (!row) return { kind: 'missing' };
  const before = { variant_id: row.id, product_id: row.product_id, sku: row.sku, price: row.sale_price, mrp: row.mrp };
  const updated = await db
    .updateTable('variants')
    .set({ sale_price: edit.price, mrp: edit.mrp, updated_at: new Date() })
    .where('id', '=', variantId)
    .where('sale_price', '=', edit.expected.price)
    .where('mrp', '=', edit.expected.mrp)
    .returning(['sale_price', 'mrp'])
    .executeTakeFirst();
  if (!updated) {
    const now = await db.selectFrom('variants').select(['sale_price', 'mrp']).where('id', '=', variantId).executeTakeFirst();
    return now ? { kind: 'stale', current: { ...before, price: now.sale_price, mrp: now.mrp } } : { kind: 'missing' };
  }
  return { kind: 'changed', before, after: { ...before, price: updated.sale_price, mrp: updated.mrp } };
}

/**
 * Many price edits in one statement (a catalogue import), each applied only where the variant still has its
 * expected price and MRP, as setVariantPrice does. Returns the ids it changed: an edit missing from them was stale.
 */
export async function setVariantPrices(db: Db, edits: ReadonlyArray<PriceEdit & { variant_id: number }>): Promise<Set<number>> {
  if (edits.length === 0) return new Set();
  const col = (f: (e: PriceEdit & { variant_id: number }) => number) => edits.map(f);
  const r = await sql<{ id: number }>`UPDATE variants v SET sale_price = x.price, mrp = x.mrp, updated_at = now()
    FROM unnest(${col((e) => e.variant_id)}::integer[], ${col((e) => e.price)}::integer[], ${col((e) => e.mrp)}::integer[],
                ${col((e) => e.expected.price)}::integer[], ${col((e) => e.expected.mrp)}::integer[]) AS x(id, price, mrp, was_price, was_mrp)
    WHERE v.id = x.id AND v.sale_price = x.was_price AND v.mrp = x.was_mrp
    RETURNING v.id`.execute(db);
  return new Set(r.rows.map((row) => row.id));
}

// The console's other catalogue and content writes (docs/decisions/019). The catalogue owns these tables
// (server/db/owners.ts): the console checks, audits and answers, and passes its transaction as `db` so a row and
// its audit entry commit together.

/** Publishes or unpublishes a product. */
export async function setProductPublished(db: Db, productId: number, published: boolean): Promise<void> {
  await db.updateTable('products').set({ is_published: published, updated_at: new Date() }).where('id', '=', productId).execute();
}

/** Stores a product's own image (both sizes, already made), replacing the last one; answers its new version. */
export async function saveProductImage(
  db: Db,
  image: { product_id: number; image_1x: Buffer; image_2x: Buffer; source_type: string; sha256: string; staff_id: number | null },
): Promise<{ version: number }> {
  return db
    .insertInto('product_images')
    .values(image)
    .onConflict((oc) =>
      oc.column('product_id').doUpdateSet((eb) => ({
        image_1x: eb.ref('excluded.image_1x'),
        image_2x: eb.ref('excluded.image_2x'),
        source_type: eb.ref('excluded.source_type'),
        sha256: eb.ref('excluded.sha256'),
        staff_id: eb.ref('excluded.staff_id'),
        version: eb('product_images.version', '+', 1),
        updated_at: new Date(),
      })),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
}

export interface SalePageValues {
  title: string;
  min_discount: number;
  starts_at: Date | null;
  ends_at: Date | null;
  is_published: boolean;
}

export type SaleSectionInput = { section: (typeof SALE_SECTIONS)[number]; is_hidden: boolean; product_ids: number[] };

/** A new sale page and its sections; undefined when its slug is taken. */
export async function createSalePage(
  db: Db,
  slug: string,
  values: SalePageValues,
  sections: readonly SaleSectionInput[],
): Promise<{ id: number } | undefined> {
  const row = await db
    .insertInto('sale_pages')
    .values({ slug, ...values })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) await writeSaleSections(db, row.id, sections);
  return row;
}

/** Changes sale page `id` (which the caller locked) and its sections, and moves it to `version`. */
export async function saveSalePage(
  db: Db,
  id: number,
  version: number,
  values: SalePageValues,
  sections: readonly SaleSectionInput[],
): Promise<void> {
  await db
    .updateTable('sale_pages')
    .set({ ...values, version, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await writeSaleSections(db, id, sections);
}

/** The page's sections, in the order given; a section not named keeps its place after them, filled by the rule. */
async function writeSaleSections(db: Db, pageId: number, sections: readonly SaleSectionInput[]) {
  const named = sections.map((s) => s.section);
  const all = [
    ...sections,
    ...SALE_SECTIONS.filter((k) => !named.includes(k)).map((section) => ({ section, is_hidden: false, product_ids: [] })),
  ];
  await db.deleteFrom('sale_page_sections').where('sale_page_id', '=', pageId).execute();
  await db
    .insertInto('sale_page_sections')
    .values(
      all.map((s, position) => ({
        sale_page_id: pageId,
        section: s.section,
        position,
        is_hidden: s.is_hidden,
        product_ids: s.product_ids,
      })),
    )
    .execute();
}
