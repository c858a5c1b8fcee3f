import type { Db } from '../../server/db/database.ts';

// Variants picked from the seed by their facts (price, stock), never by fixed ids, for every suite that needs one.

/** Variants with their product's name, by id. */
export function variantRows(db: Db) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.sale_price', 'v.mrp', 'v.stock', 'p.name'])
    .orderBy('v.id');
}

/** Variants that are not free gifts, with a sale price in [min, max] paise and at least `minStock` units. */
export function pricedVariants(db: Db, min: number, max: number, minStock = 20) {
  return variantRows(db)
    .where('v.sale_price', '>=', min)
    .where('v.sale_price', '<=', max)
    .where('v.stock', '>=', minStock)
    .where('v.id', 'not in', (eb) => eb.selectFrom('freebies').select('variant_id'));
}
