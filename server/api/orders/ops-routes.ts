import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { z } from 'zod';
import { OPS_ACTIONS, OpsCancelResponse, OpsMoveRequest, parseOrderDate } from '../../../schemas/orders.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound } from '../../http/errors.ts';
import { requireStaffPermission } from '../../http/ops.ts';
import { cancelOrderShipment, opsMove, processPendingRefunds, processRefund } from '../../flows/index.ts';
import {
  OpsCancelRequest,
  OpsMoveResponse,
  OpsRetryRequest,
  OpsRetryResponse,
  OpsVariantResponse,
  OpsShipmentResponse,
} from '../../../schemas/ops-orders.ts';
import { shipmentInvoice } from '../../modules/orders/index.ts';
import { STATUS_LABELS } from '../../modules/orders/index.ts';
import { findShipment } from '../../modules/orders/index.ts';
import type { RefundAdapters } from '../../modules/orders/index.ts';

// The operations API (docs/architecture.md "Operations"): moves shipments along so every later state is reachable.
// Authorization: Bearer $OPS_TOKEN (server/http/ops.ts); anything else is a 401. `npm run ops -- …` is a client of these calls.

const Params = z.object({
  shipmentId: z.string().regex(/^[A-Z0-9-]{4,40}$/, 'This shipment number is not valid.'),
  action: z.enum(OPS_ACTIONS, { error: `action: one of ${OPS_ACTIONS.join(', ')}` }),
});
const ShipmentParams = Params.pick({ shipmentId: true });

export async function opsRoutes(root: FastifyInstance, { db, refunds }: { db: Db; refunds: RefundAdapters }) {
  const app = root.withTypeProvider<ZodRequestTypes>();

  app.get(
    '/api/ops/shipments/:shipmentId',
    {
      schema: {
        response: { 200: OpsShipmentResponse },
        summary: 'One shipment with its state and history',
        operationId: 'getOpsShipment',
        params: ShipmentParams,
      },
    },
    async (req) => {
      const { shipmentId } = req.params;
      const s = await findShipment(db, shipmentId, null);
      if (!s) throw new NotFound(`No shipment ${shipmentId}.`);
      return ok({
        shipment_id: s.shipment_number,
        order_id: s.order_number,
        status: s.status,
        status_label: STATUS_LABELS[s.status],
        awb: s.awb,
      });
    },
  );

  app.post(
    '/api/ops/shipments/:shipmentId/:action',
    {
      schema: {
        response: { 200: OpsMoveResponse },
        summary: 'Move a shipment to its next state',
        operationId: 'moveShipment',
        params: Params,
        body: OpsMoveRequest,
      },
    },
    async (req) => {
      const { shipmentId, action } = req.params;
      // Receiving a return writes and pays its refund: that needs the money permission too.
      if (action === 'receive-return') requireStaffPermission(req, 'refunds:write');
      const body = req.body;
      const at = body.at ? (parseOrderDate(body.at) ?? undefined) : undefined;
      const { refundIds, ...result } = await opsMove(db, shipmentId, action, { awb: body.awb?.toUpperCase(), at, note: body.note });
      for (const id of refundIds)
        await processRefund(db, id, refunds).catch((err) => req.log.warn({ err: String(err), refundId: id }, 'refund left pending'));
      return ok(
        { ...result, status_label: STATUS_LABELS[result.status] },
        `Shipment ${result.shipment_id} is now ${STATUS_LABELS[result.status].toLowerCase()}.`,
      );
    },
  );

  // The shop cancels a whole shipment through the same flow as the shopper (docs/decisions/011-order-flows.md):
  // units back to stock, coupon use given back, the refund written and paid out.
  app.post(
    '/api/ops/shipments/:shipmentId/cancel',
    {
      schema: {
        summary: "Cancel a shipment on the store's side",
        operationId: 'cancelOpsShipment',
        params: ShipmentParams,
        body: OpsCancelRequest,
        response: { 200: OpsCancelResponse },
      },
    },
    async (req) => {
      const { shipmentId } = req.params;
      const body = req.body;
      const { refundIds, status, refund } = await cancelOrderShipment(
        db,
        null,
        { shipmentId, reason_id: 'other', comment: body.comment ? `Cancelled by the store: ${body.comment}` : 'Cancelled by the store' },
        null,
      );
      for (const id of refundIds)
        await processRefund(db, id, refunds).catch((err) => req.log.warn({ err: String(err), refundId: id }, 'refund left pending'));
      return ok({ shipment_id: shipmentId, status, status_label: STATUS_LABELS[status], refund }, `Shipment ${shipmentId} is cancelled.`);
    },
  );

  // The invoice of a dispatched shipment, as its shopper downloads it.
  app.get(
    '/api/ops/shipments/:shipmentId/invoice',
    { schema: { summary: "A shipment's invoice, for staff", operationId: 'getOpsShipmentInvoice', params: ShipmentParams } },
    async (req, reply) => {
      const { shipmentId } = req.params;
      const s = await findShipment(db, shipmentId, null);
      if (!s) throw new NotFound(`No shipment ${shipmentId}.`);
      const file = await shipmentInvoice(db, s.customer_id, shipmentId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );

  // Stock on hand of a variant: lets operations (and the e2e test) see a cancellation put units back.
  app.get(
    '/api/ops/variants/:variantId',
    {
      schema: {
        response: { 200: OpsVariantResponse },
        summary: "One variant's stock and reservations",
        operationId: 'getOpsVariant',
        params: z.object({ variantId: z.coerce.number().int().positive() }),
      },
    },
    async (req) => {
      const { variantId } = req.params;
      const row = await db.selectFrom('variants').select(['id', 'sku', 'stock']).where('id', '=', variantId).executeTakeFirst();
      if (!row) throw new NotFound(`No variant ${variantId}.`);
      return ok({ variant_id: row.id, sku: row.sku, stock: row.stock });
    },
  );

  app.post(
    '/api/ops/refunds/retry',
    {
      schema: {
        response: { 200: OpsRetryResponse },
        summary: 'Retry refunds the gateway refused',
        operationId: 'retryRefunds',
        // Takes nothing, but what is sent is validated all the same: the audit trail stores the body it was given.
        body: OpsRetryRequest,
      },
    },
    async () => ok({ processed: await processPendingRefunds(db, refunds) }),
  );
}
