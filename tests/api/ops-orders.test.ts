import { STAFF_FORBIDDEN } from '../../server/http/ops.ts';
import { describeBackends } from '../helpers/app.ts';
import { createOrder, orderableVariants, stockOf } from '../helpers/orders.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';
import { signedInStaff } from './staff-fixtures.ts';

// The console's orders (docs/decisions/019): staff find orders by status, day, payment, pincode and customer, read
// one with its timeline, and move it with the orders module's operations calls; every move is audited and the
// shopper's order page shows it.

process.env.OUTBOX_WORKER = 'off';
delete process.env.OPS_TOKEN;

describeBackends('operations console: orders', (ctx) => {
  async function newOrder(paymentMethod: 1 | 4 = 4) {
    const { db } = ctx().handle;
    const customerId = await createCustomer(db);
    const [v] = await orderableVariants(db);
    const order = await createOrder(db, { customerId, paymentMethod, shipments: [{ lines: [{ variantId: v!.id, quantity: 2 }] }] });
    const customer = await db.selectFrom('customers').select(['email', 'mobile']).where('id', '=', customerId).executeTakeFirstOrThrow();
    return { customerId, customer, order, variantId: v!.id, shipmentId: order.shipments[0]!.shipmentNumber };
  }

  test('fulfilment finds an order, packs and ships it with an AWB, delivers it; the shopper sees it; each move is audited', async () => {
    const t = ctx();
    const staff = await signedInStaff(t, 'fulfilment');
    const o = await newOrder();
    const q = encodeURIComponent(o.customer.email ?? o.customer.mobile ?? '');
    const found = await staff.agent.get(`/api/ops/orders?q=${q}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.orders.map((r: { order_id: string }) => r.order_id)).toEqual([o.order.orderNumber]);
    expect(found.json().data.orders[0]).toMatchObject({ payment: 'Pay on delivery', pincode: '560001', customer_id: o.customerId });

    const detail = async () => (await staff.agent.get(`/api/ops/orders/${o.order.orderNumber}`)).json().data;
    expect((await detail()).shipments[0]).toMatchObject({ shipment_id: o.shipmentId, status: 'placed', actions: ['pack', 'cancel'] });

    const move = (action: string, body: object = {}) => staff.agent.post(`/api/ops/shipments/${o.shipmentId}/${action}`, body);
    expect((await move('pack')).statusCode).toBe(200);
    // Shipping needs the courier's AWB: refused in words without it.
    const noAwb = await move('ship');
    expect(noAwb.statusCode).toBe(400);
    expect((await move('ship', { awb: 'dlv9876543' })).statusCode).toBe(200);
    const shipped = (await detail()).shipments[0];
    expect(shipped).toMatchObject({ status: 'shipped', awb: 'DLV9876543', actions: ['deliver'], has_invoice: true });
    expect(shipped.timeline.map((e: { status: string }) => e.status)).toEqual(['placed', 'confirmed', 'packed', 'shipped']);

    // The shopper's own order page says shipped, with the AWB.
    const shopper = t.agent();
    await signInDirectly(t.handle.db, shopper, o.customerId);
    const theirs = await shopper.post('/api/order/shipment-details', { order_id: o.order.orderNumber });
    expect(theirs.json().data.shipments[0]).toMatchObject({ status: 'shipped', awb: 'DLV9876543' });

    const invoice = await staff.agent.get(`/api/ops/shipments/${o.shipmentId}/invoice`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');

    expect((await move('deliver')).statusCode).toBe(200);
    expect((await detail()).shipments[0].status).toBe('delivered');
    // A move the shipment cannot take is a conflict, never a 500.
    expect((await move('ship', { awb: 'DLV9876543' })).statusCode).toBe(409);

    const owner = await signedInStaff(t, 'owner');
    const trail = (await owner.agent.get('/api/ops/audit?limit=200')).json().data.entries as Array<Record<string, unknown>>;
    const mine = trail.filter((e) => e.actor === `staff:${staff.id}` && String(e.target).includes(o.shipmentId));
    expect(mine.map((e) => JSON.parse(String(e.target)).action).sort()).toEqual(['deliver', 'pack', 'ship']);
  });

  test('the filters narrow the list: status, day, payment and pincode', async () => {
    const t = ctx();
    const staff = await signedInStaff(t, 'support');
    const cod = await newOrder(4);
    const upi = await newOrder(1);
    const ids = async (query: string) =>
      ((await staff.agent.get(`/api/ops/orders?${query}`)).json().data.orders as Array<{ order_id: string }>).map((r) => r.order_id);
    const byCod = await ids('payment=4');
    expect(byCod).toContain(cod.order.orderNumber);
    expect(byCod).not.toContain(upi.order.orderNumber);
    // A prepaid order is confirmed on payment, a pay-on-delivery one waits as placed.
    const confirmed = await ids('status=confirmed');
    expect(confirmed).toContain(upi.order.orderNumber);
    expect(confirmed).not.toContain(cod.order.orderNumber);
    expect(await ids('pincode=560001')).toEqual(expect.arrayContaining([cod.order.orderNumber, upi.order.orderNumber]));
    expect(await ids('pincode=110001')).not.toContain(cod.order.orderNumber);
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    expect(await ids(`from=${today}&to=${today}`)).toEqual(expect.arrayContaining([cod.order.orderNumber, upi.order.orderNumber]));
    expect(await ids('to=2000-01-01')).toEqual([]);
    expect(await ids(`q=${cod.order.orderNumber.toLowerCase()}`)).toEqual([cod.order.orderNumber]);
  });

  test('bad filters and unknown orders are clear 4xx; roles without the permission get 403', async () => {
    const t = ctx();
    const staff = await signedInStaff(t, 'fulfilment');
    for (const query of ['status=lost', 'pincode=12', 'payment=5', 'from=2026-02-01&to=2026-01-01', 'from=yesterday', 'page=0']) {
      const res = await staff.agent.get(`/api/ops/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await staff.agent.get('/api/ops/orders/NO-SUCH-ORDER')).statusCode).toBe(404);
    expect((await staff.agent.get('/api/ops/orders/bad%20id')).statusCode).toBe(400);
    const marketing = await signedInStaff(t, 'marketing');
    const refused = await marketing.agent.get('/api/ops/orders');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_FORBIDDEN);
    // Support reads orders but does not move them.
    const support = await signedInStaff(t, 'support');
    const o = await newOrder();
    expect((await support.agent.get(`/api/ops/orders/${o.order.orderNumber}`)).statusCode).toBe(200);
    expect((await support.agent.post(`/api/ops/shipments/${o.shipmentId}/pack`, {})).statusCode).toBe(403);
    expect((await support.agent.post(`/api/ops/shipments/${o.shipmentId}/cancel`, {})).statusCode).toBe(403);
  });

  test('the store cancels a paid shipment through the cancel flow: stock back, refund written, audited', async () => {
    const t = ctx();
    const { db } = t.handle;
    const staff = await signedInStaff(t, 'owner');
    const o = await newOrder(1);
    const before = await stockOf(db, o.variantId);
    // Moving money needs refunds:write: fulfilment's orders:write cannot cancel a paid shipment (docs/decisions/019).
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const refused = await fulfilment.agent.post(`/api/ops/shipments/${o.shipmentId}/cancel`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_FORBIDDEN);
    const res = await staff.agent.post(`/api/ops/shipments/${o.shipmentId}/cancel`, { comment: 'Out of stock at the warehouse' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled' });
    expect(res.json().data.refund.amount).toBeGreaterThan(0);
    expect(await stockOf(db, o.variantId)).toBe(before + 2);
    const detail = (await staff.agent.get(`/api/ops/orders/${o.order.orderNumber}`)).json().data;
    expect(detail.shipments[0]).toMatchObject({ status: 'cancelled', actions: [] });
    expect(detail.shipments[0].refunds).toHaveLength(1);
    expect(detail.shipments[0].timeline.at(-1).note).toContain('Out of stock at the warehouse');
    // Twice is a conflict, not a second refund.
    expect((await staff.agent.post(`/api/ops/shipments/${o.shipmentId}/cancel`, {})).statusCode).toBe(409);
    expect((await staff.agent.post(`/api/ops/shipments/${o.shipmentId}/cancel`, { comment: 'x'.repeat(501) })).statusCode).toBe(400);
    const audit = await db.selectFrom('audit_log').selectAll().where('staff_id', '=', staff.id).execute();
    expect(audit.map((a) => a.action)).toContain('POST /api/ops/shipments/:shipmentId/cancel');
  });

  test('every act that writes or pays a refund needs refunds:write: fulfilment is refused, the owner gets past the check', async () => {
    const t = ctx();
    const fulfilment = await signedInStaff(t, 'fulfilment');
    const owner = await signedInStaff(t, 'owner');
    const o = await newOrder(1);
    const [line] = (await owner.agent.get(`/api/ops/orders/${o.order.orderNumber}`)).json().data.shipments[0].items;
    const items = { items: [{ order_item_id: line.order_item_id, quantity: 1 }] };
    const calls: Array<[string, object]> = [
      [`/api/ops/shipments/${o.shipmentId}/cancel`, {}],
      [`/api/ops/shipments/${o.shipmentId}/items/cancel`, items],
      [`/api/ops/shipments/${o.shipmentId}/items/cancel-preview`, items],
      [`/api/ops/shipments/${o.shipmentId}/receive-return`, {}],
      ['/api/ops/refunds/retry', {}],
      ['/api/ops/payment-issues/1/resolve', { resolution: 'paid by NEFT' }],
    ];
    for (const [url, body] of calls) {
      const res = await fulfilment.agent.post(url, body);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 403, STAFF_FORBIDDEN]);
    }
    // The owner holds it: receiving a return of a shipment that has none is the life cycle's 409, not a 403.
    expect((await owner.agent.post(`/api/ops/shipments/${o.shipmentId}/receive-return`, {})).statusCode).toBe(409);
    // A body it does not need is still checked: text PostgreSQL cannot store is a 400, not a 500 from the audit trail.
    const nul = await owner.agent.post('/api/ops/refunds/retry', { deep: { k: [{ k: 'x\u0000y' }] } });
    expect([nul.statusCode, nul.json().message]).toEqual([400, 'deep.k.0.k: text must not contain NUL characters']);
    expect((await owner.agent.post('/api/ops/refunds/retry', {})).statusCode).toBe(200);
    // Fulfilment still moves parcels.
    expect((await fulfilment.agent.post(`/api/ops/shipments/${o.shipmentId}/pack`, {})).statusCode).toBe(200);
  });

  test('day filters are real calendar days: an impossible date is a clear 400, never a 500', async () => {
    const t = ctx();
    const staff = await signedInStaff(t, 'owner');
    for (const query of ['from=2024-99-99', 'from=0000-00-00', 'from=2024-02-30', 'to=2023-02-29', 'from=1899-01-01']) {
      for (const url of [`/api/ops/orders?${query}`, `/api/ops/audit?${query}`]) {
        const res = await staff.agent.get(url);
        expect([url, res.statusCode]).toEqual([url, 400]);
        expect(res.json().message).toMatch(/(from|to): (not a date on the calendar|a date between 2000 and 2099)/);
      }
    }
    expect((await staff.agent.get('/api/ops/orders?from=2024-02-29&to=2024-03-01')).statusCode).toBe(200);
  });

  test('a delivery time lies between the shipping and now: far past, far future and before shipping are 400s', async () => {
    const t = ctx();
    const staff = await signedInStaff(t, 'fulfilment');
    const o = await newOrder();
    const move = (action: string, body: object = {}) => staff.agent.post(`/api/ops/shipments/${o.shipmentId}/${action}`, body);
    expect((await move('pack')).statusCode).toBe(200);
    expect((await move('ship', { awb: 'DLV1234567' })).statusCode).toBe(200);
    const cases: Array<[string, RegExp]> = [
      ['-010000-01-01T00:00:00Z', /not a date/],
      ['9999-12-31', /between 2000 and 2099/],
      ['2099-12-31', /cannot be in the future/],
      [new Date(Date.now() + 10 * 60_000).toISOString(), /cannot be in the future/],
      [new Date(Date.now() - 86_400_000).toISOString(), /before the shipment was shipped/],
      ['2024-02-30', /not a date/],
    ];
    for (const [at, message] of cases) {
      const res = await move('deliver', { at });
      expect([at, res.statusCode]).toEqual([at, 400]);
      expect(res.json().message).toMatch(message);
    }
    // Still shipped; a time a few seconds ahead (clock skew) is taken.
    const ok = await move('deliver', { at: new Date(Date.now() + 60_000).toISOString() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status).toBe('delivered');
  });

  test('the payment-issue queue: fulfilment reads it, resolving needs the refunds permission', async () => {
    const t = ctx();
    const staff = await signedInStaff(t, 'fulfilment');
    const queue = await staff.agent.get('/api/ops/payment-issues');
    expect(queue.statusCode).toBe(200);
    expect(Array.isArray(queue.json().data)).toBe(true);
    expect((await staff.agent.post('/api/ops/payment-issues/1/resolve', { resolution: 'paid by NEFT' })).statusCode).toBe(403);
    const owner = await signedInStaff(t, 'owner');
    expect((await owner.agent.post('/api/ops/payment-issues/999999/resolve', { resolution: 'paid by NEFT' })).statusCode).toBe(404);
  });
});
