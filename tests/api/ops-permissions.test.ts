import type { RouteOptions } from 'fastify';
import { can, STAFF_ROLES, type StaffRole } from '../../schemas/staff.ts';
import { isOpsRoute, OPS_REFUSED, permissionFor, STAFF_FORBIDDEN } from '../../server/http/ops.ts';
import { type Agent, describeBackends } from '../helpers/app.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';
import { signedInStaff } from './staff-fixtures.ts';

// The permission matrix (docs/decisions/019): every operations route the app registers, driven by a signed-in
// member of every role, a shopper and a guest. A role without the route's permission gets 403 and nothing else;
// a role with it gets past the check; nobody without a staff session or the token gets in. A new operations route
// joins the matrix by being registered: nothing to add here.

process.env.OUTBOX_WORKER = 'off';
delete process.env.OPS_TOKEN;

interface OpsRoute {
  method: string;
  url: string;
  config?: { opsPermission?: never };
}
const routes: Array<{ method: string; url: string; config: RouteOptions['config'] }> = [];
const onRoute = (route: RouteOptions) => {
  for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, config: route.config });
};

/**
 * Open on purpose: signing in, signing out, "who am I" and changing one's own password need no permission, and a
 * one-time staff link is its own proof (tests/api/staff-accounts.test.ts).
 */
const OPEN = new Set([
  'POST /api/ops/staff/sign-in',
  'POST /api/ops/staff/sign-out',
  'GET /api/ops/staff/me',
  'POST /api/ops/staff/password',
  'POST /api/ops/staff-links/open',
  'POST /api/ops/staff-links/accept',
]);

const fill = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (name === 'action' ? 'pack' : 'ZZ0000000'));

describeBackends(
  'operations permission matrix',
  (ctx) => {
    let opsRoutes: Array<{ key: string; method: string; url: string; needed: ReturnType<typeof permissionFor> }>;
    const staff = new Map<StaffRole, Agent>();
    let shopper: Agent;

    beforeAll(async () => {
      const t = ctx();
      opsRoutes = routes
        .filter((r) => isOpsRoute(r.method, r.url, r.config as OpsRoute['config']) && !OPEN.has(`${r.method} ${r.url}`))
        .map((r) => ({
          key: `${r.method} ${r.url}`,
          method: r.method,
          url: r.url,
          needed: permissionFor(r.method, r.url, r.config as OpsRoute['config']),
        }))
        .filter((r, i, all) => all.findIndex((x) => x.key === r.key) === i);
      for (const role of STAFF_ROLES) staff.set(role, (await signedInStaff(t, role)).agent);
      shopper = t.agent();
      await signInDirectly(t.handle.db, shopper, await createCustomer(t.handle.db));
    });

    const call = (agent: Agent, r: { method: string; url: string }) =>
      agent.request({ method: r.method as 'GET' | 'POST', url: fill(r.url), ...(r.method === 'GET' ? {} : { payload: {} }) });

    test('the matrix covers every operations call, including those other modules own', () => {
      const keys = opsRoutes.map((r) => r.key);
      expect(keys).toEqual(
        expect.arrayContaining([
          'GET /api/ops/shipments/:shipmentId',
          'POST /api/ops/shipments/:shipmentId/:action',
          'POST /api/ops/refunds/retry',
          'POST /api/review/v1/ops/review-status',
          'GET /api/ops/reviews',
          'POST /api/ops/coupons',
          'POST /api/ops/coupons/:code',
          'POST /api/ops/bank-offers/:id',
          'POST /api/ops/freebies/:id',
          'POST /api/ops/delivery-rules/:id',
          'POST /api/ops/sale-pages/:id',
          'GET /api/analytics/funnel',
          'GET /api/ops/audit',
          'POST /api/ops/staff',
          'GET /api/ops/staff',
          'POST /api/ops/staff/:staffId/disabled',
          'GET /api/ops/audit/csv',
          'GET /api/ops/catalogue/csv',
          'POST /api/ops/catalogue/csv/check',
          'POST /api/ops/catalogue/csv/apply',
          'GET /api/ops/customers/:customerId/orders',
          'POST /api/ops/shipments/:shipmentId/items/cancel-preview',
          'POST /api/ops/shipments/:shipmentId/items/cancel',
          'GET /api/ops/queues/payment-issues',
          'POST /api/ops/catalogue/products/:productId/image',
        ]),
      );
      // Every role but the owner lacks something, or the matrix would prove nothing.
      for (const role of STAFF_ROLES.filter((r) => r !== 'owner'))
        expect(opsRoutes.some((r) => r.needed === 'owner' || !can(role, r.needed))).toBe(true);
    });

    test.each(STAFF_ROLES)('%s: 403 on every call its role lacks, past the check on the others', async (role) => {
      const agent = staff.get(role) as Agent;
      const wrong: string[] = [];
      for (const r of opsRoutes) {
        const allowed = r.needed === 'owner' ? role === 'owner' : can(role, r.needed);
        const res = await call(agent, r);
        if (allowed ? res.statusCode === 401 || res.statusCode === 403 : res.statusCode !== 403 || res.json().message !== STAFF_FORBIDDEN)
          wrong.push(`${r.key} → ${res.statusCode} (${allowed ? 'allowed' : `lacks ${r.needed}`})`);
        if (res.statusCode >= 500) wrong.push(`${r.key} → ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });

    test.each(STAFF_ROLES)('%s: receiving a return pays its refund, so it needs refunds:write beyond orders:write', async (role) => {
      const res = await (staff.get(role) as Agent).post('/api/ops/shipments/ZZ0000000/receive-return', {});
      if (can(role, 'orders:write') && can(role, 'refunds:write')) expect(res.statusCode).toBe(404);
      else expect([res.statusCode, res.json().message]).toEqual([403, STAFF_FORBIDDEN]);
    });

    test('a guest and a signed-in shopper get 401 on every operations call', async () => {
      const wrong: string[] = [];
      for (const agent of [ctx().agent(), shopper])
        for (const r of opsRoutes) {
          const res = await call(agent, r);
          if (res.statusCode !== 401 || res.json().message !== OPS_REFUSED) wrong.push(`${r.key} → ${res.statusCode}`);
        }
      expect(wrong).toEqual([]);
    });
  },
  { onRoute },
);
