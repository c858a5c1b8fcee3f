import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Account security (README "Security"):
// - account_changes: every change of a way in or of the refund account, with a masked before/after, the client
//   address, and the hash of the "this was not me" token mailed to the old contact (used once, to freeze).
// - source_delays: failed sign-in attempts slow their source (a client address, an IPv6 /64), never the account.
// - bank_accounts: the account number is stored encrypted (AES-256-GCM, a random IV per row), so a unique key
//   over it means nothing; the same account twice is found by decrypting the customer's few rows instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE account_changes (
      id serial PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      kind text NOT NULL,
      detail text NOT NULL,
      ip text NOT NULL,
      proof text NOT NULL,
      not_me_hash text UNIQUE,
      not_me_expires_at timestamptz,
      not_me_used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX account_changes_customer_idx ON account_changes(customer_id, created_at);

    CREATE TABLE source_delays (
      key text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0,
      blocked_until timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE bank_accounts DROP CONSTRAINT IF EXISTS bank_accounts_customer_id_ifsc_account_number_key
  `,
  );
}
