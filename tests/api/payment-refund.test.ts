import Fastify from 'fastify';
import { zodCompilers } from '../../server/http/docs.ts';
import { TransactionData } from '../../schemas/payment.ts';
import { markRefundPaidByHand } from '../../server/flows/index.ts';
import { paymentApi } from '../../server/api/payment/index.ts';
import { gatewayPaymentOf, paymentGateway, refundPayment } from '../../server/modules/payment/index.ts';
import type { PaymentGateway } from '../../server/payments/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { payFormFields, SANDBOX_PAY_URL } from '../helpers/sandbox-page.ts';
import { createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// Refunds for other modules (the orders module's cancellations and returns): the payment module's configured
// adapter is reachable as paymentGateway(db), and refundPayment goes through it, once per idempotency key.

describeBackends('payment gateway for other modules', (ctx) => {
  const db = () => ctx().handle.db;

  /** An order paid by UPI through the sandbox gateway; its payment row. */
  const paidOrder = async () => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    const res = await agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: 1, instrument: {} });
    const tx = TransactionData.parse(json(res).data);
    const page = await agent.get(tx.redirect.url);
    const back = await agent.request({
      method: 'POST',
      url: SANDBOX_PAY_URL,
      payload: new URLSearchParams(payFormFields(page.body)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(back.statusCode).toBe(303);
    return db().selectFrom('payments').selectAll().where('gateway_order_ref', '=', tx.payment_ref).executeTakeFirstOrThrow();
  };

  test('paymentGateway(db) is the adapter the payment module configured (sandbox by default), one per database', () => {
    const gateway = paymentGateway(db());
    expect(gateway.name).toBe('sandbox');
    expect(paymentGateway(db())).toBe(gateway);
  });

  test('refundPayment refunds through that adapter, once per key; a refund above the payment is refused', async () => {
    const payment = await paidOrder();
    expect(payment.status).toBe('success');
    const described = await gatewayPaymentOf(db(), payment.id);
    expect(described).toMatchObject({
      ref: payment.gateway_order_ref,
      amount: payment.amount,
      gatewayPaymentId: payment.gateway_payment_id,
    });

    const first = await refundPayment(db(), { paymentId: payment.id, amount: 10_000, idempotencyKey: `cancel-${payment.id}-1` });
    expect(first.status).toBe('success');
    const again = await refundPayment(db(), { paymentId: payment.id, amount: 10_000, idempotencyKey: `cancel-${payment.id}-1` });
    expect(again.refundId).toBe(first.refundId);
    const rows = await db().selectFrom('payment_refunds').selectAll().where('payment_id', '=', payment.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 10_000, status: 'success', gateway_refund_id: first.refundId });

    await expect(
      refundPayment(db(), { paymentId: payment.id, amount: payment.amount + 1, idempotencyKey: `cancel-${payment.id}-2` }),
    ).rejects.toThrow(RangeError);
    await expect(refundPayment(db(), { paymentId: 987_654_321, amount: 100, idempotencyKey: 'none' })).rejects.toThrow('Payment not found');
    // A transaction is not a handle: asking with one is a programming error, said plainly.
    await db()
      .transaction()
      .execute(async (trx) => expect(() => paymentGateway(trx)).toThrow('not a transaction'));
  });

  test('a gateway handed to the payment module is the one other modules get', async () => {
    const refunds: Array<{ amount: number; idempotencyKey: string }> = [];
    const fake: PaymentGateway = {
      ...paymentGateway(db()),
      name: 'juspay',
      async refund({ amount, idempotencyKey }) {
        refunds.push({ amount, idempotencyKey });
        return { status: 'pending', refundId: 'fake-refund' };
      },
    };
    const app = Fastify({ logger: false });
    // Route options declare zod schemas for the API document; the app only declares them (server/http/docs.ts).
    zodCompilers(app);
    // A second handle on the same database (another instance's), so the test app's adapter stays as it was.
    const other = db().withoutPlugins();
    await app.register(paymentApi, { db: other, gateway: fake, refundPaidByHand: markRefundPaidByHand });
    await app.ready();
    try {
      expect(paymentGateway(other)).toBe(fake);
      expect(paymentGateway(db()).name).toBe('sandbox');
      const payment = await paidOrder();
      expect(await refundPayment(other, { paymentId: payment.id, amount: 500, idempotencyKey: 'k-1' })).toEqual({
        status: 'pending',
        refundId: 'fake-refund',
      });
      expect(refunds).toEqual([{ amount: 500, idempotencyKey: 'k-1' }]);
    } finally {
      await app.close();
    }
  });
});
