import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { STAFF_ROLES, type StaffRole } from '../../schemas/staff-rules.ts';
import { createStaff, currentCode } from '../../server/modules/staff/index.ts';
import { createTestApp, type Backend, type TestApp } from '../helpers/app.ts';
import { discoverSchemas, routeCollector, type Route, type RouteSchemas } from './fuzz-harness.ts';

// One fuzzing target: a seeded app on the given database, its routes, the schemas they parse, a signed-in demo
// shopper, a signed-in member of staff of every role and the operations token, so the operations calls are fuzzed
// past their permission check too (docs/decisions/019). A session a fuzzed request ends (logout, sign-out, a staff
// account disabled) is renewed.
export interface FuzzTarget {
  t: TestApp;
  routes: Route[];
  schemas: Map<string, RouteSchemas>;
  /** Cookie headers: the shopper's, then one per staff role. */
  cookies: () => string[];
  /** The operations token the app was started with (OPS_TOKEN). */
  opsToken: string;
  renewSession: () => Promise<void>;
}

async function signIn(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': '10.255.255.254' },
    payload: { email_or_mobile: 'demo@kasrat.test', c_code: '+91', customer_password: 'Demo@1234', is_encrypted: false },
  });
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

const STAFF_PASSWORD = 'Fuzz-console-2026';

let signIns = 0;

/** A new member of staff of `role`, signed in to the console: their cookie header. */
async function signInStaff(t: TestApp, role: StaffRole): Promise<string> {
  // Each from its own address: renewals are many in a long run, and the console limits sign-ins per network.
  const n = signIns++;
  const email = `fuzz-${role}-${randomBytes(4).toString('hex')}@staff.kasrat.test`;
  const staff = await createStaff(t.handle.db, { email, role, password: STAFF_PASSWORD });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/staff/sign-in',
    headers: { 'x-forwarded-for': `172.${16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}` },
    payload: { email, password: STAFF_PASSWORD, code: await currentCode(staff.secret) },
  });
  if (res.statusCode !== 200) throw new Error(`fuzz: staff sign-in failed: ${res.statusCode} ${res.body}`);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export async function openFuzzTarget(backend: Backend): Promise<FuzzTarget> {
  // Messages queued by fuzzed OTP requests stay in the outbox: nothing is printed or sent.
  process.env.OUTBOX_WORKER = 'off';
  const opsToken = randomBytes(24).toString('hex');
  process.env.OPS_TOKEN = opsToken;
  const { routes, onRoute } = routeCollector();
  const t = await createTestApp(backend, { onRoute, routeTable: false });
  let cookie = await signIn(t.app);
  const staff = new Map<StaffRole, string>();
  for (const role of STAFF_ROLES) staff.set(role, await signInStaff(t, role));
  const renewSession = async () => {
    const ping = await t.app.inject({ method: 'GET', url: '/api/ping', headers: { cookie } });
    if (!ping.json().data) cookie = await signIn(t.app);
    // A staff session a fuzzed call ended (sign-out, its account disabled) is replaced by a new account's.
    for (const [role, c] of staff) {
      const me = await t.app.inject({ method: 'GET', url: '/api/ops/staff/me', headers: { cookie: c } });
      if (me.statusCode !== 200) staff.set(role, await signInStaff(t, role));
    }
  };
  const cookies = () => [cookie, ...staff.values()];
  const schemas = await discoverSchemas(t.app, routes, () => ['', ...cookies()], renewSession);
  return { t, routes, schemas, cookies, opsToken, renewSession };
}
