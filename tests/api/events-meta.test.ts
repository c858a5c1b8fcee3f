import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { normalizePhone } from '../../schemas/event-rules.ts';
import { describeBackends } from '../helpers/app.ts';
import { createShoppers, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// Conformance of the server feed's forwarded events with Meta's Conversions API, the schema written from:
// - https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/ (website events require
//   client_user_agent, action_source and event_source_url);
// - …/parameters/server-event (event_time in seconds, event_source_url the browser URL, absolute);
// - …/parameters/customer-information-parameters (em, ph, fn, ln, ct, zp, country, external_id hashed SHA-256 of
//   the normalised value; client_ip_address, client_user_agent, fbc, fbp never hashed);
// - …/parameters/fbp-and-fbc (fb.<subdomainIndex>.<creationTime ms>.<fbclid or random>, click id case-kept);
// - …/parameters/custom-data (currency ISO 4217, value, content_ids, contents {id, quantity, item_price}).

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const hashes = z.array(z.string().regex(/^[a-f0-9]{64}$/)).min(1);
const MetaServerEvent = z.object({
  event_name: z.string().min(1),
  event_time: z.number().int().min(1_500_000_000).max(4_102_444_800),
  event_id: z.string().min(1),
  action_source: z.literal('website'),
  event_source_url: z.string().regex(/^https?:\/\/[^/\s]+\/\S*$/, 'an absolute http(s) URL'),
  user_data: z
    .object({
      em: hashes.optional(),
      ph: hashes.optional(),
      fn: hashes.optional(),
      ln: hashes.optional(),
      ct: hashes.optional(),
      zp: hashes.optional(),
      country: hashes.optional(),
      external_id: hashes.optional(),
      client_ip_address: z.union([z.ipv4(), z.ipv6()]),
      client_user_agent: z.string().min(1),
      fbp: z
        .string()
        .regex(/^fb\.[0-2]\.\d{13}\.\d+$/)
        .optional(),
      fbc: z
        .string()
        .regex(/^fb\.[0-2]\.\d{13}\.[\w-]+$/)
        .optional(),
    })
    .strict(),
  custom_data: z.looseObject({
    currency: z.string().regex(/^[A-Z]{3}$/),
    value: z.number().nonnegative(),
    content_type: z.literal('product'),
    content_ids: z.array(z.string().min(1)),
    contents: z.array(z.object({ id: z.string().min(1), quantity: z.number().int().positive(), item_price: z.number() })),
    num_items: z.number().int().nonnegative(),
  }),
});

const UA = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36';
const nowS = () => Math.floor(Date.now() / 1000);
const step = (over: Record<string, unknown> = {}) => ({
  event_name: 'InitiateCheckout',
  event_time: nowS() - 5,
  event_id: randomUUID(),
  action_source: 'website',
  event_source_url: '/cart?fbclid=IwAR2F4-dbP0l7Mn1IawQQ',
  session_id: 'session-meta-0001',
  // The shopper agreed to share data with ad platforms (SPEC §4.8): without it nothing is forwarded.
  consent: { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
  user_data: { email: 'Demo@Kasrat.Test', phone: '+44 844 412 4653' },
  custom_data: {
    currency: 'INR',
    value: 2499,
    contents: [{ id: 'ON-WH-1KG-CH', quantity: 1, item_price: 2499 }],
    content_type: 'product',
    num_items: 1,
    content_ids: ['ON-WH-1KG-CH'],
    evt_src: 'mobile-web',
    funnel_step: 2,
  },
  ...over,
});

describeBackends('Meta Conversions API conformance', (ctx) => {
  const db = () => ctx().handle.db;
  const forwarded = async (eventName: string, eventId: string) => {
    const row = await db()
      .selectFrom('event_outbox')
      .select('payload')
      .where('kind', '=', 'conversion')
      .where('ref', '=', `${eventName}:${eventId}`)
      .executeTakeFirstOrThrow();
    return row.payload as unknown as z.infer<typeof MetaServerEvent>;
  };

  test('a guest event carries the request’s user agent and IP, _fbp, fbc from fbclid, an absolute URL', async () => {
    const agent = ctx().agent();
    agent.cookies.set('_fbp', 'fb.1.1596403881668.1116446470');
    const e = step();
    const before = Date.now();
    const res = await agent.post('/api/events/conversions', e, { 'user-agent': UA, 'x-forwarded-for': '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    const payload = MetaServerEvent.parse(await forwarded('InitiateCheckout', e.event_id));
    expect(payload.event_source_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cart\?fbclid=IwAR2F4-dbP0l7Mn1IawQQ$/);
    expect(payload.user_data).toMatchObject({
      client_ip_address: '203.0.113.9',
      client_user_agent: UA,
      fbp: 'fb.1.1596403881668.1116446470',
      em: [sha('demo@kasrat.test')],
      // A non-Indian number keeps its own country code.
      ph: [sha('448444124653')],
    });
    const [, , created, clickId] = (payload.user_data.fbc as string).split('.');
    expect(clickId).toBe('IwAR2F4-dbP0l7Mn1IawQQ');
    expect(Number(created)).toBeGreaterThanOrEqual(before);
  });

  test('the _fbc cookie is sent as it is; a malformed cookie or another site’s URL are not trusted', async () => {
    const agent = ctx().agent();
    agent.cookies.set('_fbc', 'fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890');
    agent.cookies.set('_fbp', 'not-a-cookie');
    const e = step({ event_source_url: 'https://evil.example/checkout?x=1' });
    await agent.post('/api/events/conversions', e, { 'user-agent': UA });
    const payload = MetaServerEvent.parse(await forwarded('InitiateCheckout', e.event_id));
    expect(payload.user_data.fbc).toBe('fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890');
    expect(payload.user_data.fbp).toBeUndefined();
    expect(payload.event_source_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\?x=1$/);
  });

  test('a COD Purchase names products by SKU, as the pixel does, with the buyer’s hashed match keys', async () => {
    const v = await variantIn(db(), 10_000, 30_000);
    const pin = await pincode(db(), 'cod');
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], pin);
    const agent = signIn(ctx().agent(), s);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    await agent.post('/api/payment/pay-on-delivery', { order_id: orderId });
    const purchase = step({
      event_name: 'Purchase',
      event_id: orderId,
      event_source_url: `/order-successfull/${orderId}`,
      custom_data: { ...step().custom_data, funnel_step: undefined, order_id: orderId, value: 1 },
    });
    expect((await agent.post('/api/events/conversions', purchase, { 'user-agent': UA })).statusCode).toBe(200);
    const payload = MetaServerEvent.parse(await forwarded('Purchase', orderId));
    const order = await db().selectFrom('orders').selectAll().where('order_number', '=', orderId).executeTakeFirstOrThrow();
    const lines = await db().selectFrom('order_items').select(['sku', 'is_freebie']).where('order_id', '=', order.id).execute();
    expect(payload.custom_data.content_ids).toEqual(lines.filter((l) => !l.is_freebie).map((l) => l.sku));
    expect(payload.custom_data.value).toBe(order.total / 100);
    const address = order.address as { city: string; pincode: string };
    expect(payload.user_data).toMatchObject({
      fn: [sha('buyer')],
      ln: [sha('0')],
      ct: [sha(address.city.toLowerCase().replace(/[^a-z]/g, ''))],
      zp: [sha(address.pincode)],
      country: [sha('in')],
    });
  });
});

describe('phone numbers are hashed with their country code (Meta: digits only, country code, no leading 0 or 00)', () => {
  test.each([
    ['9876543210', '919876543210'],
    ['09876543210', '919876543210'],
    ['+91 98765 43210', '919876543210'],
    ['0091 98765 43210', '919876543210'],
    ['+44 844 412 4653', '448444124653'],
    ['0044 844 412 4653', '448444124653'],
    ['+1 (415) 555-0132', '14155550132'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});
