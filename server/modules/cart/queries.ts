import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

// The cart rows (Kysely). A guest's cart is found by its id (the cart_id cookie), a customer's by customer_id.

export type CartRow = Selectable<Database['carts']>;

/**
 * 'active' written into the statement, not sent as a parameter: a customer's active cart is found by the partial
 * index carts_customer_active_idx (status = 'active'), which PostgreSQL can use in a prepared statement's generic
 * plan only when the status is a constant. With a parameter each execution was planned again for its values
 * (docs/decisions/027-checkout-plans.md).
 */
export const ACTIVE = sql.lit<'active'>('active');

export async function activeCustomerCart(db: Db, customerId: number): Promise<CartRow | undefined> {
  return db.selectFrom('carts').selectAll().where('customer_id', '=', customerId).where('status', '=', ACTIVE).executeTakeFirst();
}

export async function activeGuestCart(db: Db, cartId: string): Promise<CartRow | undefined> {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('id', '=', cartId)
    .where('status', '=', 'active')
    .where('customer_id', 'is', null)
    .executeTakeFirst();
}

/** Inserts the customer's active cart unless one exists (the partial unique index settles races). */
export async function ensureCustomerCart(db: Db, customerId: number): Promise<void> {
  await sql`INSERT INTO carts (id, customer_id) VALUES (${randomUUID()}, ${customerId})
            ON CONFLICT (customer_id) WHERE status = 'active' AND customer_id IS NOT NULL DO NOTHING`.execute(db);
}

/** The paid (not free-gift) line of a variant in a cart, if any. */
export async function findPaidLine(db: Db, cartId: string, variantId: number) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'quantity'])
    .where('cart_id', '=', cartId)
    .where('variant_id', '=', variantId)
    .where('is_freebie', '=', false)
    .executeTakeFirst();
}

/** The address an open cart will be delivered to (checkout's "deliver here"); a closed cart keeps its own. */
export async function setCartAddress(db: Db, cartId: string, addressId: number): Promise<void> {
  await db.updateTable('carts').set({ address_id: addressId }).where('id', '=', cartId).where('status', '=', 'active').execute();
}

/** A cart already ordered, for an order written whole (the orders module's test and demo orders); its id. */
export async function insertOrderedCart(db: Db, customerId: number, couponCode: string | null): Promise<string> {
  const id = randomUUID();
  await db.insertInto('carts').values({ id, customer_id: customerId, status: 'ordered', coupon_code: couponCode }).execute();
  return id;
}
