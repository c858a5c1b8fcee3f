import { TransactionData } from '../../schemas/payment.ts';
import { describeBackends } from '../helpers/app.ts';
import { payFormFields, SANDBOX_PAY_URL } from '../helpers/sandbox-page.ts';
import { createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// A bank offer is bound to the instrument actually used (SPEC §6 bank offers): the sandbox page asks for it (a
// test card number, a bank, a UPI ID) and signs what was used into its callback. Claiming an HDFC card prefix
// and paying with another card never places the order at the discounted price: the payment is refunded in full
// and the shopper is told why, with a retry on the same order.

describeBackends('bank offer bound to the instrument used', (ctx) => {
  const db = () => ctx().handle.db;

  test('HDFC card offer claimed, another card used: refunded, order waits; paid with an HDFC test card: placed at the discount', async () => {
    const v = await variantIn(db(), 210_000, 400_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    const claim = { payment_method: 2, instrument: { card_bin: '485446' } };
    const tx = TransactionData.parse(json(await agent.post('/api/payment/initate-transaction', { order_id: orderId, ...claim })).data);
    expect(tx.bank_offer_discount).toBeGreaterThan(0);

    const page = (await agent.get(tx.redirect.url)).body;
    expect(page).toContain('name="card_number"');
    expect(page).toContain('4854460000000003');
    const pay = (html: string, card: string) =>
      agent.request({
        method: 'POST',
        url: SANDBOX_PAY_URL,
        payload: new URLSearchParams(payFormFields(html, { card_number: card })).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const other = await pay(page, '4111 1111 1111 1111');
    expect([other.statusCode, other.headers.location]).toEqual([303, `/order-failed/${orderId}`]);
    const order = () =>
      db()
        .selectFrom('orders')
        .select(['status', 'total', 'bank_offer_discount'])
        .where('order_number', '=', orderId)
        .executeTakeFirstOrThrow();
    expect((await order()).status).toBe('payment_pending');
    const attempt = await db().selectFrom('payments').selectAll().where('gateway_order_ref', '=', tx.payment_ref).executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ status: 'failed', paid_instrument: { type: 'card', card_bin: '411111' } });
    const refund = await db()
      .selectFrom('payment_refunds')
      .select(['amount', 'status'])
      .where('payment_id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ amount: attempt.amount, status: 'success' });
    const failed = json(await agent.get(`/api/payment/payment-failed?orderId=${orderId}`)).data;
    expect(failed).toMatchObject({ can_retry: true });
    expect(failed.reason).toMatch(/^The bank offer of ₹[\d,.]+ needs the card, bank or UPI it was chosen for/);

    const retry = TransactionData.parse(json(await agent.post('/api/payment/retry-payment', { order_id: orderId, ...claim })).data);
    const hdfc = await pay((await agent.get(retry.redirect.url)).body, '4854460000000003');
    expect(hdfc.headers.location).toBe(`/order-successfull/${orderId}`);
    expect(await order()).toMatchObject({ status: 'placed', bank_offer_discount: retry.bank_offer_discount });
    // The offer's terms join the order's promotions as sold: a later cancel is re-priced under them.
    const paid = await db()
      .selectFrom('payments')
      .select('bank_offer_id')
      .where('gateway_order_ref', '=', retry.payment_ref)
      .executeTakeFirstOrThrow();
    const offer = await db().selectFrom('bank_offers').select('min_cart').where('id', '=', paid.bank_offer_id).executeTakeFirstOrThrow();
    const terms = await db().selectFrom('orders').select('promotion_terms').where('order_number', '=', orderId).executeTakeFirstOrThrow();
    expect(terms.promotion_terms).toMatchObject({ bank_offer: { min_cart: offer.min_cart, discount: retry.bank_offer_discount } });
  });

  test('the pay form refuses an entry that is not a test instrument, and a forged page signature', async () => {
    const v = await variantIn(db(), 60_000, 90_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    const tx = TransactionData.parse(
      json(await agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: 1, instrument: {} })).data,
    );
    const page = (await agent.get(tx.redirect.url)).body;
    const post = (fields: Record<string, string>) =>
      agent.request({
        method: 'POST',
        url: SANDBOX_PAY_URL,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await post(payFormFields(page, { vpa: 'not a upi id' }))).statusCode).toBe(400);
    expect((await post(payFormFields(page, { sig: '0'.repeat(64) }))).statusCode).toBe(404);
    const paid = await post(payFormFields(page, { vpa: 'buyer@okicici' }));
    expect(paid.headers.location).toBe(`/order-successfull/${orderId}`);
    const attempt = await db()
      .selectFrom('payments')
      .select('paid_instrument')
      .where('gateway_order_ref', '=', tx.payment_ref)
      .executeTakeFirstOrThrow();
    expect(attempt.paid_instrument).toMatchObject({ type: 'upi', vpa: 'buyer@okicici' });
  });
});
