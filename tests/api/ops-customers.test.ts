import { CUSTOMER_MESSAGES } from '../../schemas/staff.ts';
import { describeBackends } from '../helpers/app.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';
import { signedInStaff } from './staff-fixtures.ts';

// The console's customers (docs/decisions/019): search, block (ending every session at once) and unblock,
// each on record in the audit trail.

process.env.OUTBOX_WORKER = 'off';

describeBackends('operations console: customers', (ctx) => {
  test('support finds a customer and blocks them: their sessions end at once; unblocking lets them sign in again', async () => {
    const t = ctx();
    const { db } = t.handle;
    const customerId = await createCustomer(db);
    const email = (await db.selectFrom('customers').select('email').where('id', '=', customerId).executeTakeFirstOrThrow()).email as string;
    const phone = t.agent();
    const laptop = t.agent();
    await signInDirectly(db, phone, customerId);
    await signInDirectly(db, laptop, customerId);
    expect((await phone.get('/api/cart/wish-list')).statusCode).toBe(200);

    const support = await signedInStaff(t, 'support');
    const found = await support.agent.get(`/api/ops/customers?q=${encodeURIComponent(email)}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.customers).toEqual([
      expect.objectContaining({ customer_id: customerId, email, is_blocked: false, orders: 0 }),
    ]);

    const block = await support.agent.post(`/api/ops/customers/${customerId}/block`, { blocked: true });
    expect(block.statusCode).toBe(200);
    expect(block.json()).toMatchObject({ message: CUSTOMER_MESSAGES.blocked, data: { is_blocked: true, sessions_ended: 2 } });
    for (const browser of [phone, laptop]) expect((await browser.get('/api/cart/wish-list')).statusCode).toBe(401);
    // A session made afterwards is refused too: the flag, not just the sessions, holds.
    const again = t.agent();
    await signInDirectly(db, again, customerId);
    expect([401, 403]).toContain((await again.get('/api/cart/wish-list')).statusCode);

    const unblock = await support.agent.post(`/api/ops/customers/${customerId}/block`, { blocked: false });
    expect(unblock.json()).toMatchObject({ message: CUSTOMER_MESSAGES.unblocked, data: { is_blocked: false, sessions_ended: 0 } });
    expect((await again.get('/api/cart/wish-list')).statusCode).toBe(200);

    const owner = await signedInStaff(t, 'owner');
    const trail = (await owner.agent.get('/api/ops/audit')).json().data.entries as Array<Record<string, unknown>>;
    const mine = trail.filter((e) => e.target === `customer:${customerId}`).map((e) => [e.actor, e.action, e.before, e.after]);
    expect(mine).toEqual([
      [`staff:${support.id}`, 'customer.unblock', { is_blocked: true }, { is_blocked: false, sessions_ended: 0 }],
      [`staff:${support.id}`, 'customer.block', { is_blocked: false }, { is_blocked: true, sessions_ended: 2 }],
    ]);
  });

  test('bad input is a 4xx; an unknown customer is 404; a role without customers:write is 403', async () => {
    const t = ctx();
    const support = await signedInStaff(t, 'support');
    expect((await support.agent.post('/api/ops/customers/abc/block', { blocked: true })).statusCode).toBe(400);
    expect((await support.agent.post('/api/ops/customers/1/block', { blocked: 'yes' })).statusCode).toBe(400);
    expect((await support.agent.post('/api/ops/customers/999999999/block', { blocked: true })).statusCode).toBe(404);
    expect((await support.agent.get(`/api/ops/customers?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    const catalogue = await signedInStaff(t, 'catalogue');
    const customerId = await createCustomer(t.handle.db);
    expect((await catalogue.agent.post(`/api/ops/customers/${customerId}/block`, { blocked: true })).statusCode).toBe(403);
    const row = await t.handle.db.selectFrom('customers').select('is_blocked').where('id', '=', customerId).executeTakeFirstOrThrow();
    expect(row.is_blocked).toBe(false);
  });
});
