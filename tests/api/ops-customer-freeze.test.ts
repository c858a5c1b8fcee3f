import { FREEZE_MESSAGES } from '../../server/modules/account/index.ts';
import { describeBackends, type TestApp } from '../helpers/app.ts';
import { freshIdentity, ipAgent, latestOtp, loginAs, registerCustomer } from './auth-helpers.ts';
import { signedInStaff } from './staff-fixtures.ts';

// A freeze is the owner's own state ("this was not me"), apart from support's block: support sees why, which
// change triggered it and the account's change log, and restores the account only once that change is reverted
// (README "Security"). Each step is on record in the audit trail.

process.env.OUTBOX_WORKER = 'off';

const notMeToken = async (t: TestApp, to: string) => {
  const [notice] = await t.handle.db.selectFrom('outbox').select('body').where('recipient', '=', to).orderBy('id', 'desc').execute();
  const token = /not-me\?token=([A-Za-z0-9_-]+)/.exec(notice.body)?.[1];
  if (!token) throw new Error(`no "not me" link in: ${notice.body}`);
  return token;
};

const freeze = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/not-me',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: `token=${token}`,
  });

const customerRow = (t: TestApp, id: number) =>
  t.handle.db
    .selectFrom('customers')
    .select(['email', 'email_verified', 'password_hash', 'is_blocked', 'frozen_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describeBackends('a frozen account: support sees why, and restores it only after the change is reverted', (ctx) => {
  test('an email change disowned: reason and change log shown; unfreeze refused until the old email is back', async () => {
    const t = ctx();
    const agent = ipAgent(t);
    const who = await registerCustomer(t, agent);
    const other = freshIdentity();
    await agent.post('/api/myAccount/confirm-owner', { password: who.password, is_encrypted: false });
    await agent.post('/api/myAccount/generate-otp-for-email', { new_email: other.email });
    const changed = await agent.post('/api/myAccount/update-email', { new_email: other.email, otp: await latestOtp(t, other.email) });
    expect(changed.statusCode).toBe(200);
    const before = await customerRow(t, who.customerId);
    expect(before.email).toBe(other.email);
    expect((await freeze(t, await notMeToken(t, who.mobile))).statusCode).toBe(200);

    const support = await signedInStaff(t, 'support');
    const listed = await support.agent.get(`/api/ops/customers?q=${encodeURIComponent(other.email)}`);
    expect(listed.json().data.customers).toEqual([
      expect.objectContaining({ customer_id: who.customerId, is_blocked: false, is_frozen: true }),
    ]);

    const security = await support.agent.get(`/api/ops/customers/${who.customerId}/security`);
    expect(security.statusCode).toBe(200);
    const data = security.json().data;
    expect(data.is_blocked).toBe(false);
    expect(data.frozen).toMatchObject({
      reason: FREEZE_MESSAGES.notMeReason,
      change: { kind: 'email', proof: 'owner proof and a code to the new contact' },
    });
    expect(Date.parse(data.frozen.frozen_at)).not.toBeNaN();
    expect(data.frozen.change.disowned_at).not.toBeNull();
    expect(data.changes.map((c: { kind: string }) => c.kind)).toEqual(['email']);
    expect(data.changes[0].change_id).toBe(data.frozen.change.change_id);
    // Before and after are masked: neither address is shown whole.
    expect(data.changes[0].detail).toContain('→');
    expect(data.changes[0].detail).not.toContain(who.email);
    expect(data.changes[0].detail).not.toContain(other.email);

    // The attacker's email still stands: no restore.
    const refused = await support.agent.post(`/api/ops/customers/${who.customerId}/unfreeze`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FREEZE_MESSAGES.changeStands('the new email'));
    expect((await customerRow(t, who.customerId)).frozen_at).not.toBeNull();
    // Support's block does not lift a freeze either.
    await support.agent.post(`/api/ops/customers/${who.customerId}/block`, { blocked: false });
    expect((await loginAs(ipAgent(t), who.mobile, who.password)).statusCode).toBe(403);

    const reverted = await support.agent.post(`/api/ops/customers/${who.customerId}/revert-change`, {});
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json()).toMatchObject({ message: FREEZE_MESSAGES.reverted, data: { kind: 'email' } });
    const back = await customerRow(t, who.customerId);
    expect(back).toMatchObject({ email: who.email, email_verified: false });
    expect(back.frozen_at).not.toBeNull();

    const restored = await support.agent.post(`/api/ops/customers/${who.customerId}/unfreeze`, {});
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ message: FREEZE_MESSAGES.unfrozen, data: { customer_id: who.customerId, is_frozen: false } });
    expect((await customerRow(t, who.customerId)).frozen_at).toBeNull();
    expect((await support.agent.get(`/api/ops/customers/${who.customerId}/security`)).json().data.frozen).toBeNull();
    expect((await loginAs(ipAgent(t), who.mobile, who.password)).json().status).toBe(1);
    const again = await support.agent.post(`/api/ops/customers/${who.customerId}/unfreeze`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FREEZE_MESSAGES.notFrozen);

    const owner = await signedInStaff(t, 'owner');
    const trail = (await owner.agent.get('/api/ops/audit')).json().data.entries as Array<Record<string, unknown>>;
    const mine = trail.filter((e) => e.target === `customer:${who.customerId}`).map((e) => [e.actor, e.action]);
    expect(mine).toEqual([
      [`staff:${support.id}`, 'customer.unfreeze'],
      [`staff:${support.id}`, 'customer.revert_change'],
      [`staff:${support.id}`, 'customer.unblock'],
    ]);
  });

  test('a password change disowned: unfreeze refused while it stands; allowed once the password is reset', async () => {
    const t = ctx();
    const agent = ipAgent(t);
    const who = await registerCustomer(t, agent);
    await agent.post('/api/myAccount/generate-otp-for-password', {});
    const changed = await agent.post('/api/myAccount/update-password', {
      otp: await latestOtp(t, who.mobile),
      new_password: 'Attacker@99',
      is_encrypted: false,
    });
    expect(changed.json().status).toBe(1);
    expect((await freeze(t, await notMeToken(t, who.mobile))).statusCode).toBe(200);

    const support = await signedInStaff(t, 'support');
    const shown = (await support.agent.get(`/api/ops/customers/${who.customerId}/security`)).json().data;
    expect(shown.frozen.change).toMatchObject({ kind: 'password', detail: 'a new password' });
    const refused = await support.agent.post(`/api/ops/customers/${who.customerId}/unfreeze`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FREEZE_MESSAGES.changeStands('the new password'));

    expect((await support.agent.post(`/api/ops/customers/${who.customerId}/revert-change`, {})).statusCode).toBe(200);
    expect((await customerRow(t, who.customerId)).password_hash).toBeNull();
    expect((await support.agent.post(`/api/ops/customers/${who.customerId}/revert-change`, {})).statusCode).toBe(409);
    const restored = await support.agent.post(`/api/ops/customers/${who.customerId}/unfreeze`, {});
    expect(restored.statusCode).toBe(200);
    // The attacker's password is gone for good.
    expect((await loginAs(ipAgent(t), who.mobile, 'Attacker@99')).json().status).not.toBe(1);
  });

  test('the replaced email now belongs to another account: the revert is a 409, not a 500, and nothing changes', async () => {
    const t = ctx();
    const agent = ipAgent(t);
    const who = await registerCustomer(t, agent);
    const other = freshIdentity();
    await agent.post('/api/myAccount/confirm-owner', { password: who.password, is_encrypted: false });
    await agent.post('/api/myAccount/generate-otp-for-email', { new_email: other.email });
    await agent.post('/api/myAccount/update-email', { new_email: other.email, otp: await latestOtp(t, other.email) });
    expect((await freeze(t, await notMeToken(t, who.mobile))).statusCode).toBe(200);
    const someoneElse = await registerCustomer(t, ipAgent(t));
    await t.handle.db.updateTable('customers').set({ email: who.email }).where('id', '=', someoneElse.customerId).execute();

    const support = await signedInStaff(t, 'support');
    const taken = await support.agent.post(`/api/ops/customers/${who.customerId}/revert-change`, {});
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(FREEZE_MESSAGES.contactTaken);
    const row = await customerRow(t, who.customerId);
    expect(row.email).toBe(other.email);
    expect(row.frozen_at).not.toBeNull();
  });

  test('bad input is a 4xx, an unknown customer 404, a customer not frozen 409, a role without customers:write 403', async () => {
    const t = ctx();
    const support = await signedInStaff(t, 'support');
    expect((await support.agent.get('/api/ops/customers/abc/security')).statusCode).toBe(400);
    expect((await support.agent.get('/api/ops/customers/999999999/security')).statusCode).toBe(404);
    expect((await support.agent.post('/api/ops/customers/999999999/unfreeze', {})).statusCode).toBe(404);
    expect((await support.agent.post('/api/ops/customers/999999999/revert-change', {})).statusCode).toBe(404);
    const who = await registerCustomer(t, ipAgent(t));
    const notFrozen = await support.agent.post(`/api/ops/customers/${who.customerId}/unfreeze`, {});
    expect(notFrozen.statusCode).toBe(409);
    expect(notFrozen.json().message).toBe(FREEZE_MESSAGES.notFrozen);
    const catalogue = await signedInStaff(t, 'catalogue');
    expect((await catalogue.agent.post(`/api/ops/customers/${who.customerId}/unfreeze`, {})).statusCode).toBe(403);
  });
});
