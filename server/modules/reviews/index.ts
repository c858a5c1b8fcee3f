import { z } from 'zod';
import { OWN_UPLOADS_PATH, type UploadBucket } from '../../../schemas/review-rules.ts';
import { siteOrigin } from '../../config.ts';
import { DEFAULT_LIMITS, type ReviewLimits } from './service.ts';

export { moderationPage } from './console-reads.ts';
export { recountStats as recountReviewStats } from './queries.ts';
export { DEFAULT_LIMITS as REVIEW_LIMITS, limitKey as reviewLimitKey, withdrawUnboughtReviews } from './service.ts';

// Read once at start-up: per-customer hourly limits on review writes, photo uploads and helpful votes.
const LimitsEnv = z.object({
  REVIEW_WRITE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(DEFAULT_LIMITS.writesPerHour),
  REVIEW_UPLOAD_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(DEFAULT_LIMITS.uploadsPerHour),
  REVIEW_VOTE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(DEFAULT_LIMITS.votesPerHour),
  /**
   * The https storage bucket whose image URLs count as uploaded review photos (SPEC §5), as the address before an
   * upload's id, such as https://kasrat-media.s3.ap-south-1.amazonaws.com/review/. Unset: the store's own upload
   * addresses, PUBLIC_ORIGIN + /api/uploads/ (or the request's host when PUBLIC_ORIGIN is unset).
   */
  REVIEW_IMAGE_BUCKET_URL: z
    .string()
    .regex(/^https:\/\/[^/\s?#@]+\/([^\s?#]*\/)?$/, 'must be an https address ending in / such as https://bucket.example/review/')
    .optional(),
});

/** The bucket image links must be on (SPEC §5), or null for the request's own host. */
export function uploadBucket(bucketUrl: string | undefined, publicOrigin: string | undefined): UploadBucket | null {
  if (bucketUrl) {
    const u = new URL(bucketUrl);
    return { host: u.host, pathPrefix: u.pathname };
  }
  if (publicOrigin) return { host: new URL(publicOrigin).host, pathPrefix: OWN_UPLOADS_PATH };
  return null;
}

/** The review settings, read once at start-up; a bad value stops the start. */
export function readReviewSettings(env: NodeJS.ProcessEnv = process.env): { limits: ReviewLimits; bucket: UploadBucket | null } {
  const parsed = LimitsEnv.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid review settings: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const limits: ReviewLimits = {
    writesPerHour: parsed.data.REVIEW_WRITE_LIMIT_PER_HOUR,
    uploadsPerHour: parsed.data.REVIEW_UPLOAD_LIMIT_PER_HOUR,
    votesPerHour: parsed.data.REVIEW_VOTE_LIMIT_PER_HOUR,
  };
  return { limits, bucket: uploadBucket(parsed.data.REVIEW_IMAGE_BUCKET_URL, siteOrigin(env)) };
}

export { seededReviewPhoto } from './images.ts';
export type { ReviewScope } from './queries.ts';
export {
  addReviewPhoto,
  carousel,
  checkLimit,
  checkPhotoRoom,
  isUserVerified,
  logisticRatingDetails,
  modalData,
  rateLogistics,
  rateProduct,
  type ReviewLimits,
  reviewList,
  scopeAggregate,
  setReviewStatus,
  updateReview,
  upvote,
} from './service.ts';
