import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { MESSAGES } from '../../schemas/validation.ts';
import { buildApp } from '../../server/app.ts';
import { DEMO_CUSTOMER } from '../../server/db/seed/seed.ts';
import { DEV_IDP_CLIENT_ID, DEV_IDP_ISSUER } from '../../server/modules/auth/config.ts';
import { signDevIdToken } from '../../server/api/auth/dev-idp.ts';
import { createKeyRing } from '../../server/modules/auth/keys.ts';
import { type Agent, createAgent, createTestApp, describeBackends } from '../helpers/app.ts';
import { freshIdentity, insertCustomerWithoutMobile, ipAgent, submitRegister } from './auth-helpers.ts';

// Google sign-in (SPEC §4): the id_token is verified (signature, iss, aud, exp) with jose against a JWKS. Here
// the JWKS is the development identity provider's, through the same verification code as Google's.

const GOOGLE_FAILED = 'Google sign-in failed. Please try again.';

describeBackends('auth: Google sign-in through the development identity provider', (ctx) => {
  const keys = () => createKeyRing(ctx().handle.db, {});
  const token = (email: string, extra: { audience?: string; issuer?: string; ttl?: string | number; name?: string; nonce?: string } = {}) =>
    signDevIdToken(
      keys(),
      {
        email,
        name: extra.name ?? 'Google Shopper',
        audience: extra.audience ?? DEV_IDP_CLIENT_ID,
        issuer: extra.issuer,
        nonce: extra.nonce,
      },
      extra.ttl,
    );
  /** What the browser does first: asks for the Google set-up, which hands it a nonce (and its grant cookie). */
  const nonceFor = async (agent: Agent): Promise<string> => (await agent.get('/api/auth/google-config')).json().data.nonce;
  /** A token this browser started: signed with the nonce the server gave it. */
  const tokenFor = async (agent: Agent, email: string, extra: { name?: string } = {}) =>
    token(email, { ...extra, nonce: await nonceFor(agent) });

  test('the app describes its Google set-up, and the identity provider publishes a JWKS', async () => {
    const cfg = await ctx().app.inject({ method: 'GET', url: '/api/auth/google-config' });
    expect(cfg.json().data).toEqual({
      enabled: true,
      client_id: DEV_IDP_CLIENT_ID,
      authorize_url: '/api/dev/idp/authorize',
      development: true,
      nonce: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const jwks = await ctx().app.inject({ method: 'GET', url: '/api/dev/idp/jwks' });
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(jwks.json().keys[0].d).toBeUndefined();
  });

  test('the "Sign in as…" page issues a token in the redirect fragment, only to this site', async () => {
    const a = ipAgent(ctx());
    const q = new URLSearchParams({
      client_id: DEV_IDP_CLIENT_ID,
      redirect_uri: 'http://localhost:80/my-account',
      state: 'st-1',
      nonce: await nonceFor(a),
      response_type: 'id_token',
    });
    const page = await ctx().app.inject({ method: 'GET', url: `/api/dev/idp/authorize?${q}`, headers: { host: 'localhost:80' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in as');
    const foreign = await ctx().app.inject({
      method: 'GET',
      url: `/api/dev/idp/authorize?${new URLSearchParams({ client_id: 'x', redirect_uri: 'https://evil.example/cb' })}`,
    });
    expect(foreign.statusCode).toBe(400);
    // Paths browsers resolve off-site are refused too (one parsing rule with the app's return path).
    for (const redirect_uri of ['/\\evil.example', '/\t/evil.example', '//evil.example/cb']) {
      const offSite = await ctx().app.inject({
        method: 'GET',
        url: `/api/dev/idp/authorize?${new URLSearchParams({ client_id: 'x', redirect_uri })}`,
      });
      expect(offSite.statusCode, JSON.stringify(redirect_uri)).toBe(400);
    }
    const consent = await ctx().app.inject({
      method: 'POST',
      url: '/api/dev/idp/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:80' },
      payload: `${q}&email=Demo%40kasrat.test&name=Demo+Shopper`,
    });
    expect(consent.statusCode).toBe(303);
    const location = String(consent.headers.location);
    expect(location.startsWith('http://localhost/my-account#') || location.startsWith('http://localhost:80/my-account#')).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('state')).toBe('st-1');
    const res = await a.post('/api/auth/login/google', { email: DEMO_CUSTOMER.email, id_token: fragment.get('id_token') });
    expect(res.json()).toMatchObject({ status: 1, data: { user: { customer_email: DEMO_CUSTOMER.email } } });
    expect((await a.get('/api/ping')).json().data.customer_email).toBe(DEMO_CUSTOMER.email);
  });

  test('a known email with a mobile signs in and the Google account is linked to it', async () => {
    const a = ipAgent(ctx());
    const res = await a.post('/api/auth/login/google', {
      email: DEMO_CUSTOMER.email,
      id_token: await tokenFor(a, DEMO_CUSTOMER.email),
    });
    expect(res.json()).toMatchObject({ status: 1, data: { mobile_exists: true } });
    const row = await ctx()
      .handle.db.selectFrom('customers')
      .select(['google_sub', 'email_verified'])
      .where('email', '=', DEMO_CUSTOMER.email)
      .executeTakeFirstOrThrow();
    expect(row.google_sub).toMatch(/^dev-/);
    expect(row.email_verified).toBe(true);
  });

  test('an unknown Google account answers status 0 (REGISTER), and registers without a password', async () => {
    const who = freshIdentity();
    const a = ipAgent(ctx());
    const idToken = await tokenFor(a, who.email, { name: 'Meera Iyer' });
    const first = await a.post('/api/auth/login/google', { email: who.email, id_token: idToken });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 0, data: { google: { email: who.email, first_name: 'Meera Iyer' }, user: null } });
    const reg = await submitRegister(ctx(), a, {
      email: who.email,
      mobile: who.mobile,
      c_code: '+91',
      first_name: 'Meera Iyer',
      opt_in: true,
      is_encrypted: false,
      email_fetched_from_google: true,
      google_token: idToken,
    });
    expect(reg.json()).toMatchObject({ status: 1, data: { user: { customer_email: who.email, customer_mobile: who.mobile } } });
    const row = await ctx()
      .handle.db.selectFrom('customers')
      .select(['google_sub', 'email_verified', 'password_hash'])
      .where('email', '=', who.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email_verified: true, password_hash: null });
    const b = ipAgent(ctx());
    const again = await b.post('/api/auth/login/google', { email: who.email, id_token: await tokenFor(b, who.email) });
    expect(again.json().status).toBe(1);
  });

  test("registration accepts only a token carrying this browser's unused nonce (no pre-hijack with a nonce-less token)", async () => {
    const NONCE = 'Google sign-in could not be confirmed for this browser. Please try again.';
    const registerWith = (a: ReturnType<typeof ipAgent>, who: ReturnType<typeof freshIdentity>, googleToken: string) =>
      submitRegister(ctx(), a, {
        email: who.email,
        mobile: who.mobile,
        c_code: '+91',
        first_name: 'Asha Rao',
        opt_in: false,
        is_encrypted: false,
        email_fetched_from_google: true,
        google_token: googleToken,
      });
    const victim = freshIdentity();
    const attacker = ipAgent(ctx());
    await nonceFor(attacker);
    // Minted without a nonce (the identity provider's form with nonce= empty), or with another browser's nonce.
    const noNonce = await registerWith(attacker, victim, await token(victim.email));
    expect(noNonce.statusCode).toBe(400);
    expect(noNonce.json().message).toBe(NONCE);
    const otherBrowser = await registerWith(attacker, victim, await token(victim.email, { nonce: await nonceFor(ipAgent(ctx())) }));
    expect(otherBrowser.json().message).toBe(NONCE);
    const row = await ctx().handle.db.selectFrom('customers').select('id').where('email', '=', victim.email).executeTakeFirst();
    expect(row).toBeUndefined();
    // The right nonce registers once; the same token cannot register or sign in again.
    const owner = ipAgent(ctx());
    const good = await tokenFor(owner, victim.email);
    expect((await registerWith(owner, victim, good)).json().status).toBe(1);
    const replay = await owner.post('/api/auth/login/google', { email: victim.email, id_token: good });
    expect(replay.json().message).toBe(NONCE);
  });

  test('Google sign-in of an account without a mobile goes to the profile step', async () => {
    const email = `g.nomobile.${process.pid}@kasrat.test`;
    // Google links only to a proven email.
    await insertCustomerWithoutMobile(ctx(), { first_name: 'Kiran', email, email_verified: true, password_hash: null });
    const a = ipAgent(ctx());
    const res = await a.post('/api/auth/login/google', { email, id_token: await tokenFor(a, email) });
    expect(res.json()).toMatchObject({ status: 1, data: { mobile_exists: false, user: null } });
    expect(a.cookies.has('k_pending')).toBe(true);
    expect(a.cookies.has('ksid')).toBe(false);
  });

  test('refused tokens: forged signature, another key, wrong audience, wrong issuer, expired, other email', async () => {
    const email = DEMO_CUSTOMER.email;
    const good = await token(email);
    const [h, p, s] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), email: 'x@kasrat.test' })).toString('base64url')}.${s}`;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKey = await new SignJWT({ email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'kasrat-dev-idp-1' })
      .setIssuer(DEV_IDP_ISSUER)
      .setAudience(DEV_IDP_CLIENT_ID)
      .setSubject('attacker')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const cases: Array<[string, string, string]> = [
      ['forged payload', forged, email],
      ['signed by another key', otherKey, email],
      ['audience of another app', await token(email, { audience: 'someone-else' }), email],
      ['another issuer', await token(email, { issuer: 'https://evil.example' }), email],
      ['expired', await token(email, { ttl: Math.floor(Date.now() / 1000) - 120 }), email],
      ['none algorithm', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`, email],
    ];
    for (const [name, idToken, claimed] of cases) {
      const res = await ipAgent(ctx()).post('/api/auth/login/google', { email: claimed, id_token: idToken });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(GOOGLE_FAILED);
    }
    const mismatch = await ipAgent(ctx()).post('/api/auth/login/google', { email: 'someone@kasrat.test', id_token: good });
    expect(mismatch.statusCode).toBe(400);
    const who = freshIdentity();
    const reg = await ipAgent(ctx()).post('/api/auth/register', {
      email: who.email,
      mobile: who.mobile,
      otp: '123456',
      first_name: 'Asha Rao',
      google_token: good,
    });
    expect(reg.statusCode).toBe(400);
    expect(reg.json().message).not.toBe(MESSAGES.passwordMin);
  });
});

describe('auth: Google tokens verified against a JWKS fetched over HTTP (GOOGLE_JWKS_URL)', () => {
  // Two apps on one database: building them (migrations, seed) is set-up, under the hook timeout, not the test's.
  let idp: Awaited<ReturnType<typeof createTestApp>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    idp = await createTestApp('pglite');
    // A free port the system picks: a fixed one can be taken by another suite or server on this host.
    const address = await idp.app.listen({ port: 0, host: '127.0.0.1' });
    const saved = { ...process.env };
    Object.assign(process.env, {
      GOOGLE_JWKS_URL: `${address}/api/dev/idp/jwks`,
      GOOGLE_ISSUERS: DEV_IDP_ISSUER,
      GOOGLE_CLIENT_ID: 'remote-client',
    });
    // The relying app shares the identity provider's database only so the same customers exist; its key set
    // comes over HTTP.
    try {
      app = await buildApp({
        config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: true },
        handle: idp.handle,
        clientDir: null,
      });
    } finally {
      process.env = saved;
    }
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  test('the same verification code accepts a token whose key comes from a remote JWKS', async () => {
    const keys = createKeyRing(idp.handle.db, {});
    const cfg = (await app.inject({ method: 'GET', url: '/api/auth/google-config', headers: { 'x-forwarded-for': '10.9.9.9' } })).json()
      .data;
    expect(cfg).toMatchObject({ enabled: true, client_id: 'remote-client', development: false });
    const browser = createAgent(app);
    const nonce = (await browser.get('/api/auth/google-config')).json().data.nonce;
    const ok = await signDevIdToken(keys, { email: DEMO_CUSTOMER.email, name: 'Demo', audience: 'remote-client', nonce });
    const res = await browser.post('/api/auth/login/google', { email: DEMO_CUSTOMER.email, id_token: ok });
    expect(res.json().status).toBe(1);
    const wrongAud = await signDevIdToken(keys, { email: DEMO_CUSTOMER.email, name: 'Demo', audience: DEV_IDP_CLIENT_ID });
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/login/google', payload: { email: DEMO_CUSTOMER.email, id_token: wrongAud } }))
        .statusCode,
    ).toBe(400);
  });
});
