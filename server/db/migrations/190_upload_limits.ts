import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Upload allowances and clean-up (SECURITY.md "Uploads"): a customer's files per hour and bytes per day are read
// from their uploads by time, and the hourly job finds uploads older than a day that nothing took. No new columns:
// whether an upload was taken is read from the rows that take it (return_media.return_id, review_photos,
// support_tickets.attachments).
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE INDEX uploads_customer_time_idx ON uploads(customer_id, created_at);
    CREATE INDEX uploads_created_idx ON uploads(created_at);
    `,
  );
}
