import type { Address } from '../../../schemas/account.ts';
import type { OrderSuccessData } from '../../../schemas/order.ts';
import { paymentMethodName, paymentMode } from '../../../schemas/payment.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { loadVariantInfo } from '../cart/index.ts';
import { productImage } from '../../../schemas/images.ts';
import { failedPath, isNewCustomer } from './service.ts';
import { findCustomerOrder } from './queries.ts';

// GET /api/order-success/order-success-data: the SPEC §3 order shape of a placed order, read from the stored
// order (the purchase facts reported from it use the order id as event id).

export async function orderSuccessData(db: Db, customerId: number, orderId: string): Promise<OrderSuccessData> {
  const order = await findCustomerOrder(db, customerId, orderId);
  if (!order) throw new NotFound('Order not found');
  if (order.status !== 'placed' && order.status !== 'confirmed')
    throw new Conflict('This order has not been paid for.', { next: failedPath(order.order_number), status: order.status });
  const customer = await db
    .selectFrom('customers')
    .select(['first_name', 'last_name', 'email', 'mobile'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const shipments = await db
    .selectFrom('shipments')
    .select(['id', 'shipment_number', 'shipping_total'])
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  const info = await loadVariantInfo(
    db,
    items.map((i) => i.variant_id),
  );
  const a = order.address as unknown as Address;
  const address = {
    customer_address_city: a.city,
    customer_address_state: a.state,
    customer_address_country: a.country,
    customer_address_full_name: a.full_name,
    customer_address_email: a.email,
    customer_address_phone: a.mobile,
    customer_address_line: a.address,
    customer_address_pincode: a.pincode,
  };
  const method = order.payment_method;
  const paid = items.filter((i) => !i.is_freebie);
  return {
    globalOrderId: order.order_number,
    paymentMethod: method,
    shipments: shipments.map((s) => ({
      shipment_id: s.shipment_number,
      shipping_total: s.shipping_total,
      postcode: a.pincode,
      state: a.state,
      city: a.city,
      customer_email: customer.email,
      address,
      shipment_items: items
        .filter((i) => i.shipment_id === s.id)
        .map((i) => ({
          variant_id: i.variant_id,
          variant_sku: i.sku,
          product_id: i.product_id,
          quantity: i.quantity,
          mrp: i.mrp,
          sale_price: i.sale_price,
          is_freebie: i.is_freebie,
          brand: i.brand_name,
          name: i.name,
          swatch: i.swatch,
          category_name: i.category_name,
          cat_hierachy: (info.get(i.variant_id)?.category_path ?? []).map((c) => ({ key: c.slug, value: c.name })),
          parent_id: i.product_id,
          thumbnail_image: productImage(i.variant_id),
        })),
    })),
    order: {
      coupon_code: order.coupon_code,
      total: order.total,
      shipping_total: order.shipping_total,
      coupon_discount: order.coupon_discount,
      bank_offer_discount: order.bank_offer_discount,
      paid_total: order.paid_total,
      created_at: new Date(order.created_at).toISOString(),
      customer_first_name: customer.first_name,
      customer_last_name: customer.last_name,
      customer_email: customer.email,
      customer_mobile: customer.mobile,
      display_payment_method: `${paymentMode(method)} (${paymentMethodName(method)})`,
      status: order.status,
    },
    purchase: {
      event_id: order.order_number,
      value: order.total,
      shipping: order.shipping_total,
      coupon: order.coupon_code,
      payment_method: method,
      payment_mode: paymentMode(method),
      is_new_customer: await isNewCustomer(db, customerId, order),
      num_items: paid.reduce((s, i) => s + i.quantity, 0),
    },
  };
}
