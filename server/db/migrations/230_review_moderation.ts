import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// The console's review queue (docs/decisions/019): reviews publish at once and staff look at them
// afterwards. `moderated_at` says a member of staff (or the operations token) decided on the review; an author's
// edit clears it, so the changed text comes back to the queue.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE reviews ADD COLUMN IF NOT EXISTS moderated_at timestamptz;
    CREATE INDEX IF NOT EXISTS reviews_awaiting_moderation_idx ON reviews(created_at, id) WHERE moderated_at IS NULL;
  `,
  );
}
