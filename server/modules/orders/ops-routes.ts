import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OPS_ACTIONS, OpsMoveRequest, parseOrderDate } from '../../../schemas/orders.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound, Unauthorized } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { STATUS_LABELS } from './lifecycle.ts';
import { findShipment } from './queries.ts';
import { processPendingRefunds, processRefund, type RefundAdapters } from './refunds.ts';
import { opsMove } from './service.ts';

// The operations API (ARCHITECTURE.md "Operations"): moves shipments along so every later state is reachable.
// Authorization: Bearer $OPS_TOKEN; anything else is a 401. `npm run ops -- …` is a client of these calls.

const Params = z.object({
  shipmentId: z.string().regex(/^[A-Z0-9-]{4,40}$/, 'This shipment number is not valid.'),
  action: z.enum(OPS_ACTIONS, { error: `action: one of ${OPS_ACTIONS.join(', ')}` }),
});
const ShipmentParams = Params.pick({ shipmentId: true });

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function opsRoutes(app: FastifyInstance, { db, token, refunds }: { db: Db; token: string | null; refunds: RefundAdapters }) {
  const expected = token ? digest(token) : null;
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization ?? '';
    const given = /^Bearer (.+)$/.exec(header)?.[1];
    // Compared as digests in constant time: the token's length and content leak nothing through timing.
    if (!expected || !given || !timingSafeEqual(digest(given), expected)) throw new Unauthorized('Operations token missing or wrong.');
  });

  app.get('/api/ops/shipments/:shipmentId', async (req) => {
    const { shipmentId } = parse(ShipmentParams, req.params);
    const s = await findShipment(db, shipmentId, null);
    if (!s) throw new NotFound(`No shipment ${shipmentId}.`);
    return ok({
      shipment_id: s.shipment_number,
      order_id: s.order_number,
      status: s.status,
      status_label: STATUS_LABELS[s.status],
      awb: s.awb,
    });
  });

  app.post('/api/ops/shipments/:shipmentId/:action', async (req) => {
    const { shipmentId, action } = parse(Params, req.params);
    const body = parse(OpsMoveRequest, req.body ?? {});
    const at = body.at ? (parseOrderDate(body.at) ?? undefined) : undefined;
    const { refundIds, ...result } = await opsMove(db, shipmentId, action, { awb: body.awb?.toUpperCase(), at, note: body.note });
    for (const id of refundIds)
      await processRefund(db, id, refunds).catch((err) => req.log.warn({ err: String(err), refundId: id }, 'refund left pending'));
    return ok(
      { ...result, status_label: STATUS_LABELS[result.status] },
      `Shipment ${result.shipment_id} is now ${STATUS_LABELS[result.status].toLowerCase()}.`,
    );
  });

  // Stock on hand of a variant: lets operations (and the e2e test) see a cancellation put units back.
  app.get('/api/ops/variants/:variantId', async (req) => {
    const { variantId } = parse(z.object({ variantId: z.coerce.number().int().positive() }), req.params);
    const row = await db.selectFrom('variants').select(['id', 'sku', 'stock']).where('id', '=', variantId).executeTakeFirst();
    if (!row) throw new NotFound(`No variant ${variantId}.`);
    return ok({ variant_id: row.id, sku: row.sku, stock: row.stock });
  });

  app.post('/api/ops/refunds/retry', async () => ok({ processed: await processPendingRefunds(db, refunds) }));
}
