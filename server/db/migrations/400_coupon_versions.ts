import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Coupons are edited like the other promotions (docs/decisions/019): an edit names the version its editor saw, and
// of two editors the second is refused with what changed rather than overwriting the first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `ALTER TABLE coupons ADD COLUMN version integer NOT NULL DEFAULT 1;`);
}
