import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { FunnelEnvelope } from '../../../schemas/ops-orders.ts';
import { AffiliateRequest, ConversionEvent, FunnelQuery, ReportResultResponse } from '../../../schemas/events.ts';
import { z } from 'zod';
import { envelope } from '../../../schemas/common.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { devToolsEnabled, readConfig, readEventsLimitPerIp } from '../../config.ts';
import { BadRequest, Forbidden } from '../../http/errors.ts';
import { clientKey, enforceLimit } from '../../http/rate-limit.ts';
import { CROSS_SITE_REFUSED, isCrossSite } from '../../http/security.ts';
import { affiliateOrderOf, purchaseConversion } from '../../modules/payment/index.ts';
import { findStoredEvent } from '../../modules/events/queries.ts';
import { checkEventTimes, checkFunnelRange, funnelReport, storeAffiliateOrder, storeConversions } from '../../modules/events/service.ts';

// The reporting calls (docs/architecture.md "Reporting"), HTTP only: the conversion feed, the affiliate drop box, the
// funnel report and the development look-up. The rules are in service.ts.

/** The development look-up of a stored conversion event (tests and the e2e suite read it). */
const DevEventResponse = envelope(
  z
    .object({
      event_id: z.string(),
      event_name: z.string(),
      funnel_step: z.number().int().nullable(),
      session_id: z.string(),
      email_sha256: z.string().nullable(),
      received_at: z.iso.datetime(),
    })
    .nullable(),
);
const DevEventQuery = z.object({ event_id: z.string().min(1).max(100), event_name: z.string().min(1).max(40).optional() });
const Batch = z.object({
  data: z.array(ConversionEvent).min(1, 'data must hold at least one event').max(50, 'at most 50 events per batch'),
});
/**
 * One event, or a batch of them: a body with `data` is read as a batch, any other as one event, so a refusal names
 * the field of the shape the client meant (a plain union would answer "Invalid input" for a bad single event).
 */
const ConversionBody = z
  .unknown()
  .transform((body, ctx) => {
    const batch = body !== null && typeof body === 'object' && 'data' in body;
    const result = batch ? Batch.safeParse(body) : ConversionEvent.safeParse(body);
    if (result.success) return batch ? (result.data as z.infer<typeof Batch>).data : [result.data as ConversionEvent];
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: issue.path } as never);
    return z.NEVER;
  })
  .meta({ description: 'One conversion event, or `{ data: [event, …] }` with 1 to 50 of them (SPEC §7).' });

/** The configured public origin; outside production, where it may be unset, the address the server listens on. */
function eventsOrigin(): string {
  try {
    const config = readConfig();
    return config.PUBLIC_ORIGIN || `http://${config.HOST}:${config.PORT}`;
  } catch {
    return 'http://127.0.0.1:3000';
  }
}

export async function eventsRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  // Reports per client address (IPv6 by /64) per minute, per endpoint: the feed is a write path open to anyone.
  const reportsPerMinute = readEventsLimitPerIp();
  const publicOrigin = process.env.PUBLIC_ORIGIN ?? '';
  // Event URLs are made absolute on the configured origin (required in production), never the request's Host.
  const siteOrigin = eventsOrigin();
  // text/plain is what sendBeacon posts, and what any other site's form can post without a preflight: it is
  // read only from a request the browser marks as this site's own (Sec-Fetch-Site or Origin).
  app.addHook('preValidation', async (req) => {
    if (!String(req.headers['content-type'] ?? '').startsWith('text/plain')) return;
    const site = req.headers['sec-fetch-site'];
    const sameOrigin = site === 'same-origin' || (!site && typeof req.headers.origin === 'string' && !isCrossSite(req, publicOrigin));
    if (!sameOrigin) throw new Forbidden(CROSS_SITE_REFUSED);
  });
  const limitReports = (req: FastifyRequest, name: string) =>
    enforceLimit(db, `events:${name}:ip:${clientKey(req.ip)}`, reportsPerMinute, 60, 'Too many reports. Please try again later.');

  // sendBeacon may post a string body (text/plain); read it as JSON in this module only.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 262_144 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new BadRequest('Invalid request body: expected JSON'), undefined);
    }
  });

  app.post(
    '/api/events/conversions',
    {
      config: { access: 'optional' },
      schema: {
        summary: 'Report a server-side conversion event',
        operationId: 'sendConversion',
        body: ConversionBody,
        response: { 200: ReportResultResponse },
      },
      bodyLimit: 262_144,
      // Limited before Fastify validates the body: a flood of bad reports is refused like a flood of good ones.
      preValidation: async (req) => limitReports(req, 'conversions'),
    },
    async (req) => {
      const events = req.body;
      checkEventTimes(events);
      const session = await req.getSession();
      const customerId = session?.customerId ?? null;
      // A purchase is checked against the stored order and reported with its values.
      const checked = await Promise.all(events.map((e) => (e.event_name === 'Purchase' ? purchaseConversion(db, customerId, e) : e)));
      const result = await storeConversions(db, checked, customerId, {
        origin: siteOrigin,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        fbp: req.cookies._fbp,
        fbc: req.cookies._fbc,
      });
      return ok(result, result.accepted ? 'Stored' : 'Already stored');
    },
  );

  app.post(
    '/api/events/affiliate',
    {
      config: { access: 'optional' },
      schema: {
        summary: 'Report an affiliate conversion for an order',
        operationId: 'sendAffiliateConversion',
        body: AffiliateRequest,
        response: { 200: ReportResultResponse },
      },
      preValidation: async (req) => limitReports(req, 'affiliate'),
    },
    async (req) => {
      const { order_id } = req.body;
      const session = await req.getSession();
      const created = await storeAffiliateOrder(db, await affiliateOrderOf(db, session?.customerId ?? null, order_id));
      return ok({ accepted: created ? 1 : 0, duplicates: created ? 0 : 1 }, created ? 'Stored' : 'Already stored');
    },
  );

  // Staff only (OPS_TOKEN), over a bounded range.
  app.get(
    '/api/analytics/funnel',
    {
      schema: {
        response: { 200: FunnelEnvelope },
        summary: 'The checkout funnel report',
        operationId: 'getFunnelReport',
        querystring: FunnelQuery,
      },
    },
    async (req) => {
      const query = req.query;
      checkFunnelRange(query);
      return ok(await funnelReport(db, query));
    },
  );

  // A development tool (KASRAT_DEV_TOOLS=1, like /api/dev/outbox): is an event stored? Lets e2e tests check
  // arrival without writing to the feed. Hashes only.
  if (devToolsEnabled()) {
    app.get(
      '/api/dev/events',
      {
        schema: {
          summary: 'Development tools: the reporting events recorded for an event id',
          operationId: 'getDevEvents',
          querystring: DevEventQuery,
          response: { 200: DevEventResponse },
        },
      },
      async (req) => {
        const { event_id, event_name } = req.query;
        const row = await findStoredEvent(db, event_id, event_name);
        return ok(row ?? null, row ? 'Stored' : 'Not stored');
      },
    );
  }
}
