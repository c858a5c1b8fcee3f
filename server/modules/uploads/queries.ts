import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export async function insertUpload(db: Db, row: Insertable<Database['uploads']>) {
  return db.insertInto('uploads').values(row).returning(['id']).executeTakeFirstOrThrow();
}

export async function findUpload(db: Db, publicId: string) {
  return db.selectFrom('uploads').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}
