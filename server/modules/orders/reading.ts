import type { OrderDetails, OrderListingData, OrderSummary, PickupAddress, ReturnView, ShipmentView } from '../../../schemas/orders.ts';
import type { Db } from '../../db/database.ts';
import { uploadUrl } from '../uploads/index.ts';
import { readAddress } from './address.ts';
import { toBankView } from './bank-accounts.ts';
import { canMove, STATUS_LABELS, shipmentTimeline } from './lifecycle.ts';
import * as q from './queries.ts';
import { productImage } from '../../../schemas/images.ts';
import {
  REFUND_LABELS,
  RETURN_REASONS,
  canReturn,
  hasInvoice,
  iso,
  itemView,
  orderNotFound,
  orderStatusLabel,
  payBy,
  paymentLabel,
  unitsLeft,
} from './order-rules.ts';

// The shopper's orders as the account pages read them (SPEC §2, §7 /api/order): the listing, an order's details.

export async function listOrders(db: Db, customerId: number, page: number, pageSize: number): Promise<OrderListingData> {
  const [total, orders] = await Promise.all([
    q.countOrders(db, customerId),
    q.pageOfOrders(db, customerId, pageSize, (page - 1) * pageSize),
  ]);
  const ids = orders.map((o) => o.id);
  const [shipments, items] = await Promise.all([q.shipmentsOf(db, ids), q.itemsOf(db, ids)]);
  const summaries: OrderSummary[] = orders.map((o) => {
    const mine = shipments.filter((s) => s.order_id === o.id);
    const lines = items.filter((i) => i.order_id === o.id);
    return {
      order_id: o.order_number,
      created_at: iso(o.created_at)!,
      total: o.total,
      status_label: orderStatusLabel(o, mine),
      display_payment_method: paymentLabel(o.payment_method, o.status),
      item_count: lines.reduce((n, i) => n + i.quantity, 0),
      thumbnails: lines.slice(0, 4).map((i) => productImage(i.variant_id)),
      names: lines.slice(0, 4).map((i) => i.name),
      shipments: mine.map((s) => ({ shipment_id: s.shipment_number, status: s.status, status_label: STATUS_LABELS[s.status] })),
      pay_by: payBy(o),
    };
  });
  return { orders: summaries, page, page_size: pageSize, total, has_next: page * pageSize < total };
}

export async function orderDetails(db: Db, customerId: number, orderNumber: string): Promise<OrderDetails> {
  const order = await q.findOrder(db, orderNumber, customerId);
  if (!order || order.status === 'payment_failed') throw orderNotFound();
  const [shipments, items, refunds, customer] = await Promise.all([
    q.shipmentsOf(db, [order.id]),
    q.itemsOf(db, [order.id]),
    q.refundsOfOrder(db, order.id),
    q.customerOf(db, customerId),
  ]);
  const shipmentIds = shipments.map((s) => s.id);
  const [events, returns] = await Promise.all([q.eventsOf(db, shipmentIds), q.returnsOf(db, shipmentIds)]);
  const returnViews = new Map<number, ReturnView>();
  for (const r of returns) returnViews.set(r.shipment_id, await returnView(db, r, customerId));
  const address = readAddress(order.address);
  const views: ShipmentView[] = shipments.map((s) => ({
    shipment_id: s.shipment_number,
    status: s.status,
    status_label: STATUS_LABELS[s.status],
    awb: s.awb,
    shipping_total: s.shipping_total,
    delivered_at: iso(s.delivered_at),
    timeline: shipmentTimeline(events, s.id),
    shipment_items: items.filter((i) => i.shipment_id === s.id).map((i) => itemView(i, s)),
    can_cancel: canMove(s.status, 'CANCEL') && items.some((i) => i.shipment_id === s.id && unitsLeft(i) > 0),
    can_return: canReturn(s),
    can_withdraw_return: canMove(s.status, 'WITHDRAW_RETURN'),
    has_invoice: hasInvoice(s.status),
    return_request: returnViews.get(s.id) ?? null,
    refunds: refunds
      .filter((r) => r.shipment_id === s.id)
      .map((r) => ({
        refund_id: r.id,
        reason: r.reason,
        method: r.method,
        method_label: REFUND_LABELS[r.method],
        amount: r.amount,
        status: r.status,
        created_at: iso(r.created_at)!,
        credit_note: r.credit_note,
      })),
  }));
  return {
    globalOrderId: order.order_number,
    paymentMethod: order.payment_method,
    order: {
      order_id: order.order_number,
      coupon_code: order.coupon_code,
      mrp_total: order.mrp_total,
      item_total: order.item_total,
      coupon_discount: order.coupon_discount,
      bank_offer_discount: order.bank_offer_discount,
      shipping_total: order.shipping_total,
      total: order.total,
      paid_total: order.paid_total,
      refunded_total: refunds.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amount, 0),
      created_at: iso(order.created_at)!,
      status_label: orderStatusLabel(order, shipments),
      customer_first_name: customer?.first_name ?? '',
      customer_last_name: customer?.last_name ?? '',
      customer_email: customer?.email ?? null,
      customer_mobile: customer?.mobile ?? null,
      display_payment_method: paymentLabel(order.payment_method, order.status),
      pay_by: payBy(order),
    },
    address: {
      customer_address_full_name: address.full_name,
      customer_address_phone: address.mobile,
      customer_address_email: address.email,
      customer_address_line: address.address,
      customer_address_city: address.city,
      customer_address_state: address.state,
      customer_address_country: address.country,
      postcode: address.pincode,
    },
    shipments: views,
  };
}

async function returnView(db: Db, r: q.ReturnRow, customerId: number): Promise<ReturnView> {
  const [items, media, account] = await Promise.all([
    q.returnItemsOf(db, [r.id]),
    q.mediaOfShipment(db, r.shipment_id, r.id),
    r.bank_account_id ? q.findBankAccount(db, r.bank_account_id, customerId) : Promise.resolve(undefined),
  ]);
  return {
    status: r.status,
    reason: RETURN_REASONS.find((x) => x.id === r.reason_code)?.reason ?? r.reason_code,
    comment: r.comment,
    items: items.map((i) => ({ order_item_id: i.order_item_id, quantity: i.quantity })),
    media: media.map((m) => ({ media_id: m.public_id, url: uploadUrl(m.public_id), content_type: m.content_type })),
    pickup_address: r.pickup_address as unknown as PickupAddress,
    refund_method: r.refund_method,
    bank_account: account ? toBankView(account) : null,
    created_at: iso(r.created_at)!,
  };
}
