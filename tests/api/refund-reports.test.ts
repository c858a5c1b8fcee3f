import { z } from 'zod';
import { reportRefund } from '../../server/modules/events/index.ts';
import { forwardOnce } from '../../server/modules/events/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { answerCookieNotice, createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// A processed refund reaches GA4 and Meta from the server, once per refund (docs/decisions/016), in the formats
// the vendors publish. The schemas below are written from their documentation:
// - GA4 Measurement Protocol (https://developers.google.com/analytics/devguides/collection/protocol/ga4/reference):
//   `client_id` required for a web stream, at most 25 events, event names ≤ 40 characters of letters, digits and
//   underscores starting with a letter; the `refund` recommended event
//   (https://developers.google.com/analytics/devguides/collection/ga4/reference/events#refund): `currency` and
//   `value` together, `transaction_id` required, `items` for a partial refund, each item with `item_id` or
//   `item_name`.
// - Meta Conversions API (https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/server-event):
//   `event_name`, `event_time` (seconds), `action_source` one of Meta's values, `user_data` with at least one
//   customer information parameter (hashes: lowercase SHA-256 hex in arrays), `custom_data.value` a number with a
//   three-letter `currency`.

const HEX64 = /^[0-9a-f]{64}$/;
const Ga4Item = z
  .object({
    item_id: z.string().min(1).optional(),
    item_name: z.string().min(1).optional(),
    price: z.number(),
    quantity: z.number().int().positive(),
  })
  .refine((i) => i.item_id || i.item_name, 'item_id or item_name');
const Ga4Refund = z.object({
  client_id: z.string().min(1),
  non_personalized_ads: z.boolean().optional(),
  events: z
    .array(
      z.object({
        name: z.literal('refund').and(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/)),
        params: z.object({
          currency: z.string().regex(/^[A-Z]{3}$/),
          transaction_id: z.string().min(1),
          value: z.number().positive(),
          items: z.array(Ga4Item).min(1).optional(),
        }),
      }),
    )
    .min(1)
    .max(25),
});
const MetaRefund = z.object({
  event_name: z.string().min(1).max(50),
  event_time: z.number().int().positive(),
  event_id: z.string().min(1),
  action_source: z.enum([
    'email',
    'website',
    'app',
    'phone_call',
    'chat',
    'physical_store',
    'system_generated',
    'business_messaging',
    'other',
  ]),
  user_data: z
    .object({
      em: z.array(z.string().regex(HEX64)).optional(),
      ph: z.array(z.string().regex(HEX64)).optional(),
      external_id: z.array(z.string().regex(HEX64)).optional(),
    })
    .refine((u) => u.em || u.ph || u.external_id, 'at least one customer information parameter'),
  custom_data: z.object({
    currency: z.string().regex(/^[A-Z]{3}$/),
    value: z.number().nonnegative(),
    order_id: z.string().min(1),
    content_ids: z.array(z.string().min(1)),
    contents: z.array(z.object({ id: z.string().min(1), quantity: z.number().int().positive(), item_price: z.number() })),
  }),
});

describeBackends('refunds reported to GA4 and Meta', (ctx) => {
  const db = () => ctx().handle.db;

  /** A pay-on-delivery order of two lines, and a processed refund of `lines` of it (all when omitted). */
  const refunded = async (part: 'whole' | 'partial') => {
    const a = await variantIn(db(), 60_000, 90_000);
    const b = await variantIn(db(), 60_000, 90_000, 1);
    const [s] = await createShoppers(
      db(),
      1,
      [
        { variant_id: a.id, quantity: 2 },
        { variant_id: b.id, quantity: 1 },
      ],
      await pincode(db(), 'cod'),
    );
    // GA4 and Meta get the refund only with the customer's consent (SPEC §4.8); these tests are about the formats.
    await answerCookieNotice(db(), s.customerId, ['analytics_storage', 'ad_user_data']);
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    expect(json(await agent.post('/api/payment/pay-on-delivery', { order_id: orderId })).status).toBe(1);
    const order = await db().selectFrom('orders').select(['id', 'total']).where('order_number', '=', orderId).executeTakeFirstOrThrow();
    const items = await db().selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    const first = items[0];
    if (!first) throw new Error('no items');
    const amount = part === 'whole' ? order.total : first.sale_price;
    const refund = await db()
      .insertInto('refunds')
      .values({
        order_id: order.id,
        shipment_id: first.shipment_id,
        reason: 'return',
        method: 'bank',
        payment_id: null,
        bank_account_id: null,
        amount,
        status: 'processed',
        processed_at: new Date(),
        idempotency_key: `test-refund-${orderId}-${part}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = part === 'whole' ? items : [first];
    for (const l of lines)
      await db()
        .insertInto('refund_items')
        .values({ refund_id: refund.id, order_item_id: l.id, quantity: part === 'whole' ? l.quantity : 1, amount: l.sale_price })
        .execute();
    return { orderId, refundId: refund.id, amount, items, first };
  };
  const rows = (refundId: number) =>
    db()
      .selectFrom('event_outbox')
      .select(['kind', 'ref', 'payload'])
      .where('ref', 'in', [`refund:${refundId}`, `Refund:refund-${refundId}`])
      .orderBy('kind')
      .execute();

  test('a whole refund: GA4 `refund` without items, Meta `Refund` with the SKUs, both valid and queued once', async () => {
    const r = await refunded('whole');
    await reportRefund(db(), r.refundId);
    await reportRefund(db(), r.refundId);
    const queued = await rows(r.refundId);
    expect(queued.map((q) => q.kind)).toEqual(['conversion', 'ga4']);
    const ga4 = Ga4Refund.parse(queued[1]?.payload);
    expect(ga4.events[0]?.params).toEqual({ currency: 'INR', transaction_id: r.orderId, value: r.amount / 100 });
    const meta = MetaRefund.parse(queued[0]?.payload);
    expect(meta.custom_data).toMatchObject({ value: r.amount / 100, order_id: r.orderId, currency: 'INR' });
    expect(meta.custom_data.content_ids).toEqual(r.items.map((i) => i.sku));
    expect(meta.action_source).toBe('system_generated');
  });

  test('a partial refund: GA4 lists the refunded items by SKU with their quantity; Meta the same value', async () => {
    const r = await refunded('partial');
    await reportRefund(db(), r.refundId);
    const queued = await rows(r.refundId);
    const ga4 = Ga4Refund.parse(queued.find((q) => q.kind === 'ga4')?.payload);
    expect(ga4.events[0]?.params).toEqual({
      currency: 'INR',
      transaction_id: r.orderId,
      value: r.first.sale_price / 100,
      items: [{ item_id: r.first.sku, item_name: r.first.name, price: r.first.sale_price / 100, quantity: 1 }],
    });
    const meta = MetaRefund.parse(queued.find((q) => q.kind === 'conversion')?.payload);
    expect(meta.custom_data).toMatchObject({ value: r.first.sale_price / 100, content_ids: [r.first.sku] });
  });

  test('a refund not processed reports nothing; GA4 rows go to the collect address with the stream’s id and secret', async () => {
    const r = await refunded('partial');
    await db().updateTable('refunds').set({ status: 'pending' }).where('id', '=', r.refundId).execute();
    await reportRefund(db(), r.refundId);
    expect(await rows(r.refundId)).toEqual([]);
    await db().updateTable('refunds').set({ status: 'processed' }).where('id', '=', r.refundId).execute();
    await reportRefund(db(), r.refundId);
    const sent: Array<{ url: string; body: unknown }> = [];
    const config = {
      GA4_MEASUREMENT_ID: 'G-TEST1234',
      GA4_API_SECRET: 'secret-for-tests',
      GA4_COLLECT_URL: 'https://ga4.invalid/mp/collect',
      EVENTS_FORWARD_TOKEN: 'ours',
      EVENTS_FORWARD_INTERVAL_MS: 1000,
      EVENTS_FORWARD_TIMEOUT_MS: 1000,
    };
    // Forward until this refund's row is sent (other suites' rows may be due too).
    for (let i = 0; i < 20 && !sent.some((s) => JSON.stringify(s.body).includes(r.orderId)); i++)
      await forwardOnce(db(), config, async (url, body) => {
        sent.push({ url, body });
      });
    const mine = sent.find((s) => JSON.stringify(s.body).includes(r.orderId));
    expect(mine?.url).toBe('https://ga4.invalid/mp/collect?measurement_id=G-TEST1234&api_secret=secret-for-tests');
    const row = await db().selectFrom('event_outbox').select('sent_at').where('ref', '=', `refund:${r.refundId}`).executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });
});
