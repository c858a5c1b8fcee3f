import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

// Customer rows as sign-in, session and account calls read them: the identity every other module builds on.
export const CUSTOMER_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'mobile',
  'c_code',
  'password_hash',
  'google_sub',
  'is_blocked',
  'frozen_at',
  'email_verified',
  'mobile_verified',
  'opt_in',
  'deletion_requested_at',
] as const;

export interface CustomerRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile: string | null;
  c_code: string;
  password_hash: string | null;
  google_sub: string | null;
  is_blocked: boolean;
  /** Frozen by its owner ("this was not me"): refused like a blocked account until support restores it. */
  frozen_at: Date | null;
  email_verified: boolean;
  mobile_verified: boolean;
  opt_in: boolean;
  deletion_requested_at: Date | null;
}

/**
 * An email (it has an @), or a 10-digit mobile under its country code: the identity is the pair (c_code,
 * mobile), so the same digits abroad are another person. Both already normalised by the request schema.
 */
export async function findCustomerByIdentifier(db: Db, identifier: string, cCode = '+91'): Promise<CustomerRow | undefined> {
  let q = db.selectFrom('customers').select(CUSTOMER_COLUMNS);
  q = identifier.includes('@') ? q.where('email', '=', identifier) : q.where('mobile', '=', identifier).where('c_code', '=', cCode);
  return q.executeTakeFirst();
}

/** Whether the detail the shopper names is verified on this account (sign-in codes and Google links need it). */
export function isVerifiedDetail(customer: CustomerRow, identifier: string): boolean {
  return identifier.includes('@')
    ? customer.email === identifier && customer.email_verified
    : customer.mobile === identifier && customer.mobile_verified;
}

export async function findCustomerById(db: Db, id: number): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';

/** The columns of the session user (SPEC §3). */
export async function findSessionCustomer(db: Db, customerId: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'first_name', 'last_name', 'email', 'mobile', 'c_code', 'last_order_at', 'is_blocked', 'frozen_at'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

// The customer row's writes. This module owns the table (server/db/owners.ts): sign-in, accounts, sessions,
// the newsletter and the console change a customer through these, passing their transaction as `db` when the
// change commits with other rows.

type CustomerChange = Updateable<Database['customers']>;

/** A new customer; answers its id (a taken email or mobile is the unique violation, for the caller to word). */
export async function insertCustomer(db: Db, values: Insertable<Database['customers']>): Promise<number> {
  const row = await db.insertInto('customers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes customer `id`, stamping `updated_at` (now, unless the change gives it). */
export async function updateCustomer(db: Db, id: number, change: CustomerChange): Promise<void> {
  await db
    .updateTable('customers')
    .set({ updated_at: new Date(), ...change })
    .where('id', '=', id)
    .execute();
}

/** A placed order is the customer's last order (shown in the session answer); returns who to tell about it. */
export async function recordLastOrder(db: Db, customerId: number, at: Date) {
  return db
    .updateTable('customers')
    .set({ last_order_at: at })
    .where('id', '=', customerId)
    .returning(['first_name', 'last_name', 'email', 'mobile'])
    .executeTakeFirstOrThrow();
}

/** An unsubscribe from the newsletter: the customer with that email (if any) stops receiving it. */
export async function optOutByEmail(db: Db, email: string): Promise<void> {
  await db.updateTable('customers').set({ opt_in: false }).where('email', '=', email).execute();
}

/**
 * Anonymises the accounts whose deletion was asked for on or before `cutoff`: contact details, password and
 * Google link removed, the row kept (orders refer to it) and blocked. Answers their ids. The condition is checked
 * in the UPDATE itself: a cancellation committed meanwhile is re-read by PostgreSQL (the row is locked and
 * re-evaluated), so a cancelled account is never anonymised.
 */
export async function anonymiseDeletedCustomers(db: Db, cutoff: Date, now: Date): Promise<number[]> {
  const purged = await db
    .updateTable('customers')
    .set({
      first_name: 'Deleted',
      last_name: 'Customer',
      deletion_requested_at: null,
      email: null,
      mobile: null,
      password_hash: null,
      google_sub: null,
      is_blocked: true,
      opt_in: false,
      referrer: null,
      updated_at: now,
    })
    .where('deletion_requested_at', '<=', cutoff)
    .returning('id')
    .execute();
  return purged.map((r) => r.id);
}
