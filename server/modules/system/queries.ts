import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// Rows the system module writes (client error reports) and their retention; the retention of other modules'
// tables is their owners' (server/db/owners.ts).

export async function insertErrorLog(
  db: Db,
  row: { error: string; error_info: string | null; location: string | null; user_agent: string | null; request_id: string },
): Promise<void> {
  await db.insertInto('error_logs').values(row).execute();
}

/** Takes the retention lock for the transaction; false when another instance holds it. */
export async function tryRetentionLock(db: Db): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext('kasrat:retention')) AS locked`.execute(db);
  return rows[0]?.locked === true;
}

const count = (res: { numDeletedRows?: bigint }) => Number(res.numDeletedRows ?? 0);

export async function deleteErrorLogsBefore(db: Db, cutoff: Date): Promise<number> {
  return count(await db.deleteFrom('error_logs').where('created_at', '<', cutoff).executeTakeFirst());
}
