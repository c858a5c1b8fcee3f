import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Sign-in and account (SPEC §4, §7): OTPs, rate limits, short-lived grants, key material, the message outbox and
// addresses. All of it is shared state, so it lives here and any instance can serve any step of a flow.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    -- Key material every instance must agree on (RSA-OAEP password key, development identity provider key,
    -- OTP hashing pepper). Created once by whichever instance gets there first.
    CREATE TABLE auth_keys (
      name text PRIMARY KEY, public_key text NOT NULL, private_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- One row per OTP sent. Only an HMAC of the code is kept; attempts counts tries against it.
    CREATE TABLE otps (
      id bigserial PRIMARY KEY, purpose text NOT NULL, identifier text NOT NULL, c_code text NOT NULL DEFAULT '+91',
      customer_id integer REFERENCES customers(id) ON DELETE CASCADE, code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0, expires_at timestamptz NOT NULL,
      verified_at timestamptz, consumed_at timestamptz, created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX otps_lookup_idx ON otps(identifier, purpose, id DESC);
    CREATE INDEX otps_expires_idx ON otps(expires_at);

    -- Fixed-window counters (OTP sends per identifier and per IP, wrong passwords per identifier).
    CREATE TABLE rate_limits (
      key text NOT NULL, window_start timestamptz NOT NULL, count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (key, window_start)
    );
    CREATE INDEX rate_limits_window_idx ON rate_limits(window_start);

    -- Short-lived proofs held by an httpOnly cookie: a verified forgot-password OTP (password_reset), or a
    -- shopper who proved who they are but has no mobile yet (pending_profile, SPEC §4 PROFILE_UPDATE).
    CREATE TABLE auth_grants (
      token_hash text PRIMARY KEY, kind text NOT NULL, customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      identifier text NOT NULL, expires_at timestamptz NOT NULL, used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Messages to send (OTP by SMS or email, verification links). Claimed by any instance's worker with
    -- SELECT ... FOR UPDATE SKIP LOCKED, so each is sent once.
    CREATE TABLE outbox (
      id bigserial PRIMARY KEY, channel text NOT NULL CHECK (channel IN ('email','sms')), recipient text NOT NULL,
      c_code text, subject text, body text NOT NULL, otp text, status text NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending','sending','sent','failed')), attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(), locked_until timestamptz, last_error text,
      created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz
    );
    CREATE INDEX outbox_due_idx ON outbox(next_attempt_at) WHERE status IN ('pending','sending');
    CREATE INDEX outbox_recipient_idx ON outbox(recipient, id DESC);

    CREATE TABLE addresses (
      id serial PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      full_name text NOT NULL, mobile text NOT NULL, c_code text NOT NULL DEFAULT '+91', email text,
      pincode text NOT NULL, address text NOT NULL, landmark text, city text NOT NULL, state text NOT NULL,
      country text NOT NULL DEFAULT 'India', address_type integer NOT NULL CHECK (address_type IN (1,2,3)),
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX addresses_customer_idx ON addresses(customer_id);
    CREATE UNIQUE INDEX addresses_one_default_idx ON addresses(customer_id) WHERE is_default;

    -- The history of deletion requests (customers.deletion_requested_at holds the live one).
    CREATE TABLE account_deletions (
      id serial PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      reason text, requested_at timestamptz NOT NULL DEFAULT now(), cancelled_at timestamptz, completed_at timestamptz
    );
    CREATE INDEX account_deletions_customer_idx ON account_deletions(customer_id);
  `,
  );
}
