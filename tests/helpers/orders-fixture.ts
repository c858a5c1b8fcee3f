import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database.ts';
import type { ShipmentStatus } from '../../server/db/types.ts';

// A bought product without going through checkout: one order (placed), one shipment in the given state and one
// line per product, written straight into the tables of migration 050. For suites that need "the customer
// bought this" or "… and it was delivered".

export interface FixtureOrder {
  orderId: number;
  shipmentId: number;
}

export async function createOrderFor(
  db: Db,
  customerId: number,
  productIds: number[],
  options: { shipment?: ShipmentStatus; orderStatus?: 'placed' | 'confirmed' | 'cancelled' | 'payment_pending' } = {},
): Promise<FixtureOrder> {
  const shipmentStatus = options.shipment ?? 'delivered';
  const cartId = randomUUID();
  await db.insertInto('carts').values({ id: cartId, customer_id: customerId, status: 'ordered', coupon_code: null }).execute();
  const lines = [];
  for (const productId of productIds) {
    const v = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['v.id', 'v.sku', 'v.mrp', 'v.sale_price', 'p.name', 'b.name as brand', 'c.name as category'])
      .where('v.product_id', '=', productId)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    lines.push({ productId, ...v });
  }
  const total = lines.reduce((s, l) => s + l.sale_price, 0);
  const tag = randomBytes(4).toString('hex');
  const order = await db
    .insertInto('orders')
    .values({
      order_number: `KSR-T-${tag}`,
      customer_id: customerId,
      cart_id: cartId,
      status: options.orderStatus ?? 'placed',
      payment_method: 4,
      address_id: null,
      address: JSON.stringify({ city: 'Pune' }) as never,
      coupon_code: null,
      mrp_total: lines.reduce((s, l) => s + l.mrp, 0),
      item_total: total,
      total,
      placed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shipment = await db
    .insertInto('shipments')
    .values({
      order_id: order.id,
      shipment_number: `KSR-T-${tag}-1`,
      status: shipmentStatus,
      awb: null,
      delivered_at: shipmentStatus === 'delivered' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(
      lines.map((l) => ({
        order_id: order.id,
        shipment_id: shipment.id,
        variant_id: l.id,
        product_id: l.productId,
        sku: l.sku,
        name: l.name,
        brand_name: l.brand,
        category_name: l.category,
        swatch: null,
        quantity: 1,
        mrp: l.mrp,
        sale_price: l.sale_price,
      })),
    )
    .execute();
  return { orderId: order.id, shipmentId: shipment.id };
}

/** Moves the fixture's shipment to another state (delivered sets delivered_at). */
export async function setShipmentStatus(db: Db, shipmentId: number, status: ShipmentStatus): Promise<void> {
  await db
    .updateTable('shipments')
    .set({ status, delivered_at: status === 'delivered' ? new Date() : null })
    .where('id', '=', shipmentId)
    .execute();
}
