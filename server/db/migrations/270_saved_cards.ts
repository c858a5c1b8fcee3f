import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Saved cards under card-on-file tokenisation (docs/decisions/024-saved-cards.md): the gateway keeps the card;
// the store keeps only the gateway's token reference and what the shopper needs to recognise the card (network,
// last four digits, expiry month and year). One row per customer and token; deleting a card deletes the row
// after the gateway has dropped its token. A payment attempt names the saved card it paid with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE IF NOT EXISTS saved_cards (
      id serial PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      gateway text NOT NULL,
      token text NOT NULL,
      network text NOT NULL CHECK (network IN ('MasterCard', 'RuPay', 'VISA', 'Amex')),
      last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
      expiry_month smallint NOT NULL CHECK (expiry_month BETWEEN 1 AND 12),
      expiry_year smallint NOT NULL CHECK (expiry_year BETWEEN 2000 AND 2100),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (customer_id, gateway, token)
    );
    CREATE INDEX IF NOT EXISTS saved_cards_customer_idx ON saved_cards(customer_id, gateway);
    -- The saved card an attempt pays with (its token goes to the gateway; the card may be removed later).
    ALTER TABLE payments ADD COLUMN IF NOT EXISTS saved_card_id integer REFERENCES saved_cards(id) ON DELETE SET NULL;
  `,
  );
}
