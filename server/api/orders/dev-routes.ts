import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../schemas/common.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound, Unauthorized } from '../../http/errors.ts';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { recordDevPurchase } from '../../modules/orders/demo-orders.ts';

// Development tools only (KASRAT_DEV_TOOLS=1): a delivered order of one product for the signed-in customer, so
// people and browser tests can try the verified-buyer review flow without running a checkout.
const Body = z.object({ product_id: z.coerce.number().int().positive(), delivered: z.boolean().default(true) });

export async function devPurchaseRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.post(
    '/api/dev/reviews/purchase',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Development tools: record a delivered purchase so a review can be written',
        operationId: 'devRecordPurchase',
        body: Body,
        response: { 200: envelope(z.object({ order_id: z.number().int() })) },
      },
    },
    async (req) => {
      const { product_id, delivered } = req.body;
      const session = await req.getSession();
      if (!session?.customerId) throw new Unauthorized();
      // The product's first variant in stock: the order takes its unit as any order does.
      const v = await db
        .selectFrom('variants')
        .select('id')
        .where('product_id', '=', product_id)
        .where('stock', '>', 0)
        .orderBy('id')
        .executeTakeFirst();
      if (!v) throw new NotFound('Product not found, or none of it in stock.');
      const orderId = await recordDevPurchase(db, session.customerId, v.id, delivered);
      return ok({ order_id: orderId });
    },
  );
}
