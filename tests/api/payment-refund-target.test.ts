import { TransactionData } from '../../schemas/payment.ts';
import { processPendingRefunds, processRefund } from '../../server/flows/index.ts';
import type { RefundAdapters } from '../../server/modules/orders/index.ts';
import type { BankPayouts } from '../../server/modules/orders/index.ts';
import { paymentGateway } from '../../server/modules/payment/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { payFormFields, SANDBOX_PAY_URL } from '../helpers/sandbox-page.ts';
import { OPS_TOKEN_FOR_TESTS } from '../helpers/orders.ts';
import { createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// Refunds go against the attempt that captured the order's money. A second payment for an order already paid is
// refunded in full when it arrives; a later cancellation refunding it again would be refused by a real gateway
// and the customer's real payment would never come back.

process.env.OPS_TOKEN = OPS_TOKEN_FOR_TESTS;

describeBackends('refund target', (ctx) => {
  const db = () => ctx().handle.db;

  test('a cancellation refunds the payment that placed the order, not a later duplicate payment', async () => {
    const v = await variantIn(db(), 60_000, 90_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    // Two payment pages open for one order (two tabs); both are paid, the first one first.
    const start = async () =>
      TransactionData.parse(
        json(await agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: 1, instrument: {} })).data,
      );
    const first = await start();
    const second = await start();
    for (const tx of [first, second]) {
      const page = await agent.get(tx.redirect.url);
      const res = await agent.request({
        method: 'POST',
        url: SANDBOX_PAY_URL,
        payload: new URLSearchParams(payFormFields(page.body)).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(303);
    }
    const payments = await db()
      .selectFrom('payments')
      .select(['id', 'gateway_order_ref'])
      .where('gateway_order_ref', 'in', [first.payment_ref, second.payment_ref])
      .execute();
    const captured = payments.find((p) => p.gateway_order_ref === first.payment_ref)?.id;
    const ship = await db()
      .selectFrom('shipments')
      .innerJoin('orders', 'orders.id', 'shipments.order_id')
      .select('shipments.shipment_number')
      .where('orders.order_number', '=', orderId)
      .executeTakeFirstOrThrow();
    const cancel = await agent.post('/api/order/cancel-shipment-submit', {
      shipmentId: ship.shipment_number,
      reason_id: 'other',
      comment: 'Paid twice',
    });
    expect(cancel.statusCode).toBe(200);
    const refunds = await db()
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select(['refunds.payment_id', 'refunds.status'])
      .where('orders.order_number', '=', orderId)
      .execute();
    expect(refunds.length).toBeGreaterThan(0);
    for (const r of refunds) expect(r).toEqual({ payment_id: captured, status: 'processed' });
  });

  test('in production a pay-on-delivery refund with no payout service is queued "to pay", never processed before a person pays it', async () => {
    const v = await variantIn(db(), 60_000, 90_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    expect((await agent.post('/api/payment/pay-on-delivery', { order_id: orderId })).statusCode).toBe(200);
    const order = await db()
      .selectFrom('orders')
      .select(['id', 'customer_id'])
      .where('order_number', '=', orderId)
      .executeTakeFirstOrThrow();
    const ship = await db().selectFrom('shipments').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const account = await db()
      .insertInto('bank_accounts')
      .values({
        customer_id: order.customer_id,
        account_holder: 'Test Buyer',
        account_number: '000123456789',
        account_last4: '6789',
        ifsc: 'HDFC0000001',
        bank_name: 'HDFC Bank',
        branch: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refund = await db()
      .insertInto('refunds')
      .values({
        order_id: order.id,
        shipment_id: ship.id,
        reason: 'return',
        method: 'bank',
        payment_id: null,
        bank_account_id: account.id,
        amount: 30_000,
        idempotency_key: `return:cod-${orderId}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let payouts = 0;
    const standIn: BankPayouts = {
      movesMoney: false,
      async payout() {
        payouts++;
        return { refundId: 'sbx', status: 'processed' };
      },
    };
    const adapters: RefundAdapters = { gatewayFor: () => paymentGateway(db()), payouts: standIn, production: true };
    expect(await processRefund(db(), refund.id, adapters)).toBe('pending');
    await processPendingRefunds(db(), adapters);
    expect(payouts).toBe(0);
    const status = async () =>
      (await db().selectFrom('refunds').select('status').where('id', '=', refund.id).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe('pending');
    const ops = { authorization: `Bearer ${OPS_TOKEN_FOR_TESTS}` };
    const queue = json(await ctx().app.inject({ method: 'GET', url: '/api/ops/payment-issues', headers: ops })).data as Array<{
      id: number;
      kind: string;
      order_id: string;
      amount: number;
    }>;
    const toPay = queue.find((i) => i.kind === 'refund_to_pay' && i.order_id === orderId);
    expect(toPay).toMatchObject({ amount: 30_000 });
    const done = await ctx().app.inject({
      method: 'POST',
      url: `/api/ops/payment-issues/${toPay?.id}/resolve`,
      headers: ops,
      payload: { resolution: 'Paid by NEFT, UTR HDFCN52026112800001' },
    });
    expect(done.statusCode).toBe(200);
    expect(await status()).toBe('processed');
  });
});
