import { describeBackends } from '../helpers/app.ts';
import { createShoppers, json, newKey, pincode, signIn, variantIn } from './checkout-fixtures.ts';

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
});
