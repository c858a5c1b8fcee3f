import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { reviewImageRoutes } from './images.ts';
import { reviewRoutes } from './routes.ts';
import { DEFAULT_LIMITS, type ReviewLimits } from './service.ts';

export { recountStats as recountReviewStats } from './queries.ts';
export { DEFAULT_LIMITS as REVIEW_LIMITS, limitKey as reviewLimitKey, withdrawUnboughtReviews } from './service.ts';

// Read once at start-up: per-customer hourly limits on review writes, photo uploads and helpful votes.
const LimitsEnv = z.object({
  REVIEW_WRITE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(DEFAULT_LIMITS.writesPerHour),
  REVIEW_UPLOAD_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(DEFAULT_LIMITS.uploadsPerHour),
  REVIEW_VOTE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(DEFAULT_LIMITS.votesPerHour),
});

/** /api/review/v1 and its direct variants, the review-photo images, and moderation for operations. */
export async function reviewsModule(app: FastifyInstance, { db, env = process.env }: { db: Db; env?: NodeJS.ProcessEnv }) {
  const parsed = LimitsEnv.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid review settings: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const limits: ReviewLimits = {
    writesPerHour: parsed.data.REVIEW_WRITE_LIMIT_PER_HOUR,
    uploadsPerHour: parsed.data.REVIEW_UPLOAD_LIMIT_PER_HOUR,
    votesPerHour: parsed.data.REVIEW_VOTE_LIMIT_PER_HOUR,
  };
  await app.register(reviewRoutes, { db, limits });
  await app.register(reviewImageRoutes, { db });
}
