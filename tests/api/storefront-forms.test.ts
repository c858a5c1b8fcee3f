import { CART_COOKIE } from '../../schemas/cart.ts';
import { type Agent, describeBackends } from '../helpers/app.ts';
import { createCustomer, outOfStockVariant, signInDirectly, variantsPriced } from './cart-fixtures.ts';

// The storefront's HTML forms (docs/decisions/017): what a shopper's browser posts before the app has hydrated, or
// with JavaScript off, answered with a 303 back to the page (or on to the cart) and the cart changed as the API would.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const post = (agent: Agent, url: string, fields: Record<string, string | number>, headers: Record<string, string> = {}) =>
  agent.post(url, new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(), { ...FORM, ...headers });

const cartLines = async (agent: Agent): Promise<Array<[number, number]>> => {
  const res = await agent.post('/api/cart/cart-list');
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  return (res.json() as any).data.cart_data.map((l: { variant_id: number; quantity: number }) => [l.variant_id, l.quantity]);
};

describeBackends('storefront forms', (ctx) => {
  const db = () => ctx().handle.db;
  const product = '/product/some-product/?pId=1&vId=2';

  test('add to cart answers 303 back to the page with the notice, sets the cart cookie and adds the units', async () => {
    const [a] = await variantsPriced(db(), 20_000, 40_000);
    const agent = ctx().agent();
    const res = await post(agent, '/cart/add', { variant_id: a.id, quantity: 2, return_to: product }, { 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/product/some-product/?pId=1&vId=2&notice=added');
    expect(agent.cookies.get(CART_COOKIE)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await cartLines(agent)).toEqual([[a.id, 2]]);
  });

  test('Buy now goes on to the cart; a signed-in shopper fills their own cart', async () => {
    const [a] = await variantsPriced(db(), 20_000, 40_000);
    const agent = ctx().agent();
    await signInDirectly(db(), agent, await createCustomer(db()));
    const res = await post(agent, '/cart/add', { variant_id: a.id, return_to: product, next: 'cart' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/cart');
    expect(await cartLines(agent)).toEqual([[a.id, 1]]);
  });

  test('update and remove change the cart and come back to it with their notice', async () => {
    const [a, b] = await variantsPriced(db(), 20_000, 40_000);
    const agent = ctx().agent();
    await post(agent, '/cart/add', { variant_id: a.id, return_to: '/cart' });
    await post(agent, '/cart/add', { variant_id: b.id, return_to: '/cart' });
    const updated = await post(agent, '/cart/update', { variant_id: a.id, quantity: 3, return_to: '/cart' });
    expect([updated.statusCode, updated.headers.location]).toEqual([303, '/cart?notice=updated']);
    const removed = await post(agent, '/cart/remove', { variant_id: b.id, return_to: '/cart' });
    expect([removed.statusCode, removed.headers.location]).toEqual([303, '/cart?notice=removed']);
    expect(await cartLines(agent)).toEqual([[a.id, 3]]);
    const emptied = await post(agent, '/cart/remove', { variant_id: a.id, return_to: '/cart' });
    expect([emptied.statusCode, emptied.headers.location]).toEqual([303, '/logout-empty-cart']);
  });

  test('a refusal goes back to the page with the notice of its rule, never a 500', async () => {
    const out = await outOfStockVariant(db());
    const agent = ctx().agent();
    const res = await post(agent, '/cart/add', { variant_id: out.id, return_to: product });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/product/some-product/?pId=1&vId=2&notice=out-of-stock']);
    const missing = await post(agent, '/cart/add', { variant_id: 2_000_000_000, return_to: product });
    expect(missing.headers.location).toBe('/product/some-product/?pId=1&vId=2&notice=unavailable');
    const notInCart = await post(agent, '/cart/update', { variant_id: out.id, quantity: 1, return_to: '/cart' });
    expect(notInCart.headers.location).toBe('/cart?notice=unavailable');
  });

  test.each([
    [{ variant_id: 'abc' }, '/cart?notice=invalid'],
    [{ variant_id: 1, quantity: 0, return_to: '/shop' }, '/shop?notice=invalid'],
    [{ variant_id: 1, quantity: 'x\u0000' }, '/cart?notice=invalid'],
    [{}, '/cart?notice=invalid'],
  ])('an invalid form %j goes back with the invalid notice', async (fields, location) => {
    const res = await post(ctx().agent(), '/cart/add', fields as Record<string, string | number>);
    expect([res.statusCode, res.headers.location]).toEqual([303, location]);
  });

  test.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/ok\nLocation: x'])(
    'a return address off this site (%j) is not followed: the cart instead',
    async (returnTo) => {
      const res = await post(ctx().agent(), '/cart/add', { variant_id: 'abc', return_to: returnTo });
      expect(res.headers.location).toBe('/cart?notice=invalid');
    },
  );

  test('a post from another site is refused as the API refuses it, and changes nothing', async () => {
    const [a] = await variantsPriced(db(), 20_000, 40_000);
    const agent = ctx().agent();
    const bySite = await post(agent, '/cart/add', { variant_id: a.id }, { 'sec-fetch-site': 'cross-site' });
    expect(bySite.statusCode).toBe(403);
    const byOrigin = await post(agent, '/cart/add', { variant_id: a.id }, { origin: 'https://evil.example' });
    expect(byOrigin.statusCode).toBe(403);
    expect(agent.cookies.has(CART_COOKIE)).toBe(false);
  });

  test('an oversized or non-form body is a 4xx, not a 500', async () => {
    const agent = ctx().agent();
    const big = await agent.post('/cart/add', `variant_id=1&return_to=/${'a'.repeat(20_000)}`, FORM);
    expect(big.statusCode).toBe(413);
    const json = await agent.post('/cart/add', { variant_id: 1 });
    expect(json.statusCode).toBe(303);
  });
});
