import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OrderDetails, OrderListingData, ReturnShipmentDetails } from '../../schemas/orders.ts';
import type { Db } from '../../server/db/database.ts';
import { processRefund } from '../../server/flows/index.ts';
import type { RefundAdapters } from '../../server/modules/orders/index.ts';
import { type Agent, describeBackends, type TestApp } from '../helpers/app.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { advance, createOrder, OPS_TOKEN_FOR_TESTS, orderableVariants, stockOf } from '../helpers/orders.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';

process.env.OPS_TOKEN = OPS_TOKEN_FOR_TESTS;

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field; the zod schemas check shapes.
const json = (res: { json(): unknown }) => res.json() as { status: 0 | 1; message: string; data: any };
const OPS = { authorization: `Bearer ${OPS_TOKEN_FOR_TESTS}` };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function shopper(t: TestApp): Promise<{ agent: Agent; customerId: number }> {
  const customerId = await createCustomer(t.handle.db);
  const agent = t.agent();
  await signInDirectly(t.handle.db, agent, customerId);
  return { agent, customerId };
}

async function details(agent: Agent, orderId: string) {
  const res = await agent.post('/api/order/shipment-details', { order_id: orderId });
  expect(res.statusCode).toBe(200);
  return OrderDetails.parse(json(res).data);
}

const uploadPhoto = (agent: Agent, shipmentId: string, file = { name: 'photo.png', type: 'image/png', bytes: PNG }) => {
  const body = multipartForm([
    { name: 'shipmentId', data: shipmentId },
    ...(file ? [{ name: 'file', filename: file.name, type: file.type, data: file.bytes }] : []),
  ]);
  return agent.request({ method: 'POST', url: '/api/order/return-shipment-media', ...body });
};

async function addBank(agent: Agent, number = '123456789012') {
  const res = await agent.post('/api/order/update-bank-details', {
    account_holder: 'Asha Rao',
    account_number: number,
    confirm_account_number: number,
    ifsc: 'hdfc0000001',
  });
  expect(res.statusCode).toBe(200);
  return json(res).data as { bank_account_id: number; account_number_masked: string };
}

describeBackends('orders API', (ctx) => {
  const db = (): Db => ctx().handle.db;

  test('every /api/order call needs a signed-in customer', async () => {
    const guest = ctx().agent();
    const calls: Array<[string, string]> = [
      ['POST', '/api/order/order-listing'],
      ['POST', '/api/order/shipment-details'],
      ['GET', '/api/order/cancel-shipment-reason'],
      ['POST', '/api/order/cancel-shipment-submit'],
      ['POST', '/api/order/partial-cancel-shipment-submit'],
      ['POST', '/api/order/cancel-reverse-shipment-submit'],
      ['GET', '/api/order/return-item-reasons'],
      ['GET', '/api/order/return-shipment-details?shipmentId=KS1-1'],
      ['POST', '/api/order/return-shipment-media'],
      ['POST', '/api/order/return-shipment-submit'],
      ['GET', '/api/order/customer-bank-details'],
      ['POST', '/api/order/set-select-address'],
      ['POST', '/api/order/update-bank-details'],
      ['GET', '/api/order/fetch-ifsc-details?ifsc=HDFC0000001'],
      ['GET', '/api/order/customer-bank-listing'],
      ['POST', '/api/order/return-shipment-refund-amount'],
      ['GET', '/api/order/shipment-invoice?shipmentId=KS1-1'],
    ];
    expect(calls).toHaveLength(17);
    for (const [method, url] of calls) {
      const res = await guest.request({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(json(res).status).toBe(0);
    }
  });

  test('order-listing pages the customer’s orders, newest first', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [v] = await orderableVariants(db());
    const day = 86_400_000;
    const made = [];
    for (const ago of [3, 1, 2]) {
      made.push(
        await createOrder(db(), {
          customerId,
          paymentMethod: 1,
          createdAt: new Date(Date.now() - ago * day),
          shipments: [{ lines: [{ variantId: v.id, quantity: 1 }] }],
        }),
      );
    }
    const first = OrderListingData.parse(json(await agent.post('/api/order/order-listing', { page: 1, page_size: 2 })).data);
    expect(first.orders.map((o) => o.order_id)).toEqual([made[1].orderNumber, made[2].orderNumber]);
    expect(first).toMatchObject({ total: 3, has_next: true, page: 1, page_size: 2 });
    const second = OrderListingData.parse(json(await agent.post('/api/order/order-listing', { page: 2, page_size: 2 })).data);
    expect(second.orders.map((o) => o.order_id)).toEqual([made[0].orderNumber]);
    expect(second.has_next).toBe(false);
    expect(second.orders[0]).toMatchObject({ display_payment_method: 'UPI', status_label: 'Confirmed', item_count: 1 });
    expect((await agent.post('/api/order/order-listing', { page: 0 })).statusCode).toBe(400);
  });

  test('shipment-details shows items with their discount shares, adding up to the order', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a, b] = await orderableVariants(db());
    const order = await createOrder(db(), {
      customerId,
      paymentMethod: 2,
      couponCode: 'FIT10',
      couponDiscount: 10_001,
      shipments: [
        {
          lines: [
            { variantId: a.id, quantity: 2 },
            { variantId: b.id, quantity: 1 },
          ],
          shippingTotal: 5_000,
        },
      ],
    });
    const d = await details(agent, order.orderNumber);
    const items = d.shipments[0].shipment_items;
    expect(items.reduce((n, i) => n + i.discount_share, 0)).toBe(10_001);
    expect(items.reduce((n, i) => n + i.paid, 0) + 5_000).toBe(d.order.total);
    expect(d.order).toMatchObject({ display_payment_method: 'Debit & Credit Cards', coupon_code: 'FIT10', paid_total: d.order.total });
    expect(d.shipments[0]).toMatchObject({ status: 'confirmed', can_cancel: true, can_return: false, has_invoice: false });
    expect(d.shipments[0].timeline.map((e) => e.status)).toEqual(['placed', 'confirmed']);
  });

  test('partial cancel restocks in the same transaction and refunds the items’ share; cancelling the rest refunds shipping too', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a, b] = await orderableVariants(db());
    const order = await createOrder(db(), {
      customerId,
      paymentMethod: 1,
      couponDiscount: 9_999,
      shipments: [
        {
          lines: [
            { variantId: a.id, quantity: 3 },
            { variantId: b.id, quantity: 1 },
          ],
          shippingTotal: 4_900,
        },
      ],
    });
    const ship = order.shipments[0];
    const stockA = await stockOf(db(), a.id);
    const before = await details(agent, order.orderNumber);
    const lineA = before.shipments[0].shipment_items.find((i) => i.variant_id === a.id)!;

    const res = await agent.post('/api/order/partial-cancel-shipment-submit', {
      shipmentId: ship.shipmentNumber,
      reason_id: 'changed_mind',
      items: [{ order_item_id: lineA.order_item_id, quantity: 2 }],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ status: 'confirmed', refund: { amount: Math.floor((lineA.paid * 2) / 3), method: 'original' } });
    expect(await stockOf(db(), a.id)).toBe(stockA + 2);
    const partly = await details(agent, order.orderNumber);
    expect(partly.shipments[0].timeline.at(-1)).toMatchObject({ status: 'confirmed', label: 'Items cancelled' });
    expect(partly.shipments[0].timeline.at(-1)?.note).toMatch(/^2 × .+ cancelled: I changed my mind$/);

    const over = await agent.post('/api/order/partial-cancel-shipment-submit', {
      shipmentId: ship.shipmentNumber,
      reason_id: 'changed_mind',
      items: [{ order_item_id: lineA.order_item_id, quantity: 2 }],
    });
    expect(over.statusCode).toBe(409);
    expect(json(over).message).toMatch(/^Only 1 of .+ can be cancelled\.$/);

    const rest = await agent.post('/api/order/cancel-shipment-submit', {
      shipmentId: ship.shipmentNumber,
      reason_id: 'other',
      comment: 'Bought elsewhere',
    });
    expect(rest.statusCode).toBe(200);
    expect(json(rest).data.status).toBe('cancelled');
    expect(await stockOf(db(), a.id)).toBe(stockA + 3);
    const after = await details(agent, order.orderNumber);
    expect(after.order.refunded_total).toBe(order.total);
    expect(after.shipments[0].refunds.every((r) => r.status === 'processed')).toBe(true);
    // Both refunds went back through the sandbox gateway's adapter, each under its own idempotency key.
    const keys = await db().selectFrom('refunds').select('idempotency_key').where('order_id', '=', order.id).execute();
    const atGateway = await db()
      .selectFrom('payment_refunds')
      .select(['idempotency_key', 'amount'])
      .where(
        'idempotency_key',
        'in',
        keys.map((k) => k.idempotency_key),
      )
      .execute();
    expect(atGateway.reduce((n, r) => n + r.amount, 0)).toBe(order.total);
    expect(after.order.status_label).toBe('Cancelled');
    const row = await db().selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
  });

  test('illegal moves are clear 409s: cancel a delivered shipment, return an undelivered one, return twice', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a] = await orderableVariants(db());
    const delivered = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: a.id, quantity: 1 }] }] });
    const shipped = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: a.id, quantity: 1 }] }] });
    await advance(db(), delivered.shipments[0].shipmentNumber, 'delivered');
    await advance(db(), shipped.shipments[0].shipmentNumber, 'shipped');

    const cancel = await agent.post('/api/order/cancel-shipment-submit', {
      shipmentId: delivered.shipments[0].shipmentNumber,
      reason_id: 'other',
    });
    expect(cancel.statusCode).toBe(409);
    expect(json(cancel).message).toBe('You cannot cancel a shipment that is delivered.');

    const early = await uploadPhoto(agent, shipped.shipments[0].shipmentNumber);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('You cannot return a shipment that is shipped.');

    const s = delivered.shipments[0];
    const photo = json(await uploadPhoto(agent, s.shipmentNumber)).data.media_id;
    const submit = () =>
      agent.post('/api/order/return-shipment-submit', {
        shipmentId: s.shipmentNumber,
        reason_id: 'damaged',
        items: [{ order_item_id: s.items[0].id, quantity: 1 }],
        media_ids: [photo],
      });
    expect((await submit()).statusCode).toBe(200);
    const twice = await submit();
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe('You cannot return a shipment that is return requested.');
  });

  test('return with a photo, withdraw it, return again; received returns are refunded once to the original payment', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a, b] = await orderableVariants(db());
    const order = await createOrder(db(), {
      customerId,
      paymentMethod: 1,
      couponDiscount: 5_000,
      shipments: [
        {
          lines: [
            { variantId: a.id, quantity: 2 },
            { variantId: b.id, quantity: 1 },
          ],
          shippingTotal: 5_000,
        },
      ],
    });
    const s = order.shipments[0];
    await advance(db(), s.shipmentNumber, 'delivered');

    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const renamed = await uploadPhoto(agent, s.shipmentNumber, { name: 'photo.jpg', type: 'image/jpeg', bytes: exe });
    expect(renamed.statusCode).toBe(400);
    expect(json(renamed).message).toMatch(/not accepted/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await uploadPhoto(agent, s.shipmentNumber, { name: 'a.png', type: 'image/png', bytes: svg })).statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await uploadPhoto(agent, s.shipmentNumber, { name: 'big.png', type: 'image/png', bytes: big });
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig).message).toMatch(/too large/);

    const up = await uploadPhoto(agent, s.shipmentNumber);
    expect(up.statusCode).toBe(200);
    const media = json(up).data;
    expect(media.content_type).toBe('image/png');
    const served = await agent.get(media.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const rd = ReturnShipmentDetails.parse(json(await agent.get(`/api/order/return-shipment-details?shipmentId=${s.shipmentNumber}`)).data);
    expect(rd).toMatchObject({ can_return: true, refund_method: 'original' });
    expect(rd.media.map((m) => m.media_id)).toEqual([media.media_id]);

    const itemA = s.items.find((i) => i.variantId === a.id)!;
    const quote = json(
      await agent.post('/api/order/return-shipment-refund-amount', {
        shipmentId: s.shipmentNumber,
        items: [{ order_item_id: itemA.id, quantity: 2 }],
      }),
    ).data;
    const paidA = rd.items.find((i) => i.order_item_id === itemA.id)!.paid;
    expect(quote).toMatchObject({ amount: paidA, method: 'original' });

    const submit = (media_ids: string[]) =>
      agent.post('/api/order/return-shipment-submit', {
        shipmentId: s.shipmentNumber,
        reason_id: 'seal_broken',
        items: [{ order_item_id: itemA.id, quantity: 2 }],
        media_ids,
      });
    expect((await submit([media.media_id])).statusCode).toBe(200);
    const withdraw = await agent.post('/api/order/cancel-reverse-shipment-submit', { shipmentId: s.shipmentNumber });
    expect(withdraw.statusCode).toBe(200);
    expect(json(withdraw).data.status).toBe('delivered');
    // The first photo belongs to the withdrawn return; the new request needs its own.
    expect((await submit([media.media_id])).statusCode).toBe(404);
    const again = json(await uploadPhoto(agent, s.shipmentNumber)).data.media_id;
    expect((await submit([again])).statusCode).toBe(200);

    const noToken = await ctx().app.inject({ method: 'POST', url: `/api/ops/shipments/${s.shipmentNumber}/pickup-return` });
    expect(noToken.statusCode).toBe(401);
    const ops = (action: string) =>
      ctx().app.inject({ method: 'POST', url: `/api/ops/shipments/${s.shipmentNumber}/${action}`, headers: OPS, payload: {} });
    expect((await ops('receive-return')).statusCode).toBe(409);
    expect((await ops('pickup-return')).statusCode).toBe(200);
    const received = await ops('receive-return');
    expect(received.statusCode).toBe(200);
    expect(json(received).data.status).toBe('refunded');

    const d = await details(agent, order.orderNumber);
    expect(d.shipments[0].refunds).toMatchObject([{ reason: 'return', method: 'original', amount: paidA, status: 'processed' }]);
    expect(d.shipments[0].shipment_items.find((i) => i.order_item_id === itemA.id)!.returned_quantity).toBe(2);
    expect(d.shipments[0].return_request).toMatchObject({ status: 'received', reason: 'Seal was broken or tampered' });

    // Processing the refund again pays nothing more: the row is done and the gateway is not asked again.
    const calls: string[] = [];
    const spy: RefundAdapters = {
      gatewayFor: () => ({
        refund: async ({ idempotencyKey }) => {
          calls.push(idempotencyKey);
          return { refundId: 'x', status: 'success' };
        },
      }),
      payouts: {
        payout: async ({ idempotencyKey }) => {
          calls.push(idempotencyKey);
          return { refundId: 'y', status: 'processed' };
        },
      },
    };
    expect(await processRefund(db(), d.shipments[0].refunds[0].refund_id, spy)).toBe('done');
    expect(calls).toEqual([]);
    const rows = await db().selectFrom('refunds').select(['amount', 'idempotency_key']).where('order_id', '=', order.id).execute();
    expect(rows).toHaveLength(1);
  });

  test('a pending refund processed twice at once is paid once, with one idempotency key', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a] = await orderableVariants(db());
    const order = await createOrder(db(), { customerId, paymentMethod: 6, shipments: [{ lines: [{ variantId: a.id, quantity: 1 }] }] });
    const never: RefundAdapters = {
      gatewayFor: () => ({ refund: async () => ({ refundId: 'later', status: 'pending' }) }),
      payouts: { payout: async () => ({ refundId: 'later', status: 'pending' }) },
    };
    // Cancel with the refund left pending (the gateway did not settle it yet).
    await agent.post('/api/order/cancel-shipment-submit', { shipmentId: order.shipments[0].shipmentNumber, reason_id: 'other' });
    const [refund] = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
    await db().updateTable('refunds').set({ status: 'pending' }).where('id', '=', refund.id).execute();
    expect(await processRefund(db(), refund.id, never)).toBe('pending');
    const keys: string[] = [];
    const slow: RefundAdapters = {
      gatewayFor: () => ({
        refund: async ({ idempotencyKey, amount }) => {
          keys.push(idempotencyKey);
          await new Promise((r) => setTimeout(r, 20));
          return { refundId: `g-${idempotencyKey}`, status: amount > 0 ? 'success' : 'failed' };
        },
      }),
      payouts: never.payouts,
    };
    const outcomes = await Promise.all([processRefund(db(), refund.id, slow), processRefund(db(), refund.id, slow)]);
    expect(outcomes.sort()).toEqual(['done', 'processed']);
    expect(new Set(keys)).toEqual(new Set([refund.idempotency_key]));
    const after = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
    expect(after).toMatchObject([{ status: 'processed', amount: order.total, gateway_refund_id: `g-${refund.idempotency_key}` }]);
  });

  test('pay on delivery: a cancel before delivery refunds nothing; a return after delivery is refunded to a saved bank account', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a, b] = await orderableVariants(db());
    const order = await createOrder(db(), {
      customerId,
      paymentMethod: 4,
      shipments: [{ lines: [{ variantId: a.id, quantity: 1 }] }, { lines: [{ variantId: b.id, quantity: 1 }], shippingTotal: 5_000 }],
    });
    const [first, second] = order.shipments;
    const cancel = await agent.post('/api/order/cancel-shipment-submit', {
      shipmentId: first.shipmentNumber,
      reason_id: 'ordered_by_mistake',
    });
    expect(json(cancel).data.refund).toEqual({ amount: 0, method: null, method_label: 'No payment was taken', note: null });

    await advance(db(), second.shipmentNumber, 'delivered');
    const photo = json(await uploadPhoto(agent, second.shipmentNumber)).data.media_id;
    const body = {
      shipmentId: second.shipmentNumber,
      reason_id: 'wrong_item',
      items: [{ order_item_id: second.items[0].id, quantity: 1 }],
      media_ids: [photo],
    };
    const noBank = await agent.post('/api/order/return-shipment-submit', body);
    expect(noBank.statusCode).toBe(400);
    expect(json(noBank).message).toMatch(/bank account/);
    const bank = await addBank(agent);
    expect(bank.account_number_masked).toBe('XXXXXX9012');
    expect((await agent.post('/api/order/return-shipment-submit', { ...body, bank_account_id: bank.bank_account_id })).statusCode).toBe(
      200,
    );
    for (const action of ['pickup-return', 'receive-return'])
      expect(
        (await ctx().app.inject({ method: 'POST', url: `/api/ops/shipments/${second.shipmentNumber}/${action}`, headers: OPS })).statusCode,
      ).toBe(200);
    const d = await details(agent, order.orderNumber);
    const paid = d.shipments[1].shipment_items[0].paid;
    expect(d.shipments[1].refunds).toMatchObject([{ method: 'bank', amount: paid, status: 'processed' }]);
    expect(d.shipments[1].return_request?.bank_account?.account_number_masked).toBe('XXXXXX9012');
    expect(d.order.refunded_total).toBeLessThanOrEqual(d.order.paid_total);
    expect(JSON.stringify(d)).not.toContain('123456789012');
  });

  test('bank accounts: saved masked, listed newest first, IFSC named offline with a branch from the seeded table', async () => {
    const { agent } = await shopper(ctx());
    const ok = json(await agent.get('/api/order/fetch-ifsc-details?ifsc=sbin0001707'));
    expect(ok.data).toMatchObject({
      ifsc: 'SBIN0001707',
      bank: 'State Bank of India',
      branch: 'Koramangala',
      city: 'Bengaluru',
      state: 'Karnataka',
    });
    const noBranch = json(await agent.get('/api/order/fetch-ifsc-details?ifsc=HDFC0000002'));
    expect(noBranch.data).toMatchObject({ bank: 'HDFC Bank', branch: null });
    const unknown = await agent.get('/api/order/fetch-ifsc-details?ifsc=HDFC0009999');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe(
      'We could not find the IFSC code HDFC0009999. Please check it on your cheque book or bank passbook.',
    );
    const badShape = await agent.get('/api/order/fetch-ifsc-details?ifsc=HDFC1');
    expect(badShape.statusCode).toBe(400);
    expect(json(badShape).message).toMatch(/valid 11-character IFSC/);

    expect(json(await agent.get('/api/order/customer-bank-details')).data).toBeNull();
    await addBank(agent, '998877665544');
    const second = await addBank(agent, '111122223333');
    const list = json(await agent.get('/api/order/customer-bank-listing')).data;
    expect(list.map((x: { account_number_masked: string }) => x.account_number_masked)).toEqual(['XXXXXX3333', 'XXXXXX5544']);
    expect(JSON.stringify(list)).not.toMatch(/998877665544|111122223333/);
    expect(json(await agent.get('/api/order/customer-bank-details')).data.bank_account_id).toBe(second.bank_account_id);
    const mismatch = await agent.post('/api/order/update-bank-details', {
      account_holder: 'Asha Rao',
      account_number: '123456789',
      confirm_account_number: '123456780',
      ifsc: 'HDFC0000001',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).message).toMatch(/Account numbers do not match\.$/);
  });

  test('invoice PDF: refused before dispatch, then seller, buyer, items and ₹ totals with Indian grouping, named by its serial', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a] = await orderableVariants(db(), 100_000, 900_000);
    const order = await createOrder(db(), {
      customerId,
      paymentMethod: 1,
      shipments: [{ lines: [{ variantId: a.id, quantity: 3 }], shippingTotal: 5_000 }],
    });
    const s = order.shipments[0];
    const early = await agent.get(`/api/order/shipment-invoice?shipmentId=${s.shipmentNumber}`);
    expect(early.statusCode).toBe(409);
    await advance(db(), s.shipmentNumber, 'shipped');
    const res = await agent.get(`/api/order/shipment-invoice?shipmentId=${s.shipmentNumber}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The file is named by the invoice's GST serial (docs/decisions/028-gst-tax-invoices.md), "/" made "-".
    const serial = /filename="(KSR-\d\d-\d\d-\d{6})\.pdf"$/.exec(String(res.headers['content-disposition']))?.[1];
    expect(serial).toBeDefined();
    const text = pdfText(res.rawPayload);
    const d = await details(agent, order.orderNumber);
    const item = d.shipments[0].shipment_items[0];
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Kasrat Nutrition Private Limited');
    expect(text).toContain(`Invoice no. ${serial?.replace(/-(\d\d-\d\d)-/, '/$1/')}`);
    expect(text).toContain(`Shipment ${s.shipmentNumber}`);
    expect(text).toContain(d.address.customer_address_full_name);
    expect(text).toContain(item.name.slice(0, 20));
    const money = (paise: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(paise / 100);
    expect(text).toMatch(new RegExp(`Invoice total\\s+₹${money(d.order.total)}`));
    // Prices are GST-inclusive unit prices, in rupees and paise with Indian grouping.
    expect(text).toContain(money(item.sale_price));
  });

  test('operations API: 401 without or with a wrong token; ship needs an AWB; a time without a zone is India time', async () => {
    const { customerId } = await shopper(ctx());
    const [a] = await orderableVariants(db());
    const order = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: a.id, quantity: 1 }] }] });
    const s = order.shipments[0].shipmentNumber;
    const call = (action: string, payload: unknown = {}, headers: Record<string, string> = OPS) =>
      ctx().app.inject({ method: 'POST', url: `/api/ops/shipments/${s}/${action}`, headers, payload: payload as object });
    expect((await call('pack', {}, {})).statusCode).toBe(401);
    expect((await call('pack', {}, { authorization: 'Bearer nope-nope-nope-nope' })).statusCode).toBe(401);
    expect((await ctx().app.inject({ method: 'GET', url: `/api/ops/shipments/${s}` })).statusCode).toBe(401);
    expect((await call('fly')).statusCode).toBe(400);
    expect((await call('pack')).statusCode).toBe(200);
    const stock = await ctx().app.inject({ method: 'GET', url: `/api/ops/variants/${a.id}`, headers: OPS });
    expect(json(stock).data.stock).toBe(await stockOf(db(), a.id));
    expect((await ctx().app.inject({ method: 'GET', url: `/api/ops/variants/${a.id}` })).statusCode).toBe(401);
    const noAwb = await call('ship');
    expect(noAwb.statusCode).toBe(400);
    expect(json(noAwb).message).toMatch(/AWB/);
    expect(json(await call('ship', { awb: 'dl1234567' })).data).toMatchObject({ status: 'shipped', awb: 'DL1234567' });
    // The courier's time lies after the shipping (modules/orders/operations.ts): the shipping is moved back first.
    await db()
      .updateTable('shipment_events')
      .set({ created_at: new Date('2026-11-01T00:00:00Z') })
      .where('shipment_id', '=', order.shipments[0].id)
      .where('to_status', '=', 'shipped')
      .execute();
    expect((await call('deliver', { at: '2026-11-05 10:00' })).statusCode).toBe(200);
    const row = await db().selectFrom('shipments').select('delivered_at').where('id', '=', order.shipments[0].id).executeTakeFirstOrThrow();
    expect(new Date(row.delivered_at!).toISOString()).toBe('2026-11-05T04:30:00.000Z');
    expect((await call('deliver')).statusCode).toBe(409);
  });

  test('npm run ops moves a shipment over the operations API', async () => {
    const { customerId } = await shopper(ctx());
    const [a] = await orderableVariants(db());
    const order = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: a.id, quantity: 1 }] }] });
    const s = order.shipments[0].shipmentNumber;
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx().app.server.address() as { port: number };
    // Asynchronous: the server answering the command runs in this process.
    const run = (args: string[], token = OPS_TOKEN_FOR_TESTS) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['scripts/ops.mjs', ...args],
          { encoding: 'utf8', env: { ...process.env, OPS_TOKEN: token, OPS_URL: `http://127.0.0.1:${address.port}` } },
          (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });
    expect((await run(['pack', s])).status).toBe(0);
    const shipped = await run(['ship', s, '--awb', 'CLI1234567']);
    expect(shipped.status).toBe(0);
    expect(shipped.stdout).toContain(`Shipment ${s} is now shipped.`);
    const refused = await run(['ship', s, '--awb', 'CLI1234567']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('409: You cannot ship a shipment that is shipped.');
    expect((await run(['show', s], 'wrong-token-wrong-token')).stderr).toContain('401');
  });

  test('concurrent cancel and ship of one shipment: exactly one wins, the other gets a clear 409', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a] = await orderableVariants(db());
    for (let round = 0; round < 4; round++) {
      const order = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: a.id, quantity: 2 }] }] });
      const s = order.shipments[0].shipmentNumber;
      await advance(db(), s, 'packed');
      const stock = await stockOf(db(), a.id);
      const cancelFirst = round % 2 === 0;
      const cancel = () => agent.post('/api/order/cancel-shipment-submit', { shipmentId: s, reason_id: 'changed_mind' });
      const ship = () =>
        ctx().app.inject({ method: 'POST', url: `/api/ops/shipments/${s}/ship`, headers: OPS, payload: { awb: 'RACE123456' } });
      const [c, sh] = cancelFirst ? await Promise.all([cancel(), ship()]) : (await Promise.all([ship(), cancel()])).reverse();
      expect([c.statusCode, sh.statusCode].sort()).toEqual([200, 409]);
      const loser = c.statusCode === 409 ? c : sh;
      expect(json(loser).message).toMatch(/^You cannot (cancel|ship) a shipment that is (shipped|cancelled)\.$/);
      const row = await db().selectFrom('shipments').select('status').where('id', '=', order.shipments[0].id).executeTakeFirstOrThrow();
      expect(row.status).toBe(c.statusCode === 200 ? 'cancelled' : 'shipped');
      expect(await stockOf(db(), a.id)).toBe(c.statusCode === 200 ? stock + 2 : stock);
    }
  });

  test('another customer’s order, shipment, bank account, address and photo: 404, nothing learned', async () => {
    const owner = await shopper(ctx());
    const other = await shopper(ctx());
    const [a] = await orderableVariants(db());
    const order = await createOrder(db(), {
      customerId: owner.customerId,
      paymentMethod: 4,
      shipments: [{ lines: [{ variantId: a.id, quantity: 1 }] }],
    });
    const s = order.shipments[0];
    await advance(db(), s.shipmentNumber, 'delivered');
    const photo = json(await uploadPhoto(owner.agent, s.shipmentNumber)).data;
    const ownerBank = await addBank(owner.agent);
    const ownerAddress = await db()
      .insertInto('addresses')
      .values({
        customer_id: owner.customerId,
        full_name: 'Owner Person',
        mobile: '9812345678',
        pincode: '560001',
        address: '1 Main Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        address_type: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = [{ order_item_id: s.items[0].id, quantity: 1 }];
    const sid = s.shipmentNumber;
    const attempts: Array<[string, () => Promise<{ statusCode: number }>]> = [
      ['shipment-details', () => other.agent.post('/api/order/shipment-details', { order_id: order.orderNumber })],
      ['cancel', () => other.agent.post('/api/order/cancel-shipment-submit', { shipmentId: sid, reason_id: 'other' })],
      [
        'partial cancel',
        () => other.agent.post('/api/order/partial-cancel-shipment-submit', { shipmentId: sid, reason_id: 'other', items: item }),
      ],
      ['cancel reverse', () => other.agent.post('/api/order/cancel-reverse-shipment-submit', { shipmentId: sid })],
      ['return details', () => other.agent.get(`/api/order/return-shipment-details?shipmentId=${sid}`)],
      ['return media', () => uploadPhoto(other.agent, sid)],
      ['refund amount', () => other.agent.post('/api/order/return-shipment-refund-amount', { shipmentId: sid, items: item })],
      [
        'return submit',
        () =>
          other.agent.post('/api/order/return-shipment-submit', {
            shipmentId: sid,
            reason_id: 'damaged',
            items: item,
            media_ids: [photo.media_id],
          }),
      ],
      ['pickup address', () => other.agent.post('/api/order/set-select-address', { shipmentId: sid, address_id: ownerAddress.id })],
      ['invoice', () => other.agent.get(`/api/order/shipment-invoice?shipmentId=${sid}`)],
      ['photo', () => other.agent.get(photo.url)],
      [
        'bank update',
        () =>
          other.agent.post('/api/order/update-bank-details', {
            bank_account_id: ownerBank.bank_account_id,
            account_holder: 'Thief',
            account_number: '555555555555',
            confirm_account_number: '555555555555',
            ifsc: 'HDFC0000001',
          }),
      ],
    ];
    for (const [name, attempt] of attempts) expect((await attempt()).statusCode, name).toBe(404);

    // The other customer's own shipment cannot use the owner's photo, bank account or address either.
    const theirs = await createOrder(db(), {
      customerId: other.customerId,
      paymentMethod: 4,
      shipments: [{ lines: [{ variantId: a.id, quantity: 1 }] }],
    });
    const ts = theirs.shipments[0];
    await advance(db(), ts.shipmentNumber, 'delivered');
    const ownPhoto = json(await uploadPhoto(other.agent, ts.shipmentNumber)).data.media_id;
    const base = { shipmentId: ts.shipmentNumber, reason_id: 'damaged', items: [{ order_item_id: ts.items[0].id, quantity: 1 }] };
    expect(
      (
        await other.agent.post('/api/order/return-shipment-submit', {
          ...base,
          media_ids: [photo.media_id],
          bank_account_id: ownerBank.bank_account_id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await other.agent.post('/api/order/return-shipment-submit', {
          ...base,
          media_ids: [ownPhoto],
          bank_account_id: ownerBank.bank_account_id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await other.agent.post('/api/order/set-select-address', { shipmentId: ts.shipmentNumber, address_id: ownerAddress.id })).statusCode,
    ).toBe(404);
    // And the owner's things are unchanged.
    const d = await details(owner.agent, order.orderNumber);
    expect(d.shipments[0].status).toBe('delivered');
    expect(json(await owner.agent.get('/api/order/customer-bank-details')).data.account_holder).toBe('Asha Rao');
  });

  test('bad input is a clear 4xx, never a 500', async () => {
    const { agent } = await shopper(ctx());
    const bodies: Array<[string, unknown]> = [
      ['/api/order/order-listing', { page: 'x' }],
      ['/api/order/shipment-details', { order_id: "'; drop table orders; --" }],
      ['/api/order/shipment-details', { order_id: 'KS999999999' }],
      ['/api/order/cancel-shipment-submit', { shipmentId: 'KS1-1', reason_id: 'bogus' }],
      ['/api/order/partial-cancel-shipment-submit', { shipmentId: 'KS1-1', reason_id: 'other', items: [] }],
      [
        '/api/order/partial-cancel-shipment-submit',
        { shipmentId: 'KS1-1', reason_id: 'other', items: [{ order_item_id: 1, quantity: 1.5 }] },
      ],
      [
        '/api/order/return-shipment-submit',
        { shipmentId: 'KS1-1', reason_id: 'damaged', items: [{ order_item_id: 1, quantity: 1 }], media_ids: [] },
      ],
      ['/api/order/return-shipment-media', { shipmentId: 'KS1-1' }],
      ['/api/order/update-bank-details', { account_number: 'abc' }],
      ['/api/order/set-select-address', { shipmentId: 'KS1-1', address_id: -1 }],
    ];
    for (const [url, body] of bodies) {
      const res = await agent.post(url, body);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(json(res).message, url).toBeTruthy();
    }
    expect((await agent.get('/api/order/shipment-invoice?shipmentId=../../etc/passwd')).statusCode).toBe(400);
    expect((await agent.get('/api/order/return-shipment-details')).statusCode).toBe(400);
  });
});

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kasrat-invoice-'));
  const file = path.join(dir, 'invoice.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
