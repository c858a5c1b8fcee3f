import { sql } from 'kysely';
import { MESSAGES } from '../../schemas/validation.ts';
import { FREEZE_MESSAGES } from '../../server/modules/account/index.ts';
import { AUTH_MESSAGES } from '../../server/modules/auth/index.ts';
import { describeBackends, type TestApp } from '../helpers/app.ts';
import { freshIdentity, ipAgent, latestOtp, registerCustomer } from './auth-helpers.ts';

// Changing a way in (email, mobile, password) or the refund bank account needs proof from the owner, fresh
// within minutes on this session; the contacts the account had are told, with a "this was not me" link that
// freezes the account and ends every session; each change is logged (README "Security").

const PROOF = 'For your security, please confirm it is you: enter your password or the OTP we send to you.';

/** A session opened long ago: what a borrowed laptop or a stolen cookie gives. */
async function ageSessions(t: TestApp, customerId: number) {
  await t.handle.db
    .updateTable('sessions')
    .set({ created_at: sql`now() - interval '2 hours'` })
    .where('customer_id', '=', customerId)
    .execute();
}

const messagesTo = (t: TestApp, to: string) =>
  t.handle.db.selectFrom('outbox').select(['body', 'subject']).where('recipient', '=', to).orderBy('id', 'desc').execute();

const BANK = { account_holder: 'Asha Rao', account_number: '123456789012', confirm_account_number: '123456789012', ifsc: 'hdfc0000001' };

describeBackends('account changes need the owner', (ctx) => {
  test('a session alone cannot change email, mobile or the refund account; the password or a code proves the owner', async () => {
    const agent = ipAgent(ctx());
    const who = await registerCustomer(ctx(), agent);
    await ageSessions(ctx(), who.customerId);
    const other = freshIdentity();
    const refused = [
      await agent.post('/api/myAccount/generate-otp-for-email', { new_email: other.email }),
      await agent.post('/api/myAccount/update-email', { new_email: other.email, otp: '123456' }),
      await agent.post('/api/myAccount/generate-otp-for-mobile', { new_mobile: other.mobile, c_code: '+91' }),
      await agent.post('/api/myAccount/update-mobile', { new_mobile: other.mobile, c_code: '+91', otp: '123456' }),
      await agent.post('/api/order/update-bank-details', BANK),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: PROOF, data: { owner_proof_required: true } });
    }
    // A wrong password proves nothing; the right one does.
    const wrong = await agent.post('/api/myAccount/confirm-owner', { password: 'Wrong@1234', is_encrypted: false });
    expect(wrong.json().message).toBe(MESSAGES.wrongPassword);
    const right = await agent.post('/api/myAccount/confirm-owner', { password: who.password, is_encrypted: false });
    expect(right.statusCode).toBe(200);
    expect((await agent.post('/api/order/update-bank-details', BANK)).statusCode).toBe(200);
    expect((await agent.post('/api/myAccount/generate-otp-for-email', { new_email: other.email })).statusCode).toBe(200);
    const changed = await agent.post('/api/myAccount/update-email', { new_email: other.email, otp: await latestOtp(ctx(), other.email) });
    expect(changed.json()).toMatchObject({ status: 1, data: { email: other.email } });
    // The session the change continues in proves nothing: the next change needs its own proof, here a code to
    // the verified mobile.
    const next = freshIdentity();
    expect((await agent.post('/api/myAccount/generate-otp-for-mobile', { new_mobile: next.mobile, c_code: '+91' })).statusCode).toBe(403);
    const sent = await agent.post('/api/myAccount/generate-otp-for-owner', {});
    expect(sent.json().data.channel).toBe('sms');
    const code = await latestOtp(ctx(), who.mobile);
    expect((await agent.post('/api/myAccount/confirm-owner', { otp: code })).statusCode).toBe(200);
    expect((await agent.post('/api/myAccount/generate-otp-for-mobile', { new_mobile: next.mobile, c_code: '+91' })).statusCode).toBe(200);
    // Logged, with masked details.
    const log = await ctx()
      .handle.db.selectFrom('account_changes')
      .select(['kind', 'detail', 'ip'])
      .where('customer_id', '=', who.customerId)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.kind)).toEqual(['bank_account', 'email']);
    expect(log[1].detail).not.toContain(other.email);
    expect(log[1].ip).toBe(agent.ip);
  });

  test('the old contact is told, and "this was not me" freezes the account and ends every session', async () => {
    const agent = ipAgent(ctx());
    const who = await registerCustomer(ctx(), agent);
    const laptop = ipAgent(ctx());
    expect(
      (
        await laptop.post('/api/auth/login', {
          email_or_mobile: who.mobile,
          c_code: '+91',
          customer_password: who.password,
          is_encrypted: false,
        })
      ).statusCode,
    ).toBe(200);
    const other = freshIdentity();
    await agent.post('/api/myAccount/confirm-owner', { password: who.password, is_encrypted: false });
    await agent.post('/api/myAccount/generate-otp-for-email', { new_email: other.email });
    await agent.post('/api/myAccount/update-email', { new_email: other.email, otp: await latestOtp(ctx(), other.email) });
    const [notice] = await messagesTo(ctx(), who.mobile);
    expect(notice.body).toContain('the email of your Kasrat account was changed');
    const link = /(\/api\/account\/not-me\?token=[A-Za-z0-9_-]+)/.exec(notice.body)?.[1];
    expect(link).toBeDefined();
    // Opening the link (a mail scanner does) changes nothing; its button does.
    const page = await ctx().app.inject({ method: 'GET', url: link! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Freeze my account');
    expect((await agent.get('/api/ping')).json().data?.customer_email).toBe(other.email);
    const token = new URL(link!, 'http://x').searchParams.get('token')!;
    const freeze = await ctx().app.inject({
      method: 'POST',
      url: '/api/account/not-me',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: `token=${token}`,
    });
    expect(freeze.statusCode).toBe(200);
    expect(freeze.body).toContain('Your account is frozen');
    // Frozen as its own state, naming the change, not support's block (README "Security").
    const row = await ctx()
      .handle.db.selectFrom('customers')
      .select(['is_blocked', 'frozen_at', 'frozen_reason', 'frozen_change_id'])
      .where('id', '=', who.customerId)
      .executeTakeFirstOrThrow();
    const emailChange = await ctx()
      .handle.db.selectFrom('account_changes')
      .select('id')
      .where('customer_id', '=', who.customerId)
      .where('kind', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_blocked: false, frozen_change_id: emailChange.id, frozen_reason: FREEZE_MESSAGES.notMeReason });
    expect(row.frozen_at).not.toBeNull();
    // Frozen is refused as blocked is: the old password no longer signs in.
    const signIn = await ipAgent(ctx()).post('/api/auth/login', {
      email_or_mobile: who.mobile,
      c_code: '+91',
      customer_password: who.password,
      is_encrypted: false,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(AUTH_MESSAGES.frozen);
    const sessions = await ctx().handle.db.selectFrom('sessions').select('id').where('customer_id', '=', who.customerId).execute();
    expect(sessions).toEqual([]);
    // Once only.
    const again = await ctx().app.inject({ method: 'GET', url: link! });
    expect(again.statusCode).toBe(404);
  });
});
