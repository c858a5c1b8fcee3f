import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Consent as the Digital Personal Data Protection Act asks for it (SPEC §4.8): every
// consent given or withdrawn is a row that is never changed — what was shown (the text version), when, how (sign-up
// form, profile, cookie notice) and from where (address, user agent). A shopper without an account answers the
// cookie notice too: such rows name no customer. The sign-up box starts unticked, so an account gets no marketing
// consent it was not given.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE IF NOT EXISTS consent_records (
      id bigserial PRIMARY KEY,
      customer_id integer REFERENCES customers(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('marketing', 'analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization')),
      granted boolean NOT NULL,
      text_version text NOT NULL,
      method text NOT NULL CHECK (method IN ('sign_up', 'profile', 'cookie_notice', 'unsubscribe_link')),
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX IF NOT EXISTS consent_records_customer_idx ON consent_records(customer_id, purpose, id) WHERE customer_id IS NOT NULL;
    ALTER TABLE customers ALTER COLUMN opt_in SET DEFAULT false;
  `,
  );
}
