import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// A conversion event is one per (event_name, event_id) (docs/decisions/016): the order id is the Purchase's
// event_id, so an event of another name carrying the same id (anyone may post funnel steps) must not occupy it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE conversion_events DROP CONSTRAINT conversion_events_pkey;
    ALTER TABLE conversion_events ADD PRIMARY KEY (event_name, event_id);
    CREATE INDEX conversion_events_event_id_idx ON conversion_events(event_id);
  `,
  );
}
