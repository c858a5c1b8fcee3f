import { createDecipheriv } from 'node:crypto';
import { forwardOnce, sealAffiliateOrder } from '../../server/modules/events/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { answerCookieNotice, createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// Order-bound reports (the Purchase and the affiliate order) are the server's, built from the stored order; a
// stranger who knows the next order number (KS + a sequence) can neither suppress nor replace them
// (docs/decisions/016).

const KEY = Buffer.alloc(32, 7).toString('base64');
const nowS = () => Math.floor(Date.now() / 1000);

const conversion = (eventName: string, eventId: string, value = 1) => ({
  event_name: eventName,
  event_time: nowS() - 5,
  event_id: eventId,
  action_source: 'website',
  session_id: 'stranger-session-1',
  // The shopper agreed to share data with ad platforms (SPEC §4.8): without it nothing is forwarded.
  consent: { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
  user_data: {},
  custom_data: {
    currency: 'INR',
    value,
    contents: [{ id: 'FAKE', quantity: 1, item_price: value }],
    content_type: 'product',
    num_items: 1,
    content_ids: ['FAKE'],
    evt_src: 'web',
    order_id: eventId,
  },
});

describeBackends('reports strangers cannot write', (ctx) => {
  const db = () => ctx().handle.db;
  const shopper = async () => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    // The affiliate order is queued at payment only with consent to ad_storage (SPEC §4.8).
    await answerCookieNotice(db(), s.customerId, ['ad_storage']);
    return signIn(ctx().agent(), s);
  };
  const place = async (agent: Awaited<ReturnType<typeof shopper>>) => (await placeOrderFor(agent)).body.data.order_id as string;
  /** The number the next order will get: KS + the sequence's next value. */
  const nextOrderNumber = (previous: string) => `KS${Number(previous.slice(2)) + 1}`;

  test('a stranger posting the next order number cannot suppress or replace the affiliate order', async () => {
    const first = await shopper();
    const next = nextOrderNumber(await place(first));
    const stranger = ctx().agent();
    const forged = { order_id: next, alg: 'AES-GCM', iv: 'AAAAAAAAAAAAAAAA', data: 'c2VjcmV0' };
    expect((await stranger.post('/api/events/affiliate', forged)).statusCode).toBe(403);
    expect((await stranger.post('/api/events/affiliate', { order_id: next })).statusCode).toBe(403);

    const owner = await shopper();
    const orderId = await place(owner);
    expect(orderId).toBe(next);
    // Another signed-in customer naming it: not theirs.
    expect((await first.post('/api/events/affiliate', { order_id: orderId })).statusCode).toBe(404);
    // Before payment the order is not placed: nothing to report yet.
    expect((await owner.post('/api/events/affiliate', { order_id: orderId })).statusCode).toBe(404);
    expect((await owner.post('/api/payment/pay-on-delivery', { order_id: orderId })).statusCode).toBe(200);

    const order = await db().selectFrom('orders').selectAll().where('order_number', '=', orderId).executeTakeFirstOrThrow();
    const rows = await db().selectFrom('event_outbox').selectAll().where('kind', '=', 'affiliate').where('ref', '=', orderId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).toMatchObject({ id: orderId, total: order.total / 100, status: 'pending', line_items: [expect.any(Object)] });

    // The owner's page names the order: the server's record stays, once.
    const own = await owner.post('/api/events/affiliate', { order_id: orderId });
    expect(own.statusCode).toBe(200);
    expect(json(own)).toMatchObject({ message: 'Already stored', data: { accepted: 0, duplicates: 1 } });
  });

  test('the affiliate order is encrypted by the server when forwarded, with a key only the server holds', async () => {
    const owner = await shopper();
    const orderId = await place(owner);
    await owner.post('/api/payment/pay-on-delivery', { order_id: orderId });
    await db().updateTable('event_outbox').set({ sent_at: new Date() }).where('ref', '<>', orderId).execute();
    const sent: Array<{ url: string; body: { order_id: string; alg: string; iv: string; data: string } }> = [];
    const config = {
      AFFILIATE_FORWARD_URL: 'http://127.0.0.1:9/affiliate',
      AFFILIATE_KEY: KEY,
      EVENTS_FORWARD_INTERVAL_MS: 5000,
      EVENTS_FORWARD_TIMEOUT_MS: 5000,
    };
    expect(await forwardOnce(db(), config, async (url, body) => void sent.push({ url, body: body as (typeof sent)[0]['body'] }))).toEqual({
      sent: 1,
      failed: 0,
    });
    const { body } = sent[0];
    expect(body).toMatchObject({ order_id: orderId, alg: 'AES-GCM' });
    expect(body.data).not.toContain(orderId);
    const raw = Buffer.from(body.data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(KEY, 'base64'), Buffer.from(body.iv, 'base64'));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const clear = JSON.parse(Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString());
    expect(clear).toMatchObject({ id: orderId, number: orderId, currency: 'INR', status: 'pending' });
    expect(sealAffiliateOrder({ id: 'x' }, KEY).iv).not.toBe(sealAffiliateOrder({ id: 'x' }, KEY).iv);
  });

  test('a stranger posting a conversion with the next order number cannot suppress or replace the Purchase', async () => {
    const first = await shopper();
    const next = nextOrderNumber(await place(first));
    const stranger = ctx().agent();
    // Funnel steps are anyone's to report: stored, under their own name.
    const step = await stranger.post('/api/events/conversions', conversion('InitiateCheckout', next));
    expect(json(step)).toMatchObject({ message: 'Stored', data: { accepted: 1 } });
    // A Purchase needs the session of the customer who placed the order.
    expect((await stranger.post('/api/events/conversions', conversion('Purchase', next, 1))).statusCode).toBe(403);

    const owner = await shopper();
    const orderId = await place(owner);
    expect(orderId).toBe(next);
    await owner.post('/api/payment/pay-on-delivery', { order_id: orderId });
    const purchase = await owner.post('/api/events/conversions', conversion('Purchase', orderId));
    expect(json(purchase)).toMatchObject({ message: 'Stored', data: { accepted: 1, duplicates: 0 } });

    const order = await db().selectFrom('orders').select('total').where('order_number', '=', orderId).executeTakeFirstOrThrow();
    const stored = await db()
      .selectFrom('conversion_events')
      .select(['event_name', 'custom_data', 'customer_id'])
      .where('event_id', '=', orderId)
      .orderBy('event_name')
      .execute();
    expect(stored.map((r) => r.event_name)).toEqual(['InitiateCheckout', 'Purchase']);
    expect(stored[1].custom_data).toMatchObject({ value: order.total / 100 });
    const queued = await db().selectFrom('event_outbox').select(['ref', 'payload']).where('kind', '=', 'conversion').execute();
    const forwarded = queued.filter((r) => (r.payload as { event_id: string }).event_id === orderId);
    expect(forwarded.map((r) => (r.payload as { event_name: string }).event_name).sort()).toEqual(['InitiateCheckout', 'Purchase']);
    expect(forwarded.find((r) => (r.payload as { event_name: string }).event_name === 'Purchase')?.payload).toMatchObject({
      custom_data: { value: order.total / 100 },
    });
  });
});
