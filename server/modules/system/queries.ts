import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// Rows the system module writes (client error reports) and the retention deletes of append-only tables.

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

export async function deleteConversionEventsBefore(db: Db, cutoff: Date): Promise<number> {
  const events = count(await db.deleteFrom('conversion_events').where('received_at', '<', cutoff).executeTakeFirst());
  // Forwarded (or abandoned) feed rows past the same age go too; pending ones stay until sent or abandoned.
  await db.deleteFrom('event_outbox').where('created_at', '<', cutoff).where('sent_at', 'is not', null).execute();
  return events;
}

/** Sent and failed messages only: a pending message is work still to do. */
export async function deleteFinishedMessagesBefore(db: Db, cutoff: Date): Promise<number> {
  return count(await db.deleteFrom('outbox').where('created_at', '<', cutoff).where('status', 'in', ['sent', 'failed']).executeTakeFirst());
}
