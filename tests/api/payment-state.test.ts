import { OrderListingData, OrderDetails } from '../../schemas/orders.ts';
import { PAYMENT_NOT_RECEIVED } from '../../schemas/payment-rules.ts';
import { PaymentStateData, TransactionData } from '../../schemas/payment.ts';
import { expireUnpaidOrders as expireOrders } from '../../server/flows/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// SPEC §4.7: the server knows which order a shopper is paying for and where its payment stands, for that
// order's customer only; an unpaid order whose time ran out stays listed and its customer is told, once.

describeBackends('payment state', (ctx) => {
  const db = () => ctx().handle.db;
  type Agent = ReturnType<ReturnType<typeof ctx>['agent']>;

  /** A signed-in shopper with an unpaid order of one unit (pay-on-delivery pincode). */
  const placed = async () => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    await db()
      .updateTable('customers')
      .set({ mobile: String(8_100_000_000 + s.customerId) })
      .where('id', '=', s.customerId)
      .execute();
    const agent = signIn(ctx().agent(), s);
    const { body } = await placeOrderFor(agent);
    return { s, agent, orderId: body.data.order_id as string };
  };
  const stateOf = async (agent: Agent, orderId?: string) => {
    const res = await agent.get(`/api/payment/payment-state${orderId ? `?orderId=${orderId}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    return data === null ? null : PaymentStateData.parse(data);
  };
  const listed = async (agent: Agent) =>
    OrderListingData.parse(json(await agent.post('/api/order/order-listing', { page: 1, page_size: 50 })).data).orders;
  const runOut = async (orderId: string) => {
    await db()
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_number', '=', orderId)
      .execute();
    return expireOrders(db());
  };
  const outboxFor = (recipient: string) =>
    db().selectFrom('outbox').select(['channel', 'subject', 'body']).where('recipient', '=', recipient).orderBy('id').execute();

  test('an open order: asked by number or as "the order waiting", a first payment; after a return without result, a retry', async () => {
    const { s, agent, orderId } = await placed();
    const first = await stateOf(agent, orderId);
    expect(first).toMatchObject({
      order_id: orderId,
      state: 'awaiting_payment',
      attempts: 0,
      last_attempt: null,
      next: `/payment?orderId=${orderId}`,
    });
    expect(first?.amount).toBeGreaterThan(0);
    expect(await stateOf(agent)).toEqual(first);
    // Listed with "Pay now" until its time runs out.
    const card = (await listed(agent)).find((o) => o.order_id === orderId);
    expect(card?.pay_by).toBe(first?.expires_at);
    expect(card?.status_label).toBe('Payment pending');

    // The shopper went to the gateway and came back with no result (Back): the attempt is still open.
    const tx = await agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: 1, instrument: {} });
    expect(tx.statusCode, tx.body).toBe(200);
    const back = await stateOf(agent, orderId);
    expect(back).toMatchObject({
      state: 'awaiting_payment',
      attempts: 1,
      last_attempt: 'created',
      next: `/retry-payment?orderId=${orderId}`,
    });
    expect(back?.message).toMatch(/pay again/);
    // Another session of the same customer (a new tab, another device) pays it again, with nothing but the number.
    const elsewhere = signIn(ctx().agent(), s);
    const again = await elsewhere.post('/api/payment/retry-payment', { order_id: orderId, payment_method: 2, instrument: {} });
    expect(again.statusCode, again.body).toBe(200);
    expect(TransactionData.parse(json(again).data)).toMatchObject({ order_id: orderId, attempt: 2 });
  });

  test('only the order’s customer: another customer gets 404 on the look-up and on paying; signed out 401; bad input 400', async () => {
    const mine = await placed();
    const other = await placed();
    for (const res of [
      await other.agent.get(`/api/payment/payment-state?orderId=${mine.orderId}`),
      await other.agent.post('/api/payment/retry-payment', { order_id: mine.orderId, payment_method: 1, instrument: {} }),
      await other.agent.post('/api/payment/initate-transaction', { order_id: mine.orderId, payment_method: 1, instrument: {} }),
    ])
      expect(res.statusCode, res.body).toBe(404);
    // The other customer's "order waiting" is their own, never someone else's.
    expect((await stateOf(other.agent))?.order_id).toBe(other.orderId);
    expect((await ctx().agent().get(`/api/payment/payment-state?orderId=${mine.orderId}`)).statusCode).toBe(401);
    expect((await ctx().agent().get('/api/payment/payment-state')).statusCode).toBe(401);
    for (const bad of ['nope', '%00', 'KS' + '9'.repeat(80)])
      expect((await mine.agent.get(`/api/payment/payment-state?orderId=${bad}`)).statusCode).toBe(400);
  });

  test('a paid order answers paid with its success page; nothing waiting answers null', async () => {
    const { agent, orderId } = await placed();
    expect((await agent.post('/api/payment/pay-on-delivery', { order_id: orderId })).statusCode).toBe(200);
    expect(await stateOf(agent, orderId)).toMatchObject({ state: 'paid', order_status: 'placed', next: `/order-successfull/${orderId}` });
    expect(await stateOf(agent)).toBeNull();
    expect((await listed(agent)).find((o) => o.order_id === orderId)?.pay_by).toBeNull();
  });

  test('time ran out: expired with a clear message, still listed and openable, paying refused, the customer told once', async () => {
    const { s, agent, orderId } = await placed();
    const customer = await db()
      .selectFrom('customers')
      .select(['email', 'mobile'])
      .where('id', '=', s.customerId)
      .executeTakeFirstOrThrow();
    // Past its time, before the sweep: already not payable.
    await db()
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_number', '=', orderId)
      .execute();
    expect((await stateOf(agent, orderId))?.state).toBe('expired');
    expect(await runOut(orderId)).toBeGreaterThanOrEqual(1);

    const state = await stateOf(agent, orderId);
    expect(state).toMatchObject({ state: 'expired', order_status: 'expired', next: `/account/order/order-details/${orderId}` });
    expect(state?.message).toContain(PAYMENT_NOT_RECEIVED);
    expect(await stateOf(agent)).toBeNull();
    const card = (await listed(agent)).find((o) => o.order_id === orderId);
    expect(card).toMatchObject({ status_label: PAYMENT_NOT_RECEIVED, pay_by: null });
    const details = await agent.post('/api/order/shipment-details', { order_id: orderId });
    expect(details.statusCode, details.body).toBe(200);
    expect(OrderDetails.parse(json(details).data).order.status_label).toBe(PAYMENT_NOT_RECEIVED);
    const pay = await agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: 1, instrument: {} });
    expect(pay.statusCode).toBe(409);

    const sent = await outboxFor(customer.email as string);
    const email = sent.filter((m) => m.subject === `Payment not received: order ${orderId} is cancelled`);
    expect(email).toHaveLength(1);
    expect(email[0]?.body).toContain(`/account/order/order-details/${orderId}`);
    const sms = (await outboxFor(customer.mobile as string)).filter((m) => m.channel === 'sms' && m.body.includes(orderId));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toMatch(/was not received in time, so it is cancelled/);
    // A second sweep (another instance) neither expires nor tells again.
    expect(await expireOrders(db())).toBe(0);
    expect((await outboxFor(customer.email as string)).filter((m) => m.subject?.startsWith('Payment not received'))).toHaveLength(1);
  });

  test('an order replaced by a newer one is released without an expiry message (the shopper chose it)', async () => {
    const { s, agent, orderId } = await placed();
    const v = await variantIn(db(), 60_000, 200_000, 1);
    await agent.post('/api/cart/add-to-cart', { variant_id: v.id, quantity: 1 });
    await agent.post('/api/select-address/deliver-here', { address_id: s.addressId });
    const second = await placeOrderFor(agent);
    expect(second.res.statusCode, second.res.body).toBe(200);
    expect((await stateOf(agent, orderId))?.state).toBe('expired');
    expect((await stateOf(agent))?.order_id).toBe(second.body.data.order_id);
    const customer = await db().selectFrom('customers').select('email').where('id', '=', s.customerId).executeTakeFirstOrThrow();
    expect((await outboxFor(customer.email as string)).filter((m) => m.subject?.startsWith('Payment not received'))).toEqual([]);
  });

  test('development tools: one unpaid order runs out now through the expiry flow; not someone else’s', async () => {
    const mine = await placed();
    const other = await placed();
    expect((await other.agent.post('/api/dev/payment/expire-order', { order_id: mine.orderId })).statusCode).toBe(404);
    expect((await mine.agent.post('/api/dev/payment/expire-order', { order_id: 'bad' })).statusCode).toBe(400);
    const res = await mine.agent.post('/api/dev/payment/expire-order', { order_id: mine.orderId });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stateOf(mine.agent, mine.orderId))?.state).toBe('expired');
    expect((await stateOf(other.agent, other.orderId))?.state).toBe('awaiting_payment');
    expect((await mine.agent.post('/api/dev/payment/expire-order', { order_id: mine.orderId })).statusCode).toBe(404);
  });
});
