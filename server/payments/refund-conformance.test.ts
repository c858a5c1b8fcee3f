import { startFakeGateways } from '../../tests/helpers/fake-gateways.ts';
import { readPaymentConfig } from './config.ts';
import type { GatewayPayment, PaymentGateway } from './gateway.ts';
import { createJuspayGateway, isDuplicateRefund } from './juspay.ts';
import { createPaytmGateway } from './paytm.ts';
import { gatewayRefundId } from './signing.ts';

// The adapters' refunds against fakes that answer as the gateways document (tests/helpers/fake-gateways.ts):
// - Paytm's Refund API response codes (https://paytmpayments.com/docs/refund-api): 617 "Refund Already Raised"
//   within 10 minutes of a refId's first request, 626 while another refund of the order is in progress, 629 once
//   the refund succeeded, 635 for a partial refund under ₹1; Refund Status by refId
//   (https://paytmpayments.com/docs/refund-status-api).
// - Juspay's refund API (https://juspay.io/sea/docs/api-reference-global/docs/express-checkout/refund-order-api): a repeated
//   unique_request_id is REFUND_DUPLICATE_REQUEST; the order status' refunds[] names each by unique_request_id;
//   x-routing-id, the customer id, on every call for a customer
//   (https://juspay.io/api-reference/docs/express-checkout/transaction-id-based-and-instant-refund).
// A refund is `failed` only once the gateway's own status for its refund id says so: a failed refund goes to the
// staff queue, and paying it there while the gateway pays it too would pay it twice.

const fake = await startFakeGateways();
afterAll(() => fake.close());

const TEN_MINUTES = 10 * 60_000;
let n = 0;

async function paidPaytm(amount = 50_000): Promise<{ gateway: PaymentGateway; payment: GatewayPayment }> {
  const gateway = createPaytmGateway(readPaymentConfig(fake.env('paytm')));
  const ref = `PTM${Date.now()}${++n}`;
  const payment: GatewayPayment = {
    ref,
    orderId: `K${n}`,
    amount,
    method: 2,
    instrument: null,
    customer: { id: 40 + n, email: null, mobile: null },
  };
  await gateway.initiate(payment, { origin: 'https://kasrat.test' });
  const fields = await fake.paytm.pay(ref, 'TXN_SUCCESS');
  return { gateway, payment: { ...payment, gatewayPaymentId: fields.TXNID } };
}

async function paidJuspay(env: Record<string, string> = {}): Promise<{ gateway: PaymentGateway; payment: GatewayPayment }> {
  const gateway = createJuspayGateway(readPaymentConfig({ ...fake.env('juspay'), ...env }));
  const ref = `JSP${Date.now()}${++n}`;
  const payment: GatewayPayment = {
    ref,
    orderId: `K${n}`,
    amount: 50_000,
    method: 2,
    instrument: null,
    customer: { id: 70 + n, email: null, mobile: null },
  };
  await gateway.initiate(payment, { origin: 'https://kasrat.test' });
  fake.juspay.transact(ref, 'CHARGED');
  const status = await gateway.status(payment);
  return { gateway, payment: { ...payment, gatewayPaymentId: status?.gatewayPaymentId ?? null } };
}

const refundsOf = (ref: string) => fake.refunds().filter((r) => r.orderId === ref);
const statusCalls = (refId: string) => fake.calls.filter((c) => c.path === '/v2/refund/status' && String(c.body).includes(refId));

describe('Paytm refunds as its Refund API answers them', () => {
  test('a lost answer, then the same refId within 10 minutes (617): the refund’s status, one refund paid', async () => {
    const { gateway, payment } = await paidPaytm();
    fake.loseNextRefundAnswer();
    await expect(gateway.refund({ payment, amount: 20_000, idempotencyKey: 'cancel-a' })).rejects.toThrow();
    const again = await gateway.refund({ payment, amount: 20_000, idempotencyKey: 'cancel-a' });
    expect(again.status).toBe('success');
    expect(refundsOf(payment.ref)).toEqual([expect.objectContaining({ requestId: gatewayRefundId('cancel-a'), status: 'SUCCESS' })]);
  });

  test('626: while another refund of the order is in progress the new one is pending, and raised once that one is paid', async () => {
    const { gateway, payment } = await paidPaytm();
    fake.holdRefunds(payment.ref, true);
    expect((await gateway.refund({ payment, amount: 10_000, idempotencyKey: 'ship-1' })).status).toBe('pending');
    expect(await gateway.refund({ payment, amount: 10_000, idempotencyKey: 'ship-2' })).toEqual({ status: 'pending', refundId: null });
    fake.holdRefunds(payment.ref, false);
    expect((await gateway.refundStatus?.({ payment, idempotencyKey: 'ship-1' }))?.status).toBe('success');
    expect((await gateway.refund({ payment, amount: 10_000, idempotencyKey: 'ship-2' })).status).toBe('pending');
    expect(refundsOf(payment.ref).map((r) => r.requestId)).toEqual([gatewayRefundId('ship-1'), gatewayRefundId('ship-2')]);
  });

  test('after 10 minutes a repeated refId is 626 while open and 629 once paid: pending, then success, never failed', async () => {
    const { gateway, payment } = await paidPaytm();
    fake.holdRefunds(payment.ref, true);
    fake.loseNextRefundAnswer();
    await expect(gateway.refund({ payment, amount: 20_000, idempotencyKey: 'late' })).rejects.toThrow();
    fake.advance(TEN_MINUTES + 1_000);
    expect((await gateway.refund({ payment, amount: 20_000, idempotencyKey: 'late' })).status).toBe('pending');
    fake.holdRefunds(payment.ref, false);
    expect((await gateway.refundStatus?.({ payment, idempotencyKey: 'late' }))?.status).toBe('success');
    fake.advance(TEN_MINUTES + 1_000);
    const answer = await gateway.refund({ payment, amount: 20_000, idempotencyKey: 'late' });
    expect(answer).toEqual({ status: 'success', refundId: expect.any(String) });
    const apply = fake.calls.filter((c) => c.path === '/refund/apply' && String(c.body).includes(gatewayRefundId('late')));
    expect(apply).toHaveLength(3);
    expect(refundsOf(payment.ref)).toHaveLength(1);
  });

  test('635: a partial refund under ₹1 is refused before anything is sent; a whole payment under ₹1 may be refunded', async () => {
    const { gateway, payment } = await paidPaytm();
    expect(gateway.refundRefusal?.({ payment, amount: 99 })).toMatch(/under ₹1/);
    expect(await gateway.refund({ payment, amount: 99, idempotencyKey: 'tiny' })).toEqual({ status: 'failed', refundId: null });
    expect(fake.calls.some((c) => c.path === '/refund/apply' && String(c.body).includes(gatewayRefundId('tiny')))).toBe(false);
    expect(gateway.refundRefusal?.({ payment: { ...payment, amount: 50 }, amount: 50 })).toBeNull();
  });

  test('any other refusal is failed only after the refund’s status by refId says it is not held', async () => {
    const { gateway, payment } = await paidPaytm();
    // More than was paid: Paytm refuses, and its status knows no refund by that refId.
    const refused = await gateway.refund({ payment, amount: 60_000, idempotencyKey: 'too-much' });
    expect(refused.status).toBe('failed');
    expect(statusCalls(gatewayRefundId('too-much'))).toHaveLength(1);
    // Refused by the bank after Paytm raised it: failed, as its status says.
    fake.paytm.failRefunds(payment.ref);
    expect((await gateway.refund({ payment, amount: 10_000, idempotencyKey: 'bank-no' })).status).toBe('pending');
    expect((await gateway.refundStatus?.({ payment, idempotencyKey: 'bank-no' }))?.status).toBe('failed');
  });
});

describe('Juspay refunds as its refund API answers them', () => {
  test('the duplicate-request code, however Juspay spells it, means the refund exists: its status, one refund', async () => {
    expect(['REFUND_DUPLICATE_REQUEST', 'duplicate.call', 'DUPLICATE_REQUEST'].every(isDuplicateRefund)).toBe(true);
    expect(isDuplicateRefund('invalid.amount')).toBe(false);
    for (const code of ['REFUND_DUPLICATE_REQUEST', 'duplicate_request']) {
      fake.juspay.duplicateCode(code);
      const { gateway, payment } = await paidJuspay();
      fake.loseNextRefundAnswer();
      await expect(gateway.refund({ payment, amount: 20_000, idempotencyKey: `dup-${code}` })).rejects.toThrow();
      expect((await gateway.refund({ payment, amount: 20_000, idempotencyKey: `dup-${code}` })).status).toBe('success');
      expect(refundsOf(payment.ref)).toHaveLength(1);
    }
    fake.juspay.duplicateCode('REFUND_DUPLICATE_REQUEST');
  });

  test('another 4xx is failed only when the order’s refunds[] does not hold the unique_request_id', async () => {
    const { gateway, payment } = await paidJuspay();
    const before = fake.calls.length;
    expect((await gateway.refund({ payment, amount: 60_000, idempotencyKey: 'over' })).status).toBe('failed');
    const after = fake.calls.slice(before).map((c) => c.path);
    expect(after).toEqual([`/orders/${payment.ref}/refunds`, `/orders/${payment.ref}`]);
  });

  test('every call for a customer carries x-routing-id, the customer id; the page’s client id is JUSPAY_CLIENT_ID', async () => {
    const before = fake.calls.length;
    const { gateway, payment } = await paidJuspay({ JUSPAY_CLIENT_ID: 'kasrat-web' });
    await gateway.refund({ payment, amount: 10_000, idempotencyKey: 'routed' });
    await gateway.refundStatus?.({ payment, idempotencyKey: 'routed' });
    await gateway.savedCards?.list?.(payment.customer);
    const made = fake.calls.slice(before);
    expect(made.map((c) => c.path)).toEqual([
      '/session',
      `/orders/${payment.ref}`,
      `/orders/${payment.ref}/refunds`,
      `/orders/${payment.ref}`,
      `/customers/cust_${payment.customer.id}/cards`,
    ]);
    for (const c of made) expect(c.headers['x-routing-id']).toBe(`cust_${payment.customer.id}`);
    expect(JSON.parse(String(made[0]?.body))).toMatchObject({ payment_page_client_id: 'kasrat-web' });
    const plain = await paidJuspay();
    const session = fake.calls.filter((c) => c.path === '/session').at(-1);
    expect(JSON.parse(String(session?.body))).toMatchObject({ order_id: plain.payment.ref, payment_page_client_id: 'kasratfake' });
  });

  test('a webhook about no order, with the right credentials, is ignored; with wrong ones it is refused', async () => {
    const gateway = createJuspayGateway(readPaymentConfig(fake.env('juspay')));
    const event = fake.juspay.orderlessWebhook('TXN_CREATED');
    expect(await gateway.verifyWebhook?.(event)).toEqual({
      ok: false,
      ignore: true,
      ref: null,
      reason: 'event TXN_CREATED without an order',
    });
    const forged = await gateway.verifyWebhook?.({ ...event, headers: { authorization: 'Basic eDp5' } });
    expect(forged).toMatchObject({ ok: false, reason: 'bad webhook credentials' });
    expect(forged).not.toHaveProperty('ignore');
  });
});
