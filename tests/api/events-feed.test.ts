import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ConversionEvent } from '../../schemas/events.ts';
import { claimOutbox, forwardOnce } from '../../server/modules/events/index.ts';
import { describeBackends } from '../helpers/app.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const nowS = () => Math.floor(Date.now() / 1000);

const conversion = (over: Partial<ConversionEvent> = {}): ConversionEvent => ({
  event_name: 'InitiateCheckout',
  event_time: nowS() - 5,
  event_id: randomUUID(),
  action_source: 'website',
  event_source_url: 'http://127.0.0.1/cart',
  session_id: 'session-feed-0001',
  // The shopper agreed to share data with ad platforms (SPEC §4.8): without it nothing is forwarded.
  consent: { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
  user_data: { email: ' Demo@Kasrat.Test ', phone: '9876543210', external_id: '42' },
  custom_data: {
    currency: 'INR',
    value: 2499,
    contents: [{ id: 'ON-WH-1KG-CH', quantity: 1, item_price: 2499 }],
    content_type: 'product',
    num_items: 1,
    content_ids: ['ON-WH-1KG-CH'],
    evt_src: 'web',
    funnel_step: 2,
  },
  ...over,
});

describeBackends('conversion feed', (ctx) => {
  const post = (payload: unknown, headers?: Record<string, string>) =>
    ctx().app.inject({ method: 'POST', url: '/api/events/conversions', payload: payload as object, headers });

  test('a valid event is stored once with its PII as SHA-256 only', async () => {
    const e = conversion();
    const res = await post(e);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, data: { accepted: 1, duplicates: 0 } });
    const row = await ctx()
      .handle.db.selectFrom('conversion_events')
      .selectAll()
      .where('event_id', '=', e.event_id)
      .executeTakeFirstOrThrow();
    expect(row.email_sha256).toBe(sha('demo@kasrat.test'));
    expect(row.phone_sha256).toBe(sha('919876543210'));
    expect(row.external_id_sha256).toBe(sha('42'));
    expect(row.funnel_step).toBe(2);
    const outbox = await ctx()
      .handle.db.selectFrom('event_outbox')
      .selectAll()
      .where('ref', '=', `InitiateCheckout:${e.event_id}`)
      .executeTakeFirstOrThrow();
    const everything = JSON.stringify([row, outbox]).toLowerCase();
    expect(everything).not.toContain('demo@kasrat.test');
    expect(everything).not.toContain('9876543210');
    expect(outbox.payload).toMatchObject({
      event_name: 'InitiateCheckout',
      event_id: e.event_id,
      user_data: { em: [sha('demo@kasrat.test')] },
    });
  });

  test('SPEC §4.8: an event without consent to share data is counted for the funnel but keeps no PII and is never forwarded', async () => {
    const denied = { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' } as const;
    const withoutConsent = conversion({ consent: denied });
    const { consent: _, ...unstated } = conversion({ event_name: 'AddPaymentInfo', session_id: 'session-feed-0002' });
    for (const e of [withoutConsent, unstated]) {
      const res = await post(e);
      expect(res.json()).toMatchObject({ status: 1, data: { accepted: 1 } });
      const row = await ctx()
        .handle.db.selectFrom('conversion_events')
        .selectAll()
        .where('event_id', '=', e.event_id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email_sha256: null,
        phone_sha256: null,
        external_id_sha256: null,
        customer_id: null,
        client_user_agent: null,
      });
      expect(row.funnel_step).toBe(e.custom_data.funnel_step ?? null);
      const queued = await ctx()
        .handle.db.selectFrom('event_outbox')
        .select('id')
        .where('ref', '=', `${e.event_name}:${e.event_id}`)
        .execute();
      expect(queued).toEqual([]);
    }
  });

  test('the same event_id is stored once (dedup), also inside one batch', async () => {
    const e = conversion({ event_name: 'AddPaymentInfo' });
    expect((await post(e)).json().data).toEqual({ accepted: 1, duplicates: 0 });
    expect((await post(e)).json().data).toEqual({ accepted: 0, duplicates: 1 });
    const twin = conversion();
    expect((await post({ data: [twin, twin, conversion()] })).json().data).toEqual({ accepted: 2, duplicates: 1 });
    const count = await ctx()
      .handle.db.selectFrom('conversion_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', 'in', [e.event_id, twin.event_id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
    const outbox = await ctx()
      .handle.db.selectFrom('event_outbox')
      .select('id')
      .where('ref', 'in', [`AddPaymentInfo:${e.event_id}`, `InitiateCheckout:${twin.event_id}`])
      .execute();
    expect(outbox).toHaveLength(2);
  });

  test('outside production a stored event can be looked up, with hashes only', async () => {
    const e = conversion();
    await post(e);
    const found = await ctx().app.inject({ method: 'GET', url: `/api/dev/events?event_id=${e.event_id}` });
    expect(found.json()).toMatchObject({
      status: 1,
      data: { event_id: e.event_id, event_name: 'InitiateCheckout', email_sha256: sha('demo@kasrat.test') },
    });
    expect(found.body.toLowerCase()).not.toContain('demo@kasrat.test');
    const missing = await ctx().app.inject({ method: 'GET', url: '/api/dev/events?event_id=nope' });
    expect(missing.json()).toMatchObject({ status: 1, data: null });
    expect((await ctx().app.inject({ method: 'GET', url: '/api/dev/events' })).statusCode).toBe(400);
  });

  test('already hashed user data is kept as the hash', async () => {
    const hashed = sha('someone@example.com');
    const e = conversion({ user_data: { email: hashed.toUpperCase() } });
    await post(e);
    const row = await ctx()
      .handle.db.selectFrom('conversion_events')
      .select(['email_sha256', 'phone_sha256'])
      .where('event_id', '=', e.event_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email_sha256: hashed, phone_sha256: null });
  });

  test('funnel-only steps are stored but not queued for forwarding', async () => {
    const e = conversion({ event_name: 'ViewCart', custom_data: { ...conversion().custom_data, funnel_step: 1 } });
    expect((await post(e)).json().data.accepted).toBe(1);
    const outbox = await ctx().handle.db.selectFrom('event_outbox').select('id').where('ref', 'like', `%${e.event_id}`).execute();
    expect(outbox).toHaveLength(0);
  });

  test('a beacon body sent as text/plain from this site is accepted', async () => {
    const e = conversion();
    // sendBeacon from the store's own page: the browser marks it same-origin (other sites' text/plain is refused).
    const res = await post(JSON.stringify(e), { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.accepted).toBe(1);
  });

  test.each([
    ['missing event_id', { event_id: undefined }, /event_id/],
    ['unknown event name', { event_name: 'Lead' }, /event_name/],
    ['action_source other than website', { action_source: 'app' }, /action_source/],
    ['event_time in milliseconds', { event_time: Date.now() }, /event_time/],
    ['event_time older than 7 days', { event_time: nowS() - 8 * 86_400 }, /older than 7 days/],
    ['bad session id', { session_id: 'x' }, /session_id/],
    ['bad currency', { custom_data: { ...conversion().custom_data, currency: 'USD' } }, /currency/],
  ])('validation: %s is a 400', async (_name, over, message) => {
    const res = await post({ ...conversion(), ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
    expect(res.json().message).toMatch(message);
  });

  test('validation: garbage bodies and oversize batches are 400, never 500', async () => {
    expect((await post('{"event_name":', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await post('not json', { 'content-type': 'text/plain' })).statusCode).toBe(400);
    expect((await post({ data: [] })).statusCode).toBe(400);
    expect((await post({ data: Array.from({ length: 51 }, () => conversion()) })).statusCode).toBe(400);
    expect((await post(null as unknown as object, { 'content-type': 'application/json' })).statusCode).toBe(400);
  });

  test('the same id under another event name is another event (the name is part of the key)', async () => {
    const e = conversion();
    expect((await post(e)).json().data).toEqual({ accepted: 1, duplicates: 0 });
    expect((await post({ ...e, event_name: 'AddPaymentInfo' })).json().data).toEqual({ accepted: 1, duplicates: 0 });
    const found = await ctx().app.inject({ method: 'GET', url: `/api/dev/events?event_id=${e.event_id}&event_name=AddPaymentInfo` });
    expect(found.json().data).toMatchObject({ event_id: e.event_id, event_name: 'AddPaymentInfo' });
  });

  test('affiliate: only a signed-in customer may name an order; bodies are validated', async () => {
    const res = await ctx().app.inject({ method: 'POST', url: '/api/events/affiliate', payload: { order_id: 'KS1' } });
    expect(res.statusCode).toBe(403);
    expect((await ctx().app.inject({ method: 'POST', url: '/api/events/affiliate', payload: { order_id: '' } })).statusCode).toBe(400);
    expect((await ctx().app.inject({ method: 'POST', url: '/api/events/affiliate', payload: {} })).statusCode).toBe(400);
  });

  test('outbox: two concurrent claimers never claim the same row', async () => {
    const { db } = ctx().handle;
    await db.deleteFrom('event_outbox').execute();
    await db
      .insertInto('event_outbox')
      .values(Array.from({ length: 40 }, (_, i) => ({ kind: 'conversion' as const, ref: `claim-${i}`, payload: JSON.stringify({ i }) })))
      .execute();
    const [a, b] = await Promise.all([claimOutbox(db, ['conversion'], 30), claimOutbox(db, ['conversion'], 30)]);
    const ids = [...a, ...b].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(40);
    // Leased rows are not claimed again while the lease holds.
    expect(await claimOutbox(db, ['conversion'], 100)).toEqual([]);
    // Once the lease expires an unsent row is claimable again (a crashed claimer does not lose it).
    const later = await claimOutbox(db, ['conversion'], 100, new Date(Date.now() + 120_000));
    expect(later).toHaveLength(40);
    expect(later[0].attempts).toBe(2);
  });

  test('outbox forwarding is off by default and sends each row once when a target is set', async () => {
    const { db } = ctx().handle;
    await db.deleteFrom('event_outbox').execute();
    await post(conversion());
    await post(conversion({ event_name: 'AddPaymentInfo' }));
    const sent: unknown[] = [];
    const send = async (url: string, body: unknown) => {
      sent.push({ url, body });
    };
    expect(await forwardOnce(db, { EVENTS_FORWARD_INTERVAL_MS: 5000, EVENTS_FORWARD_TIMEOUT_MS: 5000 }, send)).toEqual({
      sent: 0,
      failed: 0,
    });
    const config = { EVENTS_FORWARD_URL: 'http://127.0.0.1:9/capi', EVENTS_FORWARD_INTERVAL_MS: 5000, EVENTS_FORWARD_TIMEOUT_MS: 5000 };
    expect(await forwardOnce(db, config, send)).toEqual({ sent: 2, failed: 0 });
    expect(sent).toHaveLength(1);
    expect((sent[0] as { body: { data: unknown[] } }).body.data).toHaveLength(2);
    expect(await forwardOnce(db, config, send)).toEqual({ sent: 0, failed: 0 });
  });

  test('a failed forward is retried later with backoff, not lost', async () => {
    const { db } = ctx().handle;
    await db.deleteFrom('event_outbox').execute();
    await post(conversion());
    const config = { EVENTS_FORWARD_URL: 'http://127.0.0.1:9/capi', EVENTS_FORWARD_INTERVAL_MS: 5000, EVENTS_FORWARD_TIMEOUT_MS: 5000 };
    const failing = async () => {
      throw new Error('target down');
    };
    expect(await forwardOnce(db, config, failing)).toEqual({ sent: 0, failed: 1 });
    const row = await db.selectFrom('event_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toMatch(/target down/);
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await forwardOnce(db, config, async () => {})).toEqual({ sent: 0, failed: 0 });
    await db.updateTable('event_outbox').set({ next_attempt_at: sql`now() - interval '1 second'` }).execute();
    expect(await forwardOnce(db, config, async () => {})).toEqual({ sent: 1, failed: 0 });
  });
});
