import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Outboxes that never double-send and never retry forever, and scheduled jobs one instance runs at a time
// (docs/architecture.md "Growing past one machine").
// - lease_token: the claim that holds a row; completion and renewal only count for the current holder, so a worker
//   whose lease ran out can neither send again nor set a sent message back to pending.
// - event_outbox.dead_at: the dead-letter state, after EVENT_OUTBOX_MAX_ATTEMPTS failures (the messaging outbox
//   has its 'failed' status for the same purpose).
// - scheduled_jobs: a lease per job name plus when it last finished, so N instances run an hourly job once an hour.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE outbox ADD COLUMN lease_token uuid;
    ALTER TABLE event_outbox ADD COLUMN lease_token uuid;
    ALTER TABLE event_outbox ADD COLUMN dead_at timestamptz;
    DROP INDEX IF EXISTS event_outbox_due_idx;
    CREATE INDEX event_outbox_due_idx ON event_outbox(next_attempt_at) WHERE sent_at IS NULL AND dead_at IS NULL;

    CREATE TABLE scheduled_jobs (
      name text PRIMARY KEY,
      lease_token uuid,
      locked_until timestamptz,
      holder text,
      last_started_at timestamptz,
      last_finished_at timestamptz,
      last_error text,
      runs integer NOT NULL DEFAULT 0
    );
  `,
  );
}
