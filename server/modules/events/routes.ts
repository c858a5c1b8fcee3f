import type { FastifyInstance } from 'fastify';
import { AffiliateRequest, ConversionEvent, FunnelQuery } from '../../../schemas/events.ts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { purchaseConversion } from '../payment/index.ts';
import { readForwardConfig } from './config.ts';
import { funnelReport } from './funnel.server.ts';
import { startForwarder } from './outbox.server.ts';
import { storeAffiliateOrder, storeConversions } from './store.server.ts';

const DevEventQuery = z.object({ event_id: z.string().min(1).max(100) });
const Batch = z.object({
  data: z.array(ConversionEvent).min(1, 'data must hold at least one event').max(50, 'at most 50 events per batch'),
});
/** Older events are refused (ad platforms drop them after 7 days); a clock a little ahead is tolerated. */
const MAX_AGE_S = 7 * 86_400;
const MAX_SKEW_S = 3_600;

export async function eventsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // sendBeacon may post a string body (text/plain); read it as JSON in this module only.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 262_144 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new BadRequest('Invalid request body: expected JSON'), undefined);
    }
  });

  app.post('/api/events/conversions', { bodyLimit: 262_144 }, async (req) => {
    const body = req.body as { data?: unknown } | null;
    const events = body && typeof body === 'object' && 'data' in body ? parse(Batch, body).data : [parse(ConversionEvent, body)];
    const nowS = Math.floor(Date.now() / 1000);
    for (const e of events) {
      if (e.event_time < nowS - MAX_AGE_S) throw new BadRequest('event_time: older than 7 days');
      if (e.event_time > nowS + MAX_SKEW_S) throw new BadRequest('event_time: in the future');
    }
    const session = await req.getSession();
    const customerId = session?.customerId ?? null;
    // A purchase is checked against the stored order and reported with its values.
    const checked = await Promise.all(events.map((e) => (e.event_name === 'Purchase' ? purchaseConversion(db, customerId, e) : e)));
    const result = await storeConversions(db, checked, customerId);
    return ok(result, result.accepted ? 'Stored' : 'Already stored');
  });

  app.post('/api/events/affiliate', async (req) => {
    const sealed = parse(AffiliateRequest, req.body);
    const created = await storeAffiliateOrder(db, sealed);
    return ok({ accepted: created ? 1 : 0, duplicates: created ? 0 : 1 }, created ? 'Stored' : 'Already stored');
  });

  app.get('/api/analytics/funnel', async (req) => {
    const query = parse(FunnelQuery, req.query);
    return ok(await funnelReport(db, query));
  });

  // Outside production (like /api/dev/outbox): is an event stored? Lets e2e tests check arrival without
  // writing to the feed. Hashes only; never in production.
  if (process.env.NODE_ENV !== 'production') {
    app.get('/api/dev/events', async (req) => {
      const { event_id } = parse(DevEventQuery, req.query);
      const row = await db
        .selectFrom('conversion_events')
        .select(['event_id', 'event_name', 'funnel_step', 'session_id', 'email_sha256', 'received_at'])
        .where('event_id', '=', event_id)
        .executeTakeFirst();
      return ok(row ?? null, row ? 'Stored' : 'Not stored');
    });
  }

  const forwarder = startForwarder(db, readForwardConfig(), app.log);
  app.addHook('onClose', async () => forwarder.stop());
}
