import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export async function insertUpload(db: Db, row: Insertable<Database['uploads']>) {
  return db.insertInto('uploads').values(row).returning(['id']).executeTakeFirstOrThrow();
}

export async function findUpload(db: Db, publicId: string) {
  return db.selectFrom('uploads').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/** The customer's stored uploads: files in the last hour, bytes in the last day (database time). */
export async function uploadUsage(db: Db, customerId: number): Promise<{ filesLastHour: number; bytesLastDay: number }> {
  const row = await db
    .selectFrom('uploads')
    .select([
      sql<string>`count(*) filter (where created_at > now() - interval '1 hour')`.as('files'),
      sql<string>`coalesce(sum(size), 0)`.as('bytes'),
    ])
    .where('customer_id', '=', customerId)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return { filesLastHour: Number(row.files), bytesLastDay: Number(row.bytes) };
}

/**
 * Deletes up to `limit` uploads older than `hours` that nothing took: a return photo whose return was never
 * submitted, a review photo on no review, a help attachment on no ticket. Returns how many went.
 */
export async function deleteUnattached(db: Db, hours: number, limit = 500): Promise<number> {
  const result = await sql<{ id: number }>`
    DELETE FROM uploads WHERE id IN (
      SELECT u.id FROM uploads u
      WHERE u.created_at < now() - ${hours} * interval '1 hour'
        AND NOT EXISTS (SELECT 1 FROM return_media m WHERE m.upload_id = u.id AND m.return_id IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM review_photos p WHERE p.upload_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM support_tickets t WHERE t.attachments @> jsonb_build_array(u.public_id))
      ORDER BY u.id
      LIMIT ${limit}
    ) RETURNING id`.execute(db);
  return result.rows.length;
}

/** Whether the upload is a photo of a published review. */
export async function onPublishedReview(db: Db, uploadId: number): Promise<boolean> {
  const row = await db
    .selectFrom('review_photos as p')
    .innerJoin('reviews as r', 'r.id', 'p.review_id')
    .select('p.id')
    .where('p.upload_id', '=', uploadId)
    .where('r.status', '=', 'published')
    .executeTakeFirst();
  return row !== undefined;
}
