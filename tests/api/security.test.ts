import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { DEMO_OPT_IN_VAR, demoNotice, devToolsEnabled, isLoopbackHost, readConfig } from '../../server/config.ts';
import { DEMO_CUSTOMER, seed } from '../../server/db/seed/seed.ts';
import { renderHead } from '../../server/html.ts';
import { clientKey, sourceDelayS } from '../../server/http/rate-limit.ts';
import { readMessagingConfig } from '../../server/messaging/config.ts';
import { runRetention, readSystemConfig } from '../../server/modules/system/index.ts';
import { ROUTE_META } from '../../schemas/content.ts';
import { createAgent, describeBackends, openTestDatabase } from '../helpers/app.ts';
import { freshIdentity, ipAgent, latestOtp, loginAs, registerCustomer } from './auth-helpers.ts';
import { variantsPriced } from './cart-fixtures.ts';

// The account-takeover paths and safe defaults of README "Security", one test per rule.

const OPS = 'ops-token-for-the-security-suite-0123456789';

/** Builds an app with `env` applied while the modules read their configuration. */
async function appWith(env: Record<string, string | undefined>, options: { seedDemo?: boolean } = {}) {
  const saved = { ...process.env };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const { handle, close } = await openTestDatabase('pglite', { seed: false });
  await seed(handle.db, { demoCustomer: options.seedDemo ?? process.env.KASRAT_DEV_TOOLS === '1' });
  try {
    const app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: true }, handle, clientDir: null });
    await app.ready();
    return {
      app,
      handle,
      close: async () => {
        await app.close();
        await close();
      },
    };
  } finally {
    process.env = saved;
  }
}

describe('development tools and production settings', () => {
  test('development sign-in on by default is closed: without KASRAT_DEV_TOOLS=1 there is no dev outbox, identity provider or event lookup', async () => {
    const t = await appWith({ KASRAT_DEV_TOOLS: undefined, NODE_ENV: undefined });
    try {
      for (const url of [
        '/api/dev/outbox?to=9876543210',
        '/api/dev/idp/authorize?client_id=x&redirect_uri=/',
        '/api/dev/idp/jwks',
        '/api/dev/events?event_id=x',
      ])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/google-config' })).json().data.enabled).toBe(false);
    } finally {
      await t.close();
    }
    // Only exactly "1" turns them on.
    expect([
      devToolsEnabled({ KASRAT_DEV_TOOLS: 'true' }),
      devToolsEnabled({ KASRAT_DEV_TOOLS: 'yes' }),
      devToolsEnabled({ KASRAT_DEV_TOOLS: '1' }),
    ]).toEqual([false, false, true]);
  }, 240_000);

  test('development tools refuse to start beyond loopback, and never in production', () => {
    expect(() => readConfig({ KASRAT_DEV_TOOLS: '1', HOST: '0.0.0.0' })).toThrow(/KASRAT_DEV_TOOLS: must be off when HOST/);
    expect(readConfig({ KASRAT_DEV_TOOLS: '1', HOST: '127.0.0.1' }).devTools).toBe(true);
    expect(isLoopbackHost('::1') && isLoopbackHost('localhost') && !isLoopbackHost('10.0.0.5')).toBe(true);
    expect(() => readConfig({ NODE_ENV: 'production', KASRAT_DEV_TOOLS: '1', OPS_TOKEN: OPS, PUBLIC_ORIGIN: 'https://kasrat.in' })).toThrow(
      /cannot be on in production/,
    );
  });

  test('fail closed: a plain start is a loopback demo store saying so in one line; beyond loopback the demo parts need the opt-in', () => {
    // NODE_ENV unset: loopback by default, the sandbox gateway and console transports, and one line that says so.
    const plain = readConfig({});
    expect(plain.HOST).toBe('127.0.0.1');
    const line = demoNotice(plain) ?? '';
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^Demo store on this machine only: the sandbox gateway takes no money; emails and SMS .* written to this log/);
    // Beyond loopback, whatever NODE_ENV says (unset, development, test), the demo parts are refused without the opt-in.
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(() => readConfig({ NODE_ENV, HOST: '0.0.0.0' }), NODE_ENV).toThrow(
        new RegExp(`${DEMO_OPT_IN_VAR}: HOST \\(0\\.0\\.0\\.0\\) is not a loopback address and the sandbox gateway takes no money`),
      );
      // A real gateway with the console transports is still a demo part: the log would hold sign-in codes.
      expect(() => readConfig({ NODE_ENV, HOST: '10.0.0.5', PAYMENT_GATEWAY: 'paytm' }), NODE_ENV).toThrow(/written to this log/);
    }
    const optedIn = readConfig({ HOST: '0.0.0.0', [DEMO_OPT_IN_VAR]: '1' });
    expect(demoNotice(optedIn)).toMatch(/^Demo store on 0\.0\.0\.0 \(ALLOW_DEMO_TRANSPORTS=1\)/);
    expect(() => readConfig({ HOST: '0.0.0.0', [DEMO_OPT_IN_VAR]: 'yes' })).toThrow(DEMO_OPT_IN_VAR);
    // A real gateway and real transports need no opt-in, and print no demo line.
    const real = readConfig({
      HOST: '0.0.0.0',
      PAYMENT_GATEWAY: 'juspay',
      SMTP_URL: 'smtp://mail.example:587',
      SMS_WEBHOOK_URL: 'https://sms.example/send',
    });
    expect(demoNotice(real)).toBeNull();
  });

  test('demo account in production: the known-password demo customer is seeded only with the development tools', async () => {
    const { handle, close } = await openTestDatabase('pglite', { seed: false });
    const saved = process.env.KASRAT_DEV_TOOLS;
    delete process.env.KASRAT_DEV_TOOLS;
    try {
      await seed(handle.db);
      const demo = await handle.db.selectFrom('customers').select('id').where('email', '=', DEMO_CUSTOMER.email).executeTakeFirst();
      expect(demo).toBeUndefined();
    } finally {
      process.env.KASRAT_DEV_TOOLS = saved;
      await close();
    }
  }, 240_000);

  test('production requires OPS_TOKEN and PUBLIC_ORIGIN, refuses default secrets, and SESSION_SECRET is gone', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(
      /OPS_TOKEN: required in production[\s\S]*PUBLIC_ORIGIN: required in production/,
    );
    expect(() => readConfig({ NODE_ENV: 'production', OPS_TOKEN: 'changeme', PUBLIC_ORIGIN: 'https://kasrat.in' })).toThrow(
      /OPS_TOKEN: is a default/,
    );
    expect(() => readConfig({ NODE_ENV: 'production', OPS_TOKEN: OPS, PUBLIC_ORIGIN: 'https://kasrat.in', AUTH_SECRET: 'secret' })).toThrow(
      /AUTH_SECRET/,
    );
    const ok = readConfig({
      NODE_ENV: 'production',
      OPS_TOKEN: OPS,
      PUBLIC_ORIGIN: 'https://kasrat.in',
      BANK_ACCOUNT_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
      STAFF_TOTP_KEY: `t1:${Buffer.alloc(32, 9).toString('base64')}`,
    });
    expect(ok).not.toHaveProperty('SESSION_SECRET');
  });

  test('OTPs in clear: production with no SMTP or SMS configured refuses to start instead of logging OTPs', () => {
    expect(() => readMessagingConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL[\s\S]*SMS_WEBHOOK_URL/);
    expect(() =>
      readMessagingConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.local', SMS_WEBHOOK_URL: 'https://sms.local/send' }),
    ).not.toThrow();
  });
});

describe('per-IP keys', () => {
  test.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['10.1.2.3', '10.1.2.3'],
  ])('IPv6 limits keyed on the /64: %s counts as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('headers', () => {
  test('the page head writes JSON-LD with the response nonce, so a CSP without inline scripts allows it', () => {
    const head = renderHead(ROUTE_META.home, 'https://kasrat.in', '/', 'abc123');
    const scripts = head.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain('nonce="abc123"');
  });
});

describeBackends('security', (ctx) => {
  const db = () => ctx().handle.db;

  test('headers: CSP without inline scripts (per-response nonce), frame-ancestors none, nosniff, Referrer-Policy', async () => {
    const a = await ctx().app.inject({ method: 'GET', url: '/' });
    const b = await ctx().app.inject({ method: 'GET', url: '/' });
    const csp = String(a.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toBe(String(b.headers['content-security-policy']));
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(a.body).toContain(`nonce="${nonce}"`);
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(a.headers['x-frame-options']).toBe('DENY');
  });

  test('CSRF: a state-changing request from another site is refused (Sec-Fetch-Site or Origin); this site and API clients pass', async () => {
    const [v] = await variantsPriced(db(), 20_000, 40_000);
    const body = { variant_id: v.id, quantity: 1 };
    const addToCart = async (headers?: Record<string, string>) =>
      (await ctx().app.inject({ method: 'POST', url: '/api/cart/add-to-cart', payload: body, headers })).statusCode;
    expect(await addToCart({ 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await addToCart({ 'sec-fetch-site': 'same-site' })).toBe(403);
    expect(await addToCart({ origin: 'https://evil.example' })).toBe(403);
    expect(await addToCart({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' })).toBe(200);
    expect(await addToCart()).toBe(200);
  });

  test('logout becomes a POST: a cross-site GET of the logout link does not end the session', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    expect((await a.get('/api/logout/logout-operation', { 'sec-fetch-site': 'cross-site' })).json().status).toBe(0);
    expect((await a.get('/api/logout/logout-operation')).json().status).toBe(0);
    expect((await a.get('/api/ping')).json().data?.customer_email).toBe(who.email);
    expect((await a.post('/api/logout/logout-operation', {}, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await a.post('/api/logout/logout-operation', {}, { 'sec-fetch-site': 'same-origin' })).json().status).toBe(1);
    expect((await a.get('/api/ping')).json().data).toBeNull();
  });

  test('country code confusion: the same ten digits under another country code are another account, and codes go to the stored number', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    const abroad = ipAgent(ctx());
    // +1 with the same digits is not this Indian customer.
    const exists = await abroad.post('/api/auth/exists', { email_or_mobile: who.mobile, c_code: '+1' });
    expect(exists.json().status).toBe(0);
    const login = await abroad.post('/api/auth/otp', { type: 'login', email_or_mobile: who.mobile, c_code: '+1' });
    expect(login.json().status).toBe(0);
    // A login code for the Indian number goes to +91, the number on file.
    await abroad.post('/api/auth/otp', { type: 'login', email_or_mobile: who.mobile, c_code: '+91' });
    const sent = await db()
      .selectFrom('outbox')
      .select(['c_code'])
      .where('recipient', '=', who.mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sent.c_code).toBe('+91');
    // Only the product's country codes are accepted (no SMS to premium numbers).
    const premium = await abroad.post('/api/auth/otp', { type: 'register', email_or_mobile: '9000000001', c_code: '+881' });
    expect(premium.statusCode).toBe(400);
  });

  test('country code confusion: update-mobile stores the number the code was sent to', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    const fresh = freshIdentity().mobile;
    await a.post('/api/myAccount/generate-otp-for-mobile', { new_mobile: fresh, c_code: '+44' });
    const code = (await a.get(`/api/dev/outbox?to=${fresh}`)).json().data[0].otp;
    const res = await a.post('/api/myAccount/update-mobile', { new_mobile: fresh, c_code: '+91', otp: code });
    expect(res.json().status).toBe(1);
    const row = await db()
      .selectFrom('customers')
      .select(['mobile', 'c_code', 'mobile_verified'])
      .where('email', '=', who.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mobile: fresh, c_code: '+44', mobile_verified: true });
  });

  test('pre-hijacking: Google never links to an unverified email, and a detail registered unproven cannot receive sign-in codes', async () => {
    // The attacker registers with the victim's email, proving only their own mobile.
    const attacker = ipAgent(ctx());
    const victimEmail = `victim.${process.pid}.${Date.now()}@kasrat.test`;
    await registerCustomer(ctx(), attacker, { ...freshIdentity(), email: victimEmail });
    const row = await db()
      .selectFrom('customers')
      .select(['email_verified', 'mobile_verified'])
      .where('email', '=', victimEmail)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email_verified: false, mobile_verified: true });
    // The victim's Google sign-in is not linked to it.
    const victim = ipAgent(ctx());
    const nonce = (await victim.get('/api/auth/google-config')).json().data.nonce;
    const { signDevIdToken } = await import('../../server/api/auth/dev-idp.ts');
    const { createKeyRing } = await import('../../server/modules/auth/index.ts');
    const { DEV_IDP_CLIENT_ID } = await import('../../server/modules/auth/config.ts');
    const idToken = await signDevIdToken(createKeyRing(db(), {}), {
      email: victimEmail,
      name: 'Victim',
      audience: DEV_IDP_CLIENT_ID,
      nonce,
    });
    const google = await victim.post('/api/auth/login/google', { email: victimEmail, id_token: idToken });
    expect(google.statusCode).toBe(409);
    expect(victim.cookies.has('ksid')).toBe(false);
    const linked = await db().selectFrom('customers').select('google_sub').where('email', '=', victimEmail).executeTakeFirstOrThrow();
    expect(linked.google_sub).toBeNull();
    // Nor can the unproven email receive a login code.
    expect((await victim.post('/api/auth/otp', { type: 'login', email_or_mobile: victimEmail })).json().status).toBe(0);
  });

  test('Google sign-in: an id_token without this browser nonce is refused, and a nonce is used once', async () => {
    const { signDevIdToken } = await import('../../server/api/auth/dev-idp.ts');
    const { createKeyRing } = await import('../../server/modules/auth/index.ts');
    const { DEV_IDP_CLIENT_ID } = await import('../../server/modules/auth/config.ts');
    const sign = (nonce?: string) =>
      signDevIdToken(createKeyRing(db(), {}), { email: DEMO_CUSTOMER.email, name: 'Demo', audience: DEV_IDP_CLIENT_ID, nonce });
    const a = ipAgent(ctx());
    const nonce = (await a.get('/api/auth/google-config')).json().data.nonce;
    // A token minted for another browser (no nonce, or another nonce) is refused.
    expect((await a.post('/api/auth/login/google', { email: DEMO_CUSTOMER.email, id_token: await sign() })).statusCode).toBe(400);
    const other = ipAgent(ctx());
    expect((await other.post('/api/auth/login/google', { email: DEMO_CUSTOMER.email, id_token: await sign(nonce) })).statusCode).toBe(400);
    const token = await sign(nonce);
    expect((await a.post('/api/auth/login/google', { email: DEMO_CUSTOMER.email, id_token: token })).json().status).toBe(1);
    expect((await a.post('/api/auth/login/google', { email: DEMO_CUSTOMER.email, id_token: token })).statusCode).toBe(400);
  });

  test('wrong-password lockout: a parallel burst gets no more tries than the limit, email and mobile share one counter, and the owner elsewhere still signs in', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    // Alternating email and mobile from one source: one counter for the account there.
    const attacker = ipAgent(ctx());
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => loginAs(attacker, i % 2 ? who.email : who.mobile, `Wrong#${i}`)));
    const tried = burst.filter((r) => r.statusCode === 400).length;
    expect(tried).toBeLessThanOrEqual(10);
    expect(burst.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(6);
    expect((await loginAs(attacker, who.mobile, who.password)).statusCode).toBe(429);
    // Lock-out is no weapon: the owner, on another network, signs in with the password.
    expect((await loginAs(ipAgent(ctx()), who.mobile, who.password)).statusCode).toBe(200);
  });

  test('credential stuffing: password attempts are limited per client address across accounts', async () => {
    const saved = process.env.LOGIN_LIMIT_PER_IP;
    process.env.LOGIN_LIMIT_PER_IP = '3';
    const { app, handle } = ctx();
    const limited = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: true }, handle, clientDir: null });
    if (saved === undefined) delete process.env.LOGIN_LIMIT_PER_IP;
    else process.env.LOGIN_LIMIT_PER_IP = saved;
    try {
      void app;
      const ip = `10.77.${process.pid % 250}.${Date.now() % 250}`;
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await createAgent(limited).post(
          '/api/auth/login',
          { email_or_mobile: `nobody${i}@kasrat.test`, customer_password: 'Whatever1' },
          { 'x-forwarded-for': ip },
        );
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  test('OTP guessing over time: a daily failure cap per account and source holds across fresh codes, and the owner still signs in', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    const attacker = ipAgent(ctx());
    let last = 0;
    for (let round = 0; round < 5; round++) {
      await db().deleteFrom('rate_limits').where('key', 'like', 'otp:id:%').execute();
      // Growing delays are their own test (failures slow the source); here only the daily cap counts.
      await db().deleteFrom('source_delays').execute();
      await ipAgent(ctx()).post('/api/auth/otp', { type: 'login', email_or_mobile: who.mobile });
      const code = await latestOtp(ctx(), who.mobile);
      for (let i = 1; i <= 5; i++) {
        const wrong = String((Number(code) + i) % 1_000_000).padStart(6, '0');
        last = (await attacker.post('/api/auth/otp/login', { email_or_mobile: who.mobile, otp: wrong })).statusCode;
      }
    }
    // 20 wrong codes a day from this source: its next right code is refused too.
    await db().deleteFrom('rate_limits').where('key', 'like', 'otp:id:%').execute();
    await db().deleteFrom('source_delays').execute();
    await ipAgent(ctx()).post('/api/auth/otp', { type: 'login', email_or_mobile: who.mobile });
    const code = await latestOtp(ctx(), who.mobile);
    const right = await attacker.post('/api/auth/otp/login', { email_or_mobile: who.mobile, otp: code });
    expect(last).toBe(429);
    expect(right.statusCode).toBe(429);
    // The owner, elsewhere, signs in with a fresh code, and can reset the password.
    const owner = ipAgent(ctx());
    expect((await owner.post('/api/auth/otp/login', { email_or_mobile: who.mobile, otp: code })).statusCode).toBe(200);
    await db().deleteFrom('rate_limits').where('key', 'like', 'otp:id:%').execute();
    expect((await owner.post('/api/auth/otp', { type: 'forgotPassword', email_or_mobile: who.mobile })).statusCode).toBe(200);
    const reset = await owner.post('/api/auth/otp/verify', {
      type: 'forgotPassword',
      email_or_mobile: who.mobile,
      otp: await latestOtp(ctx(), who.mobile),
    });
    expect(reset.statusCode).toBe(200);
  });

  test('failures slow their source, an IPv6 /64 as one, with growing delays; other sources are not slowed', async () => {
    const who = await registerCustomer(ctx(), ipAgent(ctx()));
    const prefix = `2001:db8:${(process.pid % 60000).toString(16)}:77`;
    const one = ipAgent(ctx(), `${prefix}::1`);
    const sibling = ipAgent(ctx(), `${prefix}::abcd`);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await loginAs(i % 2 ? sibling : one, who.email, `Wrong#${i}x`)).statusCode);
    // Five free failures across the /64, then the source waits.
    expect(codes).toEqual([400, 400, 400, 400, 400, 400, 429]);
    const row = await db()
      .selectFrom('source_delays')
      .selectAll()
      .where('key', '=', `source:${clientKey(`${prefix}::1`)}`)
      .executeTakeFirst();
    expect(row?.failures).toBe(6);
    expect(sourceDelayS(6)).toBe(2);
    expect(sourceDelayS(9)).toBe(16);
    expect(sourceDelayS(40)).toBe(900);
    expect((await sibling.post('/api/auth/exists', { email_or_mobile: who.email })).statusCode).toBe(429);
    // Another network, and the owner, are not slowed.
    expect((await loginAs(ipAgent(ctx(), '2001:db8:ffff:1::1'), who.email, who.password)).statusCode).toBe(200);
  });

  test('every call that tells whether an account exists counts against one limit per client; errors tell strangers no account facts', async () => {
    const saved = process.env.LOOKUP_LIMIT_PER_IP;
    process.env.LOOKUP_LIMIT_PER_IP = '4';
    const { handle } = ctx();
    const limited = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: true }, handle, clientDir: null });
    process.env.LOOKUP_LIMIT_PER_IP = saved;
    try {
      const ip = { 'x-forwarded-for': `10.78.${process.pid % 250}.${Date.now() % 250}` };
      const post = (url: string, body: unknown) => createAgent(limited).post(url, body, ip);
      const taken = await post('/api/auth/otp', { type: 'register', email_or_mobile: DEMO_CUSTOMER.mobile, c_code: '+91' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().data).toMatchObject({
        mobile_exists: true,
        email_exists: false,
        is_customer_blocked: false,
        deletion_requested_at: null,
      });
      const unknown = await post('/api/auth/otp', { type: 'login', email_or_mobile: '9000000077', c_code: '+91' });
      expect(unknown.statusCode).toBe(400);
      await post('/api/auth/otp/login', { email_or_mobile: '9000000078', otp: '123456' });
      await post('/api/auth/register', {
        email: 'x@kasrat.test',
        mobile: '9000000079',
        otp: '123456',
        first_name: 'Asha Rao',
        password: 'Secret@123',
      });
      const past = [
        await post('/api/auth/otp', { type: 'login', email_or_mobile: '9000000080', c_code: '+91' }),
        await post('/api/auth/otp', { type: 'register', email_or_mobile: DEMO_CUSTOMER.email }),
        await post('/api/auth/exists', { email_or_mobile: DEMO_CUSTOMER.email }),
        await post('/api/auth/login', { email_or_mobile: DEMO_CUSTOMER.email, customer_password: 'Wrong@123' }),
      ];
      expect(past.map((r) => r.statusCode)).toEqual([429, 429, 429, 429]);
    } finally {
      await limited.close();
    }
    // A wrong password tells nothing of the account's details.
    const wrong = await loginAs(ipAgent(ctx()), DEMO_CUSTOMER.email, 'Wrong@123');
    expect(wrong.json().data).toMatchObject({ mobile_exists: false, email_exists: false, deletion_requested_at: null });
  });

  test('account enumeration: exists and validate are rate limited per client address in the database', async () => {
    const a = ipAgent(ctx());
    const codes: number[] = [];
    for (let i = 0; i < 125; i++) codes.push((await a.post('/api/auth/exists', { email_or_mobile: `probe${i}@kasrat.test` })).statusCode);
    expect(codes.slice(0, 120).every((c) => c === 200)).toBe(true);
    expect(codes.slice(120).every((c) => c === 429)).toBe(true);
    expect((await a.post('/api/auth/validate', { email: 'x1@kasrat.test', mobile: '9000000002' })).statusCode).toBe(429);
  });

  test('sessions: all sessions end when the email changes, and an idle session ends', async () => {
    const phone = ipAgent(ctx());
    const who = await registerCustomer(ctx(), phone);
    const laptop = ipAgent(ctx());
    expect((await loginAs(laptop, who.email, who.password)).json().status).toBe(1);
    const newEmail = `changed.${process.pid}.${Date.now()}@kasrat.test`;
    await phone.post('/api/myAccount/generate-otp-for-email', { new_email: newEmail });
    const res = await phone.post('/api/myAccount/update-email', { new_email: newEmail, otp: await latestOtp(ctx(), newEmail) });
    expect(res.json().status).toBe(1);
    expect((await laptop.get('/api/ping')).json().data).toBeNull();
    expect((await phone.get('/api/ping')).json().data?.customer_email).toBe(newEmail);
    // Idle: a session unused for longer than SESSION_IDLE_HOURS (72 h by default) is not honoured.
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 73 * 3_600_000) })
      .where('customer_id', '=', who.customerId)
      .execute();
    expect((await phone.get('/api/ping')).json().data).toBeNull();
  });

  test('blocked customers refused on every customer route: the wishlist and addresses answer 401', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    expect((await a.get('/api/cart/wish-list')).statusCode).not.toBe(401);
    await db().updateTable('customers').set({ is_blocked: true }).where('id', '=', who.customerId).execute();
    expect((await a.get('/api/cart/wish-list')).statusCode).toBe(401);
    expect((await a.get('/api/myAddress/user-address-list')).statusCode).toBe(401);
    expect((await a.get('/api/ping')).json().data).toBeNull();
  });

  test('persist-cart merges only the cart of this browser cookie, never a cart named in the body', async () => {
    const [v] = await variantsPriced(db(), 20_000, 40_000);
    const victim = ctx().agent();
    const victimCart = (await victim.post('/api/cart/add-to-cart', { variant_id: v.id, quantity: 1 })).json().data.cart_id;
    const attacker = ipAgent(ctx());
    await registerCustomer(ctx(), attacker);
    await attacker.post('/api/cart/persist-cart', { cart_id: victimCart });
    const owner = await db().selectFrom('carts').select('customer_id').where('id', '=', victimCart).executeTakeFirstOrThrow();
    expect(owner.customer_id).toBeNull();
    expect((await victim.post('/api/cart/cart-list')).json().data.cart_data).toHaveLength(1);
  });

  test('session cookie Secure whenever the public origin is https, not only when the socket is', async () => {
    const saved = process.env.PUBLIC_ORIGIN;
    process.env.PUBLIC_ORIGIN = 'https://www.kasrat.in';
    try {
      const a = ipAgent(ctx());
      const who = await registerCustomer(ctx(), ipAgent(ctx()));
      const res = await loginAs(a, who.email, who.password);
      const cookie = (res.cookies as Array<{ name: string; secure?: boolean }>).find((c) => c.name === 'ksid');
      expect(cookie?.secure).toBe(true);
    } finally {
      process.env.PUBLIC_ORIGIN = saved;
    }
  });

  test('unbounded growth: log-errors is capped in size and rate limited per client address', async () => {
    const a = ipAgent(ctx());
    const big = await a.post('/api/log-errors', { error: 'x', errorInfo: 'y'.repeat(49_000), location: '/', userAgent: 'z' });
    expect(big.statusCode).toBe(200);
    const stored = await db()
      .selectFrom('error_logs')
      .select(sql<number>`length(error_info)`.as('n'))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.n).toBeLessThanOrEqual(8_000);
    expect((await a.request({ method: 'POST', url: '/api/log-errors', payload: { error: 'e'.repeat(70_000) } })).statusCode).toBe(413);
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await a.post('/api/log-errors', { error: `boom ${i}` })).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
  });

  test('unbounded growth: retention removes old error logs, conversion events and sent outbox rows, one instance at a time', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000);
    await db()
      .insertInto('error_logs')
      .values({ error: 'old', error_info: null, location: null, user_agent: null, request_id: 'r', created_at: old })
      .execute();
    await db()
      .insertInto('outbox')
      .values({
        channel: 'sms',
        recipient: '9000000003',
        body: 'b',
        status: 'sent',
        created_at: old,
        locked_until: null,
        last_error: null,
        sent_at: old,
      })
      .execute();
    await db()
      .insertInto('conversion_events')
      .values({
        event_id: `old-${Date.now()}`,
        event_name: 'Purchase',
        event_time: old,
        session_id: 's',
        funnel_step: null,
        customer_id: null,
        email_sha256: null,
        phone_sha256: null,
        external_id_sha256: null,
        event_source_url: null,
        client_user_agent: null,
        custom_data: '{}',
        received_at: old,
      })
      .execute();
    const config = readSystemConfig({});
    // Another instance holding the lock: this pass does nothing.
    const held = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext('kasrat:retention'))`.execute(trx);
        return ctx().backend === 'postgres' ? runRetention(db(), config) : null;
      });
    if (held) expect(held.ran).toBe(false);
    const result = await runRetention(db(), config);
    expect(result).toMatchObject({ ran: true });
    expect(result.error_logs).toBeGreaterThanOrEqual(1);
    expect(result.outbox).toBeGreaterThanOrEqual(1);
    expect(result.conversion_events).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom('error_logs').select('id').where('created_at', '<=', old).execute()).toHaveLength(0);
  });

  test('OTPs in clear: once sent, the outbox keeps neither the code nor the text without the development tools', async () => {
    const { markSent } = await import('../../server/messaging/outbox.ts');
    const id = (
      await db()
        .insertInto('outbox')
        .values({
          channel: 'sms',
          recipient: '9000000004',
          body: '123456 is your Kasrat OTP',
          otp: null,
          status: 'sending',
          lease_token: '00000000-0000-4000-8000-00000000beef',
          locked_until: null,
          last_error: null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await markSent(db(), { id, lease_token: '00000000-0000-4000-8000-00000000beef' }, true)).toBe(true);
    const row = await db().selectFrom('outbox').select(['body', 'otp']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.body).not.toContain('123456');
    expect(row.otp).toBeNull();
  });

  test('/api/analytics/funnel is staff only (operations token) and takes a bounded range', async () => {
    const saved = process.env.OPS_TOKEN;
    process.env.OPS_TOKEN = OPS;
    try {
      const get = (url: string, token?: string) =>
        ctx().app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect((await get('/api/analytics/funnel')).statusCode).toBe(401);
      expect((await get('/api/analytics/funnel', 'wrong')).statusCode).toBe(401);
      expect((await get('/api/analytics/funnel', OPS)).statusCode).toBe(200);
      expect((await get('/api/analytics/funnel?from=2020-01-01&to=2024-12-31', OPS)).statusCode).toBe(400);
      expect((await get('/api/analytics/funnel?from=2020-01-01', OPS)).statusCode).toBe(400);
    } finally {
      process.env.OPS_TOKEN = saved;
    }
  });

  test('reporting endpoints refuse text/plain from other origins and are rate limited', async () => {
    const a = ipAgent(ctx());
    const text = (headers: Record<string, string>) =>
      a.request({
        method: 'POST',
        url: '/api/events/conversions',
        payload: '{"data":[]}',
        headers: { 'content-type': 'text/plain', ...headers },
      });
    expect((await text({})).statusCode).toBe(403);
    expect((await text({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await text({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(400);
    const codes: number[] = [];
    for (let i = 0; i < 125; i++) codes.push((await a.post('/api/events/affiliate', {})).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
  });

  test('Host header drives no links: canonical and JSON-LD use PUBLIC_ORIGIN', async () => {
    const saved = process.env.PUBLIC_ORIGIN;
    process.env.PUBLIC_ORIGIN = 'https://www.kasrat.in';
    const app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handle: ctx().handle, clientDir: null });
    process.env.PUBLIC_ORIGIN = saved;
    try {
      // A Host the site does not serve is refused (tests/api/web-origin.test.ts); one it serves drives no link.
      expect((await app.inject({ method: 'GET', url: '/', headers: { host: 'evil.example' } })).statusCode).toBe(421);
      const page = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000' } });
      expect(page.body).toContain('href="https://www.kasrat.in/"');
      expect(page.body).not.toContain('localhost');
    } finally {
      await app.close();
    }
  });
});
