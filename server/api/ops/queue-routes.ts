import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { PageQuery, PaymentIssuesPageResponse } from '../../../schemas/staff-catalogue.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { openIssuesPage } from '../../modules/payment/index.ts';

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
      const { total, rows } = await openIssuesPage(db, page, page_size);
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
