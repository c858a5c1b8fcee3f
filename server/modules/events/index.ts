import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { readForwardConfig } from './config.ts';
import { startForwarder } from './outbox.ts';
import { eventsRoutes } from '../../api/events/routes.ts';

// Reporting, server side (docs/architecture.md "Reporting"): the conversion feed, the affiliate drop box, the funnel
// report (routes.ts), their rules (service.ts), queries (queries.ts) and the outbox forwarder (outbox.ts).
export { claimOutbox, forwardOnce, MAX_ATTEMPTS, markFailed, markSent, sealAffiliateOrder } from './outbox.ts';
export { funnelReport, hashEmail, hashPhone, storeConversions } from './service.ts';
export { refundReports, reportRefund } from './refund-reports.ts';
export { deleteConversionEventsBefore, enqueueForward, requeueDeadFeeds } from './queries.ts';

/** The reporting calls, and the forwarder every instance runs (rows claimed with SKIP LOCKED). */
export async function eventsModule(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(eventsRoutes, { db });
  const forwarder = startForwarder(db, readForwardConfig(), app.log);
  app.addHook('onClose', async () => forwarder.stop());
}
