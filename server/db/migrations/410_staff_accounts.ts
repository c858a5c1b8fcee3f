import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Staff accounts a team can run (docs/decisions/019):
// - audit_log.request_id is the server's own id from now on; client_request_id keeps the caller's x-request-id
//   apart, and source (an address, an IPv6 /64) and user_agent say where an act came from. Adding columns fires no
//   row trigger, so the trail stays append-only.
// - staff_invites: one-time links (SHA-256 of the token) by which a member sets their own password and enrols their
//   own authenticator, after an invitation or a reset of their second factor. The secret they enrol waits here,
//   encrypted like staff.totp_secret (STAFF_TOTP_KEY).
// - staff.totp_secret is encrypted at rest; rows stored before this are moved by the re-encryption job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE audit_log ADD COLUMN client_request_id text NOT NULL DEFAULT '';
    ALTER TABLE audit_log ADD COLUMN source text NOT NULL DEFAULT '';
    ALTER TABLE audit_log ADD COLUMN user_agent text NOT NULL DEFAULT '';
    CREATE INDEX audit_log_staff_idx ON audit_log(staff_id, id DESC);
    CREATE INDEX audit_log_action_idx ON audit_log(action, id DESC);

    CREATE TABLE staff_invites (
      id serial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('invite', 'enrol')),
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'catalogue', 'fulfilment', 'support', 'marketing')),
      staff_id integer REFERENCES staff(id) ON DELETE CASCADE,
      totp_secret text NOT NULL,
      invited_by integer REFERENCES staff(id),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX staff_invites_email_idx ON staff_invites(email)
  `,
  );
}
