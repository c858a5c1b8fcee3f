import {
  AUTHENTICITY_MESSAGES,
  AuthenticateData,
  BrandCertificateResponse,
  BrandListResponse,
  ImporterBrandListResponse,
  ImporterListResponse,
} from '../../schemas/content-pages.ts';
import { seedAuthenticityCode } from '../../server/db/seed/authenticity.ts';
import { clientKey } from '../../server/http/rate-limit.ts';
import { AUTHENTICITY_LIMIT } from '../../server/modules/authenticity/service.ts';
import { describeBackends } from '../helpers/app.ts';
import { ipAgent } from './auth-helpers.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';

// SPEC §3 authenticity form, §7 authenticity and importer calls, §8 (an authenticator failure carries its data).
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and checked with their schemas.
const json = (res: { json(): unknown }) => res.json() as { status: 0 | 1; message: string; data: any };
const form = (code: { nac_code: string; scratch_code: string }) => ({ purchase_from: 0, other_store: null, ...code });

describeBackends('authenticity API', (ctx) => {
  test('brand-list lists every brand with a certificate, with its importer; both with and without the slash', async () => {
    const agent = ctx().agent();
    for (const url of ['/api/authenticity/brand-list/', '/api/authenticity/brand-list']) {
      const res = await agent.get(url);
      expect(res.statusCode).toBe(200);
      const body = BrandListResponse.parse(res.json());
      expect(body.status).toBe(1);
      expect(body.data.length).toBeGreaterThanOrEqual(8);
      const titan = body.data.find((b) => b.name === 'Titan Forge');
      expect(titan).toMatchObject({ slug: 'titan-forge', certificate_count: 1, importer: { slug: expect.any(String) } });
      expect(body.data.find((b) => b.name === 'Prana Labs')?.importer).toBeNull();
    }
  });

  test('brand-certificate answers the brand certificates with a server-drawn document; unknown brand 404, bad id 400', async () => {
    const agent = ctx().agent();
    const list = BrandListResponse.parse((await agent.get('/api/authenticity/brand-list/')).json()).data;
    const first = list[0];
    if (!first) throw new Error('no brands');
    const res = await agent.get(`/api/authenticity/brand-certificate?b_id=${first.brand_id}`);
    const body = BrandCertificateResponse.parse(res.json());
    expect(body.data.brand.id).toBe(first.brand_id);
    const cert = body.data.certificates[0];
    expect(cert?.certificate_no).toMatch(/^KSR-/);
    const doc = await agent.get(cert?.document_url ?? '');
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('image/svg+xml');
    expect(doc.body).toContain('CERTIFICATE OF AUTHENTICITY');
    expect(doc.body).toContain(cert?.certificate_no);
    expect(doc.body).toContain(first.name);

    expect((await agent.get('/api/authenticity/brand-certificate?b_id=99999')).statusCode).toBe(404);
    const bad = await agent.get('/api/authenticity/brand-certificate?b_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toContain('b_id');
    expect((await agent.get('/api/authenticity/certificate/nope.svg')).statusCode).toBe(400);
    expect((await agent.get('/api/authenticity/certificate/99999.svg')).statusCode).toBe(404);
  });

  test('a seeded code is genuine once, then already used with when; an unknown pair is unknown', async () => {
    const agent = ipAgent(ctx());
    const code = seedAuthenticityCode(0, 3);
    // Shoppers type codes in lower case with spaces: they are normalised.
    const typed = {
      nac_code: code.nac_code.toLowerCase(),
      scratch_code: `${code.scratch_code.slice(0, 6)} ${code.scratch_code.slice(6)}`.toLowerCase(),
    };
    const first = await agent.post('/api/authenticator/authenticate', form(typed));
    expect(first.statusCode).toBe(200);
    const genuine = json(first);
    expect(genuine.status).toBe(1);
    expect(genuine.message).toBe('Genuine product: this Titan Forge pack is authentic.');
    expect(AuthenticateData.parse(genuine.data)).toMatchObject({ result: 'genuine', brand: { name: 'Titan Forge' } });

    const again = await agent.post('/api/authenticator/authenticate', form(code));
    expect(again.statusCode).toBe(409);
    const used = json(again);
    expect(used.status).toBe(0);
    expect(used.message).toMatch(/^This scratch code was already verified on \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(used.data).toMatchObject({ result: 'already_used', claimed_at: genuine.data.claimed_at, brand: { name: 'Titan Forge' } });

    // The right scratch code with another brand's NAC code is not a pair we know.
    const other = seedAuthenticityCode(1, 3);
    const unknown = await agent.post(
      '/api/authenticator/authenticate',
      form({ nac_code: other.nac_code, scratch_code: seedAuthenticityCode(0, 4).scratch_code }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown)).toMatchObject({ status: 0, data: { result: 'unknown', brand: null, claimed_at: null } });
    expect(json(unknown).message).toContain('could not find');
  });

  test('the form is validated with clear messages', async () => {
    const agent = ipAgent(ctx());
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nac_code: '', scratch_code: 'ABCDEFGH12' }, AUTHENTICITY_MESSAGES.nacEmpty],
      [{ nac_code: 'AB', scratch_code: 'ABCDEFGH12' }, AUTHENTICITY_MESSAGES.nacInvalid],
      [{ nac_code: 'NACTF0001', scratch_code: '' }, AUTHENTICITY_MESSAGES.scratchEmpty],
      [{ nac_code: 'NACTF0001', scratch_code: 'ab$%^&*(' }, AUTHENTICITY_MESSAGES.scratchInvalid],
      [{ nac_code: 'NACTF0001', scratch_code: 'ABCDEFGH12', purchase_from: 1, other_store: '' }, AUTHENTICITY_MESSAGES.otherStoreEmpty],
      [{ nac_code: 'NACTF0001', scratch_code: 'ABCDEFGH12', purchase_from: 7 }, AUTHENTICITY_MESSAGES.purchaseFrom],
    ];
    for (const [body, message] of cases) {
      const res = await agent.post('/api/authenticator/authenticate', { purchase_from: 0, other_store: null, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).message).toBe(message);
    }
    expect((await agent.post('/api/authenticator/authenticate', 'not json', { 'content-type': 'application/json' })).statusCode).toBe(400);
  });

  test('a scratch code claimed by several shoppers at once has exactly one winner', async () => {
    const code = seedAuthenticityCode(2, 7);
    const answers = await Promise.all(Array.from({ length: 6 }, () => ipAgent(ctx()).post('/api/authenticator/authenticate', form(code))));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const row = await ctx()
      .handle.db.selectFrom('authenticity_codes')
      .select(['claimed_at'])
      .where('scratch_code', '=', code.scratch_code)
      .executeTakeFirstOrThrow();
    expect(row.claimed_at).not.toBeNull();
  });

  test('guessing is rate limited per client address, in the database', async () => {
    const agent = ipAgent(ctx());
    for (let i = 0; i < AUTHENTICITY_LIMIT.attempts; i++) {
      const res = await agent.post(
        '/api/authenticator/authenticate',
        form({ nac_code: 'NACTF0001', scratch_code: `GUESS${String(i).padStart(5, '0')}` }),
      );
      expect(res.statusCode).toBe(422);
    }
    const refused = await agent.post('/api/authenticator/authenticate', form(seedAuthenticityCode(3, 1)));
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe('Too many authenticity checks. Please try again in 15 minutes.');
    // Another address is not affected.
    expect((await ipAgent(ctx()).post('/api/authenticator/authenticate', form(seedAuthenticityCode(3, 1)))).statusCode).toBe(200);
    // Counted in fixed windows (server/http/rate-limit.ts): a run that crosses a window's end leaves two rows.
    const counted = await ctx()
      .handle.db.selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `authenticity:ip:${clientKey(agent.ip)}`)
      .execute();
    expect(counted.reduce((n, r) => n + r.count, 0)).toBe(AUTHENTICITY_LIMIT.attempts + 1);
  });

  test("guessing is counted per IPv6 /64, not per address: one subscriber's many addresses share one budget", async () => {
    const prefix = `2001:db8:${(process.pid % 60000).toString(16)}:a1`;
    for (let i = 0; i < AUTHENTICITY_LIMIT.attempts; i++) {
      const res = await ipAgent(ctx(), `${prefix}::${(i + 1).toString(16)}`).post(
        '/api/authenticator/authenticate',
        form({ nac_code: 'NACTF0001', scratch_code: `SIXTY${String(i).padStart(5, '0')}` }),
      );
      expect(res.statusCode).toBe(422);
    }
    const sibling = await ipAgent(ctx(), `${prefix}::ffff`).post('/api/authenticator/authenticate', form(seedAuthenticityCode(3, 2)));
    expect(sibling.statusCode).toBe(429);
  });

  test('guessing is rate limited per signed-in customer across addresses', async () => {
    const customerId = await createCustomer(ctx().handle.db);
    const base = ctx().agent();
    await signInDirectly(ctx().handle.db, base, customerId);
    for (let i = 0; i < AUTHENTICITY_LIMIT.attempts; i++) {
      const res = await base.post(
        '/api/authenticator/authenticate',
        form({ nac_code: 'NACTF0001', scratch_code: `WRONG${String(i).padStart(5, '0')}` }),
        {
          'x-forwarded-for': `172.16.${i}.9`,
        },
      );
      expect(res.statusCode).toBe(422);
    }
    const refused = await base.post('/api/authenticator/authenticate', form(seedAuthenticityCode(4, 1)), {
      'x-forwarded-for': '172.16.200.9',
    });
    expect(refused.statusCode).toBe(429);
  });

  test('importer calls: list, brand names, brand certificate and brand-list-data; unknown slugs 404, bad slugs 400', async () => {
    const agent = ctx().agent();
    const list = ImporterListResponse.parse((await agent.get('/api/importer/importer-list/')).json()).data;
    expect(list.length).toBeGreaterThanOrEqual(3);
    const importer = list.find((i) => i.brand_count >= 2);
    if (!importer) throw new Error('no importer with two brands');
    const names = json(await agent.get(`/api/importer/importer-brand-name-list?importer_slug=${importer.slug}`));
    expect(names.data.length).toBe(importer.brand_count);
    const brandSlug = names.data[0].slug;
    const cert = json(await agent.get(`/api/importer/importer-brand-certificate?importer_slug=${importer.slug}&brand_slug=${brandSlug}`));
    expect(cert.data.importer.slug).toBe(importer.slug);
    expect(cert.data.certificates[0].importer.licence_no).toBe(importer.licence_no);
    const data = ImporterBrandListResponse.parse(
      (await agent.get(`/api/importer/brand-list-data?importer_slug=${importer.slug}`)).json(),
    ).data;
    expect(data.brands.map((b) => b.slug)).toEqual(names.data.map((b: { slug: string }) => b.slug));
    expect(data.brands.every((b) => b.certificates.length > 0)).toBe(true);

    expect((await agent.get('/api/importer/brand-list-data?importer_slug=nobody')).statusCode).toBe(404);
    expect(
      (await agent.get(`/api/importer/importer-brand-certificate?importer_slug=${importer.slug}&brand_slug=prana-labs`)).statusCode,
    ).toBe(404);
    const bad = await agent.get('/api/importer/importer-brand-name-list?importer_slug=%3Cscript%3E');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toContain('importer_slug');
    expect((await agent.get('/api/importer/importer-brand-name-list')).statusCode).toBe(400);
  });
});
