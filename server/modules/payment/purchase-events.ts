import { paymentMode } from '../../../schemas/payment-rules.ts';
import type { ConversionEvent } from '../../../schemas/events.ts';
import type { AffiliateOrder } from '../../../schemas/order.ts';
import type { Db } from '../../db/database.ts';
import { Forbidden, NotFound } from '../../http/errors.ts';
import { affiliateOrder } from './service.ts';

// The conversion feed accepts a Purchase only for a placed order of the session's customer, and reports what
// the stored order says (value, items, the buyer's match keys), never what the browser sent. The event id is the
// order id. Products are named by SKU, as the pixel names them (docs/decisions/016: one id per product).

export async function purchaseConversion(db: Db, customerId: number | null, e: ConversionEvent): Promise<ConversionEvent> {
  if (customerId === null) throw new Forbidden('A purchase can only be reported by the signed-in customer who placed the order.');
  const orderId = e.custom_data.order_id ?? e.event_id;
  const order = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'total', 'status', 'payment_method', 'address'])
    .where('order_number', '=', orderId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!order || (order.status !== 'placed' && order.status !== 'confirmed')) throw new NotFound('No placed order of yours has this id.');
  const items = await db
    .selectFrom('order_items')
    .select(['sku', 'quantity', 'sale_price'])
    .where('order_id', '=', order.id)
    .where('is_freebie', '=', false)
    .orderBy('id')
    .execute();
  const buyer = await db.selectFrom('customers').select(['first_name', 'last_name']).where('id', '=', customerId).executeTakeFirst();
  const address = (order.address ?? {}) as { city?: unknown; pincode?: unknown };
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  return {
    ...e,
    event_id: order.order_number,
    user_data: {
      ...e.user_data,
      first_name: text(buyer?.first_name) ?? e.user_data.first_name,
      last_name: text(buyer?.last_name) ?? e.user_data.last_name,
      city: text(address.city) ?? e.user_data.city,
      zip: text(address.pincode) ?? e.user_data.zip,
      // SPEC §9: the store's country is India (IN).
      country: 'in',
    },
    custom_data: {
      ...e.custom_data,
      value: order.total / 100,
      contents: items.map((i) => ({ id: i.sku, quantity: i.quantity, item_price: i.sale_price / 100 })),
      content_ids: items.map((i) => i.sku),
      num_items: items.reduce((s, i) => s + i.quantity, 0),
      order_id: order.order_number,
      payment_mode: paymentMode(order.payment_method),
    },
  };
}

/**
 * The affiliate order of a placed order of the session's customer, built from the stored order (SPEC §3): a browser
 * names the order, never its content, and a stranger cannot name one.
 */
export async function affiliateOrderOf(db: Db, customerId: number | null, orderNumber: string): Promise<AffiliateOrder> {
  if (customerId === null) throw new Forbidden('An affiliate order can only be reported by the signed-in customer who placed it.');
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!order || (order.status !== 'placed' && order.status !== 'confirmed')) throw new NotFound('No placed order of yours has this id.');
  const customer = await db
    .selectFrom('customers')
    .select(['first_name', 'last_name', 'email', 'mobile'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return affiliateOrder(db, order, customer, customerId);
}
