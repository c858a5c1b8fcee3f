import type { Agent, TestApp } from '../helpers/app.ts';
import { describeBackends } from '../helpers/app.ts';
import { JPEG, multipartForm } from '../helpers/multipart.ts';
import { createOrderFor } from '../helpers/orders.ts';
import { discoverSchemas, routeCollector, type Route } from '../fault/fuzz-harness.ts';
import { storeUpload } from '../../server/modules/uploads/index.ts';
import { createCustomer, signInDirectly, variantsPriced } from './cart-fixtures.ts';
import { createShoppers, pincode, placeOrderFor, signIn } from './checkout-fixtures.ts';
import { idFieldsOf } from './id-routes.ts';

// Authorisation (SPEC §7): every route that takes an id, driven by two customers and a guest. Another customer's
// id gets a 404 that says nothing about it (and changes nothing); a guest gets 401 on private routes. The table
// must have a row for every id-taking route the app registers (rule: tests/api/id-routes.ts), so a new one cannot
// be added without deciding here who may use it, and every owned route is called here as the second customer.

process.env.OUTBOX_WORKER = 'off';
const collected = routeCollector();

interface World {
  t: TestApp;
  alice: Agent;
  bob: Agent;
  guest: Agent;
  aliceId: number;
  variants: number[];
  /** A third customer whose orders, payment, address, review, delivery rating and private upload Bob names. */
  carol: Carol;
}

interface Carol {
  agent: Agent;
  id: number;
  addressId: number;
  /** An order placed and waiting for payment (its number, as the payment calls take it). */
  unpaid: string;
  /** A delivered order (its row id, as the review calls take it) of `productId`. */
  delivered: number;
  productId: number;
  reviewId: number;
  uploadUrl: string;
  /** A saved card (docs/decisions/024-saved-cards.md): its id. */
  cardId: number;
  /** Order care (SPEC §7 /api/order): the delivered order's number, its shipment, an item of it and a return photo. */
  deliveredNumber: string;
  deliveredShipment: string;
  deliveredItem: number;
  returnPhoto: string;
  /** A shipment still placed (cancellable) and an item of it. */
  cancellable: string;
  cancellableItem: number;
  /** A delivered shipment whose return Carol has requested and may still withdraw. */
  returning: string;
  /** Carol's refund bank account. */
  bankId: number;
}

/** Text only Carol's data holds: an answer to Bob carrying any of it leaks her data. */
const CAROL_SECRETS = ['12 Test Street', 'Carol keeps this title', 'Carol keeps this text', 'Carol on delivery'];

type Row =
  /** The id names something a customer owns: Bob gets 404 and learns nothing; a guest gets 401. */
  | { kind: 'owned'; check: (w: World) => Promise<void> }
  /** The id names a catalogue item inside the caller's own cart or lists: nobody can reach another's. */
  | { kind: 'caller-scoped'; check: (w: World) => Promise<void> }
  /** The id names public or write-only data (catalogue, event ingestion, development tools): no owner. */
  | { kind: 'public'; reason: string }
  /**
   * The id names something Carol owns: Bob's call is a 404 carrying none of her data and changing none of her rows.
   * `control`: Carol's own call succeeds, so the id Bob used is a real one.
   */
  | {
      kind: 'foreign';
      call: (w: World, as: Agent) => Promise<Answer>;
      control?: boolean;
      refusal?: { status: 403; reason: string };
      /** The same call naming an id nobody has: Bob's answer to Carol's id must be this one, status and message. */
      missing?: (w: World, as: Agent) => Promise<Answer>;
    };

type Answer = { statusCode: number; body: string };

const CATALOGUE = { kind: 'public', reason: 'catalogue data, the same for every shopper' } as const;
const PUBLISHED_REVIEWS = { kind: 'public', reason: 'published reviews and their aggregates are public (hidden ones answer 404)' } as const;
const OPERATIONS = {
  kind: 'public',
  reason: 'operations calls: OPS_TOKEN or a staff session, never a customer session (tests/api/ops-permissions.test.ts)',
} as const;
/**
 * SPEC §6 previews (docs/decisions/009-staff-preview-authorisation.md): the id is echoed back and names no customer's
 * data; the page shown is catalogue content, refused to anyone but staff (tests/api/catalogue.test.ts).
 */
const STAFF_PREVIEW = { kind: 'public', reason: 'staff preview of catalogue pages; the id names no customer data' } as const;
/** Carol's rows that an id-taking call could change or reveal. */
async function carolRows(w: World) {
  const db = w.t.handle.db;
  const orders = await db.selectFrom('orders').selectAll().where('customer_id', '=', w.carol.id).orderBy('id').execute();
  const ids = orders.map((o) => o.id);
  return {
    orders,
    payments: await db.selectFrom('payments').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    addresses: await db.selectFrom('addresses').selectAll().where('customer_id', '=', w.carol.id).orderBy('id').execute(),
    // Helpful counts are anyone's to add to; what Carol wrote is hers.
    reviews: await db
      .selectFrom('reviews')
      .select(['id', 'rating', 'title', 'body', 'status', 'photo_count', 'updated_at'])
      .where('customer_id', '=', w.carol.id)
      .execute(),
    votes: await db.selectFrom('review_votes').select(['review_id']).where('customer_id', '=', w.carol.id).execute(),
    ratings: await db.selectFrom('logistics_ratings').selectAll().where('customer_id', '=', w.carol.id).execute(),
    carts: await db.selectFrom('carts').selectAll().where('customer_id', '=', w.carol.id).orderBy('id').execute(),
    savedCards: await db.selectFrom('saved_cards').selectAll().where('customer_id', '=', w.carol.id).orderBy('id').execute(),
    // What an order-care call could change: shipment states, cancelled units, refunds, returns and their pickup
    // address, bank accounts, and support tickets naming her orders.
    shipments: await db.selectFrom('shipments').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    items: await db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    refunds: await db.selectFrom('refunds').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    returns: await db.selectFrom('returns').selectAll().where('customer_id', '=', w.carol.id).orderBy('id').execute(),
    pickups: await db
      .selectFrom('shipment_pickup_addresses as p')
      .innerJoin('shipments as s', 's.id', 'p.shipment_id')
      .select(['p.shipment_id', 'p.address_id'])
      .where('s.order_id', 'in', ids)
      .orderBy('p.shipment_id')
      .execute(),
    banks: await db.selectFrom('bank_accounts').selectAll().where('customer_id', '=', w.carol.id).orderBy('id').execute(),
    tickets: await db.selectFrom('support_tickets').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
  };
}

async function notCarols(w: World, row: Extract<Row, { kind: 'foreign' }>) {
  const before = await carolRows(w);
  const res = await row.call(w, w.bob);
  expect(res.statusCode).toBe(row.refusal?.status ?? 404);
  for (const secret of CAROL_SECRETS) expect(res.body).not.toContain(secret);
  expect(await carolRows(w)).toEqual(before);
  if (row.missing) {
    const gone = await row.missing(w, w.bob);
    expect({ status: res.statusCode, message: messageOf(res) }).toEqual({ status: gone.statusCode, message: messageOf(gone) });
  }
  if (row.control) expect((await row.call(w, w.carol.agent)).statusCode).toBe(200);
}

const messageOf = (res: Answer): unknown => (JSON.parse(res.body) as { message?: unknown }).message;

/** Bob acting on Carol's review or product: allowed, but as himself; what Carol wrote stays hers. */
const carolsUntouched = async (w: World, call: () => Promise<Answer>) => {
  const before = await carolRows(w);
  expect((await call()).statusCode).toBeLessThan(500);
  expect(await carolRows(w)).toEqual(before);
};

const unpaid = (path: string) =>
  ({ kind: 'foreign', control: true, call: (w, as) => as.get(`${path}?orderId=${w.carol.unpaid}`) }) as const satisfies Row;
const payWith = (path: string, body: (w: World) => object) =>
  ({ kind: 'foreign', call: (w, as) => as.post(path, body(w)) }) as const satisfies Row;
const onlineBody = (w: World) => ({ order_id: w.carol.unpaid, payment_method: 1, instrument: { upi_app: 'BHIM' } });
const PAYMENT_ROWS: Record<string, Row> = {
  'GET /api/payment/active-payment': unpaid('/api/payment/active-payment'),
  'GET /api/payment/offer-list': unpaid('/api/payment/offer-list'),
  'GET /api/payment/payment-failed': unpaid('/api/payment/payment-failed'),
  // SPEC §4.7: where an order's payment stands is told to its customer only.
  'GET /api/payment/payment-state': unpaid('/api/payment/payment-state'),
  // Development tools: the expiry runs only on an order of the signed-in customer; Carol's stays waiting.
  'POST /api/dev/payment/expire-order': payWith('/api/dev/payment/expire-order', (w) => ({ order_id: w.carol.unpaid })),
  // The success page of an order not yet paid answers for its owner too; the point is that Bob gets a 404.
  'GET /api/order-success/order-success-data': {
    kind: 'foreign',
    call: (w, as) => as.get(`/api/order-success/order-success-data?orderId=${w.carol.unpaid}`),
  },
  'POST /api/payment/initate-transaction': payWith('/api/payment/initate-transaction', onlineBody),
  'POST /api/payment/retry-payment': payWith('/api/payment/retry-payment', onlineBody),
  'POST /api/payment/pay-on-delivery': payWith('/api/payment/pay-on-delivery', (w) => ({ order_id: w.carol.unpaid })),
  'POST /api/payment/verify-transaction': payWith('/api/payment/verify-transaction', (w) => ({ order_id: w.carol.unpaid })),
  // Carol's saved card (docs/decisions/024-saved-cards.md): Bob can neither remove it nor pay with it.
  'POST /api/payment/delete-saved-card': {
    kind: 'foreign',
    control: true,
    call: (w, as) => as.post('/api/payment/delete-saved-card', { id: w.carol.cardId }),
  },
  'POST /api/payment/place-order': {
    kind: 'foreign',
    call: (w, as) => as.post('/api/payment/place-order', { payment_method: 2, instrument: {}, saved_card_id: w.carol.cardId }),
  },
};

const V1 = '/api/review/v1';
const DIRECT = '/api/review/p/v1';
const logistics = (path: string) =>
  ({ kind: 'foreign', control: true, call: (w, as) => as.get(`${path}?order_id=${w.carol.delivered}`) }) as const satisfies Row;
const rateDelivery = (path: string) =>
  ({
    kind: 'foreign',
    call: (w, as) => as.post(path, { order_id: w.carol.delivered, rating: 1, comment: 'Bob was here' }),
  }) as const satisfies Row;
const updateReview = (path: string) =>
  ({
    kind: 'foreign',
    // A published review is public, so saying it is not Bob's reveals nothing; it still changes nothing.
    refusal: { status: 403, reason: 'the review is public; the answer says it is not yours' },
    call: (w, as) => as.post(path, { review_id: w.carol.reviewId, rating: 1, title: 'Bob was here' }),
  }) as const satisfies Row;
const vote = (path: string) =>
  ({
    kind: 'caller-scoped',
    check: (w) => carolsUntouched(w, () => w.bob.post(path, { review_id: w.carol.reviewId })),
  }) as const satisfies Row;
const rateProduct = (path: string) =>
  ({
    kind: 'caller-scoped',
    check: (w) => carolsUntouched(w, () => w.bob.post(path, { product_id: w.carol.productId, rating: 1, title: 'Bob was here', body: '' })),
  }) as const satisfies Row;
/** Bob asking whether he may review Carol's product: the answer is about Bob (no purchase, no review), never Carol. */
const verifiedBuyer = (path: string) =>
  ({
    kind: 'caller-scoped',
    async check(w) {
      const res = await w.bob.get(`${path}?product_id=${w.carol.productId}`);
      expect(res.statusCode).toBe(200);
      for (const secret of CAROL_SECRETS) expect(res.body).not.toContain(secret);
      expect(res.json().data).toMatchObject({ product_id: w.carol.productId, is_verified: false, has_purchased: false, review: null });
      // Carol, asking the same, is a verified buyer with her review: the product is one the question could leak.
      expect((await w.carol.agent.get(`${path}?product_id=${w.carol.productId}`)).json().data).toMatchObject({ is_verified: true });
    },
  }) as const satisfies Row;
const REVIEW_ROWS: Record<string, Row> = {
  [`GET ${V1}/is-user-verified`]: verifiedBuyer(`${V1}/is-user-verified`),
  [`GET ${DIRECT}/verified`]: verifiedBuyer(`${DIRECT}/verified`),
  // Moderation is an operations call (server/http/ops.ts): customers get 401 in the operations matrix.
  [`POST ${V1}/ops/review-status`]: OPERATIONS,
  [`GET ${DIRECT}/logistics-rating`]: logistics(`${DIRECT}/logistics-rating`),
  [`GET ${V1}/logistic-rating-details`]: logistics(`${V1}/logistic-rating-details`),
  [`POST ${DIRECT}/revised`]: rateDelivery(`${DIRECT}/revised`),
  [`POST ${V1}/set-after-rate-product`]: rateDelivery(`${V1}/set-after-rate-product`),
  [`POST ${DIRECT}/update`]: updateReview(`${DIRECT}/update`),
  [`POST ${V1}/update-review`]: updateReview(`${V1}/update-review`),
  [`POST ${DIRECT}/helpful`]: vote(`${DIRECT}/helpful`),
  [`POST ${V1}/all-review-upvote`]: vote(`${V1}/all-review-upvote`),
  [`POST ${V1}/brand-review-upvote`]: vote(`${V1}/brand-review-upvote`),
  [`POST ${V1}/product-review-upvote`]: vote(`${V1}/product-review-upvote`),
  [`POST ${DIRECT}/submit`]: rateProduct(`${DIRECT}/submit`),
  [`POST ${V1}/set-rate-product`]: rateProduct(`${V1}/set-rate-product`),
};

/** An order number, shipment number or row id that names nothing. */
const NOBODYS = { number: 'KS0-NOBODY', id: 2_000_000_000 } as const;
/**
 * An order-care call (SPEC §7 /api/order, help centre) naming one of Carol's ids: Bob gets exactly the answer an id
 * nobody has gets. `control` for the calls that only read, so Carol's own call proves the id real.
 */
const ordersOf = <Id extends string | number>(
  carols: (w: World) => Id,
  nobodys: Id,
  call: (w: World, as: Agent, id: Id) => Promise<Answer>,
  control = false,
) =>
  ({
    kind: 'foreign',
    control,
    call: (w, as) => call(w, as, carols(w)),
    missing: (w, as) => call(w, as, nobodys),
  }) as const satisfies Row;
const byShipment = (carols: (c: Carol) => string, call: (w: World, as: Agent, id: string) => Promise<Answer>, control = false) =>
  ordersOf((w) => carols(w.carol), NOBODYS.number, call, control);
const ORDER = '/api/order';
const cancelBody = (shipmentId: string) => ({ shipmentId, reason_id: 'changed_mind', comment: 'Bob was here' });
const ORDER_ROWS: Record<string, Row> = {
  [`POST ${ORDER}/shipment-details`]: ordersOf(
    (w) => w.carol.deliveredNumber,
    NOBODYS.number,
    (_w, as, id) => as.post(`${ORDER}/shipment-details`, { order_id: id }),
    true,
  ),
  [`POST ${ORDER}/cancel-shipment-submit`]: byShipment(
    (c) => c.cancellable,
    (_w, as, id) => as.post(`${ORDER}/cancel-shipment-submit`, cancelBody(id)),
  ),
  [`POST ${ORDER}/partial-cancel-shipment-submit`]: byShipment(
    (c) => c.cancellable,
    (w, as, id) =>
      as.post(`${ORDER}/partial-cancel-shipment-submit`, {
        ...cancelBody(id),
        items: [{ order_item_id: w.carol.cancellableItem, quantity: 1 }],
      }),
  ),
  [`POST ${ORDER}/cancel-refund-amount`]: byShipment(
    (c) => c.cancellable,
    (_w, as, id) => as.post(`${ORDER}/cancel-refund-amount`, { shipmentId: id }),
    true,
  ),
  [`POST ${ORDER}/cancel-reverse-shipment-submit`]: byShipment(
    (c) => c.returning,
    (_w, as, id) => as.post(`${ORDER}/cancel-reverse-shipment-submit`, { shipmentId: id }),
  ),
  [`GET ${ORDER}/return-shipment-details`]: byShipment(
    (c) => c.deliveredShipment,
    (_w, as, id) => as.get(`${ORDER}/return-shipment-details?shipmentId=${id}`),
    true,
  ),
  [`POST ${ORDER}/return-shipment-refund-amount`]: byShipment(
    (c) => c.deliveredShipment,
    (w, as, id) =>
      as.post(`${ORDER}/return-shipment-refund-amount`, { shipmentId: id, items: [{ order_item_id: w.carol.deliveredItem, quantity: 1 }] }),
    true,
  ),
  // Bob names everything of Carol's a return takes: her shipment, item, photo and bank account.
  [`POST ${ORDER}/return-shipment-submit`]: byShipment(
    (c) => c.deliveredShipment,
    (w, as, id) =>
      as.post(`${ORDER}/return-shipment-submit`, {
        shipmentId: id,
        reason_id: 'damaged',
        items: [{ order_item_id: w.carol.deliveredItem, quantity: 1 }],
        media_ids: [w.carol.returnPhoto],
        bank_account_id: w.carol.bankId,
      }),
  ),
  // Carol's own address on Carol's shipment: only the shipment's owner may choose where a return is picked up.
  [`POST ${ORDER}/set-select-address`]: byShipment(
    (c) => c.deliveredShipment,
    (w, as, id) => as.post(`${ORDER}/set-select-address`, { shipmentId: id, address_id: w.carol.addressId }),
  ),
  [`POST ${ORDER}/update-bank-details`]: ordersOf(
    (w) => w.carol.bankId,
    NOBODYS.id,
    (_w, as, id) =>
      as.post(`${ORDER}/update-bank-details`, {
        bank_account_id: id,
        account_holder: 'Bob Was Here',
        account_number: '555555555555',
        confirm_account_number: '555555555555',
        ifsc: 'HDFC0000001',
      }),
  ),
  [`GET ${ORDER}/shipment-invoice`]: byShipment(
    (c) => c.deliveredShipment,
    (_w, as, id) => as.get(`${ORDER}/shipment-invoice?shipmentId=${id}`),
    true,
  ),
};

const HELP = '/api/help-center';
/** A support reason of `channel` that names an order (SPEC §7 help centre). */
const orderReason = async (w: World, channel: 'phone' | 'email') =>
  (
    await w.t.handle.db
      .selectFrom('support_reasons')
      .select('id')
      .where('channel', '=', channel)
      .where('needs_order', '=', true)
      .orderBy('position')
      .executeTakeFirstOrThrow()
  ).id;
const ticket = (channel: 'phone' | 'email', contact: object) =>
  ordersOf(
    (w) => w.carol.delivered,
    NOBODYS.id,
    async (w, as, id) =>
      as.post(`${HELP}/${channel}`, {
        reason_id: await orderReason(w, channel),
        order_id: id,
        message: 'Bob asks about this order.',
        ...contact,
      }),
  );
const HELP_ROWS: Record<string, Row> = {
  [`GET ${HELP}/customer-shipment-list`]: ordersOf(
    (w) => w.carol.delivered,
    NOBODYS.id,
    (_w, as, id) => as.get(`${HELP}/customer-shipment-list?order_id=${id}`),
    true,
  ),
  [`POST ${HELP}/phone`]: ticket('phone', { mobile: '9123456782' }),
  [`POST ${HELP}/email`]: ticket('email', { email: 'bob@example.com' }),
};

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
    check: (w) =>
      aliceUntouchedBy(w, () => formPost(w.bob, '/cart/update', { variant_id: w.variants[1], quantity: 5, return_to: '/cart' })),
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
  'POST /api/events/affiliate': { kind: 'foreign', call: (w, as) => as.post('/api/events/affiliate', { order_id: w.carol.unpaid }) },
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
  'POST /api/ops/coupons/:code': OPERATIONS,
  'POST /api/ops/bank-offers/:id': OPERATIONS,
  'POST /api/ops/freebies': OPERATIONS,
  'POST /api/ops/freebies/:id': OPERATIONS,
  'POST /api/ops/delivery-rules/:id': OPERATIONS,
  'POST /api/ops/sale-pages/:id': OPERATIONS,
  'GET /api/ops/shipments/:shipmentId': OPERATIONS,
  'GET /api/ops/audit': OPERATIONS,
  'GET /api/ops/audit/csv': OPERATIONS,
  'POST /api/ops/staff/:staffId/role': OPERATIONS,
  'POST /api/ops/staff/:staffId/disabled': OPERATIONS,
  'POST /api/ops/staff/:staffId/second-factor/reset': OPERATIONS,
  'POST /api/ops/staff/:staffId/sessions/end': OPERATIONS,
  'GET /api/ops/variants/:variantId': OPERATIONS,
  'POST /api/ops/shipments/:shipmentId/:action': OPERATIONS,
  'POST /api/ops/payment-issues/:id/resolve': OPERATIONS,
  'POST /api/ops/catalogue/variants/:variantId/price': OPERATIONS,
  'POST /api/ops/customers/:customerId/block': OPERATIONS,
  'POST /api/ops/catalogue/variants/:variantId/stock': OPERATIONS,
  'POST /api/ops/catalogue/products/:productId/publish': OPERATIONS,
  'GET /api/ops/orders/:orderId': OPERATIONS,
  'POST /api/ops/shipments/:shipmentId/cancel': OPERATIONS,
  'GET /api/ops/shipments/:shipmentId/invoice': OPERATIONS,
  'GET /api/ops/customers/:customerId/orders': OPERATIONS,
  'GET /api/ops/customers/:customerId/security': OPERATIONS,
  'POST /api/ops/customers/:customerId/revert-change': OPERATIONS,
  'POST /api/ops/customers/:customerId/unfreeze': OPERATIONS,
  'POST /api/ops/shipments/:shipmentId/items/cancel-preview': OPERATIONS,
  'POST /api/ops/shipments/:shipmentId/items/cancel': OPERATIONS,
  'POST /api/ops/catalogue/products/:productId/image': OPERATIONS,
  'POST /api/ops/grievances/:reference/acknowledge': OPERATIONS,
  'POST /api/ops/grievances/:reference/answer': OPERATIONS,
  'GET /api/ops/catalogue/products/:productId/declarations': OPERATIONS,
  'POST /api/ops/catalogue/products/:productId/declarations': OPERATIONS,
  'POST /api/dev/reviews/purchase': { kind: 'public', reason: 'development tools only (KASRAT_DEV_TOOLS=1), for the signed-in customer' },
  'POST /api/select-address/deliver-here': {
    kind: 'foreign',
    call: (w, as) => as.post('/api/select-address/deliver-here', { address_id: w.carol.addressId }),
  },
  'GET /api/uploads/:publicId': { kind: 'foreign', control: true, call: (w, as) => as.get(w.carol.uploadUrl) },
  'GET /api/offers/offer-data-preview': STAFF_PREVIEW,
  'GET /api/sale/get-preview-salepage-data': STAFF_PREVIEW,
  'GET /api/home/home-page-preview-info': STAFF_PREVIEW,
  ...PAYMENT_ROWS,
  ...REVIEW_ROWS,
  ...ORDER_ROWS,
  ...HELP_ROWS,
};
// Listings, product details and images: catalogue ids and file names.
const PUBLIC_PREFIXES = ['GET /api/listing/', 'GET /api/product-details/', 'GET /images/'];
const rowFor = (key: string): Row | undefined => TABLE[key] ?? (PUBLIC_PREFIXES.some((p) => key.startsWith(p)) ? CATALOGUE : undefined);

/** Carol: an address, an order waiting for payment, a delivered order she reviewed and rated, a private upload. */
async function makeCarol(t: TestApp, variantId: number): Promise<Carol> {
  const db = t.handle.db;
  const [shopper] = await createShoppers(db, 1, [{ variant_id: variantId, quantity: 1 }], await pincode(db, 'cod'));
  if (!shopper) throw new Error('no shopper');
  const agent = signIn(t.agent(), shopper);
  const placed = await placeOrderFor(agent);
  expect(placed.body.status).toBe(1);
  const { product_id: productId } = await db
    .selectFrom('variants')
    .select('product_id')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  const { orderId: delivered } = await createOrderFor(db, shopper.customerId, [productId]);
  const rated = await agent.post(`${V1}/set-rate-product`, {
    product_id: productId,
    rating: 5,
    title: 'Carol keeps this title',
    body: 'Carol keeps this text, her own words.',
  });
  expect(rated.statusCode).toBe(200);
  const review = await db.selectFrom('reviews').select('id').where('customer_id', '=', shopper.customerId).executeTakeFirstOrThrow();
  const delivery = await agent.post(`${V1}/set-after-rate-product`, { order_id: delivered, rating: 4, comment: 'Carol on delivery' });
  expect(delivery.statusCode).toBe(200);
  const care = await orderCare(t, agent, shopper.customerId, productId, delivered);
  const upload = await storeUpload(db, { customerId: shopper.customerId, purpose: 'return_media', bytes: JPEG });
  const card = await db
    .insertInto('saved_cards')
    .values({
      customer_id: shopper.customerId,
      gateway: 'sandbox',
      token: 'sbx_card_carol',
      network: 'VISA',
      last4: '4242',
      expiry_month: 12,
      expiry_year: 2099,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    agent,
    id: shopper.customerId,
    addressId: shopper.addressId,
    unpaid: placed.body.data.order_id as string,
    delivered,
    productId,
    reviewId: review.id,
    uploadUrl: upload.url,
    cardId: card.id,
    ...care,
  };
}

/** The shipment number and first item of an order. */
async function shipmentOf(t: TestApp, orderId: number) {
  return t.handle.db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .innerJoin('order_items as i', 'i.shipment_id', 's.id')
    .select(['o.order_number', 's.shipment_number', 'i.id as item_id'])
    .where('s.order_id', '=', orderId)
    .orderBy('i.id')
    .executeTakeFirstOrThrow();
}

/** Carol's return photo for one of her delivered shipments, uploaded as the return page does. */
async function returnPhoto(agent: Agent, shipmentId: string): Promise<string> {
  const form = multipartForm([
    { name: 'shipmentId', data: shipmentId },
    { name: 'file', filename: 'photo.jpg', type: 'image/jpeg', data: JPEG },
  ]);
  const res = await agent.request({ method: 'POST', url: `${ORDER}/return-shipment-media`, ...form });
  expect(res.statusCode).toBe(200);
  return res.json().data.media_id as string;
}

/** Carol's order care (SPEC §7 /api/order): a bank account, a return photo, a cancellable shipment, a return. */
async function orderCare(t: TestApp, agent: Agent, customerId: number, productId: number, delivered: number) {
  const bank = await agent.post(`${ORDER}/update-bank-details`, {
    account_holder: 'Carol Banks',
    account_number: '123456789012',
    confirm_account_number: '123456789012',
    ifsc: 'HDFC0000001',
  });
  expect(bank.statusCode).toBe(200);
  const bankId = bank.json().data.bank_account_id as number;
  const done = await shipmentOf(t, delivered);
  const placed = await shipmentOf(t, (await createOrderFor(t.handle.db, customerId, [productId], { shipment: 'placed' })).orderId);
  const back = await shipmentOf(t, (await createOrderFor(t.handle.db, customerId, [productId])).orderId);
  const returned = await agent.post(`${ORDER}/return-shipment-submit`, {
    shipmentId: back.shipment_number,
    reason_id: 'damaged',
    items: [{ order_item_id: back.item_id, quantity: 1 }],
    media_ids: [await returnPhoto(agent, back.shipment_number)],
    bank_account_id: bankId,
  });
  expect(returned.statusCode).toBe(200);
  return {
    deliveredNumber: done.order_number,
    deliveredShipment: done.shipment_number,
    deliveredItem: done.item_id,
    returnPhoto: await returnPhoto(agent, done.shipment_number),
    cancellable: placed.shipment_number,
    cancellableItem: placed.item_id,
    returning: back.shipment_number,
    bankId,
  };
}

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
      w = { t, alice, bob, guest: t.agent(), aliceId, variants, carol: await makeCarol(t, variants[0] as number) };
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

    test.each(Object.entries(TABLE).filter(([, row]) => row.kind === 'foreign'))("%s with Carol's id, as Bob", async (_key, row) => {
      if (row.kind === 'foreign') await notCarols(w, row);
    });
  },
  { onRoute: collected.onRoute },
);
