import { DeliverHereData, OrderDetailsData, PlaceOrderData } from '../../schemas/order.ts';
import { describeBackends } from '../helpers/app.ts';
import { createShoppers, json, newKey, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

describeBackends('checkout API', (ctx) => {
  const db = () => ctx().handle.db;
  const shopper = async (quantity = 1, pin?: string) => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity }], pin ?? (await pincode(db(), 'cod')));
    return { s, v, agent: signIn(ctx().agent(), s) };
  };

  test("deliver-here keeps the address on the cart and answers the quote; another customer's address is 404", async () => {
    const { s, agent } = await shopper();
    const res = await agent.post('/api/select-address/deliver-here', { address_id: s.addressId });
    expect(res.statusCode).toBe(200);
    const data = DeliverHereData.parse(json(res).data);
    expect(data).toMatchObject({ serviceable: true, cod_available: true, next: '/order-confirmation' });
    const [other] = await createShoppers(db(), 1, [], await pincode(db(), 'cod'));
    expect((await agent.post('/api/select-address/deliver-here', { address_id: other.addressId })).statusCode).toBe(404);
    expect((await agent.post('/api/select-address/deliver-here', { address_id: 'x' })).statusCode).toBe(400);
  });

  test('deliver-here refuses an unserviceable pincode with its reason', async () => {
    const { s, agent } = await shopper(1, await pincode(db(), 'unserviceable'));
    const res = await agent.post('/api/select-address/deliver-here', { address_id: s.addressId });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toMatch(/We do not deliver to pincode \d{6}/);
  });

  test('place-order stores the chosen address; none chosen, or one whose pincode is not served, takes nothing', async () => {
    const { s, v, agent } = await shopper();
    const placed = await agent.get('/api/order-confirmation/place-order', { 'idempotency-key': newKey() });
    expect(placed.statusCode).toBe(200);
    const order = await db()
      .selectFrom('orders')
      .select(['address_id', 'address'])
      .where('order_number', '=', PlaceOrderData.parse(json(placed).data).order_id)
      .executeTakeFirstOrThrow();
    const stored = (typeof order.address === 'string' ? JSON.parse(order.address) : order.address) as Record<string, unknown>;
    expect(order.address_id).toBe(s.addressId);
    expect(stored).toMatchObject({ address_id: s.addressId, full_name: 'Test Buyer', city: 'Delhi', address_type: 2, landmark: null });

    const stockOf = async () => (await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock;
    const none = await shopper();
    await db().updateTable('carts').set({ address_id: null }).where('id', '=', none.s.cartId).execute();
    const before = await stockOf();
    const refused = await none.agent.get('/api/order-confirmation/place-order', { 'idempotency-key': newKey() });
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ message: 'Please choose a delivery address.', data: { redirect: '/cart' } });
    const far = await shopper(1, await pincode(db(), 'unserviceable'));
    const unserved = await far.agent.get('/api/order-confirmation/place-order', { 'idempotency-key': newKey() });
    expect(unserved.statusCode).toBe(422);
    expect(json(unserved).message).toMatch(/We do not deliver to pincode \d{6} yet\./);
    expect(await stockOf()).toBe(before);
  });

  test('order-details re-prices on the server; a price change since the quote is 409 naming it', async () => {
    const { v, agent } = await shopper(2);
    const first = await agent.get('/api/order-confirmation/order-details');
    expect(first.statusCode).toBe(200);
    const details = OrderDetailsData.parse(json(first).data);
    expect(details.cart_data[0]).toMatchObject({ variant_id: v.id, quantity: 2, sale_price: v.sale_price });
    await db()
      .updateTable('variants')
      .set({ sale_price: v.sale_price - 1000 })
      .where('id', '=', v.id)
      .execute();
    const again = await agent.get(`/api/order-confirmation/order-details?quote=${encodeURIComponent(details.quote)}`);
    expect(again.statusCode).toBe(409);
    const body = json(again);
    expect(body.message).toContain(`The price of ${details.cart_data[0].variant_name} changed from`);
    expect(body.data).toMatchObject({ redirect: '/cart', changes: [{ kind: 'price', variant_id: v.id }] });
    // Placing with the stale quote is refused the same way and takes nothing.
    const stock = (await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock;
    const placed = await agent.get(`/api/order-confirmation/place-order?quote=${encodeURIComponent(details.quote)}`, {
      'idempotency-key': newKey(),
    });
    expect(placed.statusCode).toBe(409);
    expect((await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock).toBe(stock);
    await db().updateTable('variants').set({ sale_price: v.sale_price }).where('id', '=', v.id).execute();
  });

  test('a quantity change in another tab is 409 naming the product; a malformed quote is 400', async () => {
    const { v, agent } = await shopper(1);
    const { quote } = json(await agent.get('/api/order-confirmation/order-details')).data;
    await agent.post('/api/cart/update-cart', { variant_id: v.id, quantity: 3 });
    const res = await agent.get(`/api/order-confirmation/order-details?quote=${encodeURIComponent(quote)}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toMatch(/The quantity of .+ changed from 1 to 3\./);
    expect((await agent.get('/api/order-confirmation/order-details?quote=v2~nonsense')).statusCode).toBe(400);
  });

  test('place-order takes stock, counts nothing twice, closes the cart; the same key answers the same order', async () => {
    const { s, v, agent } = await shopper(2);
    const before = (await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock;
    const key = newKey();
    const first = await placeOrderFor(agent, key);
    expect(first.res.statusCode).toBe(200);
    const order = PlaceOrderData.parse(first.body.data);
    expect(order).toMatchObject({ status: 'payment_pending', next: `/payment?orderId=${order.order_id}` });
    const again = await placeOrderFor(agent, key);
    expect(again.body.data).toEqual(first.body.data);
    const other = await placeOrderFor(agent);
    expect(other.body.data.order_id).toBe(order.order_id);
    const after = (await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock;
    expect(after).toBe(before - 2);
    const rows = await db().selectFrom('orders').selectAll().where('customer_id', '=', s.customerId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cart_id: s.cartId, item_total: 2 * v.sale_price, status: 'payment_pending' });
    const cart = await db().selectFrom('carts').select('status').where('id', '=', s.cartId).executeTakeFirstOrThrow();
    expect(cart.status).toBe('ordered');
    const items = await db().selectFrom('order_items').selectAll().where('order_id', '=', rows[0].id).execute();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ variant_id: v.id, quantity: 2, sale_price: v.sale_price });
    expect(await db().selectFrom('shipments').select('status').where('order_id', '=', rows[0].id).execute()).toEqual([
      { status: 'payment_pending' },
    ]);
  });

  test('a key past its 24 hours is taken over: the next cart places a new order under it', async () => {
    const { s, v, agent } = await shopper(1);
    const key = newKey();
    const first = PlaceOrderData.parse((await placeOrderFor(agent, key)).body.data);
    await db()
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();
    expect((await agent.post('/api/cart/add-to-cart', { variant_id: v.id, quantity: 1 })).statusCode).toBe(200);
    expect((await agent.post('/api/select-address/deliver-here', { address_id: s.addressId })).statusCode).toBe(200);
    const second = await placeOrderFor(agent, key);
    expect(second.res.statusCode).toBe(200);
    const order = PlaceOrderData.parse(second.body.data);
    expect(order.order_id).not.toBe(first.order_id);
    // The key now answers the new order, for another 24 hours.
    expect((await placeOrderFor(agent, key)).body.data).toEqual(second.body.data);
    const orders = await db().selectFrom('orders').select('order_number').where('customer_id', '=', s.customerId).execute();
    expect(orders.map((o) => o.order_number).sort()).toEqual([first.order_id, order.order_id].sort());
  });

  test('the same key with a different request is refused; a malformed key is 400', async () => {
    const { agent } = await shopper(1);
    const key = newKey();
    await placeOrderFor(agent, key);
    const { quote } = { quote: 'v1~~0~0~' };
    const res = await agent.get(`/api/order-confirmation/place-order?quote=${quote}`, { 'idempotency-key': key });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toContain('Idempotency-Key');
    expect((await agent.get('/api/order-confirmation/place-order', { 'idempotency-key': 'short' })).statusCode).toBe(400);
  });

  test('a coupon with a usage limit is counted once per order and refused beyond the limit', async () => {
    const v = await variantIn(db(), 120_000, 400_000);
    const pin = await pincode(db(), 'cod');
    await db().updateTable('coupons').set({ usage_limit: 1, used: 0 }).where('code', '=', 'FIT10').execute();
    const [a, b] = await createShoppers(db(), 2, [{ variant_id: v.id, quantity: 1 }], pin);
    await db().updateTable('carts').set({ coupon_code: 'FIT10' }).where('id', 'in', [a.cartId, b.cartId]).execute();
    const first = await placeOrderFor(signIn(ctx().agent(), a));
    expect(first.res.statusCode).toBe(200);
    const second = await placeOrderFor(signIn(ctx().agent(), b));
    expect(second.res.statusCode).toBe(409);
    expect(second.body.message).toContain('Coupon FIT10 has reached its usage limit');
    expect((await db().selectFrom('coupons').select('used').where('code', '=', 'FIT10').executeTakeFirstOrThrow()).used).toBe(1);
    const order = await db()
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', first.body.data.order_id)
      .executeTakeFirstOrThrow();
    expect(order.coupon_code).toBe('FIT10');
    const shares = await db().selectFrom('order_items').select('discount_share').where('order_id', '=', order.id).execute();
    expect(shares.reduce((s, r) => s + r.discount_share, 0)).toBe(order.coupon_discount);
    await db().updateTable('coupons').set({ usage_limit: null }).where('code', '=', 'FIT10').execute();
  });

  test('signed out is 401; an empty cart is 422; out of stock is 409 naming the product', async () => {
    expect((await ctx().agent().get('/api/order-confirmation/order-details')).statusCode).toBe(401);
    const [empty] = await createShoppers(db(), 1, [], await pincode(db(), 'cod'));
    expect((await signIn(ctx().agent(), empty).get('/api/order-confirmation/order-details')).statusCode).toBe(422);
    const { v, agent } = await shopper(1);
    await db().updateTable('variants').set({ stock: 0 }).where('id', '=', v.id).execute();
    const res = await placeOrderFor(agent);
    expect(res.res.statusCode).toBe(409);
    expect(res.body.message).toContain('Out of stock');
    await db().updateTable('variants').set({ stock: v.stock }).where('id', '=', v.id).execute();
  });

  // place-order checks the session in the order's own first statement (config.sessionInStatement): what a session
  // read before it refused, that statement refuses, and it keeps nothing.
  test('place-order with a session that ended, or of a blocked customer, is 401 and keeps nothing', async () => {
    const { s, v, agent } = await shopper(1);
    const kept = async () => ({
      keys: (await db().selectFrom('idempotency_keys').select('key').where('customer_id', '=', s.customerId).execute()).length,
      orders: (await db().selectFrom('orders').select('id').where('customer_id', '=', s.customerId).execute()).length,
      cart: (await db().selectFrom('carts').select('status').where('id', '=', s.cartId).executeTakeFirstOrThrow()).status,
      stock: (await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock,
    });
    const before = await kept();
    const sessions = () => db().updateTable('sessions').where('customer_id', '=', s.customerId);
    await sessions()
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const ended = await placeOrderFor(agent);
    expect(ended.res.statusCode).toBe(401);
    expect(ended.body).toEqual({ status: 0, message: 'Please sign in to continue.', data: null });
    await sessions()
      .set({ expires_at: new Date(Date.now() + 86_400_000), last_seen_at: new Date(Date.now() - 100 * 3_600_000) })
      .execute();
    expect((await placeOrderFor(agent)).res.statusCode).toBe(401);
    await sessions().set({ last_seen_at: new Date() }).execute();
    await db().updateTable('customers').set({ is_blocked: true }).where('id', '=', s.customerId).execute();
    expect((await placeOrderFor(agent)).res.statusCode).toBe(401);
    // A cookie that names no session at all.
    agent.cookies.set('ksid', 'no-such-session');
    expect((await placeOrderFor(agent)).res.statusCode).toBe(401);
    expect(await kept()).toEqual(before);
    await db().updateTable('customers').set({ is_blocked: false }).where('id', '=', s.customerId).execute();
    signIn(agent, s);
    expect((await placeOrderFor(agent)).res.statusCode).toBe(200);
    expect((await kept()).orders).toBe(1);
  });

  test("place-order writes the session's last use when a minute old, as a session read does", async () => {
    const { s, agent } = await shopper(1);
    const stale = new Date(Date.now() - 5 * 60_000);
    await db().updateTable('sessions').set({ last_seen_at: stale }).where('customer_id', '=', s.customerId).execute();
    expect((await placeOrderFor(agent)).res.statusCode).toBe(200);
    const row = await db().selectFrom('sessions').select('last_seen_at').where('customer_id', '=', s.customerId).executeTakeFirstOrThrow();
    expect(new Date(row.last_seen_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test("place-order with a guest cart cookie reads the session first and joins the guest's lines", async () => {
    const { s, agent } = await shopper(1);
    const other = await variantIn(db(), 10_000, 59_999); // priced apart from the variants the other tests count
    const guest = await ctx().agent().post('/api/cart/add-to-cart', { variant_id: other.id, quantity: 1 });
    expect(guest.statusCode).toBe(200);
    const guestCart = json(guest).data.cart_id as string;
    agent.cookies.set('cart_id', guestCart);
    const placed = await placeOrderFor(agent);
    expect(placed.res.statusCode).toBe(200);
    const order = await db().selectFrom('orders').select('id').where('customer_id', '=', s.customerId).executeTakeFirstOrThrow();
    const items = await db().selectFrom('order_items').select('variant_id').where('order_id', '=', order.id).execute();
    expect(items.map((i) => i.variant_id)).toContain(other.id);
    // Signed out, the same cookie is still a 401.
    const signedOut = ctx().agent();
    signedOut.cookies.set('cart_id', guestCart);
    expect((await placeOrderFor(signedOut)).res.statusCode).toBe(401);
  });

  test('500 concurrent buyers for the last 10 units: exactly 10 orders, stock 0', async () => {
    const v = await variantIn(db(), 60_000, 200_000, 3);
    await db().updateTable('variants').set({ stock: 10 }).where('id', '=', v.id).execute();
    const shoppers = await createShoppers(db(), 500, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const results = await Promise.all(shoppers.map((s) => placeOrderFor(signIn(ctx().agent(), s))));
    const codes = results.map((r) => r.res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);
    expect((await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock).toBe(0);
    const orders = await db()
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<string>('quantity').as('units'))
      .where('variant_id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(Number(orders.units)).toBe(10);
  }, 240_000);

  test('two-product carts racing for the last unit of the second: one order; the loser gives back the first', async () => {
    const [a, b] = [await variantIn(db(), 60_000, 200_000, 5), await variantIn(db(), 60_000, 200_000, 6)];
    const [low, high] = a.id < b.id ? [a, b] : [b, a];
    // The first stock take rides on the order's own statement; the second, a later round trip, is the one refused.
    await db().updateTable('variants').set({ stock: 50 }).where('id', '=', low.id).execute();
    await db().updateTable('variants').set({ stock: 1 }).where('id', '=', high.id).execute();
    const lines = [
      { variant_id: low.id, quantity: 1 },
      { variant_id: high.id, quantity: 1 },
    ];
    const shoppers = await createShoppers(db(), 20, lines, await pincode(db(), 'cod'));
    const results = await Promise.all(shoppers.map((s) => placeOrderFor(signIn(ctx().agent(), s))));
    const codes = results.map((r) => r.res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);
    const stock = async (id: number) =>
      (await db().selectFrom('variants').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
    expect(await stock(high.id)).toBe(0);
    expect(await stock(low.id)).toBe(49);
    const carts = await db()
      .selectFrom('carts')
      .select('status')
      .where(
        'id',
        'in',
        shoppers.map((s) => s.cartId),
      )
      .execute();
    expect(carts.filter((c) => c.status === 'ordered')).toHaveLength(1);
  }, 240_000);

  test('place-order repeated 100 times concurrently, same key or not: one order, stock taken once', async () => {
    const v = await variantIn(db(), 60_000, 200_000, 4);
    const before = (await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock;
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => placeOrderFor(signIn(ctx().agent(), s), i % 2 ? key : newKey())),
    );
    const ids = new Set(results.filter((r) => r.res.statusCode === 200).map((r) => r.body.data.order_id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.res.statusCode >= 500)).toEqual([]);
    expect(await db().selectFrom('orders').select('id').where('customer_id', '=', s.customerId).execute()).toHaveLength(1);
    expect((await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock).toBe(before - 1);
  }, 240_000);
});
