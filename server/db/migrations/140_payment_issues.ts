import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Payments against real gateways (docs/decisions/015-gateway-life-cycle.md):
// - payments.paid_instrument: what the gateway reports the shopper paid with (card prefix, bank, UPI id), so a
//   bank offer stands only on an instrument that qualifies;
// - payment_issues: the staff queue for money that needs a person (a refund the gateway refused, a
//   pay-on-delivery refund to pay by hand, a payment that could not be given back automatically). Shown by the
//   operations API; dedup_key makes raising the same issue twice a no-op.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE payments ADD COLUMN paid_instrument jsonb;
    CREATE TABLE payment_issues (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('refund_failed','refund_to_pay','unusable_refund_failed','offer_not_qualified','status_mismatch')),
      order_id integer REFERENCES orders(id) ON DELETE CASCADE,
      payment_id integer REFERENCES payments(id) ON DELETE CASCADE,
      refund_id integer REFERENCES refunds(id) ON DELETE CASCADE,
      amount integer NOT NULL DEFAULT 0 CHECK (amount >= 0),
      note text NOT NULL,
      dedup_key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolution text
    );
    CREATE INDEX payment_issues_open_idx ON payment_issues(created_at) WHERE resolved_at IS NULL;
  `,
  );
}
