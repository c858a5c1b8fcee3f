import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Checkout and payment, on top of 050_orders: the address chosen at "deliver here" is kept on the cart; each
// payment attempt remembers the bank offer it was priced with; refunds and every gateway callback (accepted or
// refused) are rows, so any instance can answer for them and a forged or replayed callback leaves a trace.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE carts ADD COLUMN address_id integer REFERENCES addresses(id) ON DELETE SET NULL;

    ALTER TABLE payments ADD COLUMN offer_discount integer NOT NULL DEFAULT 0 CHECK (offer_discount >= 0);
    ALTER TABLE payments ADD COLUMN bank_offer_id integer REFERENCES bank_offers(id) ON DELETE SET NULL;
    CREATE INDEX payments_order_idx ON payments(order_id, attempt DESC);

    -- One refund per idempotency key: asking twice refunds once.
    CREATE TABLE payment_refunds (
      id serial PRIMARY KEY, payment_id integer NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
      amount integer NOT NULL CHECK (amount > 0), idempotency_key text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','success','failed')),
      gateway_refund_id text, reason text, created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_refunds_payment_idx ON payment_refunds(payment_id);

    CREATE TABLE payment_callbacks (
      id bigserial PRIMARY KEY, gateway text NOT NULL, ref text,
      outcome text NOT NULL CHECK (outcome IN ('applied','unchanged','rejected')),
      reason text, payload jsonb NOT NULL DEFAULT '{}', created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_callbacks_ref_idx ON payment_callbacks(ref, id);
  `,
  );
}
