import { Writable } from 'node:stream';
import fc from 'fast-check';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { BACKENDS, createTestApp, openTestDatabase } from '../helpers/app.ts';
import { encryptForServer, latestOtp, markEmailVerified, submitRegister } from './auth-helpers.ts';
import { ONBOARDING_CALLS } from '../helpers/auth-calls.ts';

// Security properties of sign-in that cut across calls: the clear password is never stored or logged,
// production has no development doors, and no input makes a 500.

async function appWithCapturedLogs(backend: (typeof BACKENDS)[number]) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = await createTestApp(backend, { logs: stream });
  return { t, lines };
}

describe.each(BACKENDS)('auth security [%s]', (backend) => {
  test('the clear password appears in no table and no log line, through register, login, reset and change', async () => {
    const { t, lines } = await appWithCapturedLogs(backend);
    try {
      const passwords = ['Clear#Pass111', 'Reset#Pass222', 'Change#Pass333', 'Wrong#Pass444', 'Encrypted#Pass555'];
      const a = t.agent();
      const mobile = '7111111111';
      const email = 'secret.keeper@kasrat.test';
      const reg = await submitRegister(t, a, { email, mobile, password: passwords[0], first_name: 'Secret Keeper' });
      expect(reg.json().status).toBe(1);
      // Reset codes go only to a verified email (registration proved the mobile).
      await markEmailVerified(t, email);
      await a.post('/api/auth/login', { email_or_mobile: email, customer_password: passwords[3] });
      await a.post('/api/auth/login', { email_or_mobile: email, customer_password: passwords[0] });
      await a.post('/api/auth/otp', { type: 'forgotPassword', email_or_mobile: email });
      await a.post('/api/auth/otp/verify', { email_or_mobile: email, otp: await latestOtp(t, email) });
      expect(
        (
          await a.request({ method: 'PUT', url: '/api/auth/password', payload: { email_or_mobile: email, new_password: passwords[1] } })
        ).json().status,
      ).toBe(1);
      await a.post('/api/myAccount/generate-otp-for-password', {});
      await a.post('/api/myAccount/update-password', { otp: await latestOtp(t, mobile), new_password: passwords[2] });
      const key = (await a.get('/api/auth/public-key')).json().data.spki;
      await a.post('/api/auth/login', {
        email_or_mobile: email,
        customer_password: await encryptForServer(key, passwords[4]),
        is_encrypted: true,
      });
      // A failing body with a password in it is not echoed either.
      await a.post('/api/auth/register', { email, mobile, password: passwords[0], otp: 'x', first_name: 'Secret Keeper' });

      const tables = await sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(
        t.handle.db,
      );
      expect(tables.rows.length).toBeGreaterThan(10);
      let dump = '';
      for (const { table_name } of tables.rows) {
        const rows = await sql`SELECT * FROM ${sql.table(table_name)}`.execute(t.handle.db);
        dump += JSON.stringify(rows.rows);
      }
      const logs = lines.join('');
      expect(logs.length).toBeGreaterThan(1000);
      expect(dump).toContain('$argon2id$');
      for (const p of passwords) {
        expect(dump.includes(p), `stored: ${p}`).toBe(false);
        expect(logs.includes(p), `logged: ${p}`).toBe(false);
      }
    } finally {
      await t.close();
    }
  }, 240_000);

  test('no input to any sign-in or account call makes a 500', async () => {
    const { t } = await appWithCapturedLogs(backend);
    try {
      const signedIn = t.agent();
      await signedIn.post('/api/auth/login', { email_or_mobile: 'demo@kasrat.test', customer_password: 'Demo@1234' });
      const calls: Array<['POST' | 'PUT' | 'GET' | 'DELETE', string]> = [
        ...ONBOARDING_CALLS,
        ['POST', '/api/myAccount/post-profile-values'],
        ['POST', '/api/myAccount/update-mobile'],
        ['POST', '/api/myAccount/update-email'],
        ['POST', '/api/myAccount/update-password'],
        ['POST', '/api/myAccount/delete-profile'],
        ['POST', '/api/myAccount/verify-email-verification'],
        ['POST', '/api/myAddress/user-address-add-update'],
      ];
      const fieldValue = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 2 }),
        fc.constantFrom('9876543210', 'demo@kasrat.test', '123456', '+91', 'login', 'profile'),
      );
      const keys = fc.constantFrom(
        'email_or_mobile',
        'c_code',
        'otp',
        'type',
        'email',
        'mobile',
        'password',
        'customer_password',
        'is_encrypted',
        'first_name',
        'new_password',
        'new_mobile',
        'new_email',
        'token',
        'id_token',
        'address_id',
        'pincode',
        'address_type',
        'full_name',
        'address',
        'city',
        'state',
        'google_token',
      );
      const body = fc.oneof(fc.dictionary(keys, fieldValue, { maxKeys: 8 }), fc.anything({ maxDepth: 2 }));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...calls), body, async ([method, url], payload) => {
          const res = await signedIn.request({
            method,
            url,
            payload: JSON.stringify(payload ?? null),
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.99.0.1' },
          });
          return res.statusCode < 500;
        }),
        { numRuns: 300, seed: 20261123 },
      );
      for (const q of ['pincode=%00', 'pincode=1&pincode=2', 'st[]=x', `pincode=110001&st=${'x'.repeat(500)}`]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/myAddress/fetch-address-pincode?${q}` });
        expect(res.statusCode, q).toBeLessThan(500);
      }
    } finally {
      await t.close();
    }
  }, 240_000);
});

describe('production has no development doors', () => {
  test('the development identity provider cannot be switched on in production', async () => {
    const { readAuthConfig } = await import('../../server/modules/auth/config.ts');
    expect(() => readAuthConfig({ NODE_ENV: 'production', DEV_IDP: 'on' })).toThrow(/DEV_IDP: cannot be on in production/);
    expect(readAuthConfig({ NODE_ENV: 'production' }).devIdp).toBe(false);
    // A development tool: on only with KASRAT_DEV_TOOLS=1.
    expect(readAuthConfig({ NODE_ENV: 'development' }).devIdp).toBe(false);
    expect(readAuthConfig({ NODE_ENV: 'development', KASRAT_DEV_TOOLS: '1' }).devIdp).toBe(true);
  });

  test('no dev outbox, no development identity provider, Google off until configured', async () => {
    const saved = { ...process.env };
    // Production needs real transports (the console one would log OTPs); the worker stays off here.
    Object.assign(process.env, {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.invalid',
      SMS_WEBHOOK_URL: 'https://sms.invalid/send',
      OUTBOX_WORKER: 'off',
      // The other settings production insists on (operations token, a real payment gateway's key).
      OPS_TOKEN: 'auth-security-test-operations-token',
      PAYMENT_GATEWAY: 'paytm',
      PAYTM_MERCHANT_KEY: 'testkey-16bytes!',
      PAYTM_MID: 'AuthSecurityTest01',
      PAYTM_HOST: 'https://securegw.paytm.in',
      PAYTM_WEBSITE: 'DEFAULT',
      SANDBOX_GATEWAY_SECRET: 'auth-security-test-sandbox-secret',
      KASRAT_DEV_TOOLS: '',
    });
    const { handle, close } = await openTestDatabase('pglite');
    const app = await buildApp({ config: { NODE_ENV: 'production', LOG_LEVEL: 'silent' }, handle, clientDir: null });
    process.env = saved;
    try {
      expect((await app.inject({ method: 'GET', url: '/api/dev/outbox?to=9876543210' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/dev/idp/jwks' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/dev/idp/authorize?client_id=x&redirect_uri=/' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/auth/google-config' })).json().data).toMatchObject({
        enabled: false,
        development: false,
      });
      const google = await app.inject({
        method: 'POST',
        url: '/api/auth/login/google',
        payload: { email: 'a@b.co', id_token: 'x'.repeat(40) },
      });
      expect(google.statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/auth/public-key' })).json().status).toBe(1);
    } finally {
      await app.close();
      await close();
    }
  }, 240_000);
});
