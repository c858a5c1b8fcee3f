import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { sql } from 'kysely';
import { PageQuery, PaymentIssuesPageResponse } from '../../../schemas/staff-catalogue.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';

// The console's payment-issue queue a page at a time, with its size (docs/decisions/019). The payment module owns
// the issues and their resolution (/api/ops/payment-issues); this only reads the open ones, oldest first.

export async function staffQueueRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/ops/queues/payment-issues',
    {
      config: { opsPermission: 'orders:read' },
      schema: {
        summary: 'Open payment issues, a page at a time',
        operationId: 'listOpsPaymentIssuesPage',
        querystring: PageQuery,
        response: { 200: PaymentIssuesPageResponse },
      },
    },
    async (req) => {
      const { page, page_size } = req.query;
      const open = db.selectFrom('payment_issues as i').where('i.resolved_at', 'is', null);
      const [rows, count] = await Promise.all([
        open
          .leftJoin('orders as o', 'o.id', 'i.order_id')
          .select(['i.id', 'i.kind', 'o.order_number', 'i.amount', 'i.note', 'i.created_at'])
          .orderBy('i.created_at')
          .orderBy('i.id')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
        open.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const total = Number(count.n);
      return ok({
        issues: rows.map((i) => ({
          id: i.id,
          kind: i.kind,
          order_id: i.order_number,
          amount: i.amount,
          note: i.note,
          created_at: new Date(i.created_at).toISOString(),
        })),
        paging: { page, page_size, total, pages: Math.max(1, Math.ceil(total / page_size)) },
      });
    },
  );
}
