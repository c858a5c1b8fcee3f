import { execFile } from 'node:child_process';
import { sql } from 'kysely';
import { STAFF_MESSAGES } from '../../schemas/staff.ts';
import { OPS_REFUSED, STAFF_FORBIDDEN } from '../../server/http/ops.ts';
import { currentCode, DEMO_STAFF, STAFF_COOKIE } from '../../server/modules/staff/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { OPS_TOKEN_FOR_TESTS } from '../helpers/orders.ts';
import { newStaff, STAFF_PASSWORD, signedInStaff } from './staff-fixtures.ts';

// Staff accounts, their sessions and the audit trail (docs/decisions/019).

process.env.OPS_TOKEN = OPS_TOKEN_FOR_TESTS;
const TOKEN = { authorization: `Bearer ${OPS_TOKEN_FOR_TESTS}` };

describeBackends('staff', (ctx) => {
  test('sign-in needs the password and the current TOTP code; the cookie is strict, http-only and scoped to /api', async () => {
    const t = ctx();
    const staff = await newStaff(t, 'support');
    const agent = t.agent();
    const code = await currentCode(staff.secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    // Failures slow their source: this test's own address keeps the others' sign-ins clear.
    const source = { 'x-forwarded-for': '10.47.0.1' };
    const badCode = await agent.post('/api/ops/staff/sign-in', { email: staff.email, password: STAFF_PASSWORD, code: wrongCode }, source);
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().message).toBe(STAFF_MESSAGES.wrongCredentials);
    const badPassword = await agent.post('/api/ops/staff/sign-in', { email: staff.email, password: 'not-the-password', code }, source);
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json().message).toBe(STAFF_MESSAGES.wrongCredentials);
    const nobody = await agent.post(
      '/api/ops/staff/sign-in',
      { email: 'nobody@staff.kasrat.test', password: STAFF_PASSWORD, code },
      source,
    );
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json().message).toBe(STAFF_MESSAGES.wrongCredentials);

    const res = await agent.post('/api/ops/staff/sign-in', { email: staff.email.toUpperCase(), password: STAFF_PASSWORD, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: staff.email, role: 'support' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${STAFF_COOKIE}=`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api(;|$)/);
    const me = await agent.get('/api/ops/staff/me');
    expect(me.json().data).toMatchObject({ id: staff.id, role: 'support' });
    expect(me.json().data.permissions).toContain('customers:write');
    expect(me.json().data.permissions).not.toContain('catalogue:write');
  });

  test('a code signs in once: the same code again is refused (RFC 6238, section 5.2)', async () => {
    const t = ctx();
    const staff = await newStaff(t, 'marketing');
    const code = await currentCode(staff.secret);
    const first = await t.agent().post('/api/ops/staff/sign-in', { email: staff.email, password: STAFF_PASSWORD, code });
    expect(first.statusCode).toBe(200);
    const again = await t
      .agent()
      .post('/api/ops/staff/sign-in', { email: staff.email, password: STAFF_PASSWORD, code }, { 'x-forwarded-for': '10.47.0.2' });
    expect(again.statusCode).toBe(401);
  });

  test('wrong attempts lock the account for their source only, even with the right password and code', async () => {
    const t = ctx();
    const staff = await newStaff(t, 'fulfilment');
    const agent = t.agent();
    const there = { 'x-forwarded-for': '10.47.0.3' };
    for (let i = 0; i < 5; i++)
      expect(
        (await agent.post('/api/ops/staff/sign-in', { email: staff.email, password: `wrong-${i}-password`, code: '123456' }, there))
          .statusCode,
      ).toBe(401);
    const right = async () => ({ email: staff.email, password: STAFF_PASSWORD, code: await currentCode(staff.secret) });
    const locked = await agent.post('/api/ops/staff/sign-in', await right(), there);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(STAFF_MESSAGES.locked);
    expect((await t.agent().post('/api/ops/staff/sign-in', await right(), { 'x-forwarded-for': '10.47.0.4' })).statusCode).toBe(200);
  });

  test('bad input is a 400 naming the problem, never a 500', async () => {
    const agent = ctx().agent();
    for (const body of [
      {},
      { email: 'x', password: 'p', code: '123456' },
      { email: 'a@b.in', password: 'p', code: '12ab56' },
      { email: 'a@b.in', password: '', code: '123456' },
    ]) {
      const res = await agent.post('/api/ops/staff/sign-in', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(0);
    }
  });

  test('a session ends when idle, at sign-out, and when the account is disabled', async () => {
    const t = ctx();
    const idle = await signedInStaff(t, 'support');
    expect((await idle.agent.get('/api/ops/staff/me')).statusCode).toBe(200);
    await t.handle.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
      .where('staff_id', '=', idle.id)
      .execute();
    const ended = await idle.agent.get('/api/ops/staff/me');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(STAFF_MESSAGES.sessionEnded);

    const out = await signedInStaff(t, 'support');
    expect((await out.agent.post('/api/ops/staff/sign-out', {})).statusCode).toBe(200);
    expect((await out.agent.get('/api/ops/staff/me')).statusCode).toBe(401);
    expect(await t.handle.db.selectFrom('staff_sessions').select('id').where('staff_id', '=', out.id).execute()).toEqual([]);

    const gone = await signedInStaff(t, 'owner');
    await t.handle.db.updateTable('staff').set({ disabled_at: new Date() }).where('id', '=', gone.id).execute();
    expect((await gone.agent.get('/api/ops/audit')).statusCode).toBe(401);
  });

  test('existing operations calls take the token or a session with the permission; a shopper session is nothing', async () => {
    const t = ctx();
    const url = '/api/ops/shipments/NO-SUCH-SHIPMENT';
    expect((await t.agent().get(url, TOKEN)).statusCode).toBe(404);
    const fulfilment = await signedInStaff(t, 'fulfilment');
    expect((await fulfilment.agent.get(url)).statusCode).toBe(404);
    const marketing = await signedInStaff(t, 'marketing');
    const refused = await marketing.agent.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_FORBIDDEN);
    const anonymous = await t.agent().get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(OPS_REFUSED);
    // A forged cookie is no session.
    expect((await t.agent().get(url, { cookie: `${STAFF_COOKIE}=forged-token-value` })).statusCode).toBe(401);
  });

  test('create-staff: the owner (or the token) adds staff; the secret is answered once and never audited', async () => {
    const t = ctx();
    const body = { email: 'new.packer@staff.kasrat.test', role: 'fulfilment', password: 'Packer-pass-2026' };
    const byToken = await t.agent().post('/api/ops/staff', body, TOKEN);
    expect(byToken.statusCode).toBe(200);
    const created = byToken.json().data;
    expect(created.otpauth_url).toContain(`secret=${created.secret}`);
    // The new account signs in with the printed secret.
    const signIn = await t
      .agent()
      .post('/api/ops/staff/sign-in', { email: body.email, password: body.password, code: await currentCode(created.secret) });
    expect(signIn.statusCode).toBe(200);
    expect((await t.agent().post('/api/ops/staff', body, TOKEN)).statusCode).toBe(409);
    expect((await t.agent().post('/api/ops/staff', { ...body, email: 'x@staff.kasrat.test', role: 'boss' }, TOKEN)).statusCode).toBe(400);
    const support = await signedInStaff(t, 'support');
    expect((await support.agent.post('/api/ops/staff', { ...body, email: 'y@staff.kasrat.test' })).statusCode).toBe(403);

    const owner = await signedInStaff(t, 'owner');
    const trail = (await owner.agent.get('/api/ops/audit?limit=200')).json().data.entries as Array<Record<string, unknown>>;
    const entry = trail.find((e) => e.action === 'staff.create' && e.target === `staff:${created.id}`);
    expect(entry).toMatchObject({ actor: 'token', staff_id: null, after: { email: body.email, role: 'fulfilment' } });
    expect(String(entry?.request_id)).not.toBe('');
    expect(JSON.stringify(trail)).not.toContain(created.secret);
    expect(JSON.stringify(trail)).not.toContain(body.password);
  });

  test('npm run ops -- create-staff prints the password, TOTP secret and otpauth URL once; they sign in', async () => {
    const t = ctx();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const out = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['scripts/ops.mjs', 'create-staff', '--email', 'first.owner@staff.kasrat.test', '--role', 'owner'],
        { encoding: 'utf8', env: { ...process.env, OPS_TOKEN: OPS_TOKEN_FOR_TESTS, OPS_URL: `http://127.0.0.1:${port}` } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(out.code).toBe(0);
    const password = /^password: (\S+)$/m.exec(out.stdout)?.[1] as string;
    const secret = /"secret": "([A-Z2-7]+)"/.exec(out.stdout)?.[1] as string;
    expect(out.stdout).toContain('otpauth://totp/');
    const res = await t
      .agent()
      .post('/api/ops/staff/sign-in', { email: 'first.owner@staff.kasrat.test', password, code: await currentCode(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('owner');
  });

  test('an operations write by staff is recorded with who, the call and the request id; only the owner reads the trail', async () => {
    const t = ctx();
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const res = await fulfilment.agent.post('/api/ops/refunds/retry', {}, { 'x-request-id': 'audit-check-0001' });
    expect(res.statusCode).toBe(403); // refunds are the owner's
    const owner = await signedInStaff(t, 'owner');
    expect((await owner.agent.post('/api/ops/refunds/retry', {}, { 'x-request-id': 'audit-check-0002' })).statusCode).toBe(200);
    const trail = (await owner.agent.get('/api/ops/audit')).json().data.entries as Array<Record<string, unknown>>;
    // The caller's id is kept apart; the row's request id is the server's own.
    const entry = trail.find((e) => e.client_request_id === 'audit-check-0002');
    expect(entry).toMatchObject({ actor: `staff:${owner.id}`, staff_id: owner.id, action: 'POST /api/ops/refunds/retry' });
    expect(entry?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(trail.some((e) => e.client_request_id === 'audit-check-0001')).toBe(false);
    expect((await fulfilment.agent.get('/api/ops/audit')).statusCode).toBe(403);
    expect((await t.agent().get('/api/ops/audit?limit=0', TOKEN)).statusCode).toBe(400);
  });

  test('the audit trail cannot be changed or emptied, not even by SQL', async () => {
    const { db } = ctx().handle;
    await db.insertInto('audit_log').values({ actor: 'token', action: 'test.entry' }).execute();
    await expect(sql`UPDATE audit_log SET action = 'rewritten'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const left = await db.selectFrom('audit_log').select('action').where('action', '=', 'test.entry').execute();
    expect(left).toHaveLength(1);
  });

  test('with the development tools the demo owner exists and its current code signs it in', async () => {
    const t = ctx();
    const code = (await t.agent().get('/api/dev/staff-code')).json().data.code as string;
    expect(code).toMatch(/^\d{6}$/);
    const res = await t.agent().post('/api/ops/staff/sign-in', { email: DEMO_STAFF.email, password: DEMO_STAFF.password, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('owner');
  });

  test('the development code is one a sign-in still accepts, even right after a sign-in used this step', async () => {
    const t = ctx();
    // No step used yet, so the two codes are this step's and the next: no wait for a third.
    await t.handle.db.updateTable('staff').set({ totp_last_step: 0 }).where('email', '=', DEMO_STAFF.email).execute();
    // Two sign-ins within one 30-second step: the second code must not be the first one replayed.
    for (let i = 0; i < 2; i += 1) {
      const code = (await t.agent().get('/api/dev/staff-code')).json().data.code as string;
      const res = await t.agent().post('/api/ops/staff/sign-in', { email: DEMO_STAFF.email, password: DEMO_STAFF.password, code });
      expect(res.statusCode).toBe(200);
    }
  });
});
