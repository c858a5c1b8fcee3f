import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { StaffReviewPageQuery, StaffReviewsPageResponse } from '../../../schemas/staff-catalogue.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { moderationPage } from '../../modules/reviews/index.ts';

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
      const { total, rows } = await moderationPage(db, state, page, page_size);
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
