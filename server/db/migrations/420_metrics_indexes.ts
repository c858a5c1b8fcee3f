import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// The metrics read the queues' dead letters at every scrape (docs/operations.md "Metrics"): each count walks a
// partial index of the few rows it counts rather than every message ever sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE INDEX IF NOT EXISTS outbox_dead_idx ON outbox(created_at) WHERE status = 'failed';
    CREATE INDEX IF NOT EXISTS event_outbox_dead_idx ON event_outbox(dead_at) WHERE dead_at IS NOT NULL;
    `,
  );
}
