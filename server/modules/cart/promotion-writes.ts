import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

// The writes of the cart's promotion rules (coupons, bank offers, free gifts, the delivery charge), made by the
// operations console (docs/decisions/019). The cart owns these tables (server/db/owners.ts): the console checks,
// audits and answers; the rows change only here. Each takes the caller's transaction as `db`, so a row and its
// audit entry commit together. An edit is guarded by the version its editor saw, checked by the caller under
// the row's lock.

type Row<T extends keyof Database> = Selectable<Database[T]>;

/** A new coupon; undefined when its code is taken. */
export function createCoupon(db: Db, values: Insertable<Database['coupons']>): Promise<Row<'coupons'> | undefined> {
  return db
    .insertInto('coupons')
    .values(values)
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Changes the coupon `code`, which the caller locked and found, and moves it to `version`. */
export function saveCoupon(db: Db, code: string, version: number, values: Updateable<Database['coupons']>): Promise<Row<'coupons'>> {
  return db
    .updateTable('coupons')
    .set({ ...values, version })
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function createBankOffer(db: Db, values: Insertable<Database['bank_offers']>): Promise<Row<'bank_offers'>> {
  return db.insertInto('bank_offers').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes bank offer `id` and moves it to `version`. */
export function saveBankOffer(
  db: Db,
  id: number,
  version: number,
  values: Updateable<Database['bank_offers']>,
): Promise<Row<'bank_offers'>> {
  return db
    .updateTable('bank_offers')
    .set({ ...values, version })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function createFreebie(db: Db, values: Insertable<Database['freebies']>): Promise<Row<'freebies'>> {
  return db.insertInto('freebies').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes free gift `id` and moves it to `version`. */
export function saveFreebie(db: Db, id: number, version: number, values: Updateable<Database['freebies']>): Promise<Row<'freebies'>> {
  return db
    .updateTable('freebies')
    .set({ ...values, version })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes delivery rule `id` and moves it to `version`. */
export function saveDeliveryRule(
  db: Db,
  id: number,
  version: number,
  values: Updateable<Database['delivery_rules']>,
): Promise<Row<'delivery_rules'>> {
  return db
    .updateTable('delivery_rules')
    .set({ ...values, version })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
