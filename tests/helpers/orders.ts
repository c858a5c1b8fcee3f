import type { Db } from '../../server/db/database.ts';
import { type CreatedOrder, insertOrder, type NewOrder, opsMove } from '../../server/modules/orders/index.ts';

// Orders for tests, until checkout places real ones: a consistent order (order, shipments, item snapshots with
// discount shares, a successful payment or a pay-on-delivery one, stock taken), moved along as operations would.

export const OPS_TOKEN_FOR_TESTS = 'test-ops-token-0123456789abcdef';

/** In-stock, non-gift variants priced between `min` and `max` paise. */
export async function orderableVariants(db: Db, min = 50_000, max = 500_000, minStock = 20) {
  return db
    .selectFrom('variants')
    .select(['id', 'sale_price', 'mrp', 'stock'])
    .where('sale_price', '>=', min)
    .where('sale_price', '<=', max)
    .where('stock', '>=', minStock)
    .where('id', 'not in', (eb) => eb.selectFrom('freebies').select('variant_id'))
    .orderBy('id')
    .execute();
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
