import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Transactional messages (docs/decisions/022-transactional-messages.md): an email carries an HTML part beside its
// plain text, and a message about an order, shipment, payment or refund event carries a key that is unique, so the
// event queues its message once however many times (retries, several instances) it is reported.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE outbox ADD COLUMN html text;
    ALTER TABLE outbox ADD COLUMN dedup_key text UNIQUE;
  `,
  );
}
