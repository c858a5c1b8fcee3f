import type { Db } from '../../server/db/database.ts';
import { type Agent, describeBackends, type TestApp } from '../helpers/app.ts';
import { advance, createOrder, createOrderFor, orderableVariants } from '../helpers/orders.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';
import { REVIEW_MESSAGES } from '../../schemas/review.ts';
import { signedInStaff } from './staff-fixtures.ts';
import { createShoppers, json, newKey, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// Promotions follow every change of an order; a cancelled order gives its coupon use back; a review whose only
// purchase was cancelled is withdrawn.

async function shopper(t: TestApp): Promise<{ agent: Agent; customerId: number }> {
  const customerId = await createCustomer(t.handle.db);
  const agent = t.agent();
  await signInDirectly(t.handle.db, agent, customerId);
  return { agent, customerId };
}

async function shaker(db: Db) {
  return db.selectFrom('freebies').select(['variant_id', 'threshold']).orderBy('threshold').executeTakeFirstOrThrow();
}

describeBackends('money: promotions after a change', (ctx) => {
  const db = () => ctx().handle.db;

  /** A prepaid order above the free-shaker threshold: line A, line B below the threshold alone, the shaker. */
  async function giftOrder(paymentMethod: 1 | 4 = 1) {
    const gift = await shaker(db());
    const pool = await orderableVariants(db(), 50_000, 190_000);
    const b = pool.find((v) => v.sale_price < gift.threshold) ?? pool[0];
    const a = pool.find((v) => v.id !== b.id && v.sale_price + b.sale_price >= gift.threshold);
    if (!a) throw new Error('no pair of variants crosses the free-gift threshold');
    const { agent, customerId } = await shopper(ctx());
    const order = await createOrder(db(), {
      customerId,
      paymentMethod,
      shipments: [
        {
          lines: [
            { variantId: a.id, quantity: 1 },
            { variantId: b.id, quantity: 1 },
            { variantId: gift.variant_id, quantity: 1, isFreebie: true },
          ],
        },
      ],
    });
    const items = order.shipments[0].items;
    const itemOf = (variantId: number) => items.find((i) => i.variantId === variantId) as { id: number };
    return { agent, order, a, b, gift, lineA: itemOf(a.id), lineB: itemOf(b.id), lineGift: itemOf(gift.variant_id) };
  }

  test('a cancel that takes the order below the gift threshold refunds less, and says why before confirming', async () => {
    const { agent, order, a, lineA, lineGift } = await giftOrder();
    const shipmentId = order.shipments[0].shipmentNumber;
    const giftMrp = (await db().selectFrom('order_items').select('mrp').where('id', '=', lineGift.id).executeTakeFirstOrThrow()).mrp;
    const preview = await agent.post('/api/order/cancel-refund-amount', {
      shipmentId,
      items: [{ order_item_id: lineA.id, quantity: 1 }],
    });
    expect(preview.statusCode).toBe(200);
    const quoted = json(preview).data;
    expect(quoted.note).toMatch(/^Refund ₹[\d,.]+: ₹[\d,.]+ less because the free .+ needs ₹1,999/);
    const paidA = await db()
      .selectFrom('order_items')
      .select(['sale_price', 'discount_share'])
      .where('id', '=', lineA.id)
      .executeTakeFirstOrThrow();
    expect(quoted.amount).toBeLessThanOrEqual(paidA.sale_price - paidA.discount_share - giftMrp);
    // The preview changed nothing; the cancellation refunds exactly what it showed.
    const res = await agent.post('/api/order/partial-cancel-shipment-submit', {
      shipmentId,
      reason_id: 'changed_mind',
      comment: null,
      items: [{ order_item_id: lineA.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.refund).toMatchObject({ amount: quoted.amount, note: quoted.note });
    const refunds = await db().selectFrom('refunds').select('amount').where('order_id', '=', order.id).execute();
    expect(refunds.map((r) => r.amount)).toEqual([quoted.amount]);
    expect(a.sale_price).toBeGreaterThan(quoted.amount);
  });

  test('cancelling every paid line takes the free gift with it: no shipment is left holding only the gift', async () => {
    const { agent, order, lineA, lineB, lineGift } = await giftOrder();
    const shipmentId = order.shipments[0].shipmentNumber;
    const res = await agent.post('/api/order/partial-cancel-shipment-submit', {
      shipmentId,
      reason_id: 'changed_mind',
      comment: null,
      items: [
        { order_item_id: lineA.id, quantity: 1 },
        { order_item_id: lineB.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.status).toBe('cancelled');
    const gift = await db().selectFrom('order_items').select('cancelled_quantity').where('id', '=', lineGift.id).executeTakeFirstOrThrow();
    expect(gift.cancelled_quantity).toBe(1);
    const paid = (await db().selectFrom('orders').select('paid_total').where('id', '=', order.id).executeTakeFirstOrThrow()).paid_total;
    const refunded = await db().selectFrom('refunds').select('amount').where('order_id', '=', order.id).execute();
    expect(refunded.reduce((n, r) => n + r.amount, 0)).toBe(paid);
  });

  test('a gift charged at one cancel comes back when the last paid line is cancelled later: all that was paid', async () => {
    const { agent, order, lineA, lineB, lineGift } = await giftOrder();
    const shipmentId = order.shipments[0].shipmentNumber;
    const cancel = (id: number) =>
      agent.post('/api/order/partial-cancel-shipment-submit', {
        shipmentId,
        reason_id: 'changed_mind',
        comment: null,
        items: [{ order_item_id: id, quantity: 1 }],
      });
    const first = await cancel(lineA.id);
    expect(first.statusCode).toBe(200);
    expect(json(first).data.refund.note).toMatch(/less because the free .+ needs/);
    const second = await cancel(lineB.id);
    expect(second.statusCode).toBe(200);
    expect(json(second).data.status).toBe('cancelled');
    expect(json(second).data.refund.note).toMatch(/includes ₹[\d,.]+ held back at an earlier change/);
    const gift = await db().selectFrom('order_items').select('cancelled_quantity').where('id', '=', lineGift.id).executeTakeFirstOrThrow();
    expect(gift.cancelled_quantity).toBe(1);
    const paid = (await db().selectFrom('orders').select('paid_total').where('id', '=', order.id).executeTakeFirstOrThrow()).paid_total;
    const refunded = await db().selectFrom('refunds').select('amount').where('order_id', '=', order.id).execute();
    expect(refunded.reduce((n, r) => n + r.amount, 0)).toBe(paid);
  });

  test('an order cancelled before shipping gives its coupon use back; a first-order coupon stays available', async () => {
    const v = await variantIn(db(), 120_000, 300_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const agent = signIn(ctx().agent(), s);
    const applied = await agent.post('/api/cart/apply-coupon', { coupon_code: 'WELCOME200' });
    expect(applied.statusCode).toBe(200);
    const usedBefore = (await db().selectFrom('coupons').select('used').where('code', '=', 'WELCOME200').executeTakeFirstOrThrow()).used;
    const placed = await placeOrderFor(agent, newKey());
    expect(placed.res.statusCode).toBe(200);
    const orderId = placed.body.data.order_id as string;
    expect((await agent.post('/api/payment/pay-on-delivery', { order_id: orderId })).statusCode).toBe(200);
    const usedPlaced = (await db().selectFrom('coupons').select('used').where('code', '=', 'WELCOME200').executeTakeFirstOrThrow()).used;
    expect(usedPlaced).toBe(usedBefore + 1);
    const cancel = await agent.post('/api/order/cancel-shipment-submit', {
      shipmentId: `${orderId}-1`,
      reason_id: 'changed_mind',
      comment: null,
    });
    expect(cancel.statusCode).toBe(200);
    const usedAfter = (await db().selectFrom('coupons').select('used').where('code', '=', 'WELCOME200').executeTakeFirstOrThrow()).used;
    expect(usedAfter).toBe(usedBefore);
    expect(await db().selectFrom('coupon_redemptions').select('id').where('order_ref', '=', orderId).execute()).toEqual([]);
    // The cancelled first order did not use up the first-order coupon.
    expect((await agent.post('/api/cart/add-to-cart', { variant_id: v.id, quantity: 1 })).statusCode).toBe(200);
    const again = await agent.post('/api/cart/apply-coupon', { coupon_code: 'WELCOME200' });
    expect(json(again).message).toMatch(/^Coupon WELCOME200 applied/);
  });

  test('a review whose only purchase was cancelled is withdrawn; moderation cannot bring it back without a purchase', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [v] = await orderableVariants(db(), 50_000, 500_000);
    const { product_id } = await db().selectFrom('variants').select('product_id').where('id', '=', v.id).executeTakeFirstOrThrow();
    const product = await db().selectFrom('products').select(['id', 'brand_id']).where('id', '=', product_id).executeTakeFirstOrThrow();
    const { orderId } = await createOrderFor(db(), customerId, [product.id], { shipment: 'placed', orderStatus: 'placed' });
    const review = await db()
      .insertInto('reviews')
      .values({
        product_id: product.id,
        brand_id: product.brand_id,
        customer_id: customerId,
        author_name: 'Buyer',
        rating: 5,
        title: 'Great',
        body: 'Great taste.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await db().selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow();
    const cancel = await agent.post('/api/order/cancel-shipment-submit', {
      shipmentId: `${order.order_number}-1`,
      reason_id: 'changed_mind',
      comment: null,
    });
    expect(cancel.statusCode).toBe(200);
    const after = await db().selectFrom('reviews').select('status').where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('withdrawn');

    // Moderation obeys the same rule: no purchase stands, so the console cannot publish it again.
    const moderator = await signedInStaff(ctx(), 'support');
    const publish = () => moderator.agent.post('/api/review/v1/ops/review-status', { review_id: review.id, status: 'published' });
    const refused = await publish();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REVIEW_MESSAGES.withdrawnNotBought);
    expect((await db().selectFrom('reviews').select('status').where('id', '=', review.id).executeTakeFirstOrThrow()).status).toBe(
      'withdrawn',
    );
    // Nor hide it first to publish it next: a withdrawn review stays out of moderation's hands.
    const hide = await moderator.agent.post('/api/review/v1/ops/review-status', { review_id: review.id, status: 'hidden' });
    expect([hide.statusCode, hide.json().message]).toEqual([409, REVIEW_MESSAGES.withdrawnNotBought]);
    // Once the author buys the product again, the review may stand.
    await createOrderFor(db(), customerId, [product.id], { shipment: 'placed', orderStatus: 'placed' });
    expect((await publish()).statusCode).toBe(200);
  });

  // The rules an order was sold with, not today's: a promotion changed after the sale does not change what a
  // later cancel or return of that order gives back (orders.promotion_terms).
  test('a partial cancel follows the gift threshold the order was sold with, not a threshold changed since', async () => {
    const { agent, order, lineA, gift } = await giftOrder();
    const rule = await db()
      .selectFrom('freebies')
      .select(['id', 'threshold'])
      .where('variant_id', '=', gift.variant_id)
      .orderBy('threshold')
      .executeTakeFirstOrThrow();
    // Today the shaker is free from ₹0.01: the kept line alone would earn it. The order was sold at ₹1,999.
    await db().updateTable('freebies').set({ threshold: 1 }).where('id', '=', rule.id).execute();
    try {
      const preview = await agent.post('/api/order/cancel-refund-amount', {
        shipmentId: order.shipments[0].shipmentNumber,
        items: [{ order_item_id: lineA.id, quantity: 1 }],
      });
      expect(preview.statusCode).toBe(200);
      expect(json(preview).data.note).toMatch(/less because the free .+ needs ₹1,999/);
    } finally {
      await db().updateTable('freebies').set({ threshold: rule.threshold }).where('id', '=', rule.id).execute();
    }
  });

  test('a partial cancel follows the coupon minimum the order was sold with, not a minimum changed since', async () => {
    const [a, b] = await orderableVariants(db(), 50_000, 190_000);
    const code = `SOLD${Date.now() % 1_000_000}`;
    const minCart = a.sale_price + b.sale_price;
    await db()
      .insertInto('coupons')
      .values({
        code,
        description: 'Flat ₹100 off',
        kind: 'flat',
        value: 10_000,
        min_cart: minCart,
        starts_at: new Date(Date.now() - 86_400_000),
        ends_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const { agent, customerId } = await shopper(ctx());
    const order = await createOrder(db(), {
      customerId,
      paymentMethod: 1,
      couponCode: code,
      couponDiscount: 10_000,
      shipments: [
        {
          lines: [
            { variantId: a.id, quantity: 1 },
            { variantId: b.id, quantity: 1 },
          ],
        },
      ],
    });
    // Today the coupon has no minimum; the order was sold with one the kept line alone does not reach.
    await db().updateTable('coupons').set({ min_cart: 0 }).where('code', '=', code).execute();
    const lineA = order.shipments[0].items.find((i) => i.variantId === a.id) as { id: number };
    const preview = await agent.post('/api/order/cancel-refund-amount', {
      shipmentId: order.shipments[0].shipmentNumber,
      items: [{ order_item_id: lineA.id, quantity: 1 }],
    });
    expect(preview.statusCode).toBe(200);
    expect(json(preview).data.note).toContain(`coupon ${code} needs`);
    const res = await agent.post('/api/order/partial-cancel-shipment-submit', {
      shipmentId: order.shipments[0].shipmentNumber,
      reason_id: 'changed_mind',
      comment: null,
      items: [{ order_item_id: lineA.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.refund.amount).toBe(json(preview).data.amount);
    expect(json(res).data.refund.amount).toBeLessThan(a.sale_price);
  });

  test('placing an order through checkout writes the terms its promotions were sold with', async () => {
    const v = await variantIn(db(), 120_000, 300_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const agent = signIn(ctx().agent(), s);
    expect((await agent.post('/api/cart/apply-coupon', { coupon_code: 'WELCOME200' })).statusCode).toBe(200);
    const placed = await placeOrderFor(agent, newKey());
    expect(placed.res.statusCode).toBe(200);
    const row = await db()
      .selectFrom('orders')
      .select(['promotion_terms', 'coupon_discount', 'shipping_total'])
      .where('order_number', '=', placed.body.data.order_id)
      .executeTakeFirstOrThrow();
    const coupon = await db().selectFrom('coupons').select('min_cart').where('code', '=', 'WELCOME200').executeTakeFirstOrThrow();
    const rule = await db()
      .selectFrom('delivery_rules')
      .select(['free_from', 'charge'])
      .where('active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(row.promotion_terms).toEqual({
      gifts: [],
      free_delivery: row.shipping_total === 0 ? { threshold: rule.free_from, charge: rule.charge } : null,
      coupon: { code: 'WELCOME200', min_cart: coupon.min_cart, discount: row.coupon_discount },
      bank_offer: null,
    });
  });

  test('pay on delivery: the benefit no longer earned is added to what the courier collects, and said before confirming', async () => {
    const { agent, order, b, lineA, lineGift } = await giftOrder(4);
    const shipmentId = order.shipments[0].shipmentNumber;
    const giftMrp = (await db().selectFrom('order_items').select('mrp').where('id', '=', lineGift.id).executeTakeFirstOrThrow()).mrp;
    const preview = await agent.post('/api/order/cancel-refund-amount', { shipmentId, items: [{ order_item_id: lineA.id, quantity: 1 }] });
    expect(preview.statusCode).toBe(200);
    expect(json(preview).data).toMatchObject({ amount: 0, due_on_delivery: giftMrp });
    expect(json(preview).data.note).toMatch(/^Pay ₹[\d,.]+ more on delivery because the free .+ needs ₹1,999\.$/);
    // The preview changed nothing.
    const due = () =>
      db().selectFrom('shipments').select('due_on_delivery').where('shipment_number', '=', shipmentId).executeTakeFirstOrThrow();
    expect((await due()).due_on_delivery).toBe(0);
    const res = await agent.post('/api/order/partial-cancel-shipment-submit', {
      shipmentId,
      reason_id: 'changed_mind',
      comment: null,
      items: [{ order_item_id: lineA.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.refund).toMatchObject({ amount: 0, due_on_delivery: giftMrp, note: json(preview).data.note });
    expect((await due()).due_on_delivery).toBe(giftMrp);
    // Delivered: the courier collected the kept line and the gift's value the shopper no longer earns.
    await advance(db(), shipmentId, 'delivered');
    const paid = await db().selectFrom('orders').select('paid_total').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(paid.paid_total).toBe(b.sale_price + giftMrp);
    expect(await db().selectFrom('refunds').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });
});
