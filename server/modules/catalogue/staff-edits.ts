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
