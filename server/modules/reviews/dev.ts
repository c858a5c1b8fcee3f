import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { z } from 'zod';
import { envelope } from '../../../schemas/common.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound, Unauthorized } from '../../http/errors.ts';

// Development tools only (KASRAT_DEV_TOOLS=1): a delivered order of one product for the signed-in customer, so
// people and browser tests can try the verified-buyer review flow without running a checkout.
const Body = z.object({ product_id: z.coerce.number().int().positive(), delivered: z.boolean().default(true) });

export async function reviewDevRoutes(root: FastifyInstance, { db }: { db: Db }) {
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
      const customerId = session.customerId;
      const v = await db
        .selectFrom('variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .innerJoin('brands as b', 'b.id', 'p.brand_id')
        .innerJoin('categories as c', 'c.id', 'p.category_id')
        .select(['v.id', 'v.sku', 'v.mrp', 'v.sale_price', 'p.name', 'b.name as brand', 'c.name as category'])
        .where('v.product_id', '=', product_id)
        .orderBy('v.id')
        .executeTakeFirst();
      if (!v) throw new NotFound('Product not found.');
      const orderId = await db.transaction().execute(async (trx) => {
        const cartId = randomUUID();
        const tag = randomBytes(4).toString('hex').toUpperCase();
        await trx.insertInto('carts').values({ id: cartId, customer_id: customerId, status: 'ordered', coupon_code: null }).execute();
        const order = await trx
          .insertInto('orders')
          .values({
            order_number: `DEV-${tag}`,
            customer_id: customerId,
            cart_id: cartId,
            status: 'placed',
            payment_method: 4,
            address_id: null,
            address: JSON.stringify({ city: 'New Delhi' }) as never,
            coupon_code: null,
            mrp_total: v.mrp,
            item_total: v.sale_price,
            total: v.sale_price,
            placed_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const shipment = await trx
          .insertInto('shipments')
          .values({
            order_id: order.id,
            shipment_number: `DEV-${tag}-1`,
            status: delivered ? 'delivered' : 'shipped',
            awb: null,
            delivered_at: delivered ? new Date() : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_items')
          .values({
            order_id: order.id,
            shipment_id: shipment.id,
            variant_id: v.id,
            product_id,
            sku: v.sku,
            name: v.name,
            brand_name: v.brand,
            category_name: v.category,
            swatch: null,
            quantity: 1,
            mrp: v.mrp,
            sale_price: v.sale_price,
          })
          .execute();
        return order.id;
      });
      return ok({ order_id: orderId });
    },
  );
}
