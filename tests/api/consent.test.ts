import { describeBackends } from '../helpers/app.ts';
import { freshIdentity, ipAgent, submitRegister } from './auth-helpers.ts';

// SPEC §4.8: consent is a tick the shopper makes, recorded with the text version, when, how and from where, and
// withdrawn from the profile in one call, as easily as it was given.

const UA = 'Mozilla/5.0 (Linux; Android 14) ConsentTest';
const GRANTED = { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };

describeBackends('consent records', (ctx) => {
  const register = async (a: ReturnType<typeof ipAgent>, extra: Record<string, unknown>) => {
    const who = freshIdentity();
    const res = await submitRegister(ctx(), a, {
      email: who.email,
      mobile: who.mobile,
      c_code: '+91',
      password: 'Secret@123',
      first_name: who.name,
      is_encrypted: false,
      ...extra,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.user.customer_id as number;
  };
  const records = (customerId: number) =>
    ctx().handle.db.selectFrom('consent_records').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();

  test('a sign-up that does not tick the box gives no marketing consent, and none is recorded', async () => {
    const a = ipAgent(ctx());
    const id = await register(a, {});
    const customer = await ctx().handle.db.selectFrom('customers').select('opt_in').where('id', '=', id).executeTakeFirstOrThrow();
    expect(customer.opt_in).toBe(false);
    expect(await records(id)).toEqual([]);
    const listed = (await a.get('/api/myAccount/consents')).json().data.consents;
    expect(listed.find((c: { purpose: string }) => c.purpose === 'marketing')).toMatchObject({ granted: false, at: null });
  });

  test('a ticked box is recorded with its text version, the sign-up form, the address and the browser', async () => {
    const a = ipAgent(ctx());
    const before = Date.now();
    const id = await register(a, { opt_in: true, opt_in_text_version: 'marketing-v1' });
    const rows = await records(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'marketing', granted: true, text_version: 'marketing-v1', method: 'sign_up', ip: a.ip });
    expect(rows[0].user_agent).toContain('lightMyRequest');
    expect(new Date(rows[0].created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await a.get('/api/myAccount/get-profile-values')).json().data.opt_in).toBe(true);
  });

  test('the profile withdraws marketing consent in one call, recorded as a withdrawal; giving it back is one call too', async () => {
    const a = ipAgent(ctx());
    const id = await register(a, { opt_in: true });
    const withdrawn = await a.post(
      '/api/myAccount/consents',
      { purpose: 'marketing', granted: false, text_version: 'marketing-v1' },
      { 'user-agent': UA },
    );
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().message).toBe('Consent withdrawn');
    expect(withdrawn.json().data.consents.find((c: { purpose: string }) => c.purpose === 'marketing')).toMatchObject({
      granted: false,
      method: 'profile',
      text_version: 'marketing-v1',
    });
    expect((await a.get('/api/myAccount/get-profile-values')).json().data.opt_in).toBe(false);
    const given = await a.post('/api/myAccount/consents', { purpose: 'marketing', granted: true, text_version: 'marketing-v1' });
    expect(given.json().message).toBe('Consent given');
    const rows = await records(id);
    expect(rows.map((r) => [r.method, r.granted])).toEqual([
      ['sign_up', true],
      ['profile', false],
      ['profile', true],
    ]);
    expect(rows[1]).toMatchObject({ ip: a.ip, user_agent: UA });
  });

  test('the old profile form’s box records a change too, and an unchanged box records nothing', async () => {
    const a = ipAgent(ctx());
    const id = await register(a, {});
    await a.post('/api/myAccount/post-profile-values', { first_name: 'Asha Rao', opt_in: false });
    expect(await records(id)).toEqual([]);
    await a.post('/api/myAccount/post-profile-values', { first_name: 'Asha Rao', opt_in: true });
    expect((await records(id)).map((r) => [r.purpose, r.granted, r.method])).toEqual([['marketing', true, 'profile']]);
  });

  test('the cookie notice records one row per purpose: against the account when signed in, without one otherwise', async () => {
    const guest = ipAgent(ctx());
    const state = { ...GRANTED, ad_storage: 'denied', ad_personalization: 'denied' };
    const anon = await guest.post('/api/consent/tracking', { state, text_version: 'cookie-notice-v1' }, { 'user-agent': UA });
    expect(anon.json()).toMatchObject({ status: 1, data: { recorded: 4, signed_in: false } });
    const guestRows = await ctx().handle.db.selectFrom('consent_records').selectAll().where('ip', '=', guest.ip).execute();
    expect(guestRows).toHaveLength(4);
    expect(guestRows.every((r) => r.customer_id === null && r.method === 'cookie_notice' && r.user_agent === UA)).toBe(true);
    expect(Object.fromEntries(guestRows.map((r) => [r.purpose, r.granted]))).toEqual({
      analytics_storage: true,
      ad_storage: false,
      ad_user_data: true,
      ad_personalization: false,
    });

    const a = ipAgent(ctx());
    const id = await register(a, {});
    expect((await a.post('/api/consent/tracking', { state: GRANTED, text_version: 'cookie-notice-v1' })).json().data).toEqual({
      recorded: 4,
      signed_in: true,
    });
    const listed = (await a.get('/api/myAccount/consents')).json().data.consents as { purpose: string; granted: boolean; method: string }[];
    expect(listed.filter((c) => c.purpose !== 'marketing').every((c) => c.granted && c.method === 'cookie_notice')).toBe(true);
    // Withdrawn from the profile in one call each.
    await a.post('/api/myAccount/consents', { purpose: 'ad_storage', granted: false, text_version: 'cookie-notice-v1' });
    const after = (await a.get('/api/myAccount/consents')).json().data.consents as { purpose: string; granted: boolean }[];
    expect(after.find((c) => c.purpose === 'ad_storage')?.granted).toBe(false);
    expect(await records(id)).toHaveLength(5);
  });

  test('bad inputs are 4xx with a message, never 500; the profile calls need a signed-in customer', async () => {
    const guest = ipAgent(ctx());
    expect((await guest.get('/api/myAccount/consents')).statusCode).toBe(401);
    expect(
      (await guest.post('/api/myAccount/consents', { purpose: 'marketing', granted: false, text_version: 'marketing-v1' })).statusCode,
    ).toBe(401);
    for (const body of [
      {},
      { state: GRANTED },
      { state: { ...GRANTED, ad_storage: 'maybe' }, text_version: 'cookie-notice-v1' },
      { state: GRANTED, text_version: 'made-up-v9' },
    ]) {
      const res = await guest.post('/api/consent/tracking', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(0);
    }
    const a = ipAgent(ctx());
    await register(a, {});
    for (const body of [
      { purpose: 'spam', granted: true, text_version: 'marketing-v1' },
      { purpose: 'marketing', granted: 'yes' },
    ]) {
      const res = await a.post('/api/myAccount/consents', body);
      expect(res.statusCode).toBe(400);
    }
    const badRegister = await submitRegister(ctx(), ipAgent(ctx()), {
      ...freshIdentity(),
      c_code: '+91',
      opt_in: true,
      opt_in_text_version: 'nope',
    });
    expect(badRegister.statusCode).toBe(400);
  });
});
