import { STAFF_MESSAGES } from '../../schemas/staff.ts';
import { readConfig } from '../../server/config.ts';
import {
  createStaff,
  currentCode,
  DEMO_OWNER_IN_PRODUCTION,
  DEMO_STAFF,
  guardDemoOwner,
  openTotp,
  reencryptStaffSecrets,
  STAFF_PASSWORD_MESSAGES,
} from '../../server/modules/staff/index.ts';
import { type Agent, describeBackends, type TestApp } from '../helpers/app.ts';
import { OPS_TOKEN_FOR_TESTS } from '../helpers/orders.ts';
import { newStaff, STAFF_PASSWORD, signedInStaff } from './staff-fixtures.ts';

// Staff accounts a team can run (docs/decisions/019): sign-in no stranger can turn into a lock-out, the life cycle
// with step-up, passwords and secrets at rest, and an audit trail whose ids the server chooses.

process.env.OPS_TOKEN = OPS_TOKEN_FOR_TESTS;
// Guessing from many sources meets the account's own limit sooner here, so a test can reach it.
process.env.STAFF_LOGIN_ACCOUNT_FAILURE_LIMIT = '8';
const TOKEN = { authorization: `Bearer ${OPS_TOKEN_FOR_TESTS}` };
const SIGN_IN = '/api/ops/staff/sign-in';

type Entry = Record<string, unknown>;

/** A sign-in from a given client address (the socket's, no proxy header). */
const signInFrom = (agent: Agent, remoteAddress: string, body: unknown) =>
  agent.request({ method: 'POST', url: SIGN_IN, payload: body as object, remoteAddress });

/**
 * A code the member's authenticator shows that no sign-in or act has used: a code is taken once per time step
 * (RFC 6238, section 5.2), so back-to-back acts in one test start the member's steps afresh, as the next step would.
 */
async function freshCode(t: TestApp, staff: { id: number; secret: string }): Promise<string> {
  await t.handle.db.updateTable('staff').set({ totp_last_step: 0 }).where('id', '=', staff.id).execute();
  return currentCode(staff.secret);
}

async function trail(t: TestApp, query = ''): Promise<Entry[]> {
  const res = await t.agent().get(`/api/ops/audit?limit=200${query}`, TOKEN);
  expect(res.statusCode).toBe(200);
  return res.json().data.entries as Entry[];
}

/** The one-time link the outbox holds for an address, its token after the "#". */
async function linkFor(t: TestApp, email: string): Promise<string> {
  const row = await t.handle.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = /\/ops\/join#([A-Za-z0-9_-]+)/.exec(row.body)?.[1];
  if (!token) throw new Error(`no link in ${row.body}`);
  return token;
}

describeBackends('staff accounts', (ctx) => {
  test("a stranger's burst from one address never locks the owner out from another", async () => {
    const t = ctx();
    const owner = await newStaff(t, 'owner');
    const stranger = t.agent();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        (await signInFrom(stranger, '127.0.0.9', { email: owner.email, password: `guess-${i}-guess`, code: '123456' })).statusCode,
      );
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    // The stranger's address stays refused even with the right password and code.
    const right = async () => ({ email: owner.email, password: STAFF_PASSWORD, code: await freshCode(t, owner) });
    expect((await signInFrom(stranger, '127.0.0.9', await right())).statusCode).toBe(429);
    // The owner, at another address, signs in.
    const res = await signInFrom(t.agent(), '127.0.0.10', await right());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('owner');
    // The trail holds the failures, one lock-out and the sign-in, with their source.
    const rows = await trail(t, `&staff_id=${owner.id}`);
    expect(rows.filter((e) => e.action === 'staff.sign-in-failed' && e.source === '127.0.0.9')).toHaveLength(5);
    expect(rows.filter((e) => e.action === 'staff.sign-in-locked')).toHaveLength(1);
    expect(rows.find((e) => e.action === 'staff.sign-in')).toMatchObject({ actor: `staff:${owner.id}`, source: '127.0.0.10' });
  });

  test('a parallel burst gets no more checked guesses than the limit', async () => {
    const t = ctx();
    const member = await newStaff(t, 'support');
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        t
          .agent()
          .post(SIGN_IN, { email: member.email, password: `parallel-${i}-guess`, code: '123456' }, { 'x-forwarded-for': '10.48.0.1' }),
      ),
    );
    const checked = burst.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(burst.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
  });

  test('guessing spread over many addresses meets the account limit, and every owner is told', async () => {
    const t = ctx();
    const owner = await newStaff(t, 'owner');
    const member = await newStaff(t, 'catalogue');
    const burst = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        t
          .agent()
          .post(SIGN_IN, { email: member.email, password: `spread-${i}-guess`, code: '123456' }, { 'x-forwarded-for': `10.49.${i}.1` }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(8);
    expect(burst.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(6);
    const told = await t.handle.db.selectFrom('outbox').select(['body']).where('recipient', '=', owner.email).execute();
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain(member.email);
  });

  test('audit rows of two acts never share an id, whatever x-request-id says; source and user agent are kept', async () => {
    const t = ctx();
    const owner = await signedInStaff(t, 'owner');
    const headers = { 'x-request-id': 'chosen-by-client', 'user-agent': 'AuditCheck/1.0' };
    for (let i = 0; i < 2; i++) expect((await owner.agent.post('/api/ops/refunds/retry', {}, headers)).statusCode).toBe(200);
    const rows = (await trail(t, `&staff_id=${owner.id}&action=${encodeURIComponent('POST /api/ops/refunds/retry')}`)).filter(
      (e) => e.client_request_id === 'chosen-by-client',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0].request_id).not.toBe(rows[1].request_id);
    for (const row of rows) {
      expect(row.request_id).not.toBe('chosen-by-client');
      expect(row).toMatchObject({ user_agent: 'AuditCheck/1.0', source: '127.0.0.1' });
    }
    // Without a caller's id, the row's is the one the answer carries.
    const plain = await owner.agent.post('/api/ops/refunds/retry', {});
    const mine = await trail(t, `&staff_id=${owner.id}`);
    expect(mine.find((e) => e.request_id === plain.headers['x-request-id'])).toMatchObject({ client_request_id: '' });
  });

  test('an IPv6 source is recorded by its /64', async () => {
    const t = ctx();
    const member = await newStaff(t, 'marketing');
    await t
      .agent()
      .post(
        SIGN_IN,
        { email: member.email, password: 'wrong-password-here', code: '123456' },
        { 'x-forwarded-for': '2001:db8:1:2:aaaa::1' },
      );
    const rows = await trail(t, `&staff_id=${member.id}&action=staff.sign-in-failed`);
    expect(rows[0]).toMatchObject({ source: '2001:db8:1:2::/64', actor: 'anonymous' });
  });

  test('sign-out and exports are on record; the owner filters the trail and exports it as CSV', async () => {
    const t = ctx();
    const owner = await signedInStaff(t, 'owner');
    const clerk = await signedInStaff(t, 'support');
    expect((await owner.agent.get('/api/ops/catalogue/csv')).statusCode).toBe(200);
    expect((await clerk.agent.get('/api/ops/customers?q=a')).statusCode).toBe(200);
    expect((await clerk.agent.post('/api/ops/staff/sign-out', {})).statusCode).toBe(200);

    const ownerRows = await trail(t, `&staff_id=${owner.id}`);
    expect(ownerRows.some((e) => e.action === 'export GET /api/ops/catalogue/csv')).toBe(true);
    const clerkRows = await trail(t, `&staff_id=${clerk.id}`);
    expect(clerkRows.map((e) => e.action)).toEqual(['staff.sign-out', 'export GET /api/ops/customers', 'staff.sign-in']);
    // By date (IST days): today holds them, a day long past holds none of them.
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    expect(await trail(t, `&staff_id=${clerk.id}&from=${today}&to=${today}`)).toHaveLength(3);
    expect(await trail(t, `&staff_id=${clerk.id}&to=2020-01-01`)).toHaveLength(0);
    expect((await owner.agent.get('/api/ops/audit?from=yesterday')).statusCode).toBe(400);

    const csv = await owner.agent.get(`/api/ops/audit/csv?staff_id=${clerk.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor,staff_id,action,target,before,after,request_id,client_request_id,source,user_agent');
    expect(lines).toHaveLength(4);
    expect((await clerk.agent.get('/api/ops/audit/csv')).statusCode).toBe(401);
    const support = await signedInStaff(t, 'support');
    expect((await support.agent.get('/api/ops/audit/csv')).statusCode).toBe(403);
    // The export itself is on record.
    expect((await trail(t, `&staff_id=${owner.id}&action=${encodeURIComponent('export GET /api/ops/audit/csv')}`)).length).toBe(1);
  });

  test('the owner invites a member, who sets their own password and authenticator; the owner never sees either', async () => {
    const t = ctx();
    const owner = await signedInStaff(t, 'owner');
    const email = `invited-${Date.now()}@staff.kasrat.test`;
    const wrong = await owner.agent.post('/api/ops/staff/invites', { email, role: 'catalogue', code: '000000' });
    expect(wrong.statusCode).toBe(403);
    const invited = await owner.agent.post('/api/ops/staff/invites', { email, role: 'catalogue', code: await freshCode(t, owner) });
    expect(invited.statusCode).toBe(200);
    expect(invited.body).not.toMatch(/secret|otpauth/);
    const token = await linkFor(t, email);

    const opened = await t.agent().post('/api/ops/staff-links/open', { token });
    expect(opened.statusCode).toBe(200);
    const { secret } = opened.json().data as { secret: string };
    expect(opened.json().data).toMatchObject({ kind: 'invite', email, role: 'catalogue' });
    const accept = (password: string, code: string) => t.agent().post('/api/ops/staff-links/accept', { token, password, code });
    expect((await accept('Short-pass1', await currentCode(secret))).statusCode).toBe(400);
    const common = await accept('Password@12345', await currentCode(secret));
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(STAFF_PASSWORD_MESSAGES.common);
    expect((await accept('Member-chosen-2026', '000000')).statusCode).toBe(400);
    expect((await accept('Member-chosen-2026', await currentCode(secret))).statusCode).toBe(200);
    // Once only.
    expect((await accept('Member-chosen-2026', await currentCode(secret))).statusCode).toBe(404);

    const row = await t.handle.db.selectFrom('staff').select(['id', 'totp_secret']).where('email', '=', email).executeTakeFirstOrThrow();
    const signIn = await t
      .agent()
      .post(SIGN_IN, { email, password: 'Member-chosen-2026', code: await freshCode(t, { id: row.id, secret }) });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.role).toBe('catalogue');
    const actions = (await trail(t, `&staff_id=${row.id}`)).map((e) => e.action);
    expect(actions).toEqual(['staff.sign-in', 'staff.join']);
  });

  test('role changes take effect on the next call; disabling ends a live session at once; the last owner stays', async () => {
    const t = ctx();
    const owner = await signedInStaff(t, 'owner');
    const member = await signedInStaff(t, 'catalogue');
    expect((await member.agent.get('/api/ops/catalogue/csv')).statusCode).toBe(200);

    const demote = await owner.agent.post(`/api/ops/staff/${member.id}/role`, { role: 'marketing', code: await freshCode(t, owner) });
    expect(demote.statusCode).toBe(200);
    expect((await member.agent.get('/api/ops/staff/me')).json().data.permissions).not.toContain('catalogue:write');
    expect((await member.agent.post('/api/ops/catalogue/csv/check', {})).statusCode).toBe(403);

    expect((await member.agent.get('/api/ops/staff/me')).statusCode).toBe(200);
    const disable = await owner.agent.post(`/api/ops/staff/${member.id}/disabled`, { disabled: true, code: await freshCode(t, owner) });
    expect(disable.statusCode).toBe(200);
    const next = await member.agent.get('/api/ops/staff/me');
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe(STAFF_MESSAGES.sessionEnded);
    expect(await t.handle.db.selectFrom('staff_sessions').select('id').where('staff_id', '=', member.id).execute()).toEqual([]);
    const refused = await t.agent().post(SIGN_IN, { email: member.email, password: STAFF_PASSWORD, code: await freshCode(t, member) });
    expect(refused.statusCode).toBe(401);
    expect(
      (await owner.agent.post(`/api/ops/staff/${member.id}/disabled`, { disabled: false, code: await freshCode(t, owner) })).statusCode,
    ).toBe(200);
    expect(
      (await t.agent().post(SIGN_IN, { email: member.email, password: STAFF_PASSWORD, code: await freshCode(t, member) })).statusCode,
    ).toBe(200);

    // Only this test's owner and the demo owner are active owners; with the demo owner disabled, this one is the last.
    await t.handle.db
      .updateTable('staff')
      .set({ disabled_at: new Date() })
      .where('role', '=', 'owner')
      .where('id', '!=', owner.id)
      .execute();
    try {
      const self = await owner.agent.post(`/api/ops/staff/${owner.id}/disabled`, { disabled: true, code: await freshCode(t, owner) });
      expect(self.statusCode).toBe(409);
      const demoteSelf = await owner.agent.post(`/api/ops/staff/${owner.id}/role`, { role: 'support', code: await freshCode(t, owner) });
      expect(demoteSelf.statusCode).toBe(409);
      expect(await t.handle.db.selectFrom('staff').select(['role', 'disabled_at']).where('id', '=', owner.id).executeTakeFirst()).toEqual({
        role: 'owner',
        disabled_at: null,
      });
    } finally {
      await t.handle.db.updateTable('staff').set({ disabled_at: null }).where('email', '=', DEMO_STAFF.email).execute();
    }
    const acts = (await trail(t, `&staff_id=${member.id}`)).map((e) => e.action);
    expect(acts).toEqual(expect.arrayContaining(['staff.role', 'staff.disable', 'staff.enable']));
    expect((await trail(t, `&staff_id=${owner.id}&action=staff.step-up`)).length).toBeGreaterThanOrEqual(5);
  });

  test('only the owner manages staff, each act after a fresh code; the token cannot', async () => {
    const t = ctx();
    const owner = await signedInStaff(t, 'owner');
    const support = await signedInStaff(t, 'support');
    const target = await newStaff(t, 'fulfilment');
    expect((await support.agent.post(`/api/ops/staff/${target.id}/sessions/end`, { code: await freshCode(t, support) })).statusCode).toBe(
      403,
    );
    expect((await t.agent().post(`/api/ops/staff/${target.id}/sessions/end`, { code: '123456' }, TOKEN)).statusCode).toBe(403);
    // A code already used (the sign-in's) confirms nothing.
    const used = await owner.agent.post(`/api/ops/staff/${target.id}/role`, { role: 'owner', code: await currentCode(owner.secret) });
    expect(used.statusCode).toBe(403);
    expect((await t.handle.db.selectFrom('staff').select('role').where('id', '=', target.id).executeTakeFirstOrThrow()).role).toBe(
      'fulfilment',
    );
    expect((await owner.agent.post('/api/ops/staff/999999/sessions/end', { code: await freshCode(t, owner) })).statusCode).toBe(404);
    expect((await owner.agent.post('/api/ops/staff/abc/sessions/end', { code: '123456' })).statusCode).toBe(400);
    expect((await owner.agent.post(`/api/ops/staff/${target.id}/role`, { role: 'boss', code: '123456' })).statusCode).toBe(400);
    const list = await owner.agent.get('/api/ops/staff');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.staff.find((s: Entry) => s.id === target.id)).toMatchObject({
      role: 'fulfilment',
      disabled: false,
      enrolled: true,
    });
    expect(list.body).not.toContain('totp');
  });

  test('ending sessions and resetting the second factor: the member enrols again through their own link', async () => {
    const t = ctx();
    const owner = await signedInStaff(t, 'owner');
    const member = await signedInStaff(t, 'fulfilment');
    expect((await owner.agent.post(`/api/ops/staff/${member.id}/sessions/end`, { code: await freshCode(t, owner) })).statusCode).toBe(200);
    expect((await member.agent.get('/api/ops/staff/me')).statusCode).toBe(401);

    const reset = await owner.agent.post(`/api/ops/staff/${member.id}/second-factor/reset`, { code: await freshCode(t, owner) });
    expect(reset.statusCode).toBe(200);
    // The old authenticator opens nothing.
    expect(
      (await t.agent().post(SIGN_IN, { email: member.email, password: STAFF_PASSWORD, code: await freshCode(t, member) })).statusCode,
    ).toBe(401);
    const token = await linkFor(t, member.email);
    const opened = (await t.agent().post('/api/ops/staff-links/open', { token })).json().data as { kind: string; secret: string };
    expect(opened.kind).toBe('enrol');
    expect(opened.secret).not.toBe(member.secret);
    expect((await t.agent().post('/api/ops/staff-links/accept', { token, code: await currentCode(opened.secret) })).statusCode).toBe(200);
    const again = await t
      .agent()
      .post(SIGN_IN, { email: member.email, password: STAFF_PASSWORD, code: await freshCode(t, { id: member.id, secret: opened.secret }) });
    expect(again.statusCode).toBe(200);
  });

  test('a member changes their own password with the current one and a fresh code', async () => {
    const t = ctx();
    const member = await signedInStaff(t, 'support');
    const url = '/api/ops/staff/password';
    const wrong = await member.agent.post(url, {
      current_password: 'not-my-password',
      new_password: 'Brand-new-pass-2026',
      code: await freshCode(t, member),
    });
    expect(wrong.statusCode).toBe(403);
    const common = await member.agent.post(url, {
      current_password: STAFF_PASSWORD,
      new_password: 'qwertyuiop123',
      code: await freshCode(t, member),
    });
    expect(common.statusCode).toBe(400);
    const done = await member.agent.post(url, {
      current_password: STAFF_PASSWORD,
      new_password: 'Brand-new-pass-2026',
      code: await freshCode(t, member),
    });
    expect(done.statusCode).toBe(200);
    expect((await member.agent.get('/api/ops/staff/me')).statusCode).toBe(200);
    const old = await t.agent().post(SIGN_IN, { email: member.email, password: STAFF_PASSWORD, code: await freshCode(t, member) });
    expect(old.statusCode).toBe(401);
    const fresh = await t.agent().post(SIGN_IN, { email: member.email, password: 'Brand-new-pass-2026', code: await freshCode(t, member) });
    expect(fresh.statusCode).toBe(200);
    expect((await t.agent().post(url, { current_password: 'x', new_password: 'Brand-new-pass-2026', code: '123456' })).statusCode).toBe(
      401,
    );
  });

  test('staff passwords: at least 12 characters and not a common one', async () => {
    const t = ctx();
    const create = (password: string) =>
      t.agent().post('/api/ops/staff', { email: `p-${password.length}-${Date.now()}@staff.kasrat.test`, role: 'support', password }, TOKEN);
    const short = await create('Abc-12345-x');
    expect(short.statusCode).toBe(400);
    const common = await create('password1234');
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(STAFF_PASSWORD_MESSAGES.common);
    expect((await create('Tiffin-carrier-2026')).statusCode).toBe(200);
  });

  test('authenticator secrets are encrypted at rest, rows in clear move to the key, and a rotation keeps them readable', async () => {
    const t = ctx();
    const { db } = t.handle;
    const member = await newStaff(t, 'support');
    const stored = await db.selectFrom('staff').select('totp_secret').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(stored.totp_secret).toMatch(/^v1:dev:/);
    expect(stored.totp_secret).not.toContain(member.secret);

    // A row from before encryption, in clear.
    const legacy = await createStaff(db, { email: `legacy-${Date.now()}@staff.kasrat.test`, role: 'support', password: STAFF_PASSWORD });
    await db.updateTable('staff').set({ totp_secret: legacy.secret }).where('id', '=', legacy.id).execute();
    const KEY_A = `a1:${Buffer.alloc(32, 1).toString('base64')}`;
    const KEY_B = `b2:${Buffer.alloc(32, 2).toString('base64')}`;
    const envA = { NODE_ENV: 'test', STAFF_TOTP_KEY: KEY_A };
    expect(await reencryptStaffSecrets(db, envA)).toBeGreaterThanOrEqual(2);
    const rowsA = await db.selectFrom('staff').select(['email', 'totp_secret']).where('id', 'in', [member.id, legacy.id]).execute();
    expect(rowsA.every((r) => r.totp_secret.startsWith('v1:a1:'))).toBe(true);
    // Rotation: B is current, A still read.
    const envB = { NODE_ENV: 'test', STAFF_TOTP_KEY: KEY_B, STAFF_TOTP_OLD_KEYS: KEY_A };
    expect(await reencryptStaffSecrets(db, envB)).toBeGreaterThanOrEqual(2);
    const rowsB = await db
      .selectFrom('staff')
      .select(['id', 'email', 'totp_secret'])
      .where('id', 'in', [member.id, legacy.id])
      .orderBy('id')
      .execute();
    expect(rowsB.map((r) => openTotp(r.totp_secret, r.email, { NODE_ENV: 'test', STAFF_TOTP_KEY: KEY_B }))).toEqual([
      member.secret,
      legacy.secret,
    ]);
    // A value copied to another account does not open.
    expect(() => openTotp(rowsB[0].totp_secret, rowsB[1].email, { NODE_ENV: 'test', STAFF_TOTP_KEY: KEY_B })).toThrow();
    // Back under the key this app runs with, for the other tests.
    await reencryptStaffSecrets(db, { ...process.env, STAFF_TOTP_OLD_KEYS: `${KEY_A},${KEY_B}` });
    expect(
      (await t.agent().post(SIGN_IN, { email: member.email, password: STAFF_PASSWORD, code: await freshCode(t, member) })).statusCode,
    ).toBe(200);
  });

  test('the demo owner: production refuses to start while it is active; a plain start disables it', async () => {
    const t = ctx();
    const { db } = t.handle;
    const demo = () => db.selectFrom('staff').select(['id', 'disabled_at']).where('email', '=', DEMO_STAFF.email).executeTakeFirstOrThrow();
    expect((await demo()).disabled_at).toBeNull();
    await expect(guardDemoOwner(db, { NODE_ENV: 'production' })).rejects.toThrow(DEMO_OWNER_IN_PRODUCTION);
    await guardDemoOwner(db, { NODE_ENV: 'development', KASRAT_DEV_TOOLS: '1' });
    expect((await demo()).disabled_at).toBeNull();
    await guardDemoOwner(db, { NODE_ENV: 'development' });
    expect((await demo()).disabled_at).not.toBeNull();
    await guardDemoOwner(db, { NODE_ENV: 'production' });
    await db
      .updateTable('staff')
      .set({ disabled_at: null })
      .where('id', '=', (await demo()).id)
      .execute();
  });
});

describe('STAFF_TOTP_KEY', () => {
  test('production refuses to start without one; without one beyond loopback, secrets are not sealed', () => {
    const prod = {
      NODE_ENV: 'production',
      OPS_TOKEN: 'a-long-enough-operations-token',
      PUBLIC_ORIGIN: 'https://www.kasrat.in',
      BANK_ACCOUNT_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    };
    expect(() => readConfig(prod)).toThrow(/STAFF_TOTP_KEY: required in production/);
    expect(() => readConfig({ ...prod, STAFF_TOTP_KEY: 'short' })).toThrow(/STAFF_TOTP_KEY/);
    expect(readConfig({ ...prod, STAFF_TOTP_KEY: `t1:${Buffer.alloc(32, 9).toString('base64')}` }).NODE_ENV).toBe('production');
    expect(() => openTotp('v1:x:a:b:c', 'a@b.in', { HOST: '0.0.0.0' })).toThrow(/STAFF_TOTP_KEY is required/);
  });
});
