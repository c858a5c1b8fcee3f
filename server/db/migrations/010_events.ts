import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// The server-side conversion feed (docs/architecture.md "Reporting"). Each event is stored once (event_id is the key), PII only as
// SHA-256 hashes; forwarding goes through an outbox claimed with SELECT … FOR UPDATE SKIP LOCKED.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE conversion_events (
      event_id text PRIMARY KEY, event_name text NOT NULL, event_time timestamptz NOT NULL,
      session_id text NOT NULL, funnel_step smallint CHECK (funnel_step BETWEEN 1 AND 5),
      customer_id integer REFERENCES customers(id) ON DELETE SET NULL,
      email_sha256 text, phone_sha256 text, external_id_sha256 text,
      event_source_url text, client_user_agent text, custom_data jsonb NOT NULL DEFAULT '{}',
      received_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX conversion_events_time_idx ON conversion_events(event_time);
    CREATE INDEX conversion_events_session_idx ON conversion_events(session_id, event_time);

    -- kind 'conversion' (ref = event_id) or 'affiliate' (ref = order id); one row per ref.
    CREATE TABLE event_outbox (
      id bigserial PRIMARY KEY, kind text NOT NULL CHECK (kind IN ('conversion', 'affiliate')), ref text NOT NULL,
      payload jsonb NOT NULL, attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(), locked_until timestamptz,
      sent_at timestamptz, last_error text, created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (kind, ref)
    );
    CREATE INDEX event_outbox_due_idx ON event_outbox(next_attempt_at) WHERE sent_at IS NULL;
  `,
  );
}
