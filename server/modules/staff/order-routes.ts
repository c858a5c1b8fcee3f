import type { FastifyInstance } from 'fastify';
import { indiaMidnight } from '../../../schemas/dates.ts';
import { sql } from 'kysely';
import { OpsOrderParams, OpsOrderQuery, OpsOrderResponse, OpsOrdersResponse, type OpsShipment } from '../../../schemas/ops-orders.ts';
import { paymentMethodName } from '../../../schemas/payment-rules.ts';
import type { Db } from '../../db/database.ts';
import type { ShipmentStatus } from '../../db/types.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound } from '../../http/errors.ts';
import { requireOps } from '../../http/ops.ts';
import { parse } from '../../http/validate.ts';
import { canMove, hasInvoice, readAddress, STATUS_LABELS } from '../orders/index.ts';

// The console's orders (docs/decisions/019): find orders by status, day, payment, pincode and customer, and read
// one with its shipments' timelines, refunds and payments. Reads only: the moves are the orders module's operations
// calls (/api/ops/shipments/…), which go through its lifecycle and flows.

const PAGE = 50;
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

export async function staffOrderRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    '/api/ops/orders',
    { config: { opsPermission: 'orders:read' }, schema: { summary: 'Orders with their shipments and payments, for the console', operationId: 'listOpsOrders', querystring: OpsOrderQuery, response: { 200: OpsOrdersResponse } } },
    async (req) => {
      requireOps(req);
      const f = parse(OpsOrderQuery, req.query);
      let query = db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .select(['o.id', 'o.order_number', 'o.placed_at', 'o.status', 'o.payment_method', 'o.total', 'o.customer_id'])
        .select(['c.first_name', 'c.last_name', 'c.email', 'c.mobile'])
        .select(pincodeOf.as('pincode'))
        // Orders a shopper never placed (unpaid, expired) are not the shop's work.
        .where('o.placed_at', 'is not', null)
        .orderBy('o.placed_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(PAGE + 1)
        .offset((f.page - 1) * PAGE);
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
      const rows = await query.execute();
      const page = rows.slice(0, PAGE);
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
        has_more: rows.length > PAGE,
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
    { config: { opsPermission: 'orders:read' }, schema: { summary: 'One order with its shipments, payments and refunds', operationId: 'getOpsOrder', params: OpsOrderParams, response: { 200: OpsOrderResponse } } },
    async (req) => {
      requireOps(req);
      const { orderId } = parse(OpsOrderParams, req.params);
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
}
