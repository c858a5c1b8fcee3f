import { reportRefund } from '../../server/modules/events/index.ts';
import { createAuthServices } from '../../server/modules/auth/index.ts';
import { linkSigningSecret, unsubscribeLink } from '../../server/modules/newsletter/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { answerCookieNotice, createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// SPEC §4.8: what the server sends a provider on a customer's behalf follows the customer's latest recorded answer
// (the purposes each provider needs: providers/consent.ts), and the unsubscribe link is a recorded withdrawal.

describeBackends('consent on the server side', (ctx) => {
  const db = () => ctx().handle.db;
  /** A customer who answered the cookie notice granting `granted` (nothing answered when null) and paid an order. */
  const paidOrder = async (granted: readonly string[] | null) => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    if (!s) throw new Error('no shopper');
    if (granted) await answerCookieNotice(db(), s.customerId, granted);
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    expect(json(await agent.post('/api/payment/pay-on-delivery', { order_id: orderId })).status).toBe(1);
    return { customerId: s.customerId, orderId };
  };
  const queued = (kind: 'affiliate' | 'ga4' | 'conversion', refs: string[]) =>
    db().selectFrom('event_outbox').select('kind').where('kind', '=', kind).where('ref', 'in', refs).execute();

  test('the affiliate order is queued at payment only when the customer’s latest answer grants ad_storage', async () => {
    const none = await paidOrder(null);
    const denied = await paidOrder(['analytics_storage', 'ad_user_data', 'ad_personalization']);
    const granted = await paidOrder(['ad_storage']);
    expect(await queued('affiliate', [none.orderId])).toHaveLength(0);
    expect(await queued('affiliate', [denied.orderId])).toHaveLength(0);
    expect(await queued('affiliate', [granted.orderId])).toHaveLength(1);
    // Granted, then withdrawn: the latest answer counts.
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    if (!s) throw new Error('no shopper');
    await answerCookieNotice(db(), s.customerId, ['ad_storage']);
    await answerCookieNotice(db(), s.customerId, []);
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    await agent.post('/api/payment/pay-on-delivery', { order_id: orderId });
    expect(await queued('affiliate', [orderId])).toHaveLength(0);
  });

  test('a refund reaches GA4 only with analytics_storage and Meta only with ad_user_data', async () => {
    const refundOf = async (granted: readonly string[] | null) => {
      const { orderId } = await paidOrder(granted);
      const order = await db().selectFrom('orders').select(['id', 'total']).where('order_number', '=', orderId).executeTakeFirstOrThrow();
      const item = await db().selectFrom('order_items').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
      const refund = await db()
        .insertInto('refunds')
        .values({
          order_id: order.id,
          shipment_id: item.shipment_id,
          reason: 'return',
          method: 'bank',
          payment_id: null,
          bank_account_id: null,
          amount: order.total,
          status: 'processed',
          processed_at: new Date(),
          idempotency_key: `consent-refund-${orderId}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await reportRefund(db(), refund.id);
      const ga4 = await queued('ga4', [`refund:${refund.id}`]);
      const meta = await queued('conversion', [`Refund:refund-${refund.id}`]);
      return [ga4.length, meta.length];
    };
    expect(await refundOf(null)).toEqual([0, 0]);
    expect(await refundOf([])).toEqual([0, 0]);
    expect(await refundOf(['analytics_storage'])).toEqual([1, 0]);
    expect(await refundOf(['ad_user_data'])).toEqual([0, 1]);
    expect(await refundOf(['analytics_storage', 'ad_user_data'])).toEqual([1, 1]);
  });

  test('the unsubscribe link records the withdrawal of marketing, once per change', async () => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    if (!s) throw new Error('no shopper');
    const { email } = await db()
      .updateTable('customers')
      .set({ opt_in: true })
      .where('id', '=', s.customerId)
      .returning('email')
      .executeTakeFirstOrThrow();
    const link = new URL(unsubscribeLink('http://kasrat.test', await linkSigningSecret(createAuthServices(db()).keys)(), String(email)));
    const body = { email: link.searchParams.get('email'), token: link.searchParams.get('token') };
    const agent = ctx().agent();
    const records = () =>
      db()
        .selectFrom('consent_records')
        .select(['purpose', 'granted', 'method', 'text_version'])
        .where('customer_id', '=', s.customerId)
        .orderBy('id')
        .execute();
    expect((await agent.post('/api/unsubscribe/unsubscribe-user', body)).statusCode).toBe(200);
    const withdrawal = { purpose: 'marketing', granted: false, method: 'unsubscribe_link', text_version: 'marketing-v1' };
    expect(await records()).toEqual([withdrawal]);
    // Opened again: nothing changed, nothing recorded.
    await agent.post('/api/unsubscribe/unsubscribe-user', body);
    expect(await records()).toHaveLength(1);
    // Consent given again, then the old link used: a second withdrawal.
    await db().updateTable('customers').set({ opt_in: true }).where('id', '=', s.customerId).execute();
    await agent.post('/api/unsubscribe/unsubscribe-user', body);
    expect(await records()).toEqual([withdrawal, withdrawal]);
    const customer = await db().selectFrom('customers').select('opt_in').where('id', '=', s.customerId).executeTakeFirstOrThrow();
    expect(customer.opt_in).toBe(false);
  });
});
