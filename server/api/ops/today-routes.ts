import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { sql } from 'kysely';
import { OpsTodayResponse, OutboxRetryRequest, OutboxRetryResponse } from '../../../schemas/ops-orders.ts';
import { indiaMidnight, indiaToday } from '../../../schemas/dates.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { requeueFailedMessages } from '../../messaging/index.ts';
import { requeueDeadFeeds } from '../../modules/events/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';

// The console's Today page (docs/decisions/019): orders and revenue of the India day (SPEC §9) and of the last
// seven, and the health of the outboxes: the shoppers' messages (outbox) and the marketers' feeds (event_outbox).
// Retrying a dead letter puts it back in its queue, where the workers claim it as any other row.

const DAY_MS = 86_400_000;
/** The start of the India day holding `now`, as an instant (India time has one owner: schemas/dates.ts). */
const istMidnight = (now: number) => indiaMidnight(indiaToday(now));

async function sales(db: Db, since: Date) {
  const row = await db
    .selectFrom('orders')
    .select([sql<string>`count(*)`.as('orders'), sql<string>`coalesce(sum(total), 0)`.as('revenue')])
    .where('placed_at', '>=', since)
    .executeTakeFirstOrThrow();
  const cancelled = await db
    .selectFrom('shipment_events')
    .select(sql<string>`count(DISTINCT shipment_id)`.as('n'))
    .where('to_status', '=', 'cancelled')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), revenue: Number(row.revenue), cancelled_shipments: Number(cancelled.n) };
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export async function staffTodayRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/ops/today',
    {
      config: { opsPermission: 'reports:read' },
      schema: {
        summary: "Today's figures and the queues that need staff",
        operationId: 'getOpsToday',
        response: { 200: OpsTodayResponse },
      },
    },
    async () => {
      const midnight = istMidnight(Date.now());
      const [today, week, messages, feeds] = await Promise.all([
        sales(db, midnight),
        sales(db, new Date(midnight.getTime() - 6 * DAY_MS)),
        db
          .selectFrom('outbox')
          .select([
            sql<string>`count(*) FILTER (WHERE status IN ('pending', 'sending'))`.as('pending'),
            sql<Date | null>`min(created_at) FILTER (WHERE status IN ('pending', 'sending'))`.as('oldest'),
            sql<string>`count(*) FILTER (WHERE status = 'failed')`.as('dead'),
          ])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('event_outbox')
          .select([
            sql<string>`count(*) FILTER (WHERE sent_at IS NULL AND dead_at IS NULL)`.as('pending'),
            sql<Date | null>`min(created_at) FILTER (WHERE sent_at IS NULL AND dead_at IS NULL)`.as('oldest'),
            sql<string>`count(*) FILTER (WHERE dead_at IS NOT NULL)`.as('dead'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      const queue = (r: { pending: string; oldest: Date | null; dead: string }) => ({
        pending: Number(r.pending),
        oldest_pending_at: iso(r.oldest),
        dead_letters: Number(r.dead),
      });
      return ok({
        day: indiaToday(midnight),
        today,
        last_7_days: week,
        outboxes: { messages: queue(messages), feeds: queue(feeds) },
      });
    },
  );

  // Owner only (no permission declared, docs/decisions/019): a retry sends again what failed for a reason.
  app.post(
    '/api/ops/outbox/retry',
    {
      schema: {
        summary: 'Send failed outbox messages again',
        operationId: 'retryOutbox',
        body: OutboxRetryRequest,
        response: { 200: OutboxRetryResponse },
      },
    },
    async (req) => {
      const { queue } = req.body;
      const requeued = await db.transaction().execute(async (trx) => {
        const n = queue === 'messages' ? await requeueFailedMessages(trx) : await requeueDeadFeeds(trx);
        await recordAudit(trx, req, { action: 'outbox.retry', target: `outbox:${queue}`, after: { requeued: n } });
        return n;
      });
      return ok({ queue, requeued }, `${requeued} message(s) back in the ${queue} queue.`);
    },
  );
}
