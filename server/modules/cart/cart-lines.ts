import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { CouponLine } from './coupon-rules.ts';
import type { PricedLine } from './pricing.ts';
import { loadVariantInfo, type VariantInfo } from './variant-info.ts';

// A cart's lines joined with their catalogue facts, and the views the pure rules take of them.

export interface ResolvedLine {
  row: Selectable<Database['cart_items']>;
  info: VariantInfo;
}

/** Paid lines first (in the order added), then free gifts. Lines whose variant vanished are left out. */
export async function readCartLines(db: Db, cartId: string): Promise<ResolvedLine[]> {
  const rows = await db.selectFrom('cart_items').selectAll().where('cart_id', '=', cartId).orderBy('is_freebie').orderBy('id').execute();
  const infos = await loadVariantInfo(
    db,
    rows.map((r) => r.variant_id),
  );
  const out: ResolvedLine[] = [];
  for (const row of rows) {
    const info = infos.get(row.variant_id);
    if (info) out.push({ row, info });
  }
  return out;
}

/** Free gifts are priced 0 (SPEC §4). */
export const pricedLine = (l: ResolvedLine): PricedLine => ({
  mrp: l.info.mrp,
  sale_price: l.row.is_freebie ? 0 : l.info.sale_price,
  quantity: l.row.quantity,
  is_freebie: l.row.is_freebie,
});

export const couponLine = (l: ResolvedLine): CouponLine => ({
  brand_id: l.info.brand_id,
  category_ids: l.info.category_path.map((c) => c.id),
  sale_price: l.row.is_freebie ? 0 : l.info.sale_price,
  quantity: l.row.quantity,
  is_freebie: l.row.is_freebie,
});
