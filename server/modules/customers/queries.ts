import type { Db } from '../../db/database.ts';

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
    .select(['id', 'first_name', 'last_name', 'email', 'mobile', 'c_code', 'last_order_at', 'is_blocked'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}
