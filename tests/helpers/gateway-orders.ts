import { randomUUID } from 'node:crypto';
import { TransactionData } from '../../schemas/payment.ts';
import type { Db } from '../../server/db/database.ts';
import { createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from '../api/checkout-fixtures.ts';
import type { Agent } from './app.ts';

// The set-up every gateway contract test starts from (tests/api/payment-paytm.test.ts, payment-juspay.test.ts):
// a signed-in shopper with one placed order, handed to the configured gateway by initate-transaction.

export interface HandOffOptions {
  /** The price band of the one variant bought, paise. */
  price?: [number, number];
  /** SPEC §9 payment method code. */
  method?: number;
  /** What the shopper says they will pay with (bank offers price the attempt from it). */
  instrument?: Record<string, string>;
}

export interface HandedOff {
  agent: Agent;
  orderId: string;
  ref: string;
  tx: TransactionData;
}

/** A shopper's order handed to the gateway: the answer of initate-transaction, checked against its schema. */
export async function handedOffOrder(db: Db, newAgent: () => Agent, options: HandOffOptions = {}): Promise<HandedOff> {
  const [min, max] = options.price ?? [60_000, 90_000];
  const v = await variantIn(db, min, max);
  const [s] = await createShoppers(db, 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db, 'cod'));
  const agent = signIn(newAgent(), s);
  const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
  const res = await agent.post('/api/payment/initate-transaction', {
    order_id: orderId,
    payment_method: options.method ?? 1,
    instrument: options.instrument ?? {},
  });
  if (res.statusCode !== 200) throw new Error(`initate-transaction answered ${res.statusCode}: ${res.body}`);
  const tx = TransactionData.parse(json(res).data);
  return { agent, orderId, ref: tx.payment_ref, tx };
}

/**
 * The same shopper's next order, placed (an order closes its cart: a new active cart with the same lines is
 * made for the customer, as a returning shopper would fill it). Answers the new order's id.
 */
export async function nextOrder(db: Db, agent: Agent, previousOrderId: string): Promise<string> {
  const previous = await db
    .selectFrom('orders')
    .select(['id', 'customer_id', 'address_id'])
    .where('order_number', '=', previousOrderId)
    .executeTakeFirstOrThrow();
  const lines = await db.selectFrom('order_items').select(['variant_id', 'quantity']).where('order_id', '=', previous.id).execute();
  const cartId = randomUUID();
  await db
    .insertInto('carts')
    .values({ id: cartId, customer_id: previous.customer_id, coupon_code: null, address_id: previous.address_id })
    .execute();
  await db
    .insertInto('cart_items')
    .values(lines.map((l) => ({ cart_id: cartId, variant_id: l.variant_id, quantity: l.quantity, is_freebie: false, freebie_id: null })))
    .execute();
  return (await placeOrderFor(agent)).body.data.order_id as string;
}
