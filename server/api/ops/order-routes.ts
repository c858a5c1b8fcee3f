import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { indiaMidnight } from '../../../schemas/dates.ts';
import { sql } from 'kysely';
import { OpsOrderParams, OpsOrderQuery, OpsOrderResponse, OpsOrdersResponse, type OpsShipment } from '../../../schemas/ops-orders.ts';
import { paymentMethodName } from '../../../schemas/payment-rules.ts';
import type { Db } from '../../db/database.ts';
import type { ShipmentStatus } from '../../db/types.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound } from '../../http/errors.ts';
import { canMove, hasInvoice, readAddress, STATUS_LABELS } from '../../modules/orders/index.ts';
import { cancelOrderShipment, previewCancel } from '../../flows/cancel.ts';
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
// calls (/api/ops/shipments/…), which go through its lifecycle and flows.

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The start of a day in India time (SPEC §9), as an instant. */
const istDay = (day: string, plusDays = 0) => new Date(indiaMidnight(day).getTime() + plusDays * 86_400_000);
/** The checkout stored the pincode under either name (server/modules/orders/service.ts readAddress). */
const pincodeOf = sql<string>`coalesce(o.address->>'pincode', o.address->>'postcode', '')`;

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
      let query = db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        // Orders a shopper never placed (unpaid, expired) are not the shop's work.
        .where('o.placed_at', 'is not', null);
      if (f.status) {
        const status = f.status;
        query = query.where((eb) =>
          eb.exists(eb.selectFrom('shipments as s').select('s.id').whereRef('s.order_id', '=', 'o.id').where('s.status', '=', status)),
        );
      }
      if (f.from) query = query.where('o.placed_at', '>=', istDay(f.from));
      if (f.to) query = query.where('o.placed_at', '<', istDay(f.to, 1));
      if (f.payment) query = query.where('o.payment_method', '=', f.payment as 1 | 2 | 3 | 4 | 6);
      if (f.pincode) query = query.where(pincodeOf, '=', f.pincode);
      if (f.q) {
        const q = f.q;
        query = query.where((eb) =>
          eb.or([
            eb('o.order_number', '=', q.toUpperCase()),
            eb('c.email', 'ilike', like(q)),
            eb('c.mobile', 'ilike', like(q)),
            eb(sql`c.first_name || ' ' || c.last_name`, 'ilike', like(q)),
          ]),
        );
      }
      const [count, page] = await Promise.all([
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
        query
          .select(['o.id', 'o.order_number', 'o.placed_at', 'o.status', 'o.payment_method', 'o.total', 'o.customer_id'])
          .select(['c.first_name', 'c.last_name', 'c.email', 'c.mobile'])
          .select(pincodeOf.as('pincode'))
          .orderBy('o.placed_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(size)
          .offset((f.page - 1) * size)
          .execute(),
      ]);
      const total = Number(count.n);
      const shipments = page.length
        ? await db
            .selectFrom('shipments')
            .select(['order_id', 'shipment_number', 'status'])
            .where(
              'order_id',
              'in',
              page.map((r) => r.id),
            )
            .orderBy('id')
            .execute()
        : [];
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
      const order = await db.selectFrom('orders').selectAll().where('order_number', '=', orderId).executeTakeFirst();
      if (!order) throw new NotFound(`No order ${orderId}.`);
      const [customer, shipments, items, refunds, payments] = await Promise.all([
        db
          .selectFrom('customers')
          .select(['id', 'first_name', 'last_name', 'email', 'mobile'])
          .where('id', '=', order.customer_id)
          .executeTakeFirstOrThrow(),
        db.selectFrom('shipments').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
        db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
        db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
        db.selectFrom('payments').selectAll().where('order_id', '=', order.id).orderBy('attempt').execute(),
      ]);
      const events = shipments.length
        ? await db
            .selectFrom('shipment_events')
            .selectAll()
            .where(
              'shipment_id',
              'in',
              shipments.map((s) => s.id),
            )
            .orderBy('id')
            .execute()
        : [];
      const { email: _e, country: _c, ...address } = readAddress(order.address);
      const views: OpsShipment[] = shipments.map((s) => ({
        shipment_id: s.shipment_number,
        status: s.status,
        status_label: STATUS_LABELS[s.status],
        awb: s.awb,
        actions: actionsFor(s.status),
        has_invoice: hasInvoice(s.status),
        timeline: events
          .filter((e) => e.shipment_id === s.id)
          .map((e) => ({
            status: e.to_status,
            label: e.from_status === e.to_status ? 'Items cancelled' : STATUS_LABELS[e.to_status],
            at: iso(e.created_at) as string,
            note: e.note,
          })),
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
    const row = await db
      .selectFrom('shipments as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select('o.customer_id')
      .where('s.shipment_number', '=', shipmentId)
      .executeTakeFirst();
    if (!row) throw new NotFound(`No shipment ${shipmentId}.`);
    return row.customer_id;
  };

  app.post(
    '/api/ops/shipments/:shipmentId/items/cancel-preview',
    {
      config: { opsPermission: 'orders:write' },
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
      const refund = await previewCancel(db, await ownerOf(shipmentId), shipmentId, items);
      // A preview writes nothing: no entry in the trail.
      req.audited = true;
      return ok({ shipment_id: shipmentId, refund });
    },
  );

  app.post(
    '/api/ops/shipments/:shipmentId/items/cancel',
    {
      config: { opsPermission: 'orders:write' },
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
      await ownerOf(shipmentId);
      const comment = body.comment ? `Cancelled by the store: ${body.comment}` : 'Cancelled by the store';
      const before = await db.selectFrom('shipments').select('status').where('shipment_number', '=', shipmentId).executeTakeFirstOrThrow();
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
