import type { Db } from '../../server/db/database.ts';
import type { ShipmentStatus } from '../../server/db/types.ts';
import { opsMove } from '../../server/flows/index.ts';
import { type CreatedOrder, insertOrder, type NewOrder } from '../../server/modules/orders/index.ts';
import { pricedVariants } from './variants.ts';

// The one order fixture of the test suites (orders, reviews, help centre): a consistent order written by the orders
// module's own `insertOrder` (order, shipments, item snapshots with discount shares, a payment, stock taken), then
// moved along as operations would, or set straight to the state a suite needs.

export const OPS_TOKEN_FOR_TESTS = 'test-ops-token-0123456789abcdef';

/** In-stock, non-gift variants priced between `min` and `max` paise. */
export async function orderableVariants(db: Db, min = 50_000, max = 500_000, minStock = 20) {
  return pricedVariants(db, min, max, minStock).execute();
}

export async function stockOf(db: Db, variantId: number): Promise<number> {
  return (await db.selectFrom('variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
}

export async function createOrder(db: Db, spec: NewOrder): Promise<CreatedOrder> {
  return insertOrder(db, spec);
}

/** Moves a shipment to `to` through the legal operations steps. */
export async function advance(db: Db, shipmentNumber: string, to: 'packed' | 'shipped' | 'delivered') {
  const steps = { packed: ['pack'], shipped: ['pack', 'ship'], delivered: ['pack', 'ship', 'deliver'] } as const;
  for (const action of steps[to]) await opsMove(db, shipmentNumber, action, { awb: 'TEST123456' });
}

/** Sets a shipment's state directly (delivered sets delivered_at), for suites that only need "it got there". */
export async function setShipmentStatus(db: Db, shipmentId: number, status: ShipmentStatus): Promise<void> {
  await db
    .updateTable('shipments')
    .set({ status, delivered_at: status === 'delivered' ? new Date() : null })
    .where('id', '=', shipmentId)
    .execute();
}

/**
 * "The customer bought these products": one pay-on-delivery order, one shipment (delivered unless said otherwise)
 * holding one unit of an in-stock variant of each product.
 */
export async function createOrderFor(
  db: Db,
  customerId: number,
  productIds: number[],
  options: { shipment?: ShipmentStatus; orderStatus?: 'placed' | 'confirmed' | 'cancelled' | 'payment_pending' } = {},
): Promise<{ orderId: number; shipmentId: number }> {
  const lines = [];
  for (const productId of productIds) {
    const v = await db
      .selectFrom('variants')
      .select('id')
      .where('product_id', '=', productId)
      .where('stock', '>=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow(() => new Error(`product ${productId} has no variant in stock`));
    lines.push({ variantId: v.id, quantity: 1 });
  }
  const order = await insertOrder(db, { customerId, paymentMethod: 4, shipments: [{ lines }] });
  const shipmentId = (order.shipments[0] as CreatedOrder['shipments'][number]).id;
  await setShipmentStatus(db, shipmentId, options.shipment ?? 'delivered');
  if (options.orderStatus) await db.updateTable('orders').set({ status: options.orderStatus }).where('id', '=', order.id).execute();
  return { orderId: order.id, shipmentId };
}

/** A placed pay-on-delivery order of `shipmentCount` shipments, the i-th holding i + 1 units of one variant. */
export async function insertPlacedOrder(db: Db, customerId: number, shipmentCount = 2) {
  const variants = (await orderableVariants(db)).slice(0, shipmentCount);
  const order = await insertOrder(db, {
    customerId,
    paymentMethod: 4,
    shipments: variants.map((v, i) => ({ lines: [{ variantId: v.id, quantity: i + 1 }] })),
  });
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    shipments: order.shipments.map((s) => ({ id: s.id, number: s.shipmentNumber })),
  };
}

/**
 * A cancellation refund of `amount` paise owed to the paid attempt `payment`, on its order's first shipment, under
 * `key` (the refund's idempotency key, which the gateway sees as its request id): what a cancel writes before the
 * refund job sends it.
 */
export async function insertCancelRefund(
  db: Db,
  payment: { id: number; order_id: number },
  amount: number,
  key: (shipmentId: number) => string,
) {
  const ship = await db.selectFrom('shipments').select('id').where('order_id', '=', payment.order_id).executeTakeFirstOrThrow();
  const idempotencyKey = key(ship.id);
  const row = await db
    .insertInto('refunds')
    .values({
      order_id: payment.order_id,
      shipment_id: ship.id,
      reason: 'cancel',
      method: 'original',
      payment_id: payment.id,
      bank_account_id: null,
      amount,
      idempotency_key: idempotencyKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { refundId: row.id, key: idempotencyKey };
}
