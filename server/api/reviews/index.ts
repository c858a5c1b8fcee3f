import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { readReviewSettings } from '../../modules/reviews/index.ts';
import { reviewImageRoutes } from './image-routes.ts';
import { reviewRoutes } from './routes.ts';

/** /api/review/v1 and its direct variants, the review-photo images, and moderation for operations. */
export async function reviewsApi(app: FastifyInstance, { db, env = process.env }: { db: Db; env?: NodeJS.ProcessEnv }) {
  const { limits, bucket } = readReviewSettings(env);
  await app.register(reviewRoutes, { db, limits, bucket });
  await app.register(reviewImageRoutes, { db });
}
