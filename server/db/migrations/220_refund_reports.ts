import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Refunds reach the analytics vendors from the server (docs/decisions/016-reporting-the-vendors-accept.md): a
// processed refund queues GA4's `refund` (Measurement Protocol) as an outbox row of its own kind, once per refund.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE event_outbox DROP CONSTRAINT IF EXISTS event_outbox_kind_check;
    ALTER TABLE event_outbox ADD CONSTRAINT event_outbox_kind_check CHECK (kind IN ('conversion', 'affiliate', 'ga4'));
  `,
  );
}
