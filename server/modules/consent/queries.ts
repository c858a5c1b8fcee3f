import { sql } from 'kysely';
import type { ConsentMethod, ConsentPurpose } from '../../../schemas/consent-rules.ts';
import type { Db } from '../../db/database.ts';

// consent_records (migration 330) is append-only: rows are inserted, never updated; a customer's current consent
// for a purpose is its latest row.

export interface ConsentRecordInput {
  customer_id: number | null;
  purpose: ConsentPurpose;
  granted: boolean;
  text_version: string;
  method: ConsentMethod;
  ip: string | null;
  user_agent: string | null;
}

export async function insertConsentRecords(db: Db, rows: ConsentRecordInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  await db.insertInto('consent_records').values(rows).execute();
  return rows.length;
}

/** The latest record per purpose of one customer. */
export async function latestConsents(db: Db, customerId: number) {
  return db
    .selectFrom('consent_records')
    .select(['purpose', 'granted', 'text_version', 'method', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('id', 'in', (eb) =>
      eb.selectFrom('consent_records').select(sql<string>`max(id)`.as('id')).where('customer_id', '=', customerId).groupBy('purpose'),
    )
    .execute();
}
