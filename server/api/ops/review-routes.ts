import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { sql } from 'kysely';
import { StaffReviewPageQuery, StaffReviewsPageResponse } from '../../../schemas/staff-catalogue.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';

// The console's review queue (docs/decisions/019). Reviews publish at once; staff then publish or hide each one
// with the reviews module's moderation call, which takes it out of the queue. Oldest first: the queue is worked
// in the order shoppers wrote, a page at a time with the queue's size.

export async function staffReviewRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/ops/reviews',
    {
      config: { opsPermission: 'reviews:moderate' },
      schema: {
        summary: 'Reviews waiting for or past moderation, a page at a time',
        operationId: 'listOpsReviews',
        querystring: StaffReviewPageQuery,
        response: { 200: StaffReviewsPageResponse },
      },
    },
    async (req) => {
      const { state, page, page_size } = req.query;
      const inState = db
        .selectFrom('reviews as r')
        .innerJoin('products as p', 'p.id', 'r.product_id')
        .where('r.status', '!=', 'withdrawn')
        .where((eb) =>
          state === 'awaiting'
            ? eb('r.moderated_at', 'is', null)
            : eb.and([eb('r.moderated_at', 'is not', null), eb('r.status', '=', state)]),
        );
      let query = inState
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
        .limit(page_size)
        .offset((page - 1) * page_size);
      query =
        state === 'awaiting'
          ? query.orderBy('r.created_at', 'asc').orderBy('r.id', 'asc')
          : query.orderBy('r.moderated_at', 'desc').orderBy('r.id', 'desc');
      const [rows, count] = await Promise.all([
        query.execute(),
        inState.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const total = Number(count.n);
      return ok({
        paging: { page, page_size, total, pages: Math.max(1, Math.ceil(total / page_size)) },
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
