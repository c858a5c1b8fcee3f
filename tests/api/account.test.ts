import { MESSAGES } from '../../schemas/validation.ts';
import { purgeDueDeletions } from '../../server/modules/account/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { encryptForServer, freshIdentity, ipAgent, latestOtp, loginAs, registerCustomer } from './auth-helpers.ts';

// /api/myAccount (SPEC §7): profile, mobile / email / password change by OTP, email verification, deletion.

const PRIVATE_CALLS: Array<['GET' | 'POST', string]> = [
  ['GET', '/api/myAccount/get-profile-values'],
  ['POST', '/api/myAccount/post-profile-values'],
  ['GET', '/api/myAccount/customer-status-for-deletion'],
  ['POST', '/api/myAccount/proceed-to-delete-otp'],
  ['POST', '/api/myAccount/delete-profile'],
  ['POST', '/api/myAccount/cancel-delete-profile'],
  ['POST', '/api/myAccount/email-verification'],
  ['POST', '/api/myAccount/verify-email-verification'],
  ['POST', '/api/myAccount/cancel-email-verification'],
  ['POST', '/api/myAccount/generate-otp-for-password'],
  ['POST', '/api/myAccount/update-password'],
  ['POST', '/api/myAccount/generate-otp-for-mobile'],
  ['POST', '/api/myAccount/update-mobile'],
  ['POST', '/api/myAccount/generate-otp-for-email'],
  ['POST', '/api/myAccount/update-email'],
];

describeBackends('account: profile and contact changes', (ctx) => {
  test.each(PRIVATE_CALLS)('%s %s needs a signed-in customer (401)', async (method, url) => {
    const res = await ctx().app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(0);
  });

  test('profile values are the signed-in customer’s own, and the name can be changed', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    const got = await a.get('/api/myAccount/get-profile-values');
    expect(got.json().data).toMatchObject({
      full_name: who.name,
      email: who.email,
      mobile: who.mobile,
      c_code: '+91',
      email_verified: false,
      has_password: true,
    });
    const bad = await a.post('/api/myAccount/post-profile-values', { first_name: 'R2 D2' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.namePattern);
    const saved = await a.post('/api/myAccount/post-profile-values', { first_name: '  Asha Kumari ', opt_in: false });
    expect(saved.json()).toMatchObject({ status: 1, data: { full_name: 'Asha Kumari', opt_in: false } });
    expect((await a.get('/api/ping')).json().data.customer_name).toBe('Asha Kumari');
  });

  test("SPEC §3: the session user's last_order is DD-MM-YYYY HH:mm:ss on the India clock, null before any order", async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    expect((await a.get('/api/ping')).json().data.last_order).toBeNull();
    await ctx()
      .handle.db.updateTable('customers')
      .set({ last_order_at: new Date('2026-11-04T20:00:05Z') })
      .where('email', '=', who.email)
      .execute();
    expect((await a.get('/api/ping')).json().data.last_order).toBe('05-11-2026 01:30:05');
  });

  test('mobile change: OTP to the new number, the SPEC messages, then the new number signs in', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    const other = await registerCustomer(ctx(), ipAgent(ctx()));
    expect((await a.post('/api/myAccount/generate-otp-for-mobile', { new_mobile: '' })).json().message).toBe(MESSAGES.mobileEmpty);
    expect((await a.post('/api/myAccount/generate-otp-for-mobile', { new_mobile: '12345' })).json().message).toBe(MESSAGES.mobile);
    expect((await a.post('/api/myAccount/generate-otp-for-mobile', { new_mobile: who.mobile })).statusCode).toBe(400);
    const taken = await a.post('/api/myAccount/generate-otp-for-mobile', { new_mobile: other.mobile });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MESSAGES.mobileTaken);
    const next = freshIdentity().mobile;
    expect((await a.post('/api/myAccount/generate-otp-for-mobile', { new_mobile: next, c_code: '+91' })).json().status).toBe(1);
    expect((await a.post('/api/myAccount/update-mobile', { new_mobile: next, otp: '' })).json().message).toBe(MESSAGES.otpProfileEmpty);
    expect((await a.post('/api/myAccount/update-mobile', { new_mobile: next, otp: '12' })).json().message).toBe(MESSAGES.otpProfileMin);
    const code = await latestOtp(ctx(), next);
    const wrong = await a.post('/api/myAccount/update-mobile', { new_mobile: next, otp: code === '999999' ? '999998' : '999999' });
    expect(wrong.json().message).toBe(MESSAGES.otpWrong);
    // Another customer cannot use this code for their own account.
    const thief = ipAgent(ctx());
    await loginAs(thief, other.mobile, other.password);
    expect((await thief.post('/api/myAccount/update-mobile', { new_mobile: next, otp: code })).json().status).toBe(0);
    const done = await a.post('/api/myAccount/update-mobile', { new_mobile: next, c_code: '+91', otp: code });
    expect(done.json()).toMatchObject({ status: 1, data: { mobile: next } });
    expect((await loginAs(ipAgent(ctx()), next, who.password)).json().status).toBe(1);
    expect((await ipAgent(ctx()).post('/api/auth/exists', { email_or_mobile: who.mobile })).json().status).toBe(0);
  });

  test('email change by OTP marks the new email verified', async () => {
    const a = ipAgent(ctx());
    await registerCustomer(ctx(), a);
    expect((await a.post('/api/myAccount/generate-otp-for-email', { new_email: 'nope' })).json().message).toBe(MESSAGES.email);
    const taken = await a.post('/api/myAccount/generate-otp-for-email', { new_email: 'DEMO@kasrat.test' });
    expect(taken.json().message).toBe(MESSAGES.emailTaken);
    const next = `changed.${process.pid}@kasrat.test`;
    await a.post('/api/myAccount/generate-otp-for-email', { new_email: next.toUpperCase() });
    const done = await a.post('/api/myAccount/update-email', { new_email: next, otp: await latestOtp(ctx(), next) });
    expect(done.json()).toMatchObject({ status: 1, data: { email: next, email_verified: true } });
  });

  test('password change by OTP; other devices are signed out, this one stays', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    const elsewhere = ipAgent(ctx());
    await loginAs(elsewhere, who.email, who.password);
    const sent = await a.post('/api/myAccount/generate-otp-for-password', {});
    expect(sent.json().data.channel).toBe('sms');
    const key = (await a.get('/api/auth/public-key')).json().data.spki;
    const short = await a.post('/api/myAccount/update-password', { otp: '123456', new_password: 'abc' });
    expect(short.json().message).toBe(MESSAGES.passwordMin);
    const res = await a.post('/api/myAccount/update-password', {
      otp: await latestOtp(ctx(), who.mobile),
      new_password: await encryptForServer(key, 'Changed@99'),
      is_encrypted: true,
    });
    expect(res.json().status).toBe(1);
    expect((await a.get('/api/ping')).json().data).not.toBeNull();
    expect((await elsewhere.get('/api/ping')).json().data).toBeNull();
    expect((await loginAs(ipAgent(ctx()), who.email, 'Changed@99')).json().status).toBe(1);
  });

  test('email verification: a link token by email; the token of one account does nothing for another', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    const sent = await a.post('/api/myAccount/email-verification', {});
    expect(sent.json().status).toBe(1);
    const mail = (await ctx().app.inject({ method: 'GET', url: `/api/dev/outbox?to=${who.email}` })).json().data[0];
    expect(mail.body).toMatch(/\/email-verified\?token=[A-Za-z0-9_-]+/);
    const token = mail.body.match(/token=([A-Za-z0-9_-]+)/)[1];
    const stranger = ipAgent(ctx());
    await registerCustomer(ctx(), stranger);
    expect((await stranger.post('/api/myAccount/verify-email-verification', { token })).json().status).toBe(0);
    expect((await a.post('/api/myAccount/verify-email-verification', { token: 'short' })).statusCode).toBe(400);
    const ok = await a.post('/api/myAccount/verify-email-verification', { token });
    expect(ok.json()).toMatchObject({ status: 1, data: { email_verified: true } });
    expect((await a.post('/api/myAccount/email-verification', {})).statusCode).toBe(400);
  });

  test('a cancelled email verification link no longer works', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    await a.post('/api/myAccount/email-verification', {});
    const token = (await ctx().app.inject({ method: 'GET', url: `/api/dev/outbox?to=${who.email}` })).json().data[0].otp;
    expect((await a.post('/api/myAccount/cancel-email-verification', {})).json().status).toBe(1);
    expect((await a.post('/api/myAccount/verify-email-verification', { token })).json().status).toBe(0);
  });
});

describeBackends('account: deletion and its cancel', (ctx) => {
  test('delete with OTP: scheduled, signed out; signing in offers the cancel; cancel clears it', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    expect((await a.get('/api/myAccount/customer-status-for-deletion')).json().data).toMatchObject({
      can_delete: true,
      deletion_requested: false,
      grace_days: 30,
    });
    expect((await a.post('/api/myAccount/cancel-delete-profile', {})).statusCode).toBe(400);
    expect((await a.post('/api/myAccount/delete-profile', { otp: '' })).json().message).toBe(MESSAGES.otpProfileEmpty);
    await a.post('/api/myAccount/proceed-to-delete-otp', {});
    const code = await latestOtp(ctx(), who.mobile);
    const bad = await a.post('/api/myAccount/delete-profile', { otp: code === '111111' ? '111112' : '111111' });
    expect(bad.json().message).toBe(MESSAGES.otpWrong);
    const del = await a.post('/api/myAccount/delete-profile', { otp: code, reason: 'Moving abroad, thanks' });
    expect(del.json()).toMatchObject({ status: 1, data: { deletion_requested: true, can_delete: false } });
    expect(del.json().data.deletion_scheduled_for).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    // SPEC §9: the deletion time is shown on the India clock: the request's instant plus the 30-day grace, +05:30.
    const requestedAt = new Date(del.json().data.deletion_requested_at).getTime();
    const [dd, mm, yyyy, hh, mi, ss] = del.json().data.deletion_scheduled_for.split(/[- :]/).map(Number);
    expect(Date.UTC(yyyy, mm - 1, dd, hh, mi, ss) - 330 * 60_000).toBe(Math.floor((requestedAt + 30 * 86_400_000) / 1000) * 1000);
    expect((await a.get('/api/ping')).json().data).toBeNull();

    const b = ipAgent(ctx());
    const login = await loginAs(b, who.mobile, who.password);
    expect(login.json().status).toBe(1);
    expect(login.json().data.deletion_requested_at).toEqual(expect.any(String));
    expect((await b.post('/api/myAccount/proceed-to-delete-otp', {})).statusCode).toBe(409);
    const cancel = await b.post('/api/myAccount/cancel-delete-profile', {});
    expect(cancel.json()).toMatchObject({ status: 1, data: { deletion_requested: false } });
    const history = await ctx().handle.db.selectFrom('account_deletions').selectAll().where('customer_id', '=', who.customerId).execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ reason: 'Moving abroad, thanks' });
    expect(history[0].cancelled_at).not.toBeNull();
  });

  test('after the grace period the account is anonymised and cannot sign in; before it, nothing happens', async () => {
    const a = ipAgent(ctx());
    const who = await registerCustomer(ctx(), a);
    await a.post('/api/myAccount/proceed-to-delete-otp', {});
    await a.post('/api/myAccount/delete-profile', { otp: await latestOtp(ctx(), who.mobile) });
    expect(await purgeDueDeletions(ctx().handle.db, 30)).toBe(0);
    expect(await purgeDueDeletions(ctx().handle.db, 30, new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    const row = await ctx().handle.db.selectFrom('customers').selectAll().where('id', '=', who.customerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, mobile: null, password_hash: null, is_blocked: true });
    expect((await loginAs(ipAgent(ctx()), who.mobile, who.password)).statusCode).toBe(400);
    expect(await purgeDueDeletions(ctx().handle.db, 30, new Date(Date.now() + 62 * 86_400_000))).toBe(0);
  });
});
