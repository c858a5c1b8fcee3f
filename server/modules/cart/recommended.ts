import { sql } from 'kysely';
import type { ProductCard } from '../../../schemas/cart.ts';
import type { Db } from '../../db/database.ts';
import { loadVariantInfo, toProductCard } from './variant-info.ts';

// Recommended products on the cart page: best sellers from the categories already in the cart (siblings
// included), then best sellers overall; never a product already in the cart; one in-stock variant each.

export async function recommendedProducts(db: Db, cartId: string | null, limit: number): Promise<ProductCard[]> {
  const inCart = cartId
    ? await db
        .selectFrom('cart_items as ci')
        .innerJoin('variants as v', 'v.id', 'ci.variant_id')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(['p.id as product_id', 'p.category_id', 'c.parent_id'])
        .where('ci.cart_id', '=', cartId)
        .where('ci.is_freebie', '=', false)
        .execute()
    : [];
  const excluded = inCart.map((r) => r.product_id);
  const related = [...new Set(inCart.flatMap((r) => [r.category_id, ...(r.parent_id === null ? [] : [r.parent_id])]))];

  // The in-stock variant shown for each product: default first, then by position.
  const pick = (categoryFilter: boolean) =>
    db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('variants')
            .select(['product_id', sql<number>`(array_agg(id ORDER BY is_default DESC, position, id))[1]`.as('variant_id')])
            .where('stock', '>', 0)
            .groupBy('product_id')
            .as('dv'),
        (join) => join.onRef('dv.product_id', '=', 'p.id'),
      )
      .select(['dv.variant_id'])
      // An unpublished product is not offered (docs/decisions/019).
      .where('p.is_published', '=', true)
      // Free gifts are earned, not sold next to the offer that gives them away.
      .where('p.id', 'not in', (eb) =>
        eb.selectFrom('freebies as f').innerJoin('variants as fv', 'fv.id', 'f.variant_id').select('fv.product_id'),
      )
      .$if(excluded.length > 0, (q) => q.where('p.id', 'not in', excluded))
      .$if(categoryFilter, (q) => q.where((eb) => eb.or([eb('p.category_id', 'in', related), eb('c.parent_id', 'in', related)])))
      .orderBy('p.is_bestseller', 'desc')
      .orderBy('p.sales_count', 'desc')
      .orderBy('p.id')
      .limit(limit)
      .execute();

  const ids: number[] = [];
  if (related.length > 0) for (const r of await pick(true)) ids.push(r.variant_id);
  if (ids.length < limit)
    for (const r of await pick(false)) {
      if (ids.length >= limit) break;
      if (!ids.includes(r.variant_id)) ids.push(r.variant_id);
    }
  const infos = await loadVariantInfo(db, ids);
  return ids.flatMap((id) => {
    const info = infos.get(id);
    return info ? [toProductCard(info)] : [];
  });
}
