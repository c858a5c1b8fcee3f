import { describeBackends } from '../helpers/app.ts';
import { createShoppers, json, newKey, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// Money the store can trust: no order placed from another site, one unpaid order per customer, quantities capped.

describeBackends('money: placing orders', (ctx) => {
  const db = () => ctx().handle.db;
  const shopper = async (quantity = 1) => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity }], await pincode(db(), 'cod'));
    return { s, v, agent: signIn(ctx().agent(), s) };
  };
  const url = '/api/order-confirmation/place-order';

  test('place-order from another site, or as a navigation, is 403 and places nothing', async () => {
    const { s, agent } = await shopper();
    const refusals: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'idempotency-key': newKey() },
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'idempotency-key': newKey() },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      // No fetch metadata (an older browser following a link): no Idempotency-Key, no order.
      {},
    ];
    for (const headers of refusals) {
      const res = await agent.get(url, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(json(res).message).toBe('This request came from another site and was refused.');
    }
    expect(await db().selectFrom('orders').select('id').where('customer_id', '=', s.customerId).execute()).toEqual([]);
    const cart = await db().selectFrom('carts').select('status').where('id', '=', s.cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('active');
    // The store's own call: same origin, not a navigation.
    const own = await agent.get(url, { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'idempotency-key': newKey() });
    expect(own.statusCode).toBe(200);
  });

  const stockOf = async (id: number) =>
    (await db().selectFrom('variants').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

  test('one unpaid order per customer: a new placement releases the earlier hold, and the ledger records both', async () => {
    const { s, v, agent } = await shopper(3);
    const before = await stockOf(v.id);
    const first = await placeOrderFor(agent);
    expect(first.res.statusCode).toBe(200);
    expect(await stockOf(v.id)).toBe(before - 3);
    // A second cart, a second placement: the first order's three units come back before two are taken.
    expect((await agent.post('/api/cart/add-to-cart', { variant_id: v.id, quantity: 2 })).statusCode).toBe(200);
    expect((await agent.post('/api/select-address/deliver-here', { address_id: s.addressId })).statusCode).toBe(200);
    const second = await placeOrderFor(agent);
    expect(second.res.statusCode).toBe(200);
    expect(second.body.data.order_id).not.toBe(first.body.data.order_id);
    expect(await stockOf(v.id)).toBe(before - 2);
    const orders = await db()
      .selectFrom('orders')
      .select(['order_number', 'status'])
      .where('customer_id', '=', s.customerId)
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { order_number: first.body.data.order_id, status: 'expired' },
      { order_number: second.body.data.order_id, status: 'payment_pending' },
    ]);
    const ledger = await db()
      .selectFrom('stock_ledger')
      .select(['delta', 'reason', 'order_ref'])
      .where('variant_id', '=', v.id)
      .where('order_ref', 'in', [first.body.data.order_id, second.body.data.order_id])
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { delta: -3, reason: 'order_placed', order_ref: first.body.data.order_id },
      { delta: 3, reason: 'order_released', order_ref: first.body.data.order_id },
      { delta: -2, reason: 'order_placed', order_ref: second.body.data.order_id },
    ]);
  });

  test('an order holds at most 30 units: a larger cart is refused and holds nothing', async () => {
    const variants = await Promise.all([0, 1, 2, 3].map((i) => variantIn(db(), 60_000, 200_000, i)));
    const [s] = await createShoppers(
      db(),
      1,
      variants.map((v) => ({ variant_id: v.id, quantity: 10 })),
      await pincode(db(), 'cod'),
    );
    const agent = signIn(ctx().agent(), s);
    const before = await Promise.all(variants.map((v) => stockOf(v.id)));
    const res = await agent.get(url, { 'idempotency-key': newKey() });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe('You can buy at most 30 units in one order. Your cart has 40.');
    expect(await Promise.all(variants.map((v) => stockOf(v.id)))).toEqual(before);
  });
});
