import { isPublicCatalogue } from '../../server/http/caching.ts';
import { storeUpload } from '../../server/modules/uploads/index.ts';
import { type Agent, describeBackends } from '../helpers/app.ts';
import { PNG } from '../helpers/multipart.ts';
import { routeCollector } from '../fault/fuzz-harness.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';

// README "Security": every /api answer states its caching. Answers the same for everyone say so (the catalogue's
// `public, no-cache`, a route's own public lifetime); every other answer, which may be a shopper's own, is
// `private, no-store`, and a shopper's private file `private, no-cache`. Driven over every GET route the app
// registers, signed in (as the authorisation matrix is built), so a new route cannot leave it unsaid.

process.env.OUTBOX_WORKER = 'off';
const collected = routeCollector();

/** Routes whose answer is the same for every shopper and names its own public lifetime (not the catalogue's). */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/app/app-links': 'public, max-age=3600',
  'GET /api/authenticity/certificate/:file': 'public, max-age=3600',
};

describeBackends(
  'caching by intent',
  (ctx) => {
    let shopper: Agent;
    let customerId: number;
    beforeAll(async () => {
      shopper = ctx().agent();
      customerId = await createCustomer(ctx().handle.db);
      await signInDirectly(ctx().handle.db, shopper, customerId);
    });

    test('every GET route under /api states its caching, and only a public answer is public', async () => {
      const routes = collected.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/'));
      expect(routes.length).toBeGreaterThan(100);
      const wrong: string[] = [];
      for (const route of routes) {
        const url = route.url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
        for (const agent of [shopper, ctx().agent()]) {
          const res = await agent.get(url);
          const stated = String(res.headers['cache-control'] ?? '');
          const key = `GET ${route.url}`;
          const expected =
            PUBLIC_ROUTES[key] && res.statusCode === 200
              ? PUBLIC_ROUTES[key]
              : isPublicCatalogue('GET', url) && (res.statusCode === 200 || res.statusCode === 304)
                ? 'public, no-cache'
                : null;
          const ok = expected ? stated === expected : /^(private, )?no-store$/.test(stated);
          if (!ok) wrong.push(`${key} ${res.statusCode}: "${stated}"`);
        }
      }
      expect(wrong).toEqual([]);
    }, 300_000);

    test("the shopper's own answers are private, no-store: session, profile, addresses, bank accounts", async () => {
      for (const url of [
        '/api/ping',
        '/api/myAccount/get-profile-values',
        '/api/myAddress/user-address-list',
        '/api/order/customer-bank-listing',
        '/api/help-center/customer-order-list',
      ]) {
        const res = await shopper.get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('private, no-store');
      }
    });

    test('a private upload is kept by no cache past its use: private, no-cache', async () => {
      const stored = await storeUpload(ctx().handle.db, { customerId, purpose: 'return_media', bytes: PNG });
      const res = await shopper.get(`/api/uploads/${stored.public_id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    });
  },
  { onRoute: collected.onRoute },
);
