import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../schemas/common.ts';
import { OrderIdSchema } from '../../../schemas/order.ts';
import type { Db } from '../../db/database.ts';
import { expireUnpaidOrderNow } from '../../flows/expire-order.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound } from '../../http/errors.ts';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { requireCustomer } from '../../modules/session/index.ts';

// Development tools only (KASRAT_DEV_TOOLS=1): the signed-in customer's unpaid order runs out of time now, through
// the expiry flow itself (stock and coupon back, the shopper told), so people and browser tests can see an expired
// order without waiting for its time to pay.
const Body = z.object({ order_id: OrderIdSchema });

export async function devPaymentRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.post(
    '/api/dev/payment/expire-order',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Development tools: let an unpaid order of the signed-in customer run out of time now',
        operationId: 'devExpireOrder',
        body: Body,
        response: { 200: envelope(z.object({ order_id: OrderIdSchema })) },
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      if (!(await expireUnpaidOrderNow(db, customer.id, req.body.order_id)))
        throw new NotFound('No order of yours with this number is waiting for payment.');
      return ok({ order_id: req.body.order_id });
    },
  );
}
