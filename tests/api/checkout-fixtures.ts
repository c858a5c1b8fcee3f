import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database.ts';
import type { Agent } from '../helpers/app.ts';
import { pricedVariants } from '../helpers/variants.ts';

// Fixtures for the checkout and payment suites: shoppers written straight into the database (customer,
// session, address, cart) so hundreds can be set up quickly, and the few calls every flow starts with.

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field; the schemas check shapes.
export const json = (res: { json(): unknown }) => res.json() as { status: 0 | 1; message: string; data: any };

export async function pincode(db: Db, kind: 'cod' | 'prepaid-only' | 'unserviceable'): Promise<string> {
  let q = db.selectFrom('pincodes').select('pincode').orderBy('pincode');
  if (kind === 'cod') q = q.where('serviceable', '=', true).where('cod_available', '=', true);
  if (kind === 'prepaid-only') q = q.where('serviceable', '=', true).where('cod_available', '=', false);
  if (kind === 'unserviceable') q = q.where('serviceable', '=', false);
  return (await q.executeTakeFirstOrThrow()).pincode;
}

/** An in-stock variant (not a free gift) with a sale price in [min, max] paise. */
export async function variantIn(db: Db, min: number, max: number, offset = 0) {
  return pricedVariants(db, min, max).offset(offset).limit(1).executeTakeFirstOrThrow();
}

export interface Shopper {
  customerId: number;
  addressId: number;
  cartId: string;
  token: string;
}

/** Creates `n` signed-in shoppers, each with an address at `pin` and a cart holding `lines`. */
export async function createShoppers(
  db: Db,
  n: number,
  lines: Array<{ variant_id: number; quantity: number }>,
  pin: string,
): Promise<Shopper[]> {
  const tag = randomBytes(4).toString('hex');
  const customers = await db
    .insertInto('customers')
    .values(
      Array.from({ length: n }, (_, i) => ({
        first_name: 'Buyer',
        last_name: `${i}`,
        email: `buyer-${tag}-${i}@kasrat.test`,
      })),
    )
    .returning('id')
    .execute();
  const shoppers: Shopper[] = customers.map((c) => ({
    customerId: c.id,
    addressId: 0,
    cartId: randomUUID(),
    token: randomBytes(32).toString('base64url'),
  }));
  const addresses = await db
    .insertInto('addresses')
    .values(
      shoppers.map((s) => ({
        customer_id: s.customerId,
        full_name: 'Test Buyer',
        mobile: '9876500000',
        email: null,
        pincode: pin,
        address: '12 Test Street, Sector 4',
        landmark: null,
        city: 'Delhi',
        state: 'Delhi',
        address_type: 2,
      })),
    )
    .returning(['id', 'customer_id'])
    .execute();
  const byCustomer = new Map(addresses.map((a) => [a.customer_id, a.id]));
  for (const s of shoppers) s.addressId = byCustomer.get(s.customerId) as number;
  await db
    .insertInto('sessions')
    .values(
      shoppers.map((s) => ({
        id: createHash('sha256').update(s.token).digest('hex'),
        customer_id: s.customerId,
        expires_at: new Date(Date.now() + 86_400_000),
      })),
    )
    .execute();
  await db
    .insertInto('carts')
    .values(shoppers.map((s) => ({ id: s.cartId, customer_id: s.customerId, coupon_code: null, address_id: s.addressId })))
    .execute();
  if (lines.length)
    await db
      .insertInto('cart_items')
      .values(
        shoppers.flatMap((s) =>
          lines.map((l) => ({ cart_id: s.cartId, variant_id: l.variant_id, quantity: l.quantity, is_freebie: false, freebie_id: null })),
        ),
      )
      .execute();
  return shoppers;
}

export function signIn(agent: Agent, shopper: Shopper): Agent {
  agent.cookies.set('ksid', shopper.token);
  return agent;
}

let keySeq = 0;
export const newKey = () => `key-${process.pid}-${Date.now()}-${keySeq++}`;

/** Places the shopper's order (GET /api/order-confirmation/place-order) and returns the answer's data. */
export async function placeOrderFor(agent: Agent, key = newKey()) {
  const res = await agent.get('/api/order-confirmation/place-order', { 'idempotency-key': key });
  return { res, body: json(res) };
}

/**
 * The customer's cookie-notice answer, as the consent module records it (SPEC §4.8): each tracking purpose granted
 * or not. The server reads the latest record before it sends a provider anything for the customer.
 */
export async function answerCookieNotice(db: Db, customerId: number, granted: readonly string[]) {
  const purposes = ['analytics_storage', 'ad_storage', 'ad_user_data', 'ad_personalization'] as const;
  await db
    .insertInto('consent_records')
    .values(
      purposes.map((purpose) => ({
        customer_id: customerId,
        purpose,
        granted: granted.includes(purpose),
        text_version: 'cookie-notice-v1',
        method: 'cookie_notice' as const,
        ip: null,
        user_agent: null,
      })),
    )
    .execute();
}
