import { readFileSync } from 'node:fs';
import type { Agent, TestApp } from '../helpers/app.ts';
import { describeBackends } from '../helpers/app.ts';
import { discoverSchemas, routeCollector, type Route } from '../fault/fuzz-harness.ts';
import { createCustomer, signInDirectly, variantsPriced } from './cart-fixtures.ts';
import { idFieldsOf } from './id-routes.ts';

// Authorisation (SPEC §7): every route that takes an id, driven by two customers and a guest. Another customer's
// id gets a 404 that says nothing about it (and changes nothing); a guest gets 401 on private routes. The table
// must have a row for every id-taking route the app registers (rule: tests/api/id-routes.ts), so a new one cannot
// be added without deciding here who may use it.

process.env.OUTBOX_WORKER = 'off';
const collected = routeCollector();

interface World {
  t: TestApp;
  alice: Agent;
  bob: Agent;
  guest: Agent;
  aliceId: number;
  variants: number[];
}

type Row =
  /** The id names something a customer owns: Bob gets 404 and learns nothing; a guest gets 401. */
  | { kind: 'owned'; check: (w: World) => Promise<void> }
  /** The id names a catalogue item inside the caller's own cart or lists: nobody can reach another's. */
  | { kind: 'caller-scoped'; check: (w: World) => Promise<void> }
  /** The id names public or write-only data (catalogue, event ingestion, development tools): no owner. */
  | { kind: 'public'; reason: string }
  /** Owned, and proven in the domain's own suite (named), which drives the same call as another customer. */
  | { kind: 'suite'; proof: string };

const CATALOGUE = { kind: 'public', reason: 'catalogue data, the same for every shopper' } as const;
const PUBLISHED_REVIEWS = { kind: 'public', reason: 'published reviews and their aggregates are public (hidden ones answer 404)' } as const;
const OPERATIONS = {
  kind: 'public',
  reason: 'operations calls: OPS_TOKEN or a staff session, never a customer session (tests/api/ops-permissions.test.ts)',
} as const;
const PAYMENT = {
  kind: 'suite',
  proof: 'tests/api/payment.test.ts: orders are looked up by (id, session customer); a foreign order is 404',
} as const;
const REVIEW_WRITE = {
  kind: 'suite',
  proof: "tests/api/reviews.test.ts: votes, updates and ratings act for the session's customer; another customer's review or order is 404",
} as const;

async function aliceAddress(w: World): Promise<number> {
  const pin = await w.t.handle.db
    .selectFrom('pincodes')
    .select(['pincode', 'city', 'state'])
    .where('serviceable', '=', true)
    .orderBy('pincode')
    .executeTakeFirstOrThrow();
  const res = await w.alice.post('/api/myAddress/user-address-add-update', {
    full_name: 'Alice Iyer',
    mobile: '9123456781',
    c_code: '+91',
    pincode: pin.pincode,
    address: 'Flat 9, Lake View Towers, Ring Road',
    city: pin.city,
    state: pin.state,
    address_type: 2,
  });
  expect(res.json().status).toBe(1);
  return res.json().data.address_id as number;
}

const notFoundAndSilent = (res: { statusCode: number; body: string }, secret: string) => {
  expect(res.statusCode).toBe(404);
  expect(res.body).not.toContain(secret);
};

async function cartLines(agent: Agent): Promise<Array<{ variant_id: number; quantity: number }>> {
  return (await agent.post('/api/cart/cart-list', {})).json().data.cart_data;
}

/** Alice's cart and lists before and after Bob's request must be the same. */
async function aliceUntouchedBy(w: World, bobs: () => Promise<unknown>) {
  const before = { cart: await cartLines(w.alice), wish: (await w.alice.get('/api/cart/wish-list')).json().data };
  await bobs();
  expect(await cartLines(w.alice)).toEqual(before.cart);
  expect((await w.alice.get('/api/cart/wish-list')).json().data).toEqual(before.wish);
}

const formPost = (agent: Agent, url: string, fields: Record<string, string | number | undefined>) =>
  agent.post(url, new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });

const TABLE: Record<string, Row> = {
  'POST /api/myAddress/user-address-add-update': {
    kind: 'owned',
    async check(w) {
      const id = await aliceAddress(w);
      const edit = {
        address_id: id,
        full_name: 'Bob Was Here',
        mobile: '9123456782',
        c_code: '+91',
        pincode: '110001',
        address: 'Somewhere else entirely',
        city: 'Delhi',
        state: 'Delhi',
        address_type: 1,
      };
      notFoundAndSilent(await w.bob.post('/api/myAddress/user-address-add-update', edit), 'Lake View');
      expect((await w.guest.post('/api/myAddress/user-address-add-update', edit)).statusCode).toBe(401);
      const list = (await w.alice.get('/api/myAddress/user-address-list')).json().data as Array<{ address_id: number; full_name: string }>;
      expect(list.find((a) => a.address_id === id)?.full_name).toBe('Alice Iyer');
    },
  },
  'DELETE /api/myAddress/user-address-delete': {
    kind: 'owned',
    async check(w) {
      const id = await aliceAddress(w);
      notFoundAndSilent(await w.bob.request({ method: 'DELETE', url: `/api/myAddress/user-address-delete?address_id=${id}` }), 'Lake View');
      expect((await w.guest.request({ method: 'DELETE', url: `/api/myAddress/user-address-delete?address_id=${id}` })).statusCode).toBe(
        401,
      );
      const list = (await w.alice.get('/api/myAddress/user-address-list')).json().data as Array<{ address_id: number }>;
      expect(list.some((a) => a.address_id === id)).toBe(true);
    },
  },
  'POST /api/cart/add-to-cart': {
    kind: 'caller-scoped',
    check: (w) => aliceUntouchedBy(w, () => w.bob.post('/api/cart/add-to-cart', { variant_id: w.variants[0], quantity: 1 })),
  },
  // The storefront's HTML forms (docs/decisions/017) act on the caller's own cart, as the calls they stand for.
  'POST /cart/add': {
    kind: 'caller-scoped',
    check: (w) => aliceUntouchedBy(w, () => formPost(w.bob, '/cart/add', { variant_id: w.variants[0], quantity: 1, return_to: '/cart' })),
  },
  'POST /cart/update': {
    kind: 'caller-scoped',
    check: (w) => aliceUntouchedBy(w, () => formPost(w.bob, '/cart/update', { variant_id: w.variants[1], quantity: 5, return_to: '/cart' })),
  },
  'POST /cart/remove': {
    kind: 'caller-scoped',
    check: (w) => aliceUntouchedBy(w, () => formPost(w.bob, '/cart/remove', { variant_id: w.variants[1], return_to: '/cart' })),
  },
  'POST /api/cart/update-cart': {
    kind: 'caller-scoped',
    check: (w) => aliceUntouchedBy(w, () => w.bob.post('/api/cart/update-cart', { variant_id: w.variants[1], quantity: 5 })),
  },
  'POST /api/cart/delete-cart': {
    kind: 'caller-scoped',
    check: (w) => aliceUntouchedBy(w, () => w.bob.post('/api/cart/delete-cart', { variant_id: w.variants[1] })),
  },
  'POST /api/cart/persist-cart': {
    kind: 'caller-scoped',
    async check(w) {
      // Bob naming Alice's cart id must not give him her cart.
      const aliceCart = w.alice.cookies.get('cart_id') as string;
      expect(aliceCart).toBeTruthy();
      await aliceUntouchedBy(w, async () => {
        const res = await w.bob.post('/api/cart/persist-cart', { cart_id: aliceCart });
        expect(res.json().data?.cart_id).not.toBe(aliceCart);
        expect((await cartLines(w.bob)).some((l) => l.variant_id === w.variants[1])).toBe(false);
      });
    },
  },
  'POST /api/cart/add-wish-list': {
    kind: 'caller-scoped',
    async check(w) {
      await aliceUntouchedBy(w, () => w.bob.post('/api/cart/add-wish-list', { id: w.variants[2] }));
      expect((await w.guest.post('/api/cart/add-wish-list', { id: w.variants[2] })).statusCode).toBe(401);
    },
  },
  'POST /api/cart/delete-wish-list': {
    kind: 'caller-scoped',
    async check(w) {
      await aliceUntouchedBy(w, () => w.bob.post('/api/cart/delete-wish-list', { id: w.variants[3] }));
      expect((await w.guest.post('/api/cart/delete-wish-list', { id: w.variants[3] })).statusCode).toBe(401);
    },
  },
  'POST /api/cart/add-save-for-later': {
    kind: 'caller-scoped',
    async check(w) {
      await aliceUntouchedBy(w, () => w.bob.post('/api/cart/add-save-for-later', { id: w.variants[1] }));
      expect((await w.guest.post('/api/cart/add-save-for-later', { id: w.variants[1] })).statusCode).toBe(401);
    },
  },
  'POST /api/cart/delete-save-for-later': {
    kind: 'caller-scoped',
    async check(w) {
      await aliceUntouchedBy(w, () => w.bob.post('/api/cart/delete-save-for-later', { id: w.variants[1] }));
      expect((await w.guest.post('/api/cart/delete-save-for-later', { id: w.variants[1] })).statusCode).toBe(401);
    },
  },
  'POST /api/cart/move-to-cart': {
    kind: 'caller-scoped',
    async check(w) {
      await aliceUntouchedBy(w, () => w.bob.post('/api/cart/move-to-cart', { id: w.variants[3], source: 'wishlist' }));
      expect((await w.guest.post('/api/cart/move-to-cart', { id: w.variants[3], source: 'wishlist' })).statusCode).toBe(401);
    },
  },
  'POST /api/cart/remove-freebee': {
    kind: 'caller-scoped',
    check: (w) => aliceUntouchedBy(w, () => w.bob.post('/api/cart/remove-freebee', { variant_id: w.variants[1] })),
  },
  'POST /api/freebie/add-freebie-to-cart': {
    kind: 'caller-scoped',
    check: (w) => aliceUntouchedBy(w, () => w.bob.post('/api/freebie/add-freebie-to-cart', { variant_id: w.variants[1] })),
  },
  'POST /api/events/conversions': { kind: 'public', reason: 'write-only ingestion: an event id is the sender’s own, nothing is read back' },
  'POST /api/events/affiliate': {
    kind: 'suite',
    proof: "tests/api/events-strangers.test.ts: the session's customer names a placed order of theirs; another customer's is 404",
  },
  'GET /api/dev/events': { kind: 'public', reason: 'development tool (KASRAT_DEV_TOOLS), hashes only' },
  'GET /api/dev/idp/authorize': { kind: 'public', reason: 'development identity provider; client_id is public' },
  'POST /api/dev/idp/authorize': { kind: 'public', reason: 'development identity provider; client_id is public' },
  'GET /api/home/home-page-info': CATALOGUE,
  'GET /api/product/brand-data': CATALOGUE,
  'GET /api/product/product-data': CATALOGUE,
  'GET /api/product/all-product-data': CATALOGUE,
  'GET /api/authenticity/brand-certificate': CATALOGUE,
  'GET /api/authenticity/certificate/:file': CATALOGUE,
  'GET /api/review/p/v1/aggregate': PUBLISHED_REVIEWS,
  'GET /api/review/p/v1/detail': PUBLISHED_REVIEWS,
  'GET /api/review/v1/brand-review-aggrigate': PUBLISHED_REVIEWS,
  'GET /api/review/v1/brand-review-list': PUBLISHED_REVIEWS,
  'GET /api/review/v1/product-aggregate': PUBLISHED_REVIEWS,
  'GET /api/review/v1/product-review-list': PUBLISHED_REVIEWS,
  'GET /api/review/v1/review-carousel-images': PUBLISHED_REVIEWS,
  'GET /api/review/v1/review-modal-data': PUBLISHED_REVIEWS,
  'GET /api/ops/shipments/:shipmentId': OPERATIONS,
  'GET /api/ops/variants/:variantId': OPERATIONS,
  'POST /api/ops/shipments/:shipmentId/:action': OPERATIONS,
  'POST /api/ops/payment-issues/:id/resolve': OPERATIONS,
  'POST /api/ops/catalogue/variants/:variantId/price': OPERATIONS,
  'POST /api/ops/customers/:customerId/block': OPERATIONS,
  'POST /api/dev/reviews/purchase': { kind: 'public', reason: 'development tools only (KASRAT_DEV_TOOLS=1), for the signed-in customer' },
  'GET /api/order-success/order-success-data': PAYMENT,
  'GET /api/payment/active-payment': PAYMENT,
  'GET /api/payment/offer-list': PAYMENT,
  'GET /api/payment/payment-failed': PAYMENT,
  'POST /api/payment/initate-transaction': PAYMENT,
  'POST /api/payment/pay-on-delivery': PAYMENT,
  'POST /api/payment/retry-payment': PAYMENT,
  'POST /api/payment/verify-transaction': PAYMENT,
  'POST /api/select-address/deliver-here': {
    kind: 'suite',
    proof: "tests/api/checkout.test.ts: deliver-here with another customer's address is 404",
  },
  'GET /api/uploads/:publicId': { kind: 'suite', proof: "tests/api/uploads.test.ts: another customer's private upload is 404" },
  'GET /api/review/p/v1/logistics-rating': REVIEW_WRITE,
  'GET /api/review/v1/logistic-rating-details': REVIEW_WRITE,
  'POST /api/review/p/v1/helpful': REVIEW_WRITE,
  'POST /api/review/p/v1/revised': REVIEW_WRITE,
  'POST /api/review/p/v1/submit': REVIEW_WRITE,
  'POST /api/review/p/v1/update': REVIEW_WRITE,
  'POST /api/review/v1/all-review-upvote': REVIEW_WRITE,
  'POST /api/review/v1/brand-review-upvote': REVIEW_WRITE,
  'POST /api/review/v1/product-review-upvote': REVIEW_WRITE,
  'POST /api/review/v1/set-after-rate-product': REVIEW_WRITE,
  'POST /api/review/v1/set-rate-product': REVIEW_WRITE,
  'POST /api/review/v1/update-review': REVIEW_WRITE,
};
// Listings, product details and images: catalogue ids and file names.
const PUBLIC_PREFIXES = ['GET /api/listing/', 'GET /api/product-details/', 'GET /images/'];
const rowFor = (key: string): Row | undefined => TABLE[key] ?? (PUBLIC_PREFIXES.some((p) => key.startsWith(p)) ? CATALOGUE : undefined);

describeBackends(
  'authorisation',
  (ctx) => {
    let w: World;
    let idRoutes: Array<{ key: string; fields: string[] }>;
    beforeAll(async () => {
      const t = ctx();
      const alice = t.agent();
      const bob = t.agent();
      const aliceId = await createCustomer(t.handle.db);
      await signInDirectly(t.handle.db, alice, aliceId);
      await signInDirectly(t.handle.db, bob, await createCustomer(t.handle.db));
      const variants = (await variantsPriced(t.handle.db, 50_000, 400_000)).slice(0, 4).map((v) => v.id);
      // Alice has a cart with two lines, a wishlist entry and an address.
      await alice.post('/api/cart/add-to-cart', { variant_id: variants[0], quantity: 2 });
      await alice.post('/api/cart/add-to-cart', { variant_id: variants[1], quantity: 1 });
      await alice.post('/api/cart/add-wish-list', { id: variants[3] });
      w = { t, alice, bob, guest: t.agent(), aliceId, variants };
      const routes = collected.routes.filter((r, i, all) => all.findIndex((x) => x.method === r.method && x.url === r.url) === i);
      // A third customer for discovery: its requests include sign-out and account deletion.
      const scout = t.agent();
      await signInDirectly(t.handle.db, scout, await createCustomer(t.handle.db));
      const schemas = await discoverSchemas(t.app, routes, () => ['', `ksid=${scout.cookies.get('ksid')}`]);
      idRoutes = routes
        .map((r: Route) => ({ key: `${r.method} ${r.url}`, fields: idFieldsOf(r, schemas.get(`${r.method} ${r.url}`)) }))
        .filter((r) => r.fields.length > 0);
    });

    test('every id-taking route has a row in the table', () => {
      expect(idRoutes.length).toBeGreaterThan(20);
      const missing = idRoutes.filter((r) => !rowFor(r.key)).map((r) => `${r.key} (${r.fields.join(', ')})`);
      expect(missing).toEqual([]);
    });

    test.each(Object.entries(TABLE).filter(([, row]) => row.kind === 'owned' || row.kind === 'caller-scoped'))('%s', async (_key, row) => {
      if (row.kind === 'owned' || row.kind === 'caller-scoped') await row.check(w);
    });

    // A row that points at another suite must point at a file that exists and proves a 404 for another customer.
    test.each(Object.entries(TABLE).filter(([, row]) => row.kind === 'suite'))('%s is proven in its suite', (_key, row) => {
      if (row.kind !== 'suite') return;
      const file = row.proof.split(':')[0] as string;
      expect(readFileSync(file, 'utf8')).toMatch(/toBe\(404\)/);
    });
  },
  { onRoute: collected.onRoute },
);
