import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { OpsTodayResponse, OutboxRetryRequest, OutboxRetryResponse } from '../../../schemas/ops-orders.ts';
import { indiaMidnight, indiaToday } from '../../../schemas/dates.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { outboxHealth, requeueFailedMessages } from '../../messaging/index.ts';
import { feedHealth, requeueDeadFeeds } from '../../modules/events/index.ts';
import { salesSince } from '../../modules/orders/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';

// The console's Today page (docs/decisions/019): orders and revenue of the India day (SPEC §9) and of the last
// seven, and the health of the outboxes: the shoppers' messages (outbox) and the marketers' feeds (event_outbox).
// Retrying a dead letter puts it back in its queue, where the workers claim it as any other row.

const DAY_MS = 86_400_000;
/** The start of the India day holding `now`, as an instant (India time has one owner: schemas/dates.ts). */
const istMidnight = (now: number) => indiaMidnight(indiaToday(now));

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
        salesSince(db, midnight),
        salesSince(db, new Date(midnight.getTime() - 6 * DAY_MS)),
        outboxHealth(db),
        feedHealth(db),
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
