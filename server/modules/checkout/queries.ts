import { sql } from 'kysely';
import type { Address } from '../../../schemas/account.ts';
import type { Db } from '../../db/database.ts';
import { type AddressRow, toAddress } from '../account/index.ts';

// Checkout's reads and row locks. Lock order, everywhere in checkout and payment: idempotency key, customer,
// cart, variants (by id), coupon; and order before its payments. Nothing takes them the other way round.

export interface DeliveryAddress {
  address: Address;
  serviceable: boolean;
  cod_available: boolean;
}

export async function findDeliveryAddress(db: Db, customerId: number, addressId: number): Promise<DeliveryAddress | null> {
  const row = await db
    .selectFrom('addresses as a')
    .leftJoin('pincodes as p', 'p.pincode', 'a.pincode')
    .select([
      'a.id',
      'a.full_name',
      'a.mobile',
      'a.c_code',
      'a.email',
      'a.pincode',
      'a.address',
      'a.landmark',
      'a.city',
      'a.state',
      'a.country',
      'a.address_type',
      'a.is_default',
      'p.serviceable',
      'p.cod_available',
    ])
    .where('a.id', '=', addressId)
    .where('a.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) return null;
  // A pincode missing from the table is not served (SPEC: serviceability comes from the pincode list).
  return { address: toAddress(row as AddressRow), serviceable: row.serviceable === true, cod_available: row.cod_available === true };
}

export async function lockCustomer(trx: Db, customerId: number) {
  return (
    trx
      .selectFrom('customers')
      .select(['id', 'first_name', 'last_name', 'email', 'mobile', 'is_blocked', 'last_order_at'])
      .where('id', '=', customerId)
      // NO KEY UPDATE: rows inserted with a foreign key to the customer (the idempotency key) take KEY SHARE, which
      // FOR UPDATE would wait on — two concurrent orders of one customer would deadlock.
      .forNoKeyUpdate()
      .executeTakeFirst()
  );
}

export async function lockActiveCart(trx: Db, cartId: string, customerId: number) {
  return trx
    .selectFrom('carts')
    .selectAll()
    .where('id', '=', cartId)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
}

/** The customer's order still waiting for payment, if any (a second "place order" answers it). */
export async function pendingOrderOf(db: Db, customerId: number, now: Date) {
  return db
    .selectFrom('orders')
    .select(['order_number', 'status', 'total', 'expires_at'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'payment_pending')
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Guarded stock take: never below zero, whatever runs at the same time. False when the units are gone. */
export async function takeVariantStock(trx: Db, variantId: number, quantity: number): Promise<boolean> {
  const row = await trx
    .updateTable('variants')
    .set({ stock: sql`stock - ${quantity}` })
    .where('id', '=', variantId)
    .where('stock', '>=', quantity)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Guarded coupon count: used < usage_limit (NULL = no global limit). False when the coupon is used up. */
export async function countCouponUse(trx: Db, code: string): Promise<boolean> {
  const row = await trx
    .updateTable('coupons')
    .set({ used: sql`used + 1` })
    .where('code', '=', code)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used', '<', eb.ref('usage_limit'))]))
    .returning('code')
    .executeTakeFirst();
  return Boolean(row);
}

export async function nextOrderNumber(trx: Db): Promise<string> {
  const r = await sql<{ n: string }>`SELECT nextval('order_number_seq')::text AS n`.execute(trx);
  return `KS${r.rows[0].n}`;
}
