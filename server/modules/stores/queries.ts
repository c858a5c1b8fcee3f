import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

// Kysely queries of the store locator and the retailer programme.

export async function citiesWithStores(db: Db) {
  return db
    .selectFrom('cities as c')
    .innerJoin('stores as s', 's.city_id', 'c.id')
    .select(['c.id', 'c.name', 'c.slug', 'c.state'])
    .select(sql<number>`count(s.id)::int`.as('store_count'))
    .groupBy('c.id')
    .orderBy('c.name')
    .execute();
}

export async function stores(db: Db, citySlug?: string) {
  let q = db
    .selectFrom('stores as s')
    .innerJoin('cities as c', 'c.id', 's.city_id')
    .select([
      's.id',
      's.name',
      's.address',
      's.pincode',
      's.phone',
      's.hours',
      's.latitude',
      's.longitude',
      'c.name as city',
      'c.slug as city_slug',
      'c.state',
    ])
    .orderBy('c.name')
    .orderBy('s.id');
  if (citySlug) q = q.where('c.slug', '=', citySlug);
  return q.execute();
}

export async function cityExists(db: Db, slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom('cities').select('id').where('slug', '=', slug).executeTakeFirst());
}

export async function insertRetailerRequest(db: Db, row: Omit<Insertable<Database['retailer_requests']>, 'id' | 'created_at'>) {
  return db.insertInto('retailer_requests').values(row).returning(['id', 'reference']).executeTakeFirstOrThrow();
}
