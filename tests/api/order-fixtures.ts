import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/database.ts';

// A placed order with its shipments and items, written straight into the order tables (050_orders) for the
// suites that read orders without going through checkout.

export interface FixtureOrder {
  orderId: number;
  orderNumber: string;
  shipments: Array<{ id: number; number: string }>;
}

export async function insertPlacedOrder(db: Db, customerId: number, shipmentCount = 2): Promise<FixtureOrder> {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const variants = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.product_id', 'v.sku', 'v.sale_price', 'v.mrp', 'p.name'])
    .orderBy('v.id')
    .limit(shipmentCount)
    .execute();
  const cartId = `fixture-${tag.toLowerCase()}`;
  await db.insertInto('carts').values({ id: cartId, customer_id: customerId, status: 'ordered', coupon_code: null }).execute();
  const total = variants.reduce((s, v) => s + v.sale_price, 0);
  const order = await db
    .insertInto('orders')
    .values({
      order_number: `KS${tag}`,
      customer_id: customerId,
      cart_id: cartId,
      status: 'placed',
      payment_method: 4,
      address: JSON.stringify({ city: 'Pune' }),
      coupon_code: null,
      mrp_total: variants.reduce((s, v) => s + v.mrp, 0),
      item_total: total,
      total,
      placed_at: new Date(),
    })
    .returning(['id', 'order_number'])
    .executeTakeFirstOrThrow();
  const shipments: FixtureOrder['shipments'] = [];
  for (const [i, v] of variants.entries()) {
    const s = await db
      .insertInto('shipments')
      .values({ order_id: order.id, shipment_number: `${order.order_number}-${i + 1}`, status: 'placed' })
      .returning(['id', 'shipment_number'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        shipment_id: s.id,
        variant_id: v.id,
        product_id: v.product_id,
        sku: v.sku,
        name: v.name,
        brand_name: 'Fixture',
        category_name: 'Fixture',
        swatch: null,
        quantity: i + 1,
        mrp: v.mrp,
        sale_price: v.sale_price,
      })
      .execute();
    shipments.push({ id: s.id, number: s.shipment_number });
  }
  return { orderId: order.id, orderNumber: order.order_number, shipments };
}
