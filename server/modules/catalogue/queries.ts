import type { Db } from '../../db/database.ts';

// The catalogue module's own reads (Kysely). The catalogue itself is read into this instance's copy by
// server/search/snapshot.ts; these are the small content tables and the staff check of previews.

/**
 * The offers, coupons, bank offers (those marketing has not switched off), freebies and sale pages (with their
 * sections) tables, whole, in display order.
 */
export async function contentTables(db: Db) {
  return {
    offers: await db.selectFrom('offers').selectAll().orderBy('position').orderBy('id').execute(),
    coupons: await db.selectFrom('coupons').selectAll().orderBy('code').execute(),
    bankOffers: await db.selectFrom('bank_offers').selectAll().where('active', '=', true).orderBy('id').execute(),
    freebies: await db.selectFrom('freebies').selectAll().orderBy('threshold').execute(),
    salePages: await db.selectFrom('sale_pages').selectAll().orderBy('id').execute(),
    saleSections: await db.selectFrom('sale_page_sections').selectAll().orderBy('sale_page_id').orderBy('position').execute(),
  };
}

/** Whether the customer is Kasrat staff (SPEC §6 previews). */
export async function isStaff(db: Db, customerId: number): Promise<boolean> {
  const row = await db.selectFrom('customers').select('is_staff').where('id', '=', customerId).executeTakeFirst();
  return row?.is_staff === true;
}
