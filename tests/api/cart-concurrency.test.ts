import { type Agent, BACKENDS, describeBackends, openTwoInstances } from '../helpers/app.ts';
import { createCustomer, lowStockVariant, priceOf, signInDirectly, variantsPriced } from './cart-fixtures.ts';

// Two concurrent updates of one cart must leave consistent totals: every change holds the cart row lock.

type Line = { variant_id: number; quantity: number; sale_price: number; is_freebie: boolean };
const cartOf = async (agent: Agent) => {
  const body = (await agent.post('/api/cart/cart-list')).json();
  return { lines: body.data.cart_data as Line[], body };
};
/** The totals must be what the lines say, whatever order the changes landed in. */
const expectConsistent = (cart: Awaited<ReturnType<typeof cartOf>>) => {
  const subtotal = cart.lines.filter((l) => !l.is_freebie).reduce((s, l) => s + l.sale_price * l.quantity, 0);
  expect(priceOf(cart.body, 'subtotal')).toBe(subtotal);
  expect(priceOf(cart.body, 'total_payable')).toBe(
    subtotal - (priceOf(cart.body, 'coupon_discount') ?? 0) + (priceOf(cart.body, 'delivery_charges') ?? 0),
  );
  expect(cart.body.data.cart_meta.total_quantity).toBe(cart.lines.filter((l) => !l.is_freebie).reduce((s, l) => s + l.quantity, 0));
};

describeBackends('cart concurrency', (ctx) => {
  const db = () => ctx().handle.db;

  test('concurrent adds of one product to one cart are all counted (no lost update)', async () => {
    const [a] = await variantsPriced(db(), 20_000, 40_000, 20);
    const agent = ctx().agent();
    await agent.post('/api/cart/add-to-cart', { variant_id: a.id, quantity: 1 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => agent.post('/api/cart/add-to-cart', { variant_id: a.id, quantity: 1 })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const cart = await cartOf(agent);
    expect(cart.lines).toMatchObject([{ variant_id: a.id, quantity: 9 }]);
    expectConsistent(cart);
    const version = cart.body.data.cart_meta.version;
    expect(version).toBe(9);
  });

  test('two concurrent adds that together pass the stock: exactly one is refused', async () => {
    const low = await lowStockVariant(db());
    const each = Math.floor(low.stock / 2) + 1;
    const agent = ctx().agent();
    await agent.post('/api/cart/cart-list');
    // Create the cart first so both requests race on the same row.
    await agent.post('/api/cart/add-to-cart', { variant_id: (await variantsPriced(db(), 20_000, 40_000))[0].id });
    const answers = await Promise.all([
      agent.post('/api/cart/add-to-cart', { variant_id: low.id, quantity: each }),
      agent.post('/api/cart/add-to-cart', { variant_id: low.id, quantity: each }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const cart = await cartOf(agent);
    expect(cart.lines.find((l) => l.variant_id === low.id)?.quantity).toBe(each);
    expectConsistent(cart);
  });

  test('concurrent quantity changes, a coupon and a gift on one cart leave totals that match the lines', async () => {
    const [a, b] = await variantsPriced(db(), 20_000, 40_000, 20);
    const rule = await db().selectFrom('freebies').selectAll().executeTakeFirstOrThrow();
    const customerId = await createCustomer(db());
    const agent = ctx().agent();
    await signInDirectly(db(), agent, customerId);
    await agent.post('/api/cart/add-to-cart', { variant_id: a.id, quantity: 5 });
    await agent.post('/api/cart/add-to-cart', { variant_id: b.id, quantity: 5 });
    await agent.post('/api/cart/apply-coupon', { coupon_code: 'FIT10' });
    await agent.post('/api/freebie/add-freebie-to-cart', { freebie_id: rule.id });
    const answers = await Promise.all([
      agent.post('/api/cart/update-cart', { variant_id: a.id, quantity: 1 }),
      agent.post('/api/cart/update-cart', { variant_id: b.id, quantity: 1 }),
      agent.post('/api/cart/add-to-cart', { variant_id: a.id, quantity: 2 }),
      agent.post('/api/cart/update-cart', { variant_id: b.id, quantity: 2 }),
    ]);
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const cart = await cartOf(agent);
    expectConsistent(cart);
    const paid = cart.lines.filter((l) => !l.is_freebie);
    const subtotal = paid.reduce((s, l) => s + l.sale_price * l.quantity, 0);
    // The gift is in the cart exactly when the final value earns it.
    expect(cart.lines.some((l) => l.is_freebie)).toBe(subtotal >= rule.threshold);
    // The coupon discount is exactly what FIT10 gives on the final value.
    expect(priceOf(cart.body, 'coupon_discount')).toBe(subtotal >= 99_900 ? Math.floor(subtotal / 10 / 100) * 100 : 0);
  });
});

// docs/architecture.md "Growing past one machine": two instances on one PostgreSQL share one cart, and concurrent
// changes arriving at different instances still serialise on the cart row.
describe.skipIf(!BACKENDS.includes('postgres'))('a cart shared by two instances on one PostgreSQL', () => {
  let two: Awaited<ReturnType<typeof openTwoInstances>>;
  const db = () => two.handle.db;
  const browser = () => two.browser();

  beforeAll(async () => {
    two = await openTwoInstances();
  });
  afterAll(async () => two?.close());

  test('a cart filled on one instance is changed on the other and both see the same cart', async () => {
    const [x, y] = await variantsPriced(db(), 20_000, 40_000, 20);
    const { onA, onB } = browser();
    const cartId = (await onA.post('/api/cart/add-to-cart', { variant_id: x.id, quantity: 2 })).json().data.cart_id;
    expect((await onB.post('/api/cart/add-to-cart', { variant_id: y.id, quantity: 1 })).json().data.cart_id).toBe(cartId);
    await onB.post('/api/cart/update-cart', { variant_id: x.id, quantity: 3 });
    const seenOnA = await cartOf(onA);
    const seenOnB = await cartOf(onB);
    expect(seenOnA.body.data).toEqual(seenOnB.body.data);
    expect(seenOnA.lines.map((l) => [l.variant_id, l.quantity])).toEqual([
      [x.id, 3],
      [y.id, 1],
    ]);
  });

  test('concurrent adds arriving at both instances are all counted', async () => {
    const [x] = await variantsPriced(db(), 20_000, 40_000, 20);
    const { onA, onB } = browser();
    await onA.post('/api/cart/add-to-cart', { variant_id: x.id, quantity: 1 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? onA : onB).post('/api/cart/add-to-cart', { variant_id: x.id, quantity: 1 })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const cart = await cartOf(onB);
    expect(cart.lines).toMatchObject([{ variant_id: x.id, quantity: 7 }]);
    expectConsistent(cart);
  });

  test('a coupon applied on one instance and a gift added on the other are one cart state', async () => {
    const [x] = await variantsPriced(db(), 20_000, 40_000, 20);
    const rule = await db().selectFrom('freebies').selectAll().executeTakeFirstOrThrow();
    const customerId = await createCustomer(db());
    const { onA, onB } = browser();
    await signInDirectly(db(), onA, customerId);
    await onA.post('/api/cart/add-to-cart', { variant_id: x.id, quantity: Math.ceil(rule.threshold / x.sale_price) });
    expect((await onB.post('/api/cart/apply-coupon', { coupon_code: 'FIT10' })).json().status).toBe(1);
    expect((await onA.post('/api/freebie/add-freebie-to-cart', { freebie_id: rule.id })).json().status).toBe(1);
    await onB.post('/api/cart/update-cart', { variant_id: x.id, quantity: 1 });
    const cart = await cartOf(onA);
    expect(cart.lines.some((l) => l.is_freebie)).toBe(false);
    expect(cart.body.data.cart_meta).toMatchObject({ coupon_code: 'FIT10', coupon_applied: false });
    expectConsistent(cart);
  });
});
