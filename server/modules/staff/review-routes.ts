import type { FastifyInstance } from 'fastify';
import { StaffReviewQuery, StaffReviewsResponse } from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { requireOps } from '../../http/ops.ts';
import { parse } from '../../http/validate.ts';

// The console's review queue (docs/decisions/019). Reviews publish at once; staff then publish or hide each one
// with the reviews module's moderation call, which takes it out of the queue. Oldest first: the queue is worked
// in the order shoppers wrote.

const LIMIT = 100;

export async function staffReviewRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    '/api/ops/reviews',
    { config: { opsPermission: 'reviews:moderate' }, schema: { summary: 'Reviews waiting for or past moderation', operationId: 'listOpsReviews', querystring: StaffReviewQuery, response: { 200: StaffReviewsResponse } } },
    async (req) => {
      requireOps(req);
      const { state } = parse(StaffReviewQuery, req.query);
      let query = db
        .selectFrom('reviews as r')
        .innerJoin('products as p', 'p.id', 'r.product_id')
        .select([
          'r.id',
          'r.product_id',
          'p.name as product_name',
          'r.author_name',
          'r.rating',
          'r.title',
          'r.body',
          'r.photo_count',
          'r.status',
          'r.created_at',
          'r.moderated_at',
        ])
        .where('r.status', '!=', 'withdrawn')
        .limit(LIMIT);
      query =
        state === 'awaiting'
          ? query.where('r.moderated_at', 'is', null).orderBy('r.created_at', 'asc').orderBy('r.id', 'asc')
          : query
              .where('r.moderated_at', 'is not', null)
              .where('r.status', '=', state)
              .orderBy('r.moderated_at', 'desc')
              .orderBy('r.id', 'desc');
      const rows = await query.execute();
      return ok({
        reviews: rows.map((r) => ({
          review_id: r.id,
          product_id: r.product_id,
          product_name: r.product_name,
          author_name: r.author_name,
          rating: r.rating,
          title: r.title,
          body: r.body,
          photo_count: r.photo_count,
          status: r.status,
          created_at: new Date(r.created_at).toISOString(),
          moderated_at: r.moderated_at ? new Date(r.moderated_at).toISOString() : null,
        })),
      });
    },
  );
}
