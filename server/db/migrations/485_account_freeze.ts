import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// A freeze is its own state, not support's block (README "Security"): the owner's "this was not me" sets when,
// why and which logged change triggered it, and support restores the account only once that change is reverted.
// The change row keeps what it replaced (and a hash of what it set) so the revert can be made and checked; the
// value before is the account's own earlier contact, cleared when the freeze is lifted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE customers ADD COLUMN IF NOT EXISTS frozen_at timestamptz;
    ALTER TABLE customers ADD COLUMN IF NOT EXISTS frozen_reason text;
    ALTER TABLE customers ADD COLUMN IF NOT EXISTS frozen_change_id integer REFERENCES account_changes(id) ON DELETE SET NULL;
    ALTER TABLE account_changes ADD COLUMN IF NOT EXISTS before_value jsonb;
    ALTER TABLE account_changes ADD COLUMN IF NOT EXISTS after_key text;
    `,
  );
}
