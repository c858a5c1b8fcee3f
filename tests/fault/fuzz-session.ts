import type { FastifyInstance } from 'fastify';
import { createTestApp, type Backend, type TestApp } from '../helpers/app.ts';
import { discoverSchemas, routeCollector, type Route, type RouteSchemas } from './fuzz-harness.ts';

// One fuzzing target: a seeded app on the given database, its routes, the schemas they parse, and a signed-in
// demo shopper whose session is renewed when a fuzzed request ends it (logout, password change …).
export interface FuzzTarget {
  t: TestApp;
  routes: Route[];
  schemas: Map<string, RouteSchemas>;
  cookies: () => string[];
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

export async function openFuzzTarget(backend: Backend): Promise<FuzzTarget> {
  // Messages queued by fuzzed OTP requests stay in the outbox: nothing is printed or sent.
  process.env.OUTBOX_WORKER = 'off';
  const { routes, onRoute } = routeCollector();
  const t = await createTestApp(backend, { onRoute, routeTable: false });
  let cookie = await signIn(t.app);
  const renewSession = async () => {
    const ping = await t.app.inject({ method: 'GET', url: '/api/ping', headers: { cookie } });
    if (!ping.json().data) cookie = await signIn(t.app);
  };
  const schemas = await discoverSchemas(t.app, routes, () => ['', cookie], renewSession);
  return { t, routes, schemas, cookies: () => [cookie], renewSession };
}
