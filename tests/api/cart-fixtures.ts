import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/database.ts';
import type { Agent } from '../helpers/app.ts';
import { pricedVariants, variantRows } from '../helpers/variants.ts';

// Fixtures for the cart API tests: variants picked from the seed by their facts (not fixed ids), fresh
// customers, and a session cookie written straight into the database (sign-in without the auth module).

export interface PickedVariant {
  id: number;
  sale_price: number;
  stock: number;
  name: string;
}

/** In-stock variants with a sale price in [min, max] paise and at least `minStock` units, shaker excluded. */
export async function variantsPriced(db: Db, min: number, max: number, minStock = 20): Promise<PickedVariant[]> {
  return pricedVariants(db, min, max, minStock).execute();
}

/** A variant with little stock (between 2 and 9 units). */
export async function lowStockVariant(db: Db): Promise<PickedVariant> {
  return variantRows(db).where('v.stock', '>=', 3).where('v.stock', '<=', 9).executeTakeFirstOrThrow();
}

export async function outOfStockVariant(db: Db): Promise<PickedVariant> {
  return variantRows(db).where('v.stock', '=', 0).executeTakeFirstOrThrow();
}

export async function createCustomer(db: Db): Promise<number> {
  const tag = randomBytes(5).toString('hex');
  const row = await db
    .insertInto('customers')
    .values({
      first_name: 'Cart',
      email: `cart-${tag}@kasrat.test`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Signs the agent in as the customer by writing a session row and its cookie (as startSession does). */
export async function signInDirectly(db: Db, agent: Agent, customerId: number): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const id = createHash('sha256').update(token).digest('hex');
  await db
    .insertInto('sessions')
    .values({ id, customer_id: customerId, expires_at: new Date(Date.now() + 86_400_000) })
    .execute();
  agent.cookies.set('ksid', token);
}

export const priceOf = (body: { data: { price_meta: Array<{ key: string; value: number }> } }, key: string) =>
  body.data.price_meta.find((e) => e.key === key)?.value;
