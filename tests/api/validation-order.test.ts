import { AddWishlistRequest } from '../../schemas/cart.ts';
import { CreateStaffRequest } from '../../schemas/staff.ts';
import { BadRequest } from '../../server/http/errors.ts';
import { OPS_REFUSED } from '../../server/http/ops.ts';
import { parse } from '../../server/http/validate.ts';
import { describeBackends } from '../helpers/app.ts';
import { ipAgent, registerCustomer } from './auth-helpers.ts';

// Fastify validates each request with the schemas its route declares, after the access checks of the onRequest
// hooks (docs/decisions/025): a caller who may not make the call learns that first, and a caller who may gets the
// 400 `parse()` (server/http/validate.ts) gives, message and issues alike.

const OPS = 'ops-token-for-the-validation-order-suite-0123456789';

/** The answer `parse()` gives for `input`: what a handler's own parse answered before Fastify validated. */
function expectedRefusal(schema: Parameters<typeof parse>[0], input: unknown) {
  try {
    parse(schema, input);
  } catch (error) {
    if (error instanceof BadRequest) return { status: 0, message: error.message, data: error.data };
  }
  throw new Error('the input was expected to be refused');
}

describeBackends('validation order', (ctx) => {
  const badWishlist = { id: 'not-a-number', evt_d: {} };

  test('a guest with an invalid body on a customer route gets 401 with the route message, not 400', async () => {
    const guest = ipAgent(ctx());
    const res = await guest.post('/api/cart/add-wish-list', badWishlist);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 0, message: 'Please sign in to add products to your wishlist.', data: null });
    // A customer route without a message of its own answers the default.
    const profile = await guest.post('/api/myAccount/post-profile-values', { name: 42 });
    expect(profile.statusCode).toBe(401);
    expect(profile.json().message).toBe('Please sign in to continue.');
  });

  test('a signed-in customer with the same body gets the 400 parse() gives: message and issues', async () => {
    const customer = ipAgent(ctx());
    await registerCustomer(ctx(), customer);
    const res = await customer.post('/api/cart/add-wish-list', badWishlist);
    expect(res.statusCode).toBe(400);
    const expected = expectedRefusal(AddWishlistRequest, badWishlist);
    expect(expected.message).toMatch(/^id: /);
    expect(res.json()).toEqual(expected);
    // And a valid body passes validation and reaches the handler (a product that does not exist: not a 400).
    const ok = await customer.post('/api/cart/add-wish-list', { id: 1, evt_d: {} });
    expect(ok.statusCode).not.toBe(400);
  });

  test('a NUL or a lone surrogate in a body is the same 400 as before, naming the field', async () => {
    const customer = ipAgent(ctx());
    await registerCustomer(ctx(), customer);
    const nul = await customer.post('/api/cart/add-wish-list', { id: 1, evt_d: {}, source: 'ca\u0000rt' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ status: 0, message: 'source: text must not contain NUL characters', data: null });
    const surrogate = await customer.post('/api/cart/add-wish-list', { id: 1, evt_d: {}, source: 'ca\uD800rt' });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().message).toBe('source: text must be valid Unicode');
    // A public route too, in its query.
    const query = await ctx().app.inject({ method: 'GET', url: '/api/review/v1/product-aggregate?product_id=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe('product_id: text must not contain NUL characters');
  });

  test('an operations route without the token and with a bad body is 401; with the token, the 400 parse() gives', async () => {
    const saved = process.env.OPS_TOKEN;
    process.env.OPS_TOKEN = OPS;
    try {
      const bad = { email: 'not-an-email', role: 'nobody', password: 'short' };
      const post = (headers: Record<string, string>) => ctx().app.inject({ method: 'POST', url: '/api/ops/staff', payload: bad, headers });
      const guest = await post({});
      expect(guest.statusCode).toBe(401);
      expect(guest.json().message).toBe(OPS_REFUSED);
      expect((await post({ authorization: 'Bearer wrong' })).statusCode).toBe(401);
      const staff = await post({ authorization: `Bearer ${OPS}` });
      expect(staff.statusCode).toBe(400);
      expect(staff.json()).toEqual(expectedRefusal(CreateStaffRequest, bad));
    } finally {
      process.env.OPS_TOKEN = saved;
    }
  });

  test('a staff-only route without a staff session is 401 before anything else', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/ops/staff/me' });
    expect(res.statusCode).toBe(401);
  });
});
