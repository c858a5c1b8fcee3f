import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Account safety (README "Security"): an identity is the pair (country code, mobile), each contact detail is
// marked verified on its own, sessions expire when idle, and the outbox row keeps the code only until sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    -- The same ten digits under another country code are another person.
    ALTER TABLE customers DROP CONSTRAINT IF EXISTS customers_mobile_key;
    CREATE UNIQUE INDEX customers_c_code_mobile_idx ON customers(c_code, mobile);

    -- Verified per detail: only a verified detail can receive sign-in codes or be linked to Google.
    -- Accounts before this migration registered through a mobile OTP, so a mobile on file was proven.
    ALTER TABLE customers ADD COLUMN mobile_verified boolean NOT NULL DEFAULT false;
    UPDATE customers SET mobile_verified = true WHERE mobile IS NOT NULL;

    -- Idle timeout: a session unused for longer than SESSION_IDLE_HOURS is no longer honoured.
    ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX sessions_expires_idx ON sessions(expires_at);

    -- Google sign-in nonces are grants held by a browser before any customer is known.
    ALTER TABLE auth_grants ALTER COLUMN customer_id DROP NOT NULL;

    CREATE INDEX error_logs_created_idx ON error_logs(created_at);
    CREATE INDEX conversion_events_received_idx ON conversion_events(received_at);
    CREATE INDEX outbox_created_idx ON outbox(created_at) WHERE status IN ('sent','failed');
  `,
  );
}
