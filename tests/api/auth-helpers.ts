import type { Agent, TestApp } from '../helpers/app.ts';

// Helpers shared by the auth and account API suites.

/** What the browser does (src/features/account): RSA-OAEP SHA-256 with the server's SPKI key, base64. */
export async function encryptForServer(spkiBase64: string, password: string): Promise<string> {
  const key = await crypto.subtle.importKey('spki', Buffer.from(spkiBase64, 'base64'), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return Buffer.from(cipher).toString('base64');
}

/** The newest OTP sent to an address, read the way people and e2e tests do: GET /api/dev/outbox. */
export async function latestOtp(t: TestApp, to: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const otp = res.json().data[0]?.otp;
  if (!otp) throw new Error(`no OTP in the outbox for ${to}`);
  return otp;
}

let counter = 0;
/** A fresh, unused mobile and email per call (unique within a run; the database is fresh per suite). */
export function freshIdentity(): { mobile: string; email: string; name: string } {
  counter++;
  const n = String(counter).padStart(4, '0');
  return {
    mobile: `70000${String(process.pid % 100).padStart(2, '0')}${n.slice(-3)}`,
    email: `shopper${counter}.${process.pid}@kasrat.test`,
    name: 'Asha Rao',
  };
}

/** Sends a register OTP to `fields.mobile` and submits the register form with that code; returns the answer. */
export async function submitRegister(t: TestApp, agent: Agent, fields: { mobile: string; c_code?: string } & Record<string, unknown>) {
  const sent = await agent.post('/api/auth/otp', { type: 'register', email_or_mobile: fields.mobile, c_code: fields.c_code });
  if (sent.statusCode !== 200) throw new Error(`otp: ${sent.body}`);
  return agent.post('/api/auth/register', { ...fields, otp: await latestOtp(t, fields.mobile) });
}

/** Registers a new customer through the real calls; leaves `agent` signed in. */
export async function registerCustomer(t: TestApp, agent: Agent, who = freshIdentity(), password = 'Secret@123') {
  const res = await submitRegister(t, agent, {
    email: who.email,
    mobile: who.mobile,
    c_code: '+91',
    password,
    opt_in: true,
    first_name: who.name,
    is_encrypted: false,
    email_fetched_from_google: false,
    google_token: null,
    referrer: null,
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  return { ...who, password, customerId: res.json().data.user.customer_id as number };
}

/** A customer written straight into the table without a mobile, as accounts from before mobiles were required. */
export async function insertCustomerWithoutMobile(
  t: TestApp,
  fields: { first_name: string; email: string; password_hash: string | null; email_verified?: boolean },
): Promise<void> {
  await t.handle.db
    .insertInto('customers')
    .values({ mobile: null, google_sub: null, referrer: null, last_order_at: null, deletion_requested_at: null, ...fields })
    .execute();
}

let ipCounter = 0;
/** A cookie-keeping client with its own client IP (the app trusts x-forwarded-for), so per-IP limits stay per test. */
export function ipAgent(
  t: TestApp,
  ip = `10.${process.pid % 250}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
): Agent & { ip: string } {
  const inner = t.agent();
  const withIp = (headers?: Record<string, string>) => ({ 'x-forwarded-for': ip, ...(headers ?? {}) });
  return {
    ip,
    cookies: inner.cookies,
    request: (opts) => inner.request({ ...opts, headers: withIp(opts.headers as Record<string, string>) }),
    get: (url, headers) => inner.get(url, withIp(headers)),
    post: (url, body, headers) => inner.post(url, body, withIp(headers)),
  };
}

export async function loginAs(agent: Agent, identifier: string, password: string) {
  return agent.post('/api/auth/login', { email_or_mobile: identifier, c_code: '+91', customer_password: password, is_encrypted: false });
}

/**
 * Registration proves the mobile only; OTP sign-in and Google linking need a verified email (README "Security").
 * Stands in for the email-verification link, which the account suite covers.
 */
export async function markEmailVerified(t: TestApp, email: string): Promise<void> {
  await t.handle.db.updateTable('customers').set({ email_verified: true }).where('email', '=', email).execute();
}
