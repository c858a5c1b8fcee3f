import { hash } from '@node-rs/argon2';
import { MESSAGES } from '../../schemas/validation.ts';
import { buildApp } from '../../server/app.ts';
import { DEMO_CUSTOMER } from '../../server/db/seed/seed.ts';
import { describeBackends } from '../helpers/app.ts';
import {
  encryptForServer,
  freshIdentity,
  insertCustomerWithoutMobile,
  ipAgent,
  latestOtp,
  loginAs,
  markEmailVerified,
  registerCustomer,
  submitRegister,
} from './auth-helpers.ts';
import { ONBOARDING_CALLS } from '../helpers/auth-calls.ts';

// The onboarding calls of SPEC §7 (/api/auth), on PGlite and PostgreSQL.

const SESSION_COOKIE = 'ksid';

describeBackends('auth: exists, validate, login, sessions', (ctx) => {
  test('the public key is an RSA SPKI the browser can encrypt with, and an encrypted password signs in', async () => {
    const a = ipAgent(ctx());
    const key = await a.get('/api/auth/public-key');
    expect(key.json()).toMatchObject({ status: 1, data: { algorithm: 'RSA-OAEP-256' } });
    const cipher = await encryptForServer(key.json().data.spki, DEMO_CUSTOMER.password);
    const res = await a.post('/api/auth/login', {
      email_or_mobile: DEMO_CUSTOMER.email,
      c_code: '+91',
      customer_password: cipher,
      is_encrypted: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      data: { verified: true, mobile_exists: true, user: { customer_email: DEMO_CUSTOMER.email } },
    });
  });

  test('the key pair is kept in the database, so a second instance serves the same key and decrypts', async () => {
    const first = (await ctx().app.inject({ method: 'GET', url: '/api/auth/public-key' })).json().data.spki;
    const other = await buildApp({
      config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: true },
      handle: ctx().handle,
      clientDir: null,
    });
    try {
      const second = (await other.inject({ method: 'GET', url: '/api/auth/public-key' })).json().data.spki;
      expect(second).toBe(first);
      const cipher = await encryptForServer(first, DEMO_CUSTOMER.password);
      const res = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email_or_mobile: DEMO_CUSTOMER.mobile, customer_password: cipher, is_encrypted: true },
      });
      expect(res.json().status).toBe(1);
    } finally {
      await other.close();
    }
  });

  test('API clients may send is_encrypted false (docs/architecture.md "API conventions"); mobile and email both identify', async () => {
    for (const id of [DEMO_CUSTOMER.email, DEMO_CUSTOMER.mobile, ' DEMO@Kasrat.test ']) {
      const res = await loginAs(ipAgent(ctx()), id, DEMO_CUSTOMER.password);
      expect(res.json().status, id).toBe(1);
    }
  });

  test('sign-in rotates the session id: the guest cookie is replaced and no longer valid', async () => {
    const a = ipAgent(ctx());
    const first = await loginAs(a, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const before = a.cookies.get(SESSION_COOKIE);
    expect(first.json().status).toBe(1);
    expect(before).toBeTruthy();
    await loginAs(a, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const after = a.cookies.get(SESSION_COOKIE);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const stale = await ctx().app.inject({ method: 'GET', url: '/api/ping', cookies: { [SESSION_COOKIE]: before! } });
    expect(stale.json().data).toBeNull();
    const fresh = await a.get('/api/ping');
    expect(fresh.json().data.customer_email).toBe(DEMO_CUSTOMER.email);
  });

  test('wrong password has the exact SPEC wording and no session', async () => {
    const a = ipAgent(ctx());
    const res = await loginAs(a, DEMO_CUSTOMER.email, 'Wrong@123');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.wrongPassword);
    expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  test('repeated wrong passwords slow and then lock their source with "Maximum attempts reached"; the right one then waits too', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), ipAgent(ctx()));
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await loginAs(a, who.email, `Wrong@${i}xx`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 400, 429]);
    const locked = await loginAs(a, who.email, who.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many attempts from your network. Please try again later.');
  });

  test('an unknown identifier is told to register, never a 404', async () => {
    const res = await loginAs(ipAgent(ctx()), 'nobody@kasrat.test', 'Secret@123');
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
  });

  test('exists: status 1 for a customer (email or mobile), 0 for a stranger, blocked flagged', async () => {
    const a = ipAgent(ctx());
    const known = await a.post('/api/auth/exists', { email_or_mobile: DEMO_CUSTOMER.mobile, c_code: '+91' });
    expect(known.json()).toMatchObject({ status: 1, data: { mobile_exists: true, email_exists: true, is_customer_blocked: false } });
    const knownEmail = await a.post('/api/auth/exists', { email_or_mobile: 'Demo@Kasrat.Test' });
    expect(knownEmail.json().status).toBe(1);
    const stranger = await a.post('/api/auth/exists', { email_or_mobile: '9000000001', c_code: '+91' });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({ status: 0, data: { mobile_exists: false, email_exists: false } });
  });

  test('validate: a taken email or mobile gets the exact SPEC wording; free details pass', async () => {
    const a = ipAgent(ctx());
    const email = await a.post('/api/auth/validate', { email: DEMO_CUSTOMER.email, mobile: '9000000002', c_code: '+91' });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ status: 0, message: MESSAGES.emailTaken, data: { email_exists: true } });
    const mobile = await a.post('/api/auth/validate', { email: 'free@kasrat.test', mobile: DEMO_CUSTOMER.mobile, c_code: '+91' });
    expect(mobile.json()).toMatchObject({ status: 0, message: MESSAGES.mobileTaken, data: { mobile_exists: true } });
    const free = await a.post('/api/auth/validate', { email: 'free@kasrat.test', mobile: '9000000002', c_code: '+91' });
    expect(free.json()).toMatchObject({ status: 1, data: { email_exists: false, mobile_exists: false } });
  });

  test('a blocked customer is flagged by exists and cannot sign in by password, OTP or reset', async () => {
    const who = await registerCustomer(ctx(), ipAgent(ctx()));
    await ctx().handle.db.updateTable('customers').set({ is_blocked: true }).where('id', '=', who.customerId).execute();
    const a = ipAgent(ctx());
    expect((await a.post('/api/auth/exists', { email_or_mobile: who.mobile })).json().data.is_customer_blocked).toBe(true);
    const login = await loginAs(a, who.mobile, who.password);
    expect(login.statusCode).toBe(403);
    expect(login.json().data.is_customer_blocked).toBe(true);
    for (const type of ['login', 'forgotPassword']) {
      const otp = await a.post('/api/auth/otp', { type, email_or_mobile: who.mobile });
      expect(otp.statusCode, type).toBe(403);
    }
    expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
    // An existing session of a blocked customer stops working too.
    await ctx().handle.db.updateTable('customers').set({ is_blocked: false }).where('id', '=', who.customerId).execute();
    const b = ipAgent(ctx());
    await loginAs(b, who.mobile, who.password);
    await ctx().handle.db.updateTable('customers').set({ is_blocked: true }).where('id', '=', who.customerId).execute();
    expect((await b.get('/api/ping')).json().data).toBeNull();
    expect((await b.get('/api/myAccount/get-profile-values')).statusCode).toBe(401);
  });

  test('signing in brings the guest cart along (cart module hook)', async () => {
    const a = ipAgent(ctx());
    const variant = await ctx()
      .handle.db.selectFrom('variants')
      .select('id')
      .where('stock', '>', 5)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const added = await a.post('/api/cart/add-to-cart', { variant_id: variant.id, quantity: 2 });
    expect(added.json().status).toBe(1);
    const who = await registerCustomer(ctx(), ipAgent(ctx()));
    expect((await loginAs(a, who.email, who.password)).json().status).toBe(1);
    const cart = await a.post('/api/cart/cart-list', {});
    expect(JSON.stringify(cart.json().data.cart_data)).toContain(`"variant_id":${variant.id}`);
  });

  test('logout ends the session', async () => {
    const a = ipAgent(ctx());
    await loginAs(a, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await a.get('/api/ping')).json().data).not.toBeNull();
    await a.post('/api/logout/logout-operation', {});
    expect((await a.get('/api/ping')).json().data).toBeNull();
  });
});

describeBackends('auth: register, OTP login, forgot password, profile step', (ctx) => {
  test('register with every SPEC field: OTP from the outbox, argon2id storage, signed in', async () => {
    const a = ipAgent(ctx());
    const who = freshIdentity();
    const sent = await a.post('/api/auth/otp', { type: 'register', email_or_mobile: who.mobile, c_code: '+91' });
    expect(sent.json()).toMatchObject({ status: 1, data: { channel: 'sms', expires_in_s: 600 } });
    expect(sent.json().data.sent_to).toMatch(/^\*+\d{4}$/);
    const key = (await a.get('/api/auth/public-key')).json().data.spki;
    const res = await a.post('/api/auth/register', {
      email: who.email.toUpperCase(),
      mobile: who.mobile,
      c_code: '+91',
      password: await encryptForServer(key, ' New Pass 1 '),
      otp: await latestOtp(ctx(), who.mobile),
      opt_in: false,
      first_name: 'Asha Rao',
      is_encrypted: true,
      email_fetched_from_google: false,
      google_token: null,
      referrer: 'friend-123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      data: { user: { customer_name: 'Asha Rao', customer_mobile: who.mobile, customer_email: who.email } },
    });
    const row = await ctx().handle.db.selectFrom('customers').selectAll().where('mobile', '=', who.mobile).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row).toMatchObject({ email: who.email, opt_in: false, referrer: 'friend-123', c_code: '+91' });
    expect((await a.get('/api/ping')).json().data.customer_id).toBe(row.id);
    // SPEC §5: spaces are stripped on register.
    expect((await loginAs(ipAgent(ctx()), who.mobile, 'NewPass1')).json().status).toBe(1);
  });

  test('register refuses taken details with the SPEC wording, before and after the OTP', async () => {
    const a = ipAgent(ctx());
    const otp = await a.post('/api/auth/otp', { type: 'register', email_or_mobile: DEMO_CUSTOMER.mobile });
    expect(otp.statusCode).toBe(409);
    expect(otp.json().message).toBe(MESSAGES.mobileTaken);
    const otpEmail = await a.post('/api/auth/otp', { type: 'register', email_or_mobile: DEMO_CUSTOMER.email });
    expect(otpEmail.json().message).toBe(MESSAGES.emailTaken);
    const who = freshIdentity();
    const res = await submitRegister(ctx(), a, {
      email: DEMO_CUSTOMER.email,
      mobile: who.mobile,
      password: 'Secret@123',
      first_name: 'Asha Rao',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.emailTaken);
  });

  test('OTPs are stored only as an HMAC and expire after 10 minutes', async () => {
    const a = ipAgent(ctx());
    const who = freshIdentity();
    await a.post('/api/auth/otp', { type: 'register', email_or_mobile: who.mobile });
    const code = await latestOtp(ctx(), who.mobile);
    const row = await ctx().handle.db.selectFrom('otps').selectAll().where('identifier', '=', who.mobile).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
    const ttl = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.abs(ttl - 600_000)).toBeLessThan(5_000);
    await ctx()
      .handle.db.updateTable('otps')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    const res = await a.post('/api/auth/register', {
      email: who.email,
      mobile: who.mobile,
      password: 'Secret@123',
      otp: code,
      first_name: 'Asha Rao',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
  });

  test('OTP guessing is stopped: 5 wrong tries, then "Maximum attempts reached" even for the right code', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), ipAgent(ctx()));
    await a.post('/api/auth/otp', { type: 'login', email_or_mobile: who.mobile });
    const code = await latestOtp(ctx(), who.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push((await a.post('/api/auth/otp/login', { email_or_mobile: who.mobile, otp: wrong })).json().message);
    expect(messages.slice(0, 4)).toEqual(Array(4).fill(MESSAGES.otpWrong));
    expect(messages[4]).toBe(MESSAGES.maxAttempts);
    const right = await a.post('/api/auth/otp/login', { email_or_mobile: who.mobile, otp: code });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MESSAGES.maxAttempts);
    expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  test('parallel guesses cannot exceed 5 tries against one OTP', async () => {
    const who = await registerCustomer(ctx(), ipAgent(ctx()));
    await markEmailVerified(ctx(), who.email);
    await ipAgent(ctx()).post('/api/auth/otp', { type: 'login', email_or_mobile: who.email });
    const code = await latestOtp(ctx(), who.email);
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      guesses.map((otp) => ipAgent(ctx()).post('/api/auth/otp/login', { email_or_mobile: who.email, otp })),
    );
    expect(answers.every((r) => r.json().status === 0)).toBe(true);
    expect(answers.filter((r) => r.json().message === MESSAGES.otpWrong).length).toBeLessThanOrEqual(4);
    const row = await ctx()
      .handle.db.selectFrom('otps')
      .select('attempts')
      .where('identifier', '=', who.email)
      .where('purpose', '=', 'login')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await ipAgent(ctx()).post('/api/auth/otp/login', { email_or_mobile: who.email, otp: code })).json().message).toBe(
      MESSAGES.maxAttempts,
    );
  });

  test('a code is single-use, and a new code replaces the previous one', async () => {
    const who = await registerCustomer(ctx(), ipAgent(ctx()));
    const a = ipAgent(ctx());
    await a.post('/api/auth/otp', { type: 'login', email_or_mobile: who.mobile });
    const first = await latestOtp(ctx(), who.mobile);
    await a.post('/api/auth/otp', { type: 'login', email_or_mobile: who.mobile });
    const second = await latestOtp(ctx(), who.mobile);
    if (first !== second) expect((await a.post('/api/auth/otp/login', { email_or_mobile: who.mobile, otp: first })).json().status).toBe(0);
    expect((await a.post('/api/auth/otp/login', { email_or_mobile: who.mobile, otp: second })).json().status).toBe(1);
    expect((await ipAgent(ctx()).post('/api/auth/otp/login', { email_or_mobile: who.mobile, otp: second })).json().status).toBe(0);
  });

  test('OTP sends are limited per identifier and per IP, in the database (shared by every instance)', async () => {
    const who = freshIdentity();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await ipAgent(ctx()).post('/api/auth/otp', { type: 'register', email_or_mobile: who.mobile })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await ipAgent(ctx()).post('/api/auth/otp', { type: 'register', email_or_mobile: who.mobile });
    expect(limited.json().message).toContain(MESSAGES.maxAttempts);

    // Per IP: one address asking for many different numbers; the count continues on a second instance.
    const ip = '10.250.0.1';
    const other = await buildApp({
      config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: true },
      handle: ctx().handle,
      clientDir: null,
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        const target = i % 2 ? other : ctx().app;
        const res = await target.inject({
          method: 'POST',
          url: '/api/auth/otp',
          headers: { 'x-forwarded-for': ip },
          payload: { type: 'register', email_or_mobile: freshIdentity().mobile },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
      expect(codes[30]).toBe(429);
    } finally {
      await other.close();
    }
    // Counted in fixed windows (server/http/rate-limit.ts): a run that crosses a window's end leaves two rows.
    const rows = await ctx().handle.db.selectFrom('rate_limits').select(['key', 'count']).where('key', '=', `otp:ip:${ip}`).execute();
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(31);
  });

  test('OTP login: a code from the outbox signs in; an OTP sent on one instance verifies on another', async () => {
    const who = await registerCustomer(ctx(), ipAgent(ctx()));
    await markEmailVerified(ctx(), who.email);
    const a = ipAgent(ctx());
    const sent = await a.post('/api/auth/otp', { type: 'login', email_or_mobile: who.email });
    expect(sent.json().data).toMatchObject({ channel: 'email' });
    const other = await buildApp({
      config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: true },
      handle: ctx().handle,
      clientDir: null,
    });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/api/auth/otp/login',
        payload: { email_or_mobile: who.email, otp: await latestOtp(ctx(), who.email) },
      });
      expect(res.json()).toMatchObject({ status: 1, data: { user: { customer_email: who.email } } });
      expect(res.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true);
    } finally {
      await other.close();
    }
  });

  test('forgot password: send, verify, set the new password (signed in, other sessions ended)', async () => {
    const who = await registerCustomer(ctx(), ipAgent(ctx()));
    const elsewhere = ipAgent(ctx());
    await loginAs(elsewhere, who.mobile, who.password);
    const a = ipAgent(ctx());
    // Without a verified OTP the reset is refused.
    const early = await a.request({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { email_or_mobile: who.mobile, new_password: 'Fresh@123', c_code: '+91' },
    });
    expect(early.statusCode).toBe(403);
    await a.post('/api/auth/otp', { type: 'forgotPassword', email_or_mobile: who.mobile });
    const verify = await a.post('/api/auth/otp/verify', {
      email_or_mobile: who.mobile,
      c_code: '+91',
      otp: await latestOtp(ctx(), who.mobile),
    });
    expect(verify.json()).toMatchObject({ status: 1, data: { verified: true } });
    // The proof is bound to the identifier that was verified.
    const otherId = await a.request({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { email_or_mobile: DEMO_CUSTOMER.mobile, new_password: 'Fresh@123' },
    });
    expect(otherId.statusCode).toBe(403);
    const key = (await a.get('/api/auth/public-key')).json().data.spki;
    const reset = await a.request({
      method: 'PUT',
      url: '/api/auth/password',
      payload: {
        email_or_mobile: who.mobile,
        new_password: await encryptForServer(key, 'Fresh@123'),
        existMobile: true,
        c_code: '+91',
        is_encrypted: true,
      },
    });
    expect(reset.json()).toMatchObject({ status: 1, data: { user: { customer_mobile: who.mobile } } });
    expect((await a.get('/api/ping')).json().data.customer_mobile).toBe(who.mobile);
    expect((await elsewhere.get('/api/ping')).json().data).toBeNull();
    expect((await loginAs(ipAgent(ctx()), who.mobile, who.password)).json().message).toBe(MESSAGES.wrongPassword);
    expect((await loginAs(ipAgent(ctx()), who.mobile, 'Fresh@123')).json().status).toBe(1);
    // The proof is single-use.
    const again = await a.request({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { email_or_mobile: who.mobile, new_password: 'Other@123' },
    });
    expect(again.statusCode).toBe(403);
  });

  test('a customer without a mobile goes to the profile step, then is signed in with the verified mobile', async () => {
    const email = `nomobile.${process.pid}@kasrat.test`;
    await insertCustomerWithoutMobile(ctx(), { first_name: 'Ravi', email, password_hash: await hash('Secret@123', { algorithm: 2 }) });
    const a = ipAgent(ctx());
    const login = await loginAs(a, email, 'Secret@123');
    expect(login.json()).toMatchObject({ status: 1, data: { mobile_exists: false, user: null } });
    expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
    // Someone else's number is refused; a stranger without the grant is refused.
    const taken = await a.post('/api/auth/otp', { type: 'profile', email_or_mobile: DEMO_CUSTOMER.mobile });
    expect(taken.json().message).toBe(MESSAGES.mobileTaken);
    expect((await ipAgent(ctx()).post('/api/auth/otp', { type: 'profile', email_or_mobile: '9000000077' })).statusCode).toBe(403);
    const mobile = freshIdentity().mobile;
    expect((await a.post('/api/auth/otp', { type: 'profile', email_or_mobile: mobile })).json().status).toBe(1);
    const done = await a.post('/api/auth/otp/verify', { email_or_mobile: mobile, otp: await latestOtp(ctx(), mobile), type: 'profile' });
    expect(done.json()).toMatchObject({ status: 1, data: { user: { customer_mobile: mobile, customer_email: email } } });
    expect((await a.get('/api/ping')).json().data.customer_mobile).toBe(mobile);
  });
});

describeBackends('auth: bad input is a 400 with a message, never a 500', (ctx) => {
  const cases: Array<[string, string, unknown, string | RegExp]> = [
    ['POST', '/api/auth/exists', {}, /email_or_mobile/],
    ['POST', '/api/auth/exists', { email_or_mobile: 'abc' }, MESSAGES.emailOrPhone],
    ['POST', '/api/auth/exists', { email_or_mobile: '12345' }, MESSAGES.emailOrPhone],
    ['POST', '/api/auth/exists', { email_or_mobile: '9876543210', c_code: '91' }, /country code/],
    ['POST', '/api/auth/validate', { email: 'bad', mobile: '9000000000' }, MESSAGES.email],
    ['POST', '/api/auth/validate', { email: 'a@b.co', mobile: '900' }, MESSAGES.mobile],
    ['POST', '/api/auth/otp', { type: 'signup', email_or_mobile: '9000000000' }, /type/],
    ['POST', '/api/auth/otp', { type: 'login', email_or_mobile: 'x@y' }, MESSAGES.emailOrPhone],
    ['POST', '/api/auth/otp', { type: 'profile', email_or_mobile: 'a@b.co' }, MESSAGES.mobile],
    ['POST', '/api/auth/otp/verify', { email_or_mobile: '9876543210', otp: '' }, MESSAGES.otpEmpty],
    ['POST', '/api/auth/otp/verify', { email_or_mobile: '9876543210', otp: '123456789' }, MESSAGES.otpMax],
    ['POST', '/api/auth/otp/verify', { email_or_mobile: '9876543210', otp: '12ab' }, MESSAGES.otpWrong],
    ['POST', '/api/auth/otp/login', { email_or_mobile: '9876543210' }, /otp/],
    ['POST', '/api/auth/login', { email_or_mobile: '9876543210' }, /customer_password/],
    ['POST', '/api/auth/login', { email_or_mobile: 42, customer_password: 'x' }, /email_or_mobile/],
    [
      'POST',
      '/api/auth/login',
      { email_or_mobile: '9876543210', customer_password: 'AAAAAAAAAAAAAAAAAAAAAAAA', is_encrypted: true },
      /could not read the password/,
    ],
    ['POST', '/api/auth/login/google', { email: 'a@b.co', id_token: 'short' }, /Invalid Google token/],
    ['POST', '/api/auth/login/google', { email: 'a@b.co', id_token: 'x'.repeat(40) }, /Google sign-in failed/],
    [
      'POST',
      '/api/auth/register',
      { email: 'a@b.co', mobile: '9000000003', password: 'Secret@1', otp: '123456', first_name: 'Al' },
      MESSAGES.nameMin,
    ],
    [
      'POST',
      '/api/auth/register',
      { email: 'a@b.co', mobile: '9000000003', password: 'Secret@1', otp: '123456', first_name: 'Agent 007' },
      MESSAGES.namePattern,
    ],
    [
      'POST',
      '/api/auth/register',
      { email: 'a@b.co', mobile: '9000000003', password: 'Secret@1', otp: '123456', first_name: '' },
      MESSAGES.nameRequired,
    ],
    [
      'POST',
      '/api/auth/register',
      { email: 'a@b.co', mobile: '9000000003', password: 'Secret@1', otp: '123456', first_name: 'A'.repeat(51) },
      MESSAGES.nameMax,
    ],
    [
      'POST',
      '/api/auth/register',
      { email: 'a@b.co', mobile: '9000000003', password: 'abc', otp: '123456', first_name: 'Asha Rao' },
      MESSAGES.passwordMin,
    ],
    [
      'POST',
      '/api/auth/register',
      { email: 'a@b.co', mobile: '9000000003', password: 'x'.repeat(51), otp: '123456', first_name: 'Asha Rao' },
      MESSAGES.passwordMax,
    ],
    ['POST', '/api/auth/register', { email: 'a@b.co', mobile: '9000000003', otp: '123456', first_name: 'Asha Rao' }, MESSAGES.passwordMin],
    [
      'POST',
      '/api/auth/register',
      { email: 'a@b.co', mobile: '9000000003', password: 'Secret@1', otp: '123456', first_name: 'Asha Rao' },
      /expired/,
    ],
    [
      'POST',
      '/api/auth/register',
      { email: 'a@b.co', mobile: '900000000', password: 'Secret@1', otp: '123456', first_name: 'Asha Rao' },
      MESSAGES.mobile,
    ],
    ['PUT', '/api/auth/password', { email_or_mobile: '9876543210' }, /new_password/],
  ];
  test.each(cases)('%s %s %j → 400', async (method, url, payload, message) => {
    const res = await ctx().app.inject({
      method: method as 'POST',
      url,
      payload: payload as object,
      headers: { 'x-forwarded-for': '10.251.0.1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
  });

  test('non-JSON and garbage bodies are 400 on every onboarding call', async () => {
    const calls = ONBOARDING_CALLS;
    for (const [method, url] of calls) {
      for (const [payload, type] of [
        ['{"a":', 'application/json'],
        ['hello', 'text/plain'],
        ['[1,2,3]', 'application/json'],
        ['null', 'application/json'],
      ]) {
        const res = await ctx().app.inject({ method, url, payload, headers: { 'content-type': type } });
        expect(res.statusCode, `${method} ${url} ${payload}`).toBe(400);
      }
    }
  });
});
