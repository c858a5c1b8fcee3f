import { CitiesResponse, RETAILER_MESSAGES, StoresResponse, UnsubscribeResponse } from '../../schemas/content-pages.ts';
import { MESSAGES } from '../../schemas/validation.ts';
import { createAuthServices } from '../../server/modules/auth/index.ts';
import { linkSigningSecret, unsubscribeLink } from '../../server/modules/newsletter/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { ipAgent } from './auth-helpers.ts';

// SPEC §7 cities-list, stores-list, add-retailer-info and unsubscribe-user.
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field.
const json = (res: { json(): unknown }) => res.json() as { status: 0 | 1; message: string; data: any };

const retailer = {
  full_name: 'Ravi Kumar',
  business_name: 'Ravi Fitness Store',
  mobile: '9812345678',
  email: ' Ravi@Example.COM ',
  city: 'Pune',
  pincode: '411001',
  gstin: '27ABCDE1234F1Z5',
  message: 'We run two gyms and a supplement counter.',
};

describeBackends('store locator, retailer and unsubscribe API', (ctx) => {
  test('cities-list answers the cities that have stores, with their counts', async () => {
    const res = await ctx().agent().get('/api/store/cities-list');
    const body = CitiesResponse.parse(res.json());
    expect(body.data.length).toBeGreaterThan(3);
    expect(body.data.every((c) => c.store_count >= 1)).toBe(true);
    expect(body.data.map((c) => c.name)).toEqual([...body.data.map((c) => c.name)].sort());
  });

  test('stores-list answers a city’s stores with address, hours, phone, tel and a directions link', async () => {
    const agent = ctx().agent();
    const [city] = CitiesResponse.parse((await agent.get('/api/store/cities-list')).json()).data;
    if (!city) throw new Error('no city');
    const body = StoresResponse.parse((await agent.get(`/api/store/stores-list?city=${city.slug}`)).json());
    expect(body.data).toHaveLength(city.store_count);
    const store = body.data[0];
    expect(store).toMatchObject({ city: city.name, city_slug: city.slug, hours: '10:00 – 21:00' });
    expect(store?.directions_url).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+\.\d{6},-?\d+\.\d{6}$/);
    expect(store?.tel).toBe(`tel:${store?.phone.replace(/[^\d+]/g, '')}`);
    const all = StoresResponse.parse((await agent.get('/api/store/stores-list')).json()).data;
    expect(all.length).toBeGreaterThan(body.data.length);
    expect((await agent.get('/api/store/stores-list?city=atlantis')).statusCode).toBe(404);
    const bad = await agent.get('/api/store/stores-list?city=New%20Delhi!');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toContain('city');
  });

  test('add-retailer-info stores the request and queues the acknowledgement email', async () => {
    const agent = ctx().agent();
    const res = await agent.post('/api/retailer/add-retailer-info', retailer);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.reference).toMatch(/^RTL-[0-9A-F]{8}$/);
    expect(body.message).toContain(body.data.reference);
    const row = await ctx()
      .handle.db.selectFrom('retailer_requests')
      .selectAll()
      .where('reference', '=', body.data.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'ravi@example.com', gstin: '27ABCDE1234F1Z5', city: 'Pune', business_name: 'Ravi Fitness Store' });
    const mail = await ctx()
      .handle.db.selectFrom('outbox')
      .select(['recipient', 'subject', 'body'])
      .where('recipient', '=', 'ravi@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(body.data.reference);
    // Optional fields may be left out.
    const minimal = await agent.post('/api/retailer/add-retailer-info', { ...retailer, gstin: '', message: undefined });
    expect(minimal.statusCode).toBe(200);
  });

  test("add-retailer-info is no relay: a fixed acknowledgement without the sender's words, limited per client and recipient", async () => {
    const words = {
      full_name: 'Visit Evil Example',
      business_name: 'Claim Your Prize At Evil Example Com',
      city: 'Evil Example Com',
      mobile: '9800000001',
      email: 'victim.retail@example.com',
    };
    const agent = ipAgent(ctx());
    expect((await agent.post('/api/retailer/add-retailer-info', { ...retailer, ...words })).statusCode).toBe(200);
    const mail = await ctx()
      .handle.db.selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', words.email)
      .executeTakeFirstOrThrow();
    for (const text of [words.full_name, words.business_name, words.city, words.mobile, retailer.message])
      expect(`${mail.subject} ${mail.body}`).not.toContain(text);
    // Per recipient (2 a day), whichever client sends.
    expect((await ipAgent(ctx()).post('/api/retailer/add-retailer-info', { ...retailer, ...words })).statusCode).toBe(200);
    const third = await ipAgent(ctx()).post('/api/retailer/add-retailer-info', { ...retailer, ...words });
    expect(third.statusCode).toBe(429);
    // Per client address (5 an hour), whatever the recipient.
    const one = ipAgent(ctx());
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (await one.post('/api/retailer/add-retailer-info', { ...retailer, email: `shop${i}.${process.pid}@example.com` })).statusCode,
      );
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const sent = await ctx().handle.db.selectFrom('outbox').select('id').where('recipient', '=', words.email).execute();
    expect(sent).toHaveLength(2);
  });

  test('add-retailer-info refuses bad input with the SPEC §5 wording', async () => {
    const agent = ctx().agent();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ full_name: '' }, MESSAGES.nameRequired],
      [{ full_name: 'Ra' }, MESSAGES.nameMin],
      [{ full_name: 'Ravi 2' }, MESSAGES.namePattern],
      [{ mobile: '98123' }, MESSAGES.mobile],
      [{ email: 'ravi@' }, MESSAGES.email],
      [{ business_name: ' ' }, RETAILER_MESSAGES.businessRequired],
      [{ city: '' }, RETAILER_MESSAGES.cityRequired],
      [{ pincode: '01234' }, RETAILER_MESSAGES.pincode],
      [{ gstin: 'NOTAGSTIN' }, RETAILER_MESSAGES.gstin],
    ];
    for (const [patch, message] of cases) {
      const res = await agent.post('/api/retailer/add-retailer-info', { ...retailer, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(json(res).message).toBe(message);
    }
  });

  test('unsubscribe-user accepts a signed link, turns opt-in off, and is idempotent; a forged link is refused', async () => {
    const agent = ctx().agent();
    const link = new URL(
      unsubscribeLink('http://kasrat.test', await linkSigningSecret(createAuthServices(ctx().handle.db).keys)(), 'Demo@Kasrat.test'),
    );
    const body = { email: link.searchParams.get('email'), token: link.searchParams.get('token') };
    const first = UnsubscribeResponse.parse((await agent.post('/api/unsubscribe/unsubscribe-user', body)).json());
    expect(first).toMatchObject({
      status: 1,
      message: 'You are unsubscribed from Kasrat emails.',
      data: { email: 'demo@kasrat.test', already_unsubscribed: false },
    });
    const demo = await ctx()
      .handle.db.selectFrom('customers')
      .select('opt_in')
      .where('email', '=', 'demo@kasrat.test')
      .executeTakeFirstOrThrow();
    expect(demo.opt_in).toBe(false);
    const again = UnsubscribeResponse.parse((await agent.post('/api/unsubscribe/unsubscribe-user', body)).json());
    expect(again).toMatchObject({ status: 1, data: { already_unsubscribed: true } });
    const rows = await ctx().handle.db.selectFrom('newsletter_unsubscribes').selectAll().where('email', '=', 'demo@kasrat.test').execute();
    expect(rows).toHaveLength(1);

    const forged = await agent.post('/api/unsubscribe/unsubscribe-user', { email: 'someone@kasrat.test', token: body.token });
    expect(forged.statusCode).toBe(403);
    expect(json(forged).message).toContain('not valid');
    expect((await agent.post('/api/unsubscribe/unsubscribe-user', { email: 'x', token: 'y' })).statusCode).toBe(400);
    expect((await agent.post('/api/unsubscribe/unsubscribe-user', { email: 'a@b.co' })).statusCode).toBe(400);
  });
});
