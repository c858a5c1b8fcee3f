import { randomUUID } from 'node:crypto';
import { TransactionData } from '../../schemas/payment.ts';
import { describeBackends } from '../helpers/app.ts';
import { payFormFields, SANDBOX_PAY_URL } from '../helpers/sandbox-page.ts';
import { createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// Saved cards under card-on-file tokenisation (docs/decisions/024-saved-cards.md), through the sandbox gateway:
// the hosted page's consent box saves the card as a token signed into the callback; the store keeps only the
// token, network, last four and expiry; a saved card pays with its CVV only; expired cards are not offered;
// a customer sees and removes only their own cards.

describeBackends('saved cards', (ctx) => {
  const db = () => ctx().handle.db;

  async function shopper() {
    const v = await variantIn(db(), 60_000, 90_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    return { s: s as NonNullable<typeof s>, v, agent: signIn(ctx().agent(), s as NonNullable<typeof s>) };
  }
  type Shopper = Awaited<ReturnType<typeof shopper>>;
  /** An order closes its cart (one order per cart): the next order starts from a new cart with the same line. */
  async function refill({ s, v }: Shopper) {
    const cart = await db().selectFrom('carts').select('status').where('id', '=', s.cartId).executeTakeFirstOrThrow();
    if (cart.status === 'active') return;
    s.cartId = randomUUID();
    await db()
      .insertInto('carts')
      .values({ id: s.cartId, customer_id: s.customerId, coupon_code: null, address_id: s.addressId })
      .execute();
    await db()
      .insertInto('cart_items')
      .values({ cart_id: s.cartId, variant_id: v.id, quantity: 1, is_freebie: false, freebie_id: null })
      .execute();
  }
  type Agent = Shopper['agent'];
  const form = (agent: Agent, fields: Record<string, string>) =>
    agent.request({
      method: 'POST',
      url: SANDBOX_PAY_URL,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  async function startCard(sh: Shopper, extra: Record<string, unknown> = {}) {
    const { agent } = sh;
    await refill(sh);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    const res = await agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: 2, instrument: {}, ...extra });
    return { orderId, res };
  }

  test('paying with consent saves the card; the next order pays with it by CVV only; removing it drops it', async () => {
    const sh = await shopper();
    const { agent } = sh;
    expect(json(await agent.get('/api/payment/saved-cards')).data).toEqual([]);

    // Without the consent box ticked nothing is saved.
    const first = await startCard(sh);
    const page0 = (await agent.get(TransactionData.parse(json(first.res).data).redirect.url)).body as string;
    expect(page0).toContain('Save this card (RBI tokenisation)');
    const plain = await form(agent, payFormFields(page0, { card_number: '4111 1111 1111 1111' }));
    expect(plain.headers.location).toBe(`/order-successfull/${first.orderId}`);
    expect(json(await agent.get('/api/payment/saved-cards')).data).toEqual([]);

    // With consent the token is stored, never the number.
    const second = await startCard(sh);
    const page1 = (await agent.get(TransactionData.parse(json(second.res).data).redirect.url)).body as string;
    const saved = await form(agent, payFormFields(page1, { card_number: '5555555555554444', expiry: '09/31', save_card: 'yes' }));
    expect(saved.headers.location).toBe(`/order-successfull/${second.orderId}`);
    const cards = json(await agent.get('/api/payment/saved-cards')).data;
    expect(cards).toEqual([{ id: expect.any(Number), network: 'MasterCard', last4: '4444', expiry_month: 9, expiry_year: 2031 }]);
    const row = await db().selectFrom('saved_cards').selectAll().executeTakeFirstOrThrow();
    expect(row.token).toMatch(/^sbx_card_[0-9a-f]{24}$/);
    expect(JSON.stringify(row)).not.toContain('5555555555554444');

    // The next order pays with it: the hosted page asks only for the CVV.
    const third = await startCard(sh, { saved_card_id: cards[0].id });
    const tx = TransactionData.parse(json(third.res).data);
    const page2 = (await agent.get(tx.redirect.url)).body as string;
    expect(page2).toContain('Saved card: MasterCard •••• 4444');
    expect(page2).toContain('name="cvv"');
    expect(page2).not.toContain('name="card_number"');
    const noCvv = await form(agent, payFormFields(page2, { cvv: '' }));
    expect(noCvv.statusCode).toBe(400);
    const paid = await form(agent, payFormFields(page2, { cvv: '123' }));
    expect(paid.headers.location).toBe(`/order-successfull/${third.orderId}`);
    const attempt = await db()
      .selectFrom('payments')
      .select(['saved_card_id', 'status'])
      .where('gateway_order_ref', '=', tx.payment_ref)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ saved_card_id: cards[0].id, status: 'success' });

    const removed = json(await agent.post('/api/payment/delete-saved-card', { id: cards[0].id }));
    expect(removed.data).toEqual([]);
    expect(await db().selectFrom('saved_cards').selectAll().execute()).toEqual([]);
    // The paid attempt keeps its history; its card reference goes.
    const after = await db()
      .selectFrom('payments')
      .select('saved_card_id')
      .where('gateway_order_ref', '=', tx.payment_ref)
      .executeTakeFirstOrThrow();
    expect(after.saved_card_id).toBeNull();
  });

  test('a failed payment saves nothing, and a consent box with an unreadable expiry is refused', async () => {
    const sh = await shopper();
    const { agent } = sh;
    const { res } = await startCard(sh);
    const page = (await agent.get(TransactionData.parse(json(res).data).redirect.url)).body as string;
    const bad = await form(agent, payFormFields(page, { expiry: '13/99', save_card: 'yes' }));
    expect(bad.statusCode).toBe(400);
    expect(await db().selectFrom('saved_cards').selectAll().execute()).toEqual([]);
  });

  test('expired cards are not offered and cannot pay; another customer’s card is 404 to list, pay and delete', async () => {
    const alice = await shopper();
    const bob = await shopper();
    const { agent: a } = alice;
    const { agent: b } = bob;
    const now = new Date();
    const base = { customer_id: alice.s.customerId, gateway: 'sandbox', network: 'VISA' as const, last4: '1111' };
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const expired = await db()
      .insertInto('saved_cards')
      .values({ ...base, token: 'sbx_card_old', expiry_month: lastMonth.getUTCMonth() + 1, expiry_year: lastMonth.getUTCFullYear() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const current = await db()
      .insertInto('saved_cards')
      .values({ ...base, token: 'sbx_card_now', last4: '0003', expiry_month: now.getUTCMonth() + 1, expiry_year: now.getUTCFullYear() })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A card is valid through its expiry month.
    expect(json(await a.get('/api/payment/saved-cards')).data.map((c: { id: number }) => c.id)).toEqual([current.id]);
    expect((await startCard(alice, { saved_card_id: expired.id })).res.statusCode).toBe(404);
    // Only with the card method.
    await refill(alice);
    const upi = await placeOrderFor(a);
    const wrongMethod = await a.post('/api/payment/initate-transaction', {
      order_id: upi.body.data.order_id,
      payment_method: 1,
      instrument: {},
      saved_card_id: current.id,
    });
    expect(wrongMethod.statusCode).toBe(400);

    expect(json(await b.get('/api/payment/saved-cards')).data).toEqual([]);
    expect((await startCard(bob, { saved_card_id: current.id })).res.statusCode).toBe(404);
    expect((await b.post('/api/payment/delete-saved-card', { id: current.id })).statusCode).toBe(404);
    expect(await db().selectFrom('saved_cards').select('id').where('id', '=', current.id).executeTakeFirst()).toBeTruthy();
    expect((await b.post('/api/payment/delete-saved-card', { id: 'x' })).statusCode).toBe(400);
    expect((await ctx().agent().get('/api/payment/saved-cards')).statusCode).toBe(401);
  });
});
