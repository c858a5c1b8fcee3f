import type { Db } from '../../db/database.ts';

// The customer columns sign-in and account calls read. Shared by the auth and account modules.
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
  opt_in: boolean;
  deletion_requested_at: Date | null;
}

/** An email (it has an @) or a 10-digit mobile, already normalised by the request schema. */
export async function findCustomerByIdentifier(db: Db, identifier: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .select(CUSTOMER_COLUMNS)
    .where(identifier.includes('@') ? 'email' : 'mobile', '=', identifier)
    .executeTakeFirst();
}

export async function findCustomerById(db: Db, id: number): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';
