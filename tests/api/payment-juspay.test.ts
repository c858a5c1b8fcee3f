import { PaymentIssuesResponse } from '../../schemas/payment.ts';
import type { Db } from '../../server/db/database.ts';
import { expireUnpaidOrders as expireOrders } from '../../server/flows/index.ts';
import { askBeforeExpiry, reconcilePayments } from '../../server/flows/index.ts';
import { paymentGateway } from '../../server/modules/payment/index.ts';
import { processRefund } from '../../server/flows/index.ts';
import type { RefundAdapters } from '../../server/modules/orders/index.ts';
import { sandboxPayouts } from '../../server/modules/orders/refund-gateway.ts';
import { readPaymentConfig } from '../../server/payments/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { startFakeGateways } from '../helpers/fake-gateways.ts';
import { handedOffOrder } from '../helpers/gateway-orders.ts';
import { insertCancelRefund, OPS_TOKEN_FOR_TESTS } from '../helpers/orders.ts';
import { answerCookieNotice, json } from './checkout-fixtures.ts';

// Juspay as its documentation describes it, over HTTP (tests/helpers/fake-gateways.ts): several transactions per
// order, NEW before any, the full status map, webhooks, a lost return, refunds PENDING then SUCCESS and
// REFUND_DUPLICATE_REQUEST on a repeated id. The store runs with PAYMENT_GATEWAY=juspay against the fake.

const fake = await startFakeGateways();
Object.assign(process.env, fake.env('juspay'), { OPS_TOKEN: OPS_TOKEN_FOR_TESTS });
afterAll(() => fake.close());

const RETURN = '/api/payment/verify-juspay-transaction';
const WEBHOOK = '/api/payment/juspay-webhook';

describeBackends('Juspay against its documented behaviour', (ctx) => {
  const db = () => ctx().handle.db;
  const deps = () => ({ db: db(), config: readPaymentConfig(), gateway: paymentGateway(db()) });

  /** A shopper with an order handed to Juspay (the session exists on the fake, status NEW). */
  const handedOff = () => handedOffOrder(db(), () => ctx().agent());
  const back = (agent: ReturnType<ReturnType<typeof ctx>['agent']>, query: Record<string, string>) =>
    agent.get(`${RETURN}?${new URLSearchParams(query).toString()}`);
  const orderStatus = async (orderId: string) =>
    (await db().selectFrom('orders').select('status').where('order_number', '=', orderId).executeTakeFirstOrThrow()).status;
  const attempt = (ref: string) => db().selectFrom('payments').selectAll().where('gateway_order_ref', '=', ref).executeTakeFirstOrThrow();
  const ops = (url: string) => ctx().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${OPS_TOKEN_FOR_TESTS}` } });

  test('a return while the order is NEW keeps it pending under Juspay’s own order id, never an invented one', async () => {
    const { agent, orderId, ref } = await handedOff();
    const res = await back(agent, fake.juspay.returnQuery(ref));
    expect([res.statusCode, res.headers.location]).toEqual([303, `/pending-payment?orderId=${orderId}`]);
    const p = await attempt(ref);
    expect(p.status).toBe('pending');
    expect(p.gateway_payment_id).toBe(fake.orders.get(ref)?.juspayId);
  });

  test('a failed transaction, then a charged one on the same Juspay order: the order is placed', async () => {
    const { agent, orderId, ref } = await handedOff();
    const failed = await back(agent, fake.juspay.transact(ref, 'AUTHORIZATION_FAILED'));
    expect(failed.headers.location).toBe(`/order-failed/${orderId}`);
    expect((await attempt(ref)).failure_reason).toBe('Insufficient funds');
    const charged = await back(agent, fake.juspay.transact(ref, 'CHARGED', { mode: 'UPI', vpa: 'buyer@okhdfc' }));
    expect(charged.headers.location).toBe(`/order-successfull/${orderId}`);
    expect(await orderStatus(orderId)).toBe('placed');
    expect((await attempt(ref)).paid_instrument).toMatchObject({ type: 'upi', vpa: 'buyer@okhdfc' });
  });

  test('statuses beyond the first few are mapped: VBV_SUCCESSFUL waits, AUTO_REFUNDED fails', async () => {
    const a = await handedOff();
    expect((await back(a.agent, fake.juspay.transact(a.ref, 'VBV_SUCCESSFUL'))).headers.location).toBe(
      `/pending-payment?orderId=${a.orderId}`,
    );
    const b = await handedOff();
    expect((await back(b.agent, fake.juspay.transact(b.ref, 'AUTO_REFUNDED'))).headers.location).toBe(`/order-failed/${b.orderId}`);
    expect(await orderStatus(b.orderId)).toBe('payment_pending');
  });

  /** The open staff queue, checked against the answer's schema. */
  const queue = async () => PaymentIssuesResponse.parse(json(await ops('/api/ops/payment-issues'))).data;

  test('PARTIAL_CHARGED (part of the amount captured) waits, changes nothing, and asks a person (status_mismatch)', async () => {
    const { agent, orderId, ref } = await handedOff();
    const res = await back(agent, fake.juspay.transact(ref, 'PARTIAL_CHARGED', { mode: 'CC', bin: '411111', bank: 'HDFC Bank' }));
    expect(res.headers.location).toBe(`/pending-payment?orderId=${orderId}`);
    expect(await orderStatus(orderId)).toBe('payment_pending');
    expect((await attempt(ref)).status).toBe('created');
    // Asked again (the reconciliation job): still one item in the queue.
    await reconcilePayments(deps());
    const items = (await queue()).filter((i) => i.payment_ref === ref);
    expect(items).toEqual([
      expect.objectContaining({ kind: 'status_mismatch', order_id: orderId, order_status: 'payment_pending', attempts: 1 }),
    ]);
    expect(items[0]?.note).toMatch(/PARTIAL_CHARGED/);
  });

  test('AUTHORIZED and VOID_FAILED (money held, never captured) are not a payment: pending, and in the queue', async () => {
    for (const status of ['AUTHORIZED', 'VOID_FAILED']) {
      const { agent, orderId, ref } = await handedOff();
      expect((await back(agent, fake.juspay.transact(ref, status))).headers.location).toBe(`/pending-payment?orderId=${orderId}`);
      expect(await orderStatus(orderId)).toBe('payment_pending');
      expect((await queue()).find((i) => i.payment_ref === ref)?.note).toContain(status);
    }
  });

  test('a charge for another amount is refused and put before a person; so is AUTO_REFUNDED after the order was placed', async () => {
    const a = await handedOff();
    const fakeOrder = fake.orders.get(a.ref);
    if (!fakeOrder) throw new Error('no fake order');
    fakeOrder.amount = '1.00';
    const res = await back(a.agent, fake.juspay.transact(a.ref, 'CHARGED'));
    expect(res.headers.location).toBe(`/order-failed/${a.orderId}`);
    expect(await orderStatus(a.orderId)).toBe('payment_pending');
    expect((await queue()).filter((i) => i.payment_ref === a.ref)).toEqual([
      expect.objectContaining({ kind: 'status_mismatch', amount: 100, order_id: a.orderId }),
    ]);
    const b = await handedOff();
    await back(b.agent, fake.juspay.transact(b.ref, 'CHARGED'));
    expect(await orderStatus(b.orderId)).toBe('placed');
    fake.juspay.transact(b.ref, 'AUTO_REFUNDED');
    const hook = fake.juspay.webhook(b.ref, 'ORDER_REFUNDED');
    expect((await ctx().app.inject({ method: 'POST', url: WEBHOOK, headers: hook.headers, payload: hook.body })).statusCode).toBe(200);
    expect(await orderStatus(b.orderId)).toBe('placed');
    expect((await attempt(b.ref)).status).toBe('success');
    const flagged = (await queue()).filter((i) => i.payment_ref === b.ref);
    expect(flagged).toEqual([expect.objectContaining({ kind: 'status_mismatch', order_status: 'placed' })]);
    expect(flagged[0]?.note).toMatch(/recorded as paid/);
  });

  test('a return that does not check out lands on the failed-payment page, never a JSON error', async () => {
    const { agent, orderId, ref } = await handedOff();
    const forged = fake.juspay.returnQuery(ref, 'not-the-response-key-at-all');
    const res = await back(agent, forged);
    expect([res.statusCode, res.headers.location]).toEqual([303, `/order-failed/${orderId}`]);
    const unknown = await back(agent, { order_id: 'KS-nope', signature: 'x' });
    expect([unknown.statusCode, unknown.headers.location]).toEqual([303, '/cart']);
    const garbage = await agent.get(RETURN);
    expect(garbage.statusCode).toBe(303);
    expect(await orderStatus(orderId)).toBe('payment_pending');
  });

  test('a lost return: the signed webhook places the order once; a forged one changes nothing', async () => {
    const { orderId, ref } = await handedOff();
    fake.juspay.transact(ref, 'CHARGED');
    const hook = fake.juspay.webhook(ref);
    const forged = await ctx().app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { ...hook.headers, authorization: `Basic ${Buffer.from('kasrat-hooks:guess').toString('base64')}` },
      payload: hook.body,
    });
    expect(forged.statusCode).toBe(400);
    expect(await orderStatus(orderId)).toBe('payment_pending');
    const first = await ctx().app.inject({ method: 'POST', url: WEBHOOK, headers: hook.headers, payload: hook.body });
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toMatchObject({ order_id: orderId, payment_status: 'success' });
    const again = await ctx().app.inject({ method: 'POST', url: WEBHOOK, headers: hook.headers, payload: hook.body });
    expect(again.statusCode).toBe(200);
    expect(await orderStatus(orderId)).toBe('placed');
    const order = await db().selectFrom('orders').select('version').where('order_number', '=', orderId).executeTakeFirstOrThrow();
    expect(order.version).toBe(1);
  });

  test('an event about no order (TXN_CREATED, refunds…) is answered 200 and ignored, logged; forged, it is refused', async () => {
    // Juspay retries a webhook until it is answered 2xx: a 400 for an event the store has no use for repeats for ever.
    const hook = fake.juspay.orderlessWebhook('TXN_CREATED');
    const res = await ctx().app.inject({ method: 'POST', url: WEBHOOK, headers: hook.headers, payload: hook.body });
    expect([res.statusCode, json(res).data]).toEqual([200, { ignored: true, reason: 'event TXN_CREATED without an order' }]);
    const logged = await db()
      .selectFrom('payment_callbacks')
      .select(['outcome', 'reason'])
      .where('reason', '=', 'webhook ignored: event TXN_CREATED without an order')
      .execute();
    expect(logged.length).toBeGreaterThan(0);
    const forged = await ctx().app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { ...hook.headers, authorization: `Basic ${Buffer.from('kasrat-hooks:guess').toString('base64')}` },
      payload: hook.body,
    });
    expect(forged.statusCode).toBe(400);
  });

  test('a lost return and no webhook: the gateway is asked before the order expires, and the order is placed', async () => {
    const { orderId, ref } = await handedOff();
    fake.juspay.transact(ref, 'CHARGED');
    await db()
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_number', '=', orderId)
      .execute();
    expect(await askBeforeExpiry(deps())).toBeGreaterThanOrEqual(1);
    await expireOrders(db());
    expect(await orderStatus(orderId)).toBe('placed');
  });

  test('a payment after the order expired is refunded at once; the reconciliation job follows the refund to SUCCESS', async () => {
    const { orderId, ref } = await handedOff();
    await db()
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_number', '=', orderId)
      .execute();
    await expireOrders(db());
    fake.juspay.transact(ref, 'CHARGED');
    await reconcilePayments(deps());
    expect(await orderStatus(orderId)).toBe('expired');
    const p = await attempt(ref);
    const refund = await db().selectFrom('payment_refunds').selectAll().where('payment_id', '=', p.id).executeTakeFirstOrThrow();
    expect(refund.amount).toBe(p.amount);
    await reconcilePayments(deps());
    const settled = await db().selectFrom('payment_refunds').select('status').where('id', '=', refund.id).executeTakeFirstOrThrow();
    expect(settled.status).toBe('success');
  });

  /** A paid order and a refund row against its payment, as a cancellation writes it. */
  const refundRow = async (amount: number) => {
    const { agent, orderId, ref } = await handedOff();
    await back(agent, fake.juspay.transact(ref, 'CHARGED'));
    const p = await attempt(ref);
    // Our keys hold ':' and run past 20 characters; Juspay takes neither (the fake refuses them).
    const { refundId } = await insertCancelRefund(db(), p, amount, (ship) => `cancel:${ship}:${orderId}-event-0001`);
    return { refundId, ref, orderId };
  };
  const adapters = (): RefundAdapters => ({ gatewayFor: () => paymentGateway(db()), payouts: sandboxPayouts });
  const refundState = (id: number) =>
    db().selectFrom('refunds').select(['status', 'failure_reason']).where('id', '=', id).executeTakeFirstOrThrow();

  test('a refund is pending, stays pending when its id is sent again (REFUND_DUPLICATE_REQUEST), and turns processed when Juspay pays it', async () => {
    const { refundId } = await refundRow(10_000);
    expect(await processRefund(db(), refundId, adapters())).toBe('pending');
    // The 5-minute retry sends the same unique_request_id again: Juspay's REFUND_DUPLICATE_REQUEST is not a failure
    // (https://juspay.io/sea/docs/api-reference-global/docs/express-checkout/refund-order-api).
    const again = await paymentGateway(db()).refund({
      payment: { ...(await gp(db(), refundId)) },
      amount: 10_000,
      idempotencyKey: (await db().selectFrom('refunds').select('idempotency_key').where('id', '=', refundId).executeTakeFirstOrThrow())
        .idempotency_key,
    });
    expect(again.status).not.toBe('failed');
    expect((await refundState(refundId)).status).toBe('pending');
    // The vendors get the refund only with the customer's consent (SPEC §4.8).
    const buyer = await db()
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select('orders.customer_id')
      .where('refunds.id', '=', refundId)
      .executeTakeFirstOrThrow();
    await answerCookieNotice(db(), buyer.customer_id, ['analytics_storage', 'ad_user_data']);
    expect(await processRefund(db(), refundId, adapters())).toBe('processed');
    // Its point of success reports it to GA4 and Meta, once (tests/api/refund-reports.test.ts checks the formats).
    const reported = await db()
      .selectFrom('event_outbox')
      .select('kind')
      .where('ref', 'in', [`refund:${refundId}`, `Refund:refund-${refundId}`])
      .execute();
    expect(reported.map((r) => r.kind).sort()).toEqual(['conversion', 'ga4']);
    const calls = fake.calls.filter((c) => c.path.endsWith('/refunds'));
    for (const c of calls) expect(new URLSearchParams(String(c.body)).get('unique_request_id')).toMatch(/^[A-Za-z0-9]{1,20}$/);
  });

  test('below Juspay’s ₹1 minimum, or refused by Juspay: failed, and in the staff queue the operations API lists', async () => {
    const small = await refundRow(50);
    expect(await processRefund(db(), small.refundId, adapters())).toBe('failed');
    const refused = await refundRow(10_000);
    fake.juspay.failRefunds(refused.ref);
    expect(await processRefund(db(), refused.refundId, adapters())).toBe('pending');
    expect(await processRefund(db(), refused.refundId, adapters())).toBe('failed');
    expect((await refundState(refused.refundId)).failure_reason).toBe('refused by the gateway');
    const queue = json(await ops('/api/ops/payment-issues')).data as Array<{ kind: string; order_id: string; amount: number }>;
    expect(queue).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'refund_failed', order_id: small.orderId, amount: 50 }),
        expect.objectContaining({ kind: 'refund_failed', order_id: refused.orderId, amount: 10_000 }),
      ]),
    );
    expect((await ctx().app.inject({ method: 'GET', url: '/api/ops/payment-issues' })).statusCode).toBe(401);
  });
});

async function gp(db: Db, refundId: number) {
  const { findGatewayPayment } = await import('../../server/modules/payment/index.ts');
  const r = await db.selectFrom('refunds').select('payment_id').where('id', '=', refundId).executeTakeFirstOrThrow();
  const found = await findGatewayPayment(db, r.payment_id as number);
  if (!found) throw new Error('no payment');
  return found.payment;
}
