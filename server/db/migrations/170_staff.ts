import { type Kysely, sql } from 'kysely';
import { execScript } from '../exec-script.ts';

// The operations console (docs/decisions/019): staff accounts apart from customers, their sessions as rows (every
// instance reads the same ones), and the audit trail of every staff write.
// - staff.totp_last_step: the last accepted TOTP time step, so one code signs in once (RFC 6238, section 5.2).
// - staff_sessions.id: the SHA-256 of the cookie's token, as for shoppers' sessions: a leaked table opens nothing.
// - audit_log: append-only. A trigger refuses UPDATE, DELETE and TRUNCATE on PostgreSQL and PGlite alike, so no
//   route, script or mistaken query can rewrite what happened.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE staff (
      id serial PRIMARY KEY,
      email text NOT NULL UNIQUE,
      name text NOT NULL DEFAULT '',
      role text NOT NULL CHECK (role IN ('owner', 'catalogue', 'fulfilment', 'support', 'marketing')),
      password_hash text NOT NULL,
      totp_secret text NOT NULL,
      totp_last_step bigint NOT NULL DEFAULT 0,
      disabled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE staff_sessions (
      id text PRIMARY KEY,
      staff_id integer NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX staff_sessions_staff_idx ON staff_sessions(staff_id);

    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor text NOT NULL,
      staff_id integer REFERENCES staff(id),
      action text NOT NULL,
      target text NOT NULL DEFAULT '',
      before jsonb,
      after jsonb,
      request_id text NOT NULL DEFAULT ''
    );
    CREATE INDEX audit_log_at_idx ON audit_log(at DESC, id DESC);
  `,
  );
  // One statement each: the function body holds semicolons the script splitter would cut at.
  await sql
    .raw(
      `CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`,
    )
    .execute(db);
  await sql
    .raw('CREATE TRIGGER audit_log_no_rewrite BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()')
    .execute(db);
  await sql
    .raw('CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()')
    .execute(db);
}
