import type { Db } from '../../db/database.ts';

// What the operations console reads of the cart's promotion rules (docs/decisions/019), and the locks its versioned
// edits take (FOR UPDATE, inside the caller's transaction, before server/api/ops/versioned-edit.ts compares the
// version): the console's routes hold no SQL of their own.

export function consoleCoupons(db: Db) {
  return db.selectFrom('coupons').selectAll().orderBy('ends_at', 'desc').orderBy('code').limit(500).execute();
}

export function consoleBankOffers(db: Db) {
  return db.selectFrom('bank_offers').selectAll().orderBy('active', 'desc').orderBy('ends_at', 'desc').orderBy('id').limit(500).execute();
}

/** The free gifts (or the one of `id`) with their product's name and SKU. */
export function consoleFreebies(db: Db, id?: number) {
  let q = db
    .selectFrom('freebies as f')
    .innerJoin('variants as v', 'v.id', 'f.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['f.id', 'f.variant_id', 'f.threshold', 'f.title', 'f.active', 'f.version', 'p.name as product_name', 'v.sku'])
    .orderBy('f.active', 'desc')
    .orderBy('f.threshold')
    .orderBy('f.id');
  if (id !== undefined) q = q.where('f.id', '=', id);
  return q.execute();
}

export function consoleDeliveryRules(db: Db) {
  return db.selectFrom('delivery_rules').selectAll().orderBy('id').execute();
}

// The locks of a versioned edit: the row, or undefined when there is none.

export function lockCouponForEdit(db: Db, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
}

export function lockBankOfferForEdit(db: Db, id: number) {
  return db.selectFrom('bank_offers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function lockFreebieForEdit(db: Db, id: number) {
  return db.selectFrom('freebies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function lockDeliveryRuleForEdit(db: Db, id: number) {
  return db.selectFrom('delivery_rules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}
