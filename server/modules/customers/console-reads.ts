import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// What the operations console reads of the customers table (docs/decisions/019), and the lock its block takes.

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Customers matching a name, email or mobile (or the newest), newest first. */
export function consoleCustomers(db: Db, q: string | undefined, limit: number) {
  let query = db
    .selectFrom('customers as c')
    .select(['c.id', 'c.first_name', 'c.last_name', 'c.email', 'c.mobile', 'c.is_blocked', 'c.frozen_at', 'c.created_at'])
    .orderBy('c.id', 'desc')
    .limit(limit);
  if (q)
    query = query.where((eb) =>
      eb.or([
        eb('c.email', 'ilike', like(q)),
        eb('c.mobile', 'ilike', like(q)),
        eb(sql`c.first_name || ' ' || c.last_name`, 'ilike', like(q)),
      ]),
    );
  return query.execute();
}

/** Who the customer is, as the console shows them; undefined when there is none. */
export function customerContact(db: Db, id: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'first_name', 'last_name', 'email', 'mobile', 'is_blocked'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Locks the customer's row (FOR UPDATE) in the caller's transaction; undefined when there is none. */
export function lockCustomer(db: Db, id: number) {
  return db.selectFrom('customers').select(['id', 'is_blocked']).where('id', '=', id).forUpdate().executeTakeFirst();
}
