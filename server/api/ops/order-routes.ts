import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { OpsOrderParams, OpsOrderQuery, OpsOrderResponse, OpsOrdersResponse, type OpsShipment } from '../../../schemas/ops-orders.ts';
import { paymentMethodName } from '../../../schemas/payment-rules.ts';
import type { Db } from '../../db/database.ts';
import type { ShipmentStatus } from '../../db/types.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound } from '../../http/errors.ts';
import { customerContact } from '../../modules/customers/index.ts';
import {
  canMove,
  consoleOrder,
  consoleOrders,
  hasInvoice,
  readAddress,
  STATUS_LABELS,
  shipmentOwner,
  shipmentTimeline,
} from '../../modules/orders/index.ts';
import { orderPayments } from '../../modules/payment/index.ts';
import { cancelOrderShipment, previewCancel } from '../../flows/index.ts';
import {
  CancelItemsPreviewRequest,
  CancelItemsPreviewResponse,
  CancelItemsRequest,
  CancelItemsResponse,
  ShipmentItemsParams,
} from '../../../schemas/staff-catalogue.ts';
import { recordAudit } from '../../modules/staff/index.ts';

// The console's orders (docs/decisions/019): find orders by status, day, payment, pincode and customer, and read
// one with its shipments' timelines, refunds and payments. Reads only: the moves are the orders module's operations
// calls (/api/ops/shipments/…), which go through its lifecycle and flows. The rows come from their owners' reads
// (orders, customers, payment).

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The operations moves a shipment in `status` can take now (server/modules/orders/service.ts opsMove). */
export function actionsFor(status: ShipmentStatus): string[] {
  const actions: string[] = [];
  // A placed shipment is confirmed and packed in one move.
  if (status === 'placed' || canMove(status, 'PACK')) actions.push('pack');
  if (canMove(status, 'SHIP')) actions.push('ship');
  if (canMove(status, 'DELIVER')) actions.push('deliver');
  if (canMove(status, 'PICK_UP_RETURN')) actions.push('pickup-return');
  if (canMove(status, 'RECEIVE_RETURN')) actions.push('receive-return');
  if (canMove(status, 'CANCEL')) actions.push('cancel');
  return actions;
}

export async function staffOrderRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/ops/orders',
    {
      config: { opsPermission: 'orders:read' },
      schema: {
        summary: 'Orders with their shipments and payments, for the console',
        operationId: 'listOpsOrders',
        querystring: OpsOrderQuery,
        response: { 200: OpsOrdersResponse },
      },
    },
    async (req) => {
      const f = req.query;
      const size = f.page_size;
      const { total, rows: page, shipments } = await consoleOrders(db, f);
      return ok({
        page: f.page,
        page_size: size,
        total,
        pages: Math.max(1, Math.ceil(total / size)),
        has_more: f.page * size < total,
        orders: page.map((r) => ({
          order_id: r.order_number,
          placed_at: iso(r.placed_at),
          status: r.status,
          customer: `${r.first_name} ${r.last_name}`.trim() || r.email || r.mobile || `Customer ${r.customer_id}`,
          customer_id: r.customer_id,
          pincode: r.pincode,
          payment: paymentMethodName(r.payment_method),
          total: r.total,
          shipments: shipments
            .filter((s) => s.order_id === r.id)
            .map((s) => ({ shipment_id: s.shipment_number, status: s.status, status_label: STATUS_LABELS[s.status] })),
        })),
      });
    },
  );

  app.get(
    '/api/ops/orders/:orderId',
    {
      config: { opsPermission: 'orders:read' },
      schema: {
        summary: 'One order with its shipments, payments and refunds',
        operationId: 'getOpsOrder',
        params: OpsOrderParams,
        response: { 200: OpsOrderResponse },
      },
    },
    async (req) => {
      const { orderId } = req.params;
      const found = await consoleOrder(db, orderId);
      if (!found) throw new NotFound(`No order ${orderId}.`);
      const { order, shipments, items, refunds, events } = found;
      const [contact, payments] = await Promise.all([customerContact(db, order.customer_id), orderPayments(db, order.id)]);
      if (!contact) throw new Error(`order ${orderId} names no customer`);
      const customer = contact;
      const { email: _e, country: _c, ...address } = readAddress(order.address);
      const views: OpsShipment[] = shipments.map((s) => ({
        shipment_id: s.shipment_number,
        status: s.status,
        status_label: STATUS_LABELS[s.status],
        awb: s.awb,
        actions: actionsFor(s.status),
        has_invoice: hasInvoice(s.status),
        timeline: shipmentTimeline(events, s.id),
        items: items
          .filter((i) => i.shipment_id === s.id)
          .map((i) => ({
            order_item_id: i.id,
            sku: i.sku,
            name: i.name,
            quantity: i.quantity,
            cancelled: i.cancelled_quantity,
            returned: i.returned_quantity,
            sale_price: i.sale_price,
          })),
        refunds: refunds
          .filter((r) => r.shipment_id === s.id)
          .map((r) => ({
            refund_id: r.id,
            reason: r.reason,
            method: r.method,
            amount: r.amount,
            status: r.status,
            failure_reason: r.failure_reason,
            created_at: iso(r.created_at) as string,
          })),
      }));
      return ok({
        order_id: order.order_number,
        status: order.status,
        placed_at: iso(order.placed_at),
        customer: {
          customer_id: customer.id,
          name: `${customer.first_name} ${customer.last_name}`.trim(),
          email: customer.email,
          mobile: customer.mobile,
        },
        address,
        payment: paymentMethodName(order.payment_method),
        coupon_code: order.coupon_code,
        item_total: order.item_total,
        discount: order.coupon_discount + order.bank_offer_discount,
        shipping_total: order.shipping_total,
        total: order.total,
        paid_total: order.paid_total,
        payments: payments.map((p) => ({
          attempt: p.attempt,
          gateway: p.gateway,
          amount: p.amount,
          status: p.status,
          at: iso(p.created_at) as string,
        })),
        shipments: views,
      });
    },
  );
  // Item by item: the chosen lines and units, through the same cancel flow as the shopper's (docs/decisions/011-order-flows.md):
  // the preview runs that cancellation and rolls it back, so what staff see is what the cancel refunds, promotion
  // rules included.
  const ownerOf = async (shipmentId: string) => {
    const row = await shipmentOwner(db, shipmentId);
    if (!row) throw new NotFound(`No shipment ${shipmentId}.`);
    return row;
  };

  app.post(
    '/api/ops/shipments/:shipmentId/items/cancel-preview',
    {
      config: { opsPermission: 'refunds:write' },
      schema: {
        summary: 'What cancelling some items of a shipment would refund, writing nothing',
        operationId: 'previewOpsItemCancel',
        params: ShipmentItemsParams,
        body: CancelItemsPreviewRequest,
        response: { 200: CancelItemsPreviewResponse },
      },
    },
    async (req) => {
      const { shipmentId } = req.params;
      const { items } = req.body;
      const refund = await previewCancel(db, (await ownerOf(shipmentId)).customer_id, shipmentId, items);
      // A preview writes nothing: no entry in the trail.
      req.audited = true;
      return ok({ shipment_id: shipmentId, refund });
    },
  );

  app.post(
    '/api/ops/shipments/:shipmentId/items/cancel',
    {
      config: { opsPermission: 'refunds:write' },
      schema: {
        summary: 'Cancel some items of a shipment through the cancel flow',
        operationId: 'cancelOpsItems',
        params: ShipmentItemsParams,
        body: CancelItemsRequest,
        response: { 200: CancelItemsResponse },
      },
    },
    async (req) => {
      const { shipmentId } = req.params;
      const body = req.body;
      const before = await ownerOf(shipmentId);
      const comment = body.comment ? `Cancelled by the store: ${body.comment}` : 'Cancelled by the store';
      // The audit entry commits with the cancellation; its refund is paid by the orders module's refund run (or
      // "Retry refunds").
      const { status, refund } = await cancelOrderShipment(db, null, { shipmentId, reason_id: 'other', comment }, body.items, (trx, done) =>
        recordAudit(trx, req, {
          action: 'shipment.cancel-items',
          target: `shipment:${shipmentId}`,
          before: { status: before.status },
          after: { status: done.status, items: body.items, refund: done.refund.amount, comment: body.comment ?? null },
        }),
      );
      const units = body.items.reduce((n, i) => n + i.quantity, 0);
      return ok({ shipment_id: shipmentId, status, refund }, `${units} unit(s) of shipment ${shipmentId} cancelled.`);
    },
  );
}
