import PaytmChecksum from 'paytmchecksum';
import { OrderSuccessData } from '../../schemas/order.ts';
import { ActivePaymentData, PaymentResultData, TransactionData } from '../../schemas/payment.ts';
import {
  createJuspayGateway,
  juspayReturnSignature,
  readPaymentConfig,
  signSandboxCallback,
  verifyPaytmChecksum,
} from '../../server/payments/index.ts';
import { expireUnpaidOrders as expireOrders } from '../../server/flows/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { answerCookieNotice, createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

const secretFields = (html: string, status: string) => {
  const form = html.split('<form').find((f) => f.includes(`value="${status}"`)) ?? '';
  return Object.fromEntries([...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
};
/** A success callback as the sandbox signs it once the shopper paid on its page (UPI, by default). */
const successFields = (html: string, instrument = 'upi:shopper@okaxis') => {
  const f = secretFields(html, 'failed');
  return signSandboxCallback(readPaymentConfig().SANDBOX_GATEWAY_SECRET, { ref: f.ref, amount: Number(f.amount), instrument }, 'success');
};
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describeBackends('payment API', (ctx) => {
  const db = () => ctx().handle.db;
  /** The payment attempts stored for an order. */
  const paymentsOf = (orderNumber: string) =>
    db()
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select('payments.id')
      .where('orders.order_number', '=', orderNumber)
      .execute();
  const placed = async (price: [number, number] = [60_000, 200_000], pin?: string) => {
    const v = await variantIn(db(), price[0], price[1]);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], pin ?? (await pincode(db(), 'cod')));
    const agent = signIn(ctx().agent(), s);
    const { body } = await placeOrderFor(agent);
    return { s, v, agent, orderId: body.data.order_id as string };
  };
  const initiate = async (
    agent: ReturnType<typeof ctx>['agent'] extends () => infer A ? A : never,
    orderId: string,
    extra: Record<string, unknown> = {},
  ) => agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: 1, instrument: { upi_app: 'BHIM' }, ...extra });
  const callback = (
    agent: { request: (o: object) => Promise<{ statusCode: number; headers: Record<string, unknown> }> },
    fields: Record<string, string>,
  ) =>
    agent.request({
      method: 'POST',
      url: '/api/payment/sandbox/callback',
      payload: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const hostedPage = async (
    agent: { get(u: string): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }> },
    url: string,
  ) => {
    const res = await agent.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).not.toContain('<script');
    return res.body;
  };

  test('active-payment lists SPEC §9 methods with pay-on-delivery eligibility; a foreign order is 404', async () => {
    const { agent, orderId } = await placed();
    const res = await agent.get(`/api/payment/active-payment?orderId=${orderId}`);
    const data = ActivePaymentData.parse(json(res).data);
    expect(data.methods.map((m) => m.code)).toEqual([1, 2, 3, 6, 4]);
    expect(data.methods.find((m) => m.code === 4)?.available).toBe(true);
    const other = await placed();
    expect((await other.agent.get(`/api/payment/active-payment?orderId=${orderId}`)).statusCode).toBe(404);
    expect((await agent.get('/api/payment/active-payment?orderId=nope')).statusCode).toBe(400);
  });

  test('UPI success through the sandbox page: 303 to the success page, order placed once, success data', async () => {
    const { s, agent, orderId } = await placed();
    // The affiliate order is queued only with the customer's consent to ad_storage (SPEC §4.8).
    await answerCookieNotice(db(), s.customerId, ['ad_storage']);
    const res = await initiate(agent, orderId);
    expect(res.statusCode).toBe(200);
    const tx = TransactionData.parse(json(res).data);
    const html = await hostedPage(agent, tx.redirect.url);
    const fields = successFields(html);
    const first = await callback(agent, fields);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/order-successfull/${orderId}`);
    // Replayed 100 times, concurrently: nothing changes twice.
    const replays = await Promise.all(Array.from({ length: 100 }, () => callback(ctx().agent(), fields)));
    expect(replays.every((r) => r.statusCode === 303)).toBe(true);
    const order = await db().selectFrom('orders').selectAll().where('order_number', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'placed', payment_method: 1, paid_total: tx.amount, version: 1 });
    const log = await db().selectFrom('payment_callbacks').select('outcome').where('ref', '=', tx.payment_ref).execute();
    expect(log.filter((l) => l.outcome === 'applied')).toHaveLength(1);
    expect(
      (await db().selectFrom('customers').select('last_order_at').where('id', '=', s.customerId).executeTakeFirstOrThrow()).last_order_at,
    ).not.toBeNull();
    const success = OrderSuccessData.parse(json(await agent.get(`/api/order-success/order-success-data?orderId=${orderId}`)).data);
    expect(success).toMatchObject({ globalOrderId: orderId, paymentMethod: 1, purchase: { event_id: orderId, payment_mode: 'Prepaid' } });
    const affiliate = await db()
      .selectFrom('event_outbox')
      .select('payload')
      .where('kind', '=', 'affiliate')
      .where('ref', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(affiliate.payload).toMatchObject({ id: orderId, status: 'pending', total: order.total / 100, currency: 'INR' });
  });

  test("tampered signature, wrong amount, another order's reference: the failed-payment page, nothing changed, logged", async () => {
    const { agent, orderId } = await placed();
    const tx = TransactionData.parse(json(await initiate(agent, orderId)).data);
    const fields = successFields(await hostedPage(agent, tx.redirect.url));
    // A browser is never shown an error document: it lands on the order's failed-payment page.
    const tampered = await callback(agent, { ...fields, signature: `${fields.signature.slice(0, -1)}0` });
    expect([tampered.statusCode, tampered.headers.location]).toEqual([303, `/order-failed/${orderId}`]);
    expect((await callback(agent, { ...fields, amount: '100' })).headers.location).toBe(`/order-failed/${orderId}`);
    const other = await placed();
    const otherTx = TransactionData.parse(json(await initiate(other.agent, other.orderId)).data);
    expect((await callback(agent, { ...fields, ref: otherTx.payment_ref })).headers.location).toBe(`/order-failed/${other.orderId}`);
    // An API client gets the refusal itself.
    const api = await agent.post('/api/payment/sandbox/callback', { ...fields, amount: '100' });
    expect(api.statusCode).toBe(400);
    const order = await db()
      .selectFrom('orders')
      .select(['status', 'version'])
      .where('order_number', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'payment_pending', version: 0 });
    const rejected = await db()
      .selectFrom('payment_callbacks')
      .select('reason')
      .where('outcome', '=', 'rejected')
      .where('ref', '=', tx.payment_ref)
      .execute();
    expect(rejected.length).toBeGreaterThanOrEqual(2);
  });

  test('initiate refuses a wrong amount, an unknown method code and a foreign order', async () => {
    const { agent, orderId } = await placed();
    const wrong = await initiate(agent, orderId, { amount: 1 });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).message).toMatch(/The amount does not match this order/);
    expect((await initiate(agent, orderId, { payment_method: 5 })).statusCode).toBe(400);
    const other = await placed();
    expect((await initiate(other.agent, orderId)).statusCode).toBe(404);
    expect(await paymentsOf(orderId)).toEqual([]);
  });

  test('initiate with an Idempotency-Key: the same call answers the same attempt; another body under the key is 422', async () => {
    const { agent, orderId } = await placed();
    const key = `pay-${orderId}-key`;
    const upi = { order_id: orderId, payment_method: 1, instrument: { upi_app: 'BHIM' } };
    const first = await agent.post('/api/payment/initate-transaction', upi, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const again = await agent.post('/api/payment/initate-transaction', upi, { 'idempotency-key': key });
    expect(json(again).data).toEqual(json(first).data);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    const card = { order_id: orderId, payment_method: 2, instrument: { card_bin: '411111' } };
    const other = await agent.post('/api/payment/initate-transaction', card, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(json(other).message).toBe('This Idempotency-Key was already used for a different request.');
    const malformed = await agent.post('/api/payment/retry-payment', { ...upi, instrument: {} }, { 'idempotency-key': 'bad key' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).message).toBe('Idempotency-Key must be 8 to 100 letters, digits, - or _');
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  test('card failure → /order-failed → retry is a new attempt on the same order → success', async () => {
    const { agent, orderId } = await placed();
    const tx = TransactionData.parse(json(await initiate(agent, orderId, { payment_method: 2, instrument: { card_bin: '411111' } })).data);
    const failed = await callback(agent, secretFields(await hostedPage(agent, tx.redirect.url), 'failed'));
    expect(failed.headers.location).toBe(`/order-failed/${orderId}`);
    const info = json(await agent.get(`/api/payment/payment-failed?orderId=${orderId}`)).data;
    expect(info).toMatchObject({ can_retry: true, next: `/retry-payment?orderId=${orderId}` });
    expect(info.reason).toContain('declined');
    const retry = await agent.post('/api/payment/retry-payment', { order_id: orderId, payment_method: 1, instrument: {} });
    const tx2 = TransactionData.parse(json(retry).data);
    expect(tx2.attempt).toBe(2);
    const ok = await callback(agent, successFields(await hostedPage(agent, tx2.redirect.url)));
    expect(ok.headers.location).toBe(`/order-successfull/${orderId}`);
    expect(await db().selectFrom('orders').select('id').where('order_number', 'like', orderId).execute()).toHaveLength(1);
  });

  test('pending: verify-transaction keeps it pending, then settles it once', async () => {
    const { agent, orderId } = await placed();
    const tx = TransactionData.parse(json(await initiate(agent, orderId)).data);
    const pending = await callback(agent, secretFields(await hostedPage(agent, tx.redirect.url), 'pending'));
    expect(pending.headers.location).toBe(`/pending-payment?orderId=${orderId}`);
    expect(
      PaymentResultData.parse(json(await agent.post('/api/payment/verify-transaction', { order_id: orderId })).data).payment_status,
    ).toBe('pending');
    await db()
      .updateTable('payments')
      .set({ created_at: new Date(Date.now() - 3_600_000) })
      .where('gateway_order_ref', '=', tx.payment_ref)
      .execute();
    const settled = PaymentResultData.parse(json(await agent.post('/api/payment/verify-transaction', { order_id: orderId })).data);
    expect(settled).toMatchObject({ payment_status: 'success', order_status: 'placed', next: `/order-successfull/${orderId}` });
  });

  test('pay on delivery: placed when eligible; refused with the reason for a prepaid-only pincode or a small order', async () => {
    const { agent, orderId } = await placed();
    const res = await agent.post('/api/payment/pay-on-delivery', { order_id: orderId });
    expect(PaymentResultData.parse(json(res).data)).toMatchObject({
      order_status: 'placed',
      payment_method: 4,
      next: `/order-successfull/${orderId}`,
    });
    expect(json(await agent.post('/api/payment/pay-on-delivery', { order_id: orderId })).data.order_status).toBe('placed');
    expect(await paymentsOf(orderId)).toHaveLength(1);
    const prepaid = await placed(undefined, await pincode(db(), 'prepaid-only'));
    const refused = await prepaid.agent.post('/api/payment/pay-on-delivery', { order_id: prepaid.orderId });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).message).toMatch(/Pay on delivery is not available for pincode/);
    const small = await placed([100, 20_000]);
    const band = await small.agent.post('/api/payment/pay-on-delivery', { order_id: small.orderId });
    expect(band.statusCode).toBe(422);
    expect(json(band).message).toMatch(/orders of ₹299 or more/);
  });

  test('an unpaid order expires and releases its stock; a late success is refunded, not placed', async () => {
    const { v, agent, orderId } = await placed();
    const tx = TransactionData.parse(json(await initiate(agent, orderId)).data);
    const fields = successFields(await hostedPage(agent, tx.redirect.url));
    const before = (await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock;
    await db()
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_number', '=', orderId)
      .execute();
    expect(await expireOrders(db())).toBeGreaterThanOrEqual(1);
    expect(await expireOrders(db())).toBe(0);
    expect((await db().selectFrom('variants').select('stock').where('id', '=', v.id).executeTakeFirstOrThrow()).stock).toBe(before + 1);
    await callback(agent, fields);
    expect((await db().selectFrom('orders').select('status').where('order_number', '=', orderId).executeTakeFirstOrThrow()).status).toBe(
      'expired',
    );
    const refunds = await db()
      .selectFrom('payment_refunds')
      .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
      .select(['payment_refunds.status', 'payment_refunds.amount'])
      .where('payments.gateway_order_ref', '=', tx.payment_ref)
      .execute();
    expect(refunds).toEqual([{ status: 'success', amount: tx.amount }]);
  });

  test("a Purchase conversion is accepted only for the session customer's placed order, with the stored values", async () => {
    const { agent, orderId } = await placed();
    await agent.post('/api/payment/pay-on-delivery', { order_id: orderId });
    const event = (id: string) => ({
      event_name: 'Purchase',
      event_time: Math.floor(Date.now() / 1000),
      event_id: id,
      action_source: 'website',
      session_id: 'session-12345',
      user_data: {},
      custom_data: {
        currency: 'INR',
        value: 1,
        contents: [],
        content_type: 'product',
        num_items: 1,
        content_ids: [],
        evt_src: 'web',
        order_id: id,
      },
    });
    expect((await ctx().agent().post('/api/events/conversions', event(orderId))).statusCode).toBe(403);
    const other = await placed();
    expect((await other.agent.post('/api/events/conversions', event(orderId))).statusCode).toBe(404);
    expect((await agent.post('/api/events/conversions', event(orderId))).statusCode).toBe(200);
    const stored = await db()
      .selectFrom('conversion_events')
      .select('custom_data')
      .where('event_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const order = await db().selectFrom('orders').select('total').where('order_number', '=', orderId).executeTakeFirstOrThrow();
    expect((stored.custom_data as { value: number }).value).toBe(order.total / 100);
  });
});

describe('gateway signatures', () => {
  test('Paytm: a checksum from paytmchecksum verifies; a changed field or key does not', async () => {
    const key = 'abcdefgh12345678';
    const fields = { ORDERID: 'KS100001-1', TXNID: 'T1', TXNAMOUNT: '999.00', STATUS: 'TXN_SUCCESS', MID: 'M1' };
    const CHECKSUMHASH = await PaytmChecksum.generateSignature(fields, key);
    expect(verifyPaytmChecksum({ ...fields, CHECKSUMHASH }, key)).toBe(true);
    expect(verifyPaytmChecksum({ ...fields, TXNAMOUNT: '1.00', CHECKSUMHASH }, key)).toBe(false);
    expect(verifyPaytmChecksum({ ...fields, CHECKSUMHASH }, 'zzzzzzzz12345678')).toBe(false);
    expect(verifyPaytmChecksum({ ...fields, CHECKSUMHASH: 'garbage' }, key)).toBe(false);
  });

  test('Juspay: a signed return is confirmed with the status call; a tampered one is refused', async () => {
    const config = readPaymentConfig({
      NODE_ENV: 'test',
      PAYMENT_GATEWAY: 'juspay',
      JUSPAY_RESPONSE_KEY: 'a-test-juspay-response-key',
      JUSPAY_WEBHOOK_PASSWORD: 'a-test-juspay-webhook-password',
    });
    const fakeFetch = (async () =>
      new Response(
        JSON.stringify({ id: 'ordeh_1', order_id: 'KS100002-1', status: 'CHARGED', amount: 1234.5, txn_id: 'jp_txn_1' }),
      )) as unknown as typeof fetch;
    const gateway = createJuspayGateway(config, { fetch: fakeFetch });
    const params = { order_id: 'KS100002-1', status: 'CHARGED', status_id: '21' };
    const signature = juspayReturnSignature(params, config.JUSPAY_RESPONSE_KEY);
    const good = await gateway.verifyCallback({ ...params, signature: encodeURIComponent(signature), signature_algorithm: 'HMAC-SHA256' });
    expect(good).toEqual({
      ok: true,
      callback: {
        ref: 'KS100002-1',
        gatewayPaymentId: 'ordeh_1',
        status: 'success',
        amount: 123_450,
        reason: null,
        instrument: expect.anything(),
      },
    });
    const bad = await gateway.verifyCallback({
      ...params,
      status: 'PENDING',
      signature: encodeURIComponent(signature),
      signature_algorithm: 'HMAC-SHA256',
    });
    expect(bad).toMatchObject({ ok: false, reason: 'bad signature' });
  });

  test('production refuses the development secrets', () => {
    expect(() => readPaymentConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'paytm' })).toThrow(/PAYTM_MERCHANT_KEY/);
    expect(() => readPaymentConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_GATEWAY/);
  });
});
