import type { Address } from '../../../schemas/account.ts';
import { ADDRESS_MESSAGES, ADDRESS_TYPES, MAX_ADDRESSES } from '../../../schemas/account.ts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { BadRequest, NotFound } from '../../http/errors.ts';
import { anonymiseDeletedCustomers, updateCustomer } from '../customers/index.ts';
import { deleteCustomerSessions, deleteSessionsOfCustomers } from '../session/index.ts';

const ADDRESS_NOT_FOUND = 'Address not found';

// The account module's tables: addresses, deletion requests, and the anonymising of accounts past their deletion
// grace period.

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

/** An address's fields as the shopper gave them, with the city and state of its pincode. */
export type AddressValues = Omit<Insertable<Database['addresses']>, 'id' | 'customer_id' | 'is_default' | 'created_at'>;

/**
 * Adds an address (`addressId` null) or changes one of the customer's, within `MAX_ADDRESSES`; the first address is
 * the default, and `makeDefault` moves the default to this one. NotFound for another customer's address.
 */
export async function saveAddress(
  db: Db,
  customerId: number,
  values: AddressValues,
  { addressId, makeDefault }: { addressId: number | null; makeDefault: boolean },
): Promise<AddressRow> {
  return db.transaction().execute(async (trx) => {
    // Serialises one customer's address writes, so the limit and the single default hold under concurrency.
    await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
    let id: number;
    if (addressId) {
      const updated = await trx
        .updateTable('addresses')
        .set(values)
        .where('id', '=', addressId)
        .where('customer_id', '=', customerId)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new NotFound(ADDRESS_NOT_FOUND);
      id = updated.id;
    } else {
      const { n } = await trx
        .selectFrom('addresses')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow();
      if (n >= MAX_ADDRESSES) throw new BadRequest(ADDRESS_MESSAGES.limit);
      const inserted = await trx
        .insertInto('addresses')
        .values({ ...values, customer_id: customerId, is_default: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = inserted.id;
    }
    const hasDefault = await trx
      .selectFrom('addresses')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('is_default', '=', true)
      .executeTakeFirst();
    // The first address is the default; asking for a default moves it.
    if (makeDefault || !hasDefault) {
      await trx
        .updateTable('addresses')
        .set({ is_default: false })
        .where('customer_id', '=', customerId)
        .where('is_default', '=', true)
        .execute();
      await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', id).execute();
    }
    return trx.selectFrom('addresses').select(ADDRESS_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
  });
}

/** Deletes one of the customer's addresses; the most recently used one inherits the default. */
export async function deleteAddress(db: Db, customerId: number, addressId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('addresses')
      .where('id', '=', addressId)
      .where('customer_id', '=', customerId)
      .returning('is_default')
      .executeTakeFirst();
    if (!removed) throw new NotFound(ADDRESS_NOT_FOUND);
    if (removed.is_default) {
      const next = await trx
        .selectFrom('addresses')
        .select('id')
        .where('customer_id', '=', customerId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (next) await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', next.id).execute();
    }
  });
}

/** Schedules the account's deletion (SPEC §2): the request is recorded and every device is signed out. */
export async function scheduleDeletion(db: Db, customerId: number, reason: string | null, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateCustomer(trx, customerId, { deletion_requested_at: now, updated_at: now });
    await trx.insertInto('account_deletions').values({ customer_id: customerId, reason, cancelled_at: null, completed_at: null }).execute();
    // Every device is signed out; signing in again within the grace period offers the cancel page.
    await deleteCustomerSessions(trx, customerId);
  });
}

/** Cancels a scheduled deletion. */
export async function cancelDeletion(db: Db, customerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateCustomer(trx, customerId, { deletion_requested_at: null });
    await trx
      .updateTable('account_deletions')
      .set({ cancelled_at: new Date() })
      .where('customer_id', '=', customerId)
      .where('cancelled_at', 'is', null)
      .where('completed_at', 'is', null)
      .execute();
  });
}
