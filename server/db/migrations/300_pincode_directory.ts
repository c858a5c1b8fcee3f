import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// The full India Post pincode directory replaces the sample pincode table (docs/pincodes.md): each pincode keeps
// India Post's delivery status and the delivery days its serviceability rule gives, and each load of the shipped
// directory is recorded, so a boot loads it only when the shipped file or the rule changed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE pincodes ADD COLUMN IF NOT EXISTS delivery boolean NOT NULL DEFAULT true;
    ALTER TABLE pincodes ADD COLUMN IF NOT EXISTS min_days integer NOT NULL DEFAULT 3;
    ALTER TABLE pincodes ADD COLUMN IF NOT EXISTS max_days integer NOT NULL DEFAULT 6;
    CREATE TABLE IF NOT EXISTS pincode_directory_loads (
      id serial PRIMARY KEY, version text NOT NULL, source text NOT NULL, pincodes integer NOT NULL,
      ms integer NOT NULL, loaded_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
