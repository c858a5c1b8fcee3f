import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { OpsPaymentIssuesResponse, OpsResolveResponse } from '../../../schemas/ops-orders.ts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { gatewayRefundOfIssue, openIssues, type RefundPaidByHand, resolveIssue } from '../../modules/payment/index.ts';

// The staff queue for money that needs a person (docs/decisions/015-gateway-life-cycle.md): the operations API
// lists what is open, and a person marks each one done. The payment module keeps the queue (issue-queue.ts).

const IssueParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ResolveRequest = z.object({
  /**
   * What the person did ("paid by NEFT, UTR …", "gateway shows the refund failed; refunded by NEFT, UTR …"). A
   * gateway refund still pending or paid at the gateway is not paid again by hand: resolving it is refused.
   */
  resolution: z.string().trim().min(3).max(500),
});

/** /api/ops/payment-issues: the open queue, and marking one done (a "to pay" refund becomes processed). */
export async function paymentIssueRoutes(root: FastifyInstance, { db, refundPaidByHand }: { db: Db; refundPaidByHand: RefundPaidByHand }) {
  const app = root.withTypeProvider<ZodRequestTypes>();

  // The answer is PaymentIssuesResponse (schemas/payment.ts), which documents each field.
  app.get(
    '/api/ops/payment-issues',
    {
      schema: {
        response: { 200: OpsPaymentIssuesResponse },
        summary: 'Payment issues waiting for staff',
        operationId: 'listPaymentIssues',
      },
    },
    async () => ok(await openIssues(db)),
  );

  app.post(
    '/api/ops/payment-issues/:id/resolve',
    {
      schema: {
        response: { 200: OpsResolveResponse },
        summary: 'Resolve a payment issue',
        operationId: 'resolvePaymentIssue',
        params: IssueParams,
        body: ResolveRequest,
      },
    },
    async (req) => {
      const { id } = req.params;
      const body = req.body;
      // Read before the transaction (a gateway call holds no row locks): a refund the gateway is paying, or paid,
      // is never paid a second time by hand.
      const atGateway = await gatewayRefundOfIssue(db, id);
      if (atGateway?.status === 'pending' || atGateway?.status === 'success')
        throw new Conflict(
          atGateway.status === 'success'
            ? 'The gateway has already paid this refund: do not pay it by hand.'
            : 'The gateway is still paying this refund: do not pay it by hand; it settles by itself.',
        );
      const done = await resolveIssue(db, id, body.resolution, refundPaidByHand);
      if (!done) throw new NotFound('No open payment issue with this id.');
      return ok({ id, resolved: true });
    },
  );
}
