import { STAFF_FORBIDDEN } from '../../server/http/ops.ts';
import { describeBackends } from '../helpers/app.ts';
import { createOrder, orderableVariants } from '../helpers/orders.ts';
import { createCustomer } from './cart-fixtures.ts';
import { signedInStaff } from './staff-fixtures.ts';

// The console's Today page (docs/decisions/019): the India day's orders and revenue, and the outboxes' health with
// an owner's retry of their dead letters.

process.env.OUTBOX_WORKER = 'off';
delete process.env.OPS_TOKEN;

describeBackends('operations console: today', (ctx) => {
  test('an order placed now counts in today and the week, in paise', async () => {
    const t = ctx();
    const marketer = await signedInStaff(t, 'marketing');
    const read = async () => {
      const res = await marketer.agent.get('/api/ops/today');
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const before = await read();
    const [v] = await orderableVariants(t.handle.db);
    const order = await createOrder(t.handle.db, {
      customerId: await createCustomer(t.handle.db),
      paymentMethod: 4,
      shipments: [{ lines: [{ variantId: v!.id, quantity: 1 }] }],
    });
    const after = await read();
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.today.revenue).toBe(before.today.revenue + order.total);
    expect(after.last_7_days.orders).toBe(before.last_7_days.orders + 1);
    expect(after.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Fulfilment has no reports.
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const refused = await fulfilment.agent.get('/api/ops/today');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_FORBIDDEN);
  });

  test('dead letters are counted; the owner puts them back in their queue, audited; others cannot', async () => {
    const t = ctx();
    const { db } = t.handle;
    const owner = await signedInStaff(t, 'owner');
    const marketer = await signedInStaff(t, 'marketing');
    const old = new Date(Date.now() - 3_600_000);
    await db
      .insertInto('outbox')
      .values([
        { channel: 'email', recipient: 'a@example.com', body: 'Hello', status: 'failed', attempts: 5, last_error: 'HTTP 500' },
        { channel: 'sms', recipient: '9876543210', body: 'Hi', status: 'pending', created_at: old },
      ])
      .execute();
    await db
      .insertInto('event_outbox')
      .values({ kind: 'conversion', ref: `dead-${Date.now()}`, payload: JSON.stringify({}), attempts: 8, dead_at: new Date() })
      .execute();
    const health = (await marketer.agent.get('/api/ops/today')).json().data.outboxes;
    expect(health.messages.dead_letters).toBeGreaterThanOrEqual(1);
    expect(health.messages.pending).toBeGreaterThanOrEqual(1);
    expect(new Date(health.messages.oldest_pending_at).getTime()).toBeLessThanOrEqual(old.getTime());
    expect(health.feeds.dead_letters).toBeGreaterThanOrEqual(1);

    expect((await marketer.agent.post('/api/ops/outbox/retry', { queue: 'messages' })).statusCode).toBe(403);
    expect((await owner.agent.post('/api/ops/outbox/retry', { queue: 'everything' })).statusCode).toBe(400);
    const retried = await owner.agent.post('/api/ops/outbox/retry', { queue: 'messages' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.requeued).toBeGreaterThanOrEqual(1);
    const feeds = await owner.agent.post('/api/ops/outbox/retry', { queue: 'feeds' });
    expect(feeds.json().data.requeued).toBeGreaterThanOrEqual(1);
    const now = (await owner.agent.get('/api/ops/today')).json().data.outboxes;
    expect(now.messages.dead_letters).toBe(0);
    expect(now.feeds.dead_letters).toBe(0);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('staff_id', '=', owner.id)
      .where('action', '=', 'outbox.retry')
      .execute();
    expect(audit.map((a) => a.target).sort()).toEqual(['outbox:feeds', 'outbox:messages']);
  });
});
