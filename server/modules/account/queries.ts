import type { Address } from '../../../schemas/account.ts';
import { ADDRESS_TYPES } from '../../../schemas/account.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { anonymiseDeletedCustomers } from '../customers/index.ts';
import { deleteSessionsOfCustomers } from '../session/index.ts';

// The account module's tables: addresses, and the anonymising of accounts past their deletion grace period.

export const ADDRESS_COLUMNS = [
  'id',
  'full_name',
  'mobile',
  'c_code',
  'email',
  'pincode',
  'address',
  'landmark',
  'city',
  'state',
  'country',
  'address_type',
  'is_default',
] as const;
/** An address as the account pages read it: its row's columns above, typed by the table. */
export type AddressRow = Pick<Selectable<Database['addresses']>, (typeof ADDRESS_COLUMNS)[number]>;

export function toAddress(r: AddressRow): Address {
  const type = (r.address_type === 1 || r.address_type === 2 ? r.address_type : 3) as 1 | 2 | 3;
  return {
    address_id: r.id,
    full_name: r.full_name,
    mobile: r.mobile,
    c_code: r.c_code,
    email: r.email,
    pincode: r.pincode,
    address: r.address,
    landmark: r.landmark,
    city: r.city,
    state: r.state,
    country: r.country,
    address_type: type,
    address_type_name: ADDRESS_TYPES[type],
    is_default: r.is_default,
  };
}

export async function listAddresses(db: Db, customerId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .select(ADDRESS_COLUMNS)
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Accounts past their grace period are anonymised: contact details, password and Google link removed,
 * addresses and sessions deleted, the row kept (orders refer to it) and blocked. Idempotent, so any instance
 * may run it.
 */
export async function purgeDueDeletions(db: Db, graceDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - graceDays * 86_400_000);
  return db.transaction().execute(async (trx) => {
    const ids = await anonymiseDeletedCustomers(trx, cutoff, now);
    if (ids.length === 0) return 0;
    await trx.deleteFrom('addresses').where('customer_id', 'in', ids).execute();
    await deleteSessionsOfCustomers(trx, ids);
    await trx
      .updateTable('account_deletions')
      .set({ completed_at: now })
      .where('customer_id', 'in', ids)
      .where('completed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .execute();
    return ids.length;
  });
}
