import { cancelOrderShipment } from '../../server/flows/index.ts';
import { STAFF_FORBIDDEN } from '../../server/http/ops.ts';
import { describeBackends } from '../helpers/app.ts';
import { createOrder, orderableVariants, stockOf } from '../helpers/orders.ts';
import { createCustomer } from './cart-fixtures.ts';
import { signedInStaff } from './staff-fixtures.ts';

// The console's customer page (their orders), item-by-item cancel through the cancel flow, and the queues a page at a
// time with their sizes (docs/decisions/019).

process.env.OUTBOX_WORKER = 'off';
delete process.env.OPS_TOKEN;

describeBackends('operations console: customer orders, item cancel, paging', (ctx) => {
  async function customerWithOrders(n: number, paymentMethod: 1 | 4 = 4) {
    const { db } = ctx().handle;
    const customerId = await createCustomer(db);
    const [v, w] = await orderableVariants(db);
    const orders = [];
    for (let i = 0; i < n; i++)
      orders.push(
        await createOrder(db, {
          customerId,
          paymentMethod,
          createdAt: new Date(Date.now() - (n - i) * 60_000),
          shipments: [
            {
              lines: [
                { variantId: v!.id, quantity: 2 },
                { variantId: w!.id, quantity: 1 },
              ],
            },
          ],
        }),
      );
    return { customerId, orders, v: v!, w: w! };
  }

  test("a customer's page lists their orders newest first, a page at a time, with the count", async () => {
    const t = ctx();
    const support = await signedInStaff(t, 'support');
    const { customerId, orders } = await customerWithOrders(3);
    const first = await support.agent.get(`/api/ops/customers/${customerId}/orders?page_size=2`);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.customer.customer_id).toBe(customerId);
    expect(data.paging).toEqual({ page: 1, page_size: 2, total: 3, pages: 2 });
    expect(data.orders.map((o: { order_id: string }) => o.order_id)).toEqual([orders[2]!.orderNumber, orders[1]!.orderNumber]);
    expect(data.orders[0]).toMatchObject({ status: 'placed', total: orders[2]!.total, items: 3 });
    const second = (await support.agent.get(`/api/ops/customers/${customerId}/orders?page=2&page_size=2`)).json().data;
    expect(second.orders.map((o: { order_id: string }) => o.order_id)).toEqual([orders[0]!.orderNumber]);

    expect((await support.agent.get('/api/ops/customers/999999/orders')).statusCode).toBe(404);
    expect((await support.agent.get(`/api/ops/customers/${customerId}/orders?page_size=500`)).statusCode).toBe(400);
    expect((await support.agent.get(`/api/ops/customers/${customerId}/orders?page=0`)).statusCode).toBe(400);
    const editor = await signedInStaff(t, 'catalogue');
    const denied = await editor.agent.get(`/api/ops/customers/${customerId}/orders`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(STAFF_FORBIDDEN);
  });

  test('the orders list, the review queue and the payment-issue queue page with their counts', async () => {
    const t = ctx();
    const { db } = t.handle;
    const owner = await signedInStaff(t, 'owner');
    const { customerId, orders } = await customerWithOrders(3);
    const email = (await db.selectFrom('customers').select('email').where('id', '=', customerId).executeTakeFirstOrThrow()).email ?? '';
    const q = encodeURIComponent(email);
    const p1 = (await owner.agent.get(`/api/ops/orders?q=${q}&page_size=2`)).json().data;
    expect(p1).toMatchObject({ page: 1, page_size: 2, total: 3, pages: 2, has_more: true });
    expect(p1.orders).toHaveLength(2);
    const p2 = (await owner.agent.get(`/api/ops/orders?q=${q}&page_size=2&page=2`)).json().data;
    expect(p2).toMatchObject({ page: 2, total: 3, has_more: false });
    expect(p2.orders.map((o: { order_id: string }) => o.order_id)).toEqual([orders[0]!.orderNumber]);

    // Reviews: the page holds at most page_size, the count is the whole state's.
    const published = Number(
      (
        await db
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'published')
          .where('moderated_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const reviews = (await owner.agent.get('/api/ops/reviews?state=published&page_size=1')).json().data;
    expect(reviews.paging).toMatchObject({ page: 1, page_size: 1, total: published });
    expect(reviews.reviews.length).toBe(Math.min(1, published));
    const awaiting = (await owner.agent.get('/api/ops/reviews')).json().data;
    expect(awaiting.paging.page_size).toBe(25);

    for (let i = 0; i < 3; i++)
      await db
        .insertInto('payment_issues')
        .values({
          kind: 'refund_to_pay',
          dedup_key: `paging-test-${ctx().backend}-${i}`,
          order_id: orders[i]!.id,
          amount: 100 * (i + 1),
          note: `n${i}`,
        })
        .execute();
    const open = Number(
      (
        await db
          .selectFrom('payment_issues')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('resolved_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const issues = (await owner.agent.get('/api/ops/queues/payment-issues?page_size=2')).json().data;
    expect(issues.paging).toEqual({ page: 1, page_size: 2, total: open, pages: Math.ceil(open / 2) });
    expect(issues.issues).toHaveLength(2);
    const last = (await owner.agent.get(`/api/ops/queues/payment-issues?page_size=2&page=${Math.ceil(open / 2)}`)).json().data;
    expect(last.issues.map((i: { note: string }) => i.note)).toContain('n2');
    const editor = await signedInStaff(t, 'catalogue');
    expect((await editor.agent.get('/api/ops/queues/payment-issues')).statusCode).toBe(403);
  });

  test('item-by-item cancel: the preview is what the cancel refunds, writes nothing; the cancel is audited', async () => {
    const t = ctx();
    const { db } = t.handle;
    // A cancel pays a refund: refunds:write, which fulfilment does not hold (docs/decisions/019).
    const staff = await signedInStaff(t, 'owner');
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const { orders, v } = await customerWithOrders(1, 1);
    const order = orders[0]!;
    const shipment = order.shipments[0]!;
    const lineA = shipment.items.find((i) => i.variantId === v.id)!;
    const detail = (await staff.agent.get(`/api/ops/orders/${order.orderNumber}`)).json().data;
    expect(detail.shipments[0].items.map((i: { order_item_id: number }) => i.order_item_id)).toContain(lineA.id);

    const stockBefore = await stockOf(db, v.id);
    const url = `/api/ops/shipments/${shipment.shipmentNumber}/items`;
    expect((await fulfilment.agent.post(`${url}/cancel-preview`, { items: [{ order_item_id: lineA.id, quantity: 1 }] })).statusCode).toBe(403);
    const preview = await staff.agent.post(`${url}/cancel-preview`, { items: [{ order_item_id: lineA.id, quantity: 1 }] });
    expect(preview.statusCode).toBe(200);
    const refund = preview.json().data.refund;
    expect(refund.amount).toBeGreaterThan(0);
    // Nothing changed.
    expect(await stockOf(db, v.id)).toBe(stockBefore);
    const item = () => db.selectFrom('order_items').select(['cancelled_quantity']).where('id', '=', lineA.id).executeTakeFirstOrThrow();
    expect((await item()).cancelled_quantity).toBe(0);

    // Refused in words, never a 500: too many units, an item of another shipment, nothing chosen, the same line twice.
    const tooMany = await staff.agent.post(`${url}/cancel`, { items: [{ order_item_id: lineA.id, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(409);
    expect((await staff.agent.post(`${url}/cancel`, { items: [{ order_item_id: 2_000_000_000, quantity: 1 }] })).statusCode).toBe(404);
    expect((await staff.agent.post(`${url}/cancel`, { items: [] })).json().message).toBe('items: Choose at least one item to cancel.');
    const twice = await staff.agent.post(`${url}/cancel`, {
      items: [
        { order_item_id: lineA.id, quantity: 1 },
        { order_item_id: lineA.id, quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(
      (await staff.agent.post('/api/ops/shipments/NOSUCH-1/items/cancel', { items: [{ order_item_id: 1, quantity: 1 }] })).statusCode,
    ).toBe(404);
    expect((await item()).cancelled_quantity).toBe(0);
    const support = await signedInStaff(t, 'support');
    expect((await support.agent.post(`${url}/cancel`, { items: [{ order_item_id: lineA.id, quantity: 1 }] })).statusCode).toBe(403);

    const res = await staff.agent.post(`${url}/cancel`, { items: [{ order_item_id: lineA.id, quantity: 1 }], comment: 'Damaged in store' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refund.amount).toBe(refund.amount);
    expect((await item()).cancelled_quantity).toBe(1);
    expect(await stockOf(db, v.id)).toBe(stockBefore + 1);
    const written = await db.selectFrom('refunds').select(['amount']).where('order_id', '=', order.id).execute();
    expect(written.map((r) => r.amount)).toEqual([refund.amount]);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('staff_id', '=', staff.id)
      .where('action', '=', 'shipment.cancel-items')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      target: `shipment:${shipment.shipmentNumber}`,
      after: { items: [{ order_item_id: lineA.id, quantity: 1 }], refund: refund.amount, comment: 'Damaged in store' },
    });
    // Exactly one entry for the request: the generic one is not added.
    expect(
      (await db.selectFrom('audit_log').select('id').where('request_id', '=', String(res.headers['x-request-id'])).execute()).length,
    ).toBe(1);
  });
  test('the console cancel writes its audit entry in the cancellation: a failed entry leaves nothing cancelled', async () => {
    const { db } = ctx().handle;
    const { orders, v } = await customerWithOrders(1, 1);
    const shipment = orders[0]!.shipments[0]!;
    const line = shipment.items.find((i) => i.variantId === v.id)!;
    const stockBefore = await stockOf(db, v.id);
    await expect(
      cancelOrderShipment(
        db,
        null,
        { shipmentId: shipment.shipmentNumber, reason_id: 'other', comment: 'Cancelled by the store' },
        [{ order_item_id: line.id, quantity: 1 }],
        async () => {
          throw new Error('audit write failed');
        },
      ),
    ).rejects.toThrow('audit write failed');
    const item = await db.selectFrom('order_items').select(['cancelled_quantity']).where('id', '=', line.id).executeTakeFirstOrThrow();
    expect(item.cancelled_quantity).toBe(0);
    expect(await stockOf(db, v.id)).toBe(stockBefore);
    expect(await db.selectFrom('refunds').select('id').where('order_id', '=', orders[0]!.id).execute()).toEqual([]);
  });
});
