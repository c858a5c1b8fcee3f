import PaytmChecksum from 'paytmchecksum';
import { PaymentIssuesResponse } from '../../schemas/payment.ts';
import { paymentGateway } from '../../server/modules/payment/index.ts';
import { findGatewayPayment } from '../../server/modules/payment/index.ts';
import { processRefund } from '../../server/flows/index.ts';
import type { RefundAdapters } from '../../server/modules/orders/index.ts';
import { sandboxPayouts } from '../../server/modules/orders/refund-gateway.ts';
import { describeBackends } from '../helpers/app.ts';
import { startFakeGateways } from '../helpers/fake-gateways.ts';
import { handedOffOrder } from '../helpers/gateway-orders.ts';
import { insertCancelRefund, OPS_TOKEN_FOR_TESTS } from '../helpers/orders.ts';
import { json } from './checkout-fixtures.ts';

// Paytm's current integration against a fake that behaves as Paytm documents (tests/helpers/fake-gateways.ts):
// Initiate Transaction with the body signed by paytmchecksum, the txnToken hand-off to the payment page, the
// callback confirmed by the Transaction Status call, the webhook, refunds PENDING then SUCCESS and "Refund
// Already Raised" on a repeated refId. The store runs with PAYMENT_GATEWAY=paytm against the fake.

const fake = await startFakeGateways();
Object.assign(process.env, fake.env('paytm'), { OPS_TOKEN: OPS_TOKEN_FOR_TESTS });
afterAll(() => fake.close());

const CALLBACK = '/api/payment/paytm-callback-url';
const WEBHOOK = '/api/payment/paytm-webhook';
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

describeBackends('Paytm against its documented behaviour', (ctx) => {
  const db = () => ctx().handle.db;

  const handedOff = (price?: [number, number], method?: number, instrument?: Record<string, string>) =>
    handedOffOrder(db(), () => ctx().agent(), { price, method, instrument });
  const post = (agent: ReturnType<ReturnType<typeof ctx>['agent']>, url: string, fields: Record<string, string>) =>
    agent.request({ method: 'POST', url, payload: new URLSearchParams(fields).toString(), headers: formHeaders });
  const orderOf = (orderId: string) =>
    db()
      .selectFrom('orders')
      .select(['status', 'total', 'bank_offer_discount'])
      .where('order_number', '=', orderId)
      .executeTakeFirstOrThrow();
  const ops = (url: string) => ctx().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${OPS_TOKEN_FOR_TESTS}` } });
  const attempt = (ref: string) => db().selectFrom('payments').selectAll().where('gateway_order_ref', '=', ref).executeTakeFirstOrThrow();

  test('Initiate Transaction (signed body) gives a txnToken; the browser posts it to Paytm’s payment page', async () => {
    const { ref, tx } = await handedOff();
    expect(tx.redirect).toEqual({
      url: `${fake.url}/theia/api/v1/showPaymentPage?mid=${fake.env('paytm').PAYTM_MID}&orderId=${ref}`,
      method: 'POST',
      fields: { mid: fake.env('paytm').PAYTM_MID, orderId: ref, txnToken: expect.stringMatching(/^tok/) },
    });
    const call = fake.calls.find((c) => c.path.startsWith('/theia/api/v1/initiateTransaction') && String(c.body).includes(ref));
    expect(JSON.parse(String(call?.body)).body).toMatchObject({ requestType: 'Payment', websiteName: 'WEBSTAGING', orderId: ref });
    expect(fake.calls.some((c) => c.path === '/theia/processTransaction')).toBe(false);
  });

  test('a success callback is confirmed by the status call; by POST or GET the shopper reaches the order', async () => {
    const a = await handedOff();
    const res = await post(a.agent, CALLBACK, await fake.paytm.pay(a.ref, 'TXN_SUCCESS'));
    expect([res.statusCode, res.headers.location]).toEqual([303, `/order-successfull/${a.orderId}`]);
    expect((await orderOf(a.orderId)).status).toBe('placed');
    expect(fake.calls.some((c) => c.path === '/v3/order/status' && String(c.body).includes(a.ref))).toBe(true);
    const b = await handedOff();
    const query = new URLSearchParams(await fake.paytm.pay(b.ref, 'TXN_SUCCESS')).toString();
    const viaGet = await b.agent.get(`${CALLBACK}?${query}`);
    expect([viaGet.statusCode, viaGet.headers.location]).toEqual([303, `/order-successfull/${b.orderId}`]);
  });

  test('a checksummed "success" the status call does not confirm places nothing; another currency is refused', async () => {
    const a = await handedOff();
    // A valid checksum over fields that claim success while Paytm's own record says pending.
    const claimed = await fake.paytm.pay(a.ref, 'PENDING', undefined, { STATUS: 'TXN_SUCCESS' });
    const res = await post(a.agent, CALLBACK, claimed);
    expect(res.headers.location).toBe(`/pending-payment?orderId=${a.orderId}`);
    expect((await orderOf(a.orderId)).status).toBe('payment_pending');
    const b = await handedOff();
    const usd = await post(b.agent, CALLBACK, await fake.paytm.pay(b.ref, 'TXN_SUCCESS', undefined, { CURRENCY: 'USD' }));
    expect(usd.headers.location).toBe(`/order-failed/${b.orderId}`);
    expect((await orderOf(b.orderId)).status).toBe('payment_pending');
  });

  test('a lost return: Paytm’s webhook places the order once', async () => {
    const { orderId, ref } = await handedOff();
    await fake.paytm.pay(ref, 'TXN_SUCCESS');
    const fields = await fake.paytm.webhook(ref);
    const first = await ctx().app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: new URLSearchParams(fields).toString(),
      headers: formHeaders,
    });
    expect(first.statusCode).toBe(200);
    const again = await ctx().app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: new URLSearchParams(fields).toString(),
      headers: formHeaders,
    });
    expect(again.statusCode).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ status: 'placed' });
    const forged = await ctx().app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: new URLSearchParams({ ...fields, TXNAMOUNT: '1.00' }).toString(),
      headers: formHeaders,
    });
    expect(forged.statusCode).toBe(400);
  });

  test('Paytm’s JSON webhook ({ head, body }, signed like its JSON APIs) places the order; a changed body is refused', async () => {
    const { orderId, ref } = await handedOff();
    await fake.paytm.pay(ref, 'TXN_SUCCESS');
    const forged = await ctx().app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: await fake.paytm.jsonWebhook(ref, { txnAmount: '1.00' }),
    });
    expect(forged.statusCode).toBe(400);
    expect((await orderOf(orderId)).status).toBe('payment_pending');
    const res = await ctx().app.inject({ method: 'POST', url: WEBHOOK, payload: await fake.paytm.jsonWebhook(ref) });
    expect([res.statusCode, json(res).data]).toEqual([200, expect.objectContaining({ order_id: orderId, payment_status: 'success' })]);
    expect((await orderOf(orderId)).status).toBe('placed');
  });

  test('a refund is PENDING, a repeated refId ("Refund Already Raised") is not a failure, and it is processed when Paytm pays', async () => {
    const { agent, ref } = await handedOff();
    await post(agent, CALLBACK, await fake.paytm.pay(ref, 'TXN_SUCCESS'));
    const p = await attempt(ref);
    const { refundId, key } = await insertCancelRefund(db(), p, 20_000, (ship) => `cancel:${ship}:paytm-event-000000001`);
    const adapters: RefundAdapters = { gatewayFor: () => paymentGateway(db()), payouts: sandboxPayouts };
    expect(await processRefund(db(), refundId, adapters)).toBe('pending');
    const found = await findGatewayPayment(db(), p.id);
    const again = await paymentGateway(db()).refund({ payment: found?.payment as never, amount: 20_000, idempotencyKey: key });
    expect(again.status).not.toBe('failed');
    expect(await processRefund(db(), refundId, adapters)).toBe('processed');
  });

  test('a bank offer stands only on the instrument Paytm reports: another one is refunded and the order waits', async () => {
    // The HDFC card offer (10%, on ₹2,000 or more) claimed with an HDFC card prefix, then paid by UPI.
    const a = await handedOff([210_000, 400_000], 2, { card_bin: '485446' });
    expect(a.tx.bank_offer_discount).toBeGreaterThan(0);
    const upi = await post(a.agent, CALLBACK, await fake.paytm.pay(a.ref, 'TXN_SUCCESS', { mode: 'UPI', vpa: 'buyer@okaxis' }));
    expect(upi.headers.location).toBe(`/order-failed/${a.orderId}`);
    expect((await orderOf(a.orderId)).status).toBe('payment_pending');
    const p = await attempt(a.ref);
    expect(p.status).toBe('failed');
    expect(p.failure_reason).toMatch(/bank offer .* refunded in full/);
    const refund = await db().selectFrom('payment_refunds').select(['amount']).where('payment_id', '=', p.id).executeTakeFirstOrThrow();
    expect(refund.amount).toBe(p.amount);
    const failedPage = await a.agent.get(`/api/payment/payment-failed?orderId=${a.orderId}`);
    expect(json(failedPage).data).toMatchObject({ can_retry: true, reason: p.failure_reason });
    // The same offer paid with a qualifying HDFC card places the order at the discounted price.
    const b = await handedOff([210_000, 400_000], 2, { card_bin: '485446' });
    const card = await post(
      b.agent,
      CALLBACK,
      await fake.paytm.pay(b.ref, 'TXN_SUCCESS', { mode: 'DC', bin: '485446', bank: 'HDFC Bank' }),
    );
    expect(card.headers.location).toBe(`/order-successfull/${b.orderId}`);
    expect((await orderOf(b.orderId)).bank_offer_discount).toBe(b.tx.bank_offer_discount);
    // The refused offer is in the staff queue (for the record: its refund is automatic); the qualifying one is not.
    const queue = PaymentIssuesResponse.parse(json(await ops('/api/ops/payment-issues'))).data;
    expect(queue.filter((i) => i.payment_ref === a.ref)).toEqual([
      expect.objectContaining({ kind: 'offer_not_qualified', order_id: a.orderId, amount: p.amount, attempts: 1, refund_id: null }),
    ]);
    expect(queue.some((i) => i.payment_ref === b.ref)).toBe(false);
  });

  test('the card prefix comes from the status answer’s maskedCardNo when the callback carries none', async () => {
    const a = await handedOff([210_000, 400_000], 2, { card_bin: '485446' });
    const fields = await fake.paytm.pay(a.ref, 'TXN_SUCCESS', { mode: 'DC', bin: '485446', bank: 'HDFC Bank' });
    const { BIN_NUMBER: _bin, CHECKSUMHASH: _sum, ...rest } = fields;
    const unsigned: Record<string, string> = rest;
    const res = await post(a.agent, CALLBACK, {
      ...unsigned,
      CHECKSUMHASH: await PaytmChecksum.generateSignature(unsigned, fake.env('paytm').PAYTM_MERCHANT_KEY),
    });
    expect(res.headers.location).toBe(`/order-successfull/${a.orderId}`);
    expect((await attempt(a.ref)).paid_instrument).toMatchObject({ type: 'card', card_bin: '485446', bank: 'HDFC Bank' });
  });
});
