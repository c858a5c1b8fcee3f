import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Grievance redressal (docs/grievance-redressal.md): a shopper's complaint with its two clocks, stored when it is
// received (48 hours to acknowledge, one month to redress), and who in the console acknowledged and answered it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE grievances (
      id serial PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      order_id integer REFERENCES orders(id) ON DELETE SET NULL,
      category text NOT NULL,
      message text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open','acknowledged','resolved')),
      created_at timestamptz NOT NULL DEFAULT now(),
      acknowledge_by timestamptz NOT NULL,
      resolve_by timestamptz NOT NULL,
      acknowledged_at timestamptz,
      acknowledged_by integer REFERENCES staff(id) ON DELETE SET NULL,
      resolved_at timestamptz,
      resolved_by integer REFERENCES staff(id) ON DELETE SET NULL,
      answer text
    );
    CREATE INDEX grievances_customer_idx ON grievances(customer_id, created_at DESC);
    CREATE INDEX grievances_pending_idx ON grievances(status, acknowledge_by) WHERE status <> 'resolved';
  `,
  );
}
