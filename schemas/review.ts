import { z } from 'zod';
import { envelope, IdParam, PageParam } from './common.ts';
export * from './review-rules.ts';

// /api/review/v1 (SPEC §7): aggregates, lists, votes, ratings, photos, moderation. Shared by server and client.

export const MAX_REVIEW_TITLE = 150;
export const MAX_REVIEW_BODY = 5000;
export const MAX_REVIEW_PHOTOS = 5;
export const REVIEW_PAGE_SIZE = 10;

export const REVIEW_MESSAGES = {
  rating: 'Please choose a rating from 1 to 5 stars.',
  titleLong: `Title cannot be more than ${MAX_REVIEW_TITLE} characters.`,
  bodyLong: `Review cannot be more than ${MAX_REVIEW_BODY} characters.`,
  tooManyPhotos: `You can add up to ${MAX_REVIEW_PHOTOS} photos.`,
  notBought: 'You can review only products you have bought.',
  alreadyReviewed: 'You have already reviewed this product. You can update your review instead.',
  notYours: 'You can change only your own reviews.',
  reviewNotFound: 'This review is not available.',
  withdrawnNotBought:
    'This review was withdrawn because its purchase was cancelled: it can be moderated again only once its author has bought the product.',
  alreadyVoted: 'You have already marked this review helpful.',
  ownReview: 'You cannot vote on your own review.',
  orderNotFound: 'This order was not found.',
  notDelivered: 'You can rate the delivery once the order has been delivered.',
  photoNotFound: 'A photo was not found. Please upload it again.',
  rated: 'Thank you for rating this product.',
  updated: 'Your review has been updated.',
  voted: 'Thanks for your feedback.',
  logisticsRated: 'Thank you for rating the delivery.',
  photoAdded: 'Photo added.',
  tooMany: 'You are doing that too often. Please try again later.',
} as const;

const Stars = z.coerce
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(1, REVIEW_MESSAGES.rating)
  .max(5, REVIEW_MESSAGES.rating);
const Title = z.string().trim().max(MAX_REVIEW_TITLE, REVIEW_MESSAGES.titleLong);
const Body = z.string().max(MAX_REVIEW_BODY, REVIEW_MESSAGES.bodyLong);
/** Photos are uploaded first (rate-product-image-upload) and referred to by the id that call answered. */
const PhotoIds = z.array(z.string().min(1).max(64)).max(MAX_REVIEW_PHOTOS, REVIEW_MESSAGES.tooManyPhotos);

// ---- reading -------------------------------------------------------------------------------------------

export const ReviewSort = z.enum(['newest', 'helpful']);
export type ReviewSort = z.infer<typeof ReviewSort>;

const ListFilters = {
  sort: ReviewSort.default('newest'),
  /** Only reviews with this many stars. */
  rating: Stars.optional(),
  /** Only reviews with photos. */
  with_photos: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  page: PageParam,
};
export const ProductReviewListQuery = z.object({ product_id: IdParam, ...ListFilters });
export const BrandReviewListQuery = z.object({ brand_id: IdParam, ...ListFilters });
export const AllReviewListQuery = z.object({ ...ListFilters });
export type ReviewListFilters = z.infer<typeof AllReviewListQuery>;

export const ProductIdQuery = z.object({ product_id: IdParam });
export const BrandIdQuery = z.object({ brand_id: IdParam });
export const ReviewIdQuery = z.object({ review_id: IdParam });
export const CarouselQuery = z.object({ product_id: IdParam.optional(), brand_id: IdParam.optional() });
export const LogisticRatingQuery = z.object({ order_id: IdParam, product_id: IdParam.optional() });

/** What the reviews are about: a product or a brand (null for the whole store). */
export const ReviewSubject = z.object({ id: z.number().int(), name: z.string(), url: z.string(), image: z.string().nullable() });
export type ReviewSubject = z.infer<typeof ReviewSubject>;

export const ReviewAggregate = z.object({
  subject: ReviewSubject.nullable().optional(),
  average: z.number(),
  count: z.number().int(),
  /** Reviews by star, 5 first (SPEC §3 review listing). */
  distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
  with_photos: z.number().int(),
});
export type ReviewAggregate = z.infer<typeof ReviewAggregate>;

export const ReviewPhoto = z.object({ id: z.number().int(), url: z.string() });
export type ReviewPhoto = z.infer<typeof ReviewPhoto>;

export const Review = z.object({
  review_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_url: z.string(),
  product_image: z.string(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  author_name: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  helpful: z.number().int(),
  is_verified: z.boolean(),
  photos: z.array(ReviewPhoto),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Review = z.infer<typeof Review>;

export const CarouselImage = z.object({
  review_id: z.number().int(),
  photo_id: z.number().int(),
  url: z.string(),
  rating: z.number().int(),
  author_name: z.string(),
});
export type CarouselImage = z.infer<typeof CarouselImage>;

/** SPEC §3: reviews, carousel, has_next; the vote map is keyed by review_id and defaults to false. */
export const ReviewList = z.object({
  reviews: z.array(Review),
  carousel: z.array(CarouselImage),
  has_next: z.boolean(),
  page: z.number().int(),
  vote_map: z.record(z.string(), z.boolean()),
});
export type ReviewList = z.infer<typeof ReviewList>;

export const ReviewModalData = z.object({
  review: Review,
  voted: z.boolean(),
  aggregate: ReviewAggregate,
});
export type ReviewModalData = z.infer<typeof ReviewModalData>;

// ---- votes ---------------------------------------------------------------------------------------------

export const UpvoteRequest = z.object({ review_id: z.coerce.number().int().positive() });
export const UpvoteResult = z.object({ review_id: z.number().int(), helpful: z.number().int(), voted: z.literal(true) });
export type UpvoteResult = z.infer<typeof UpvoteResult>;

// ---- writing -------------------------------------------------------------------------------------------

export const IsUserVerified = z.object({
  product_id: z.number().int(),
  /** SPEC: true only when the customer bought the product and it was delivered. */
  is_verified: z.boolean(),
  has_purchased: z.boolean(),
  /** The latest order with this product delivered, for the logistics rating that follows a product rating. */
  delivered_order_id: z.number().int().nullable(),
  review: Review.nullable(),
});
export type IsUserVerified = z.infer<typeof IsUserVerified>;

export const SetRateProductRequest = z.object({
  product_id: z.coerce.number().int().positive(),
  variant_id: z.coerce.number().int().positive().optional(),
  rating: Stars,
  title: Title.default(''),
  body: Body.default(''),
  photo_ids: PhotoIds.default([]),
});
export type SetRateProductRequest = z.input<typeof SetRateProductRequest>;

export const RateResult = z.object({ review: Review, delivered_order_id: z.number().int().nullable() });
export type RateResult = z.infer<typeof RateResult>;

export const UpdateReviewRequest = z.object({
  review_id: z.coerce.number().int().positive(),
  rating: Stars.optional(),
  title: Title.optional(),
  body: Body.optional(),
  /** New uploads to attach. */
  photo_ids: PhotoIds.default([]),
  /** Photos of this review to remove. */
  remove_photo_ids: z.array(z.coerce.number().int().positive()).max(20).default([]),
});
export type UpdateReviewRequest = z.input<typeof UpdateReviewRequest>;

/** SPEC §7 set-after-rate-product: after rating the product, the customer rates the delivery of the order. */
export const SetAfterRateRequest = z.object({
  order_id: z.coerce.number().int().positive(),
  product_id: z.coerce.number().int().positive().optional(),
  rating: Stars,
  comment: z.string().max(1000, 'Comment cannot be more than 1000 characters.').default(''),
});
export type SetAfterRateRequest = z.input<typeof SetAfterRateRequest>;

export const LogisticRatingDetails = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  delivered: z.boolean(),
  delivered_at: z.string().nullable(),
  rating: z.number().int().nullable(),
  comment: z.string(),
});
export type LogisticRatingDetails = z.infer<typeof LogisticRatingDetails>;

export const UploadedPhoto = z.object({ photo_id: z.string(), url: z.string() });
export type UploadedPhoto = z.infer<typeof UploadedPhoto>;

// ---- moderation (operations) ---------------------------------------------------------------------------

export const UpdateReviewImageFields = z.object({ review_id: z.coerce.number().int().positive() });

export const ReviewStatusRequest = z.object({
  review_id: z.coerce.number().int().positive(),
  status: z.enum(['published', 'hidden']),
});

// ---- responses -----------------------------------------------------------------------------------------

export const ReviewAggregateResponse = envelope(ReviewAggregate);
export const ReviewListResponse = envelope(ReviewList);
export const ReviewModalResponse = envelope(ReviewModalData);
export const CarouselResponse = envelope(z.array(CarouselImage));
export const UpvoteResponse = envelope(UpvoteResult);
export const IsUserVerifiedResponse = envelope(IsUserVerified);
export const RateResponse = envelope(RateResult);
export const ReviewResponse = envelope(Review);
export const LogisticRatingResponse = envelope(LogisticRatingDetails);
export const UploadedPhotos = z.object({ photos: z.array(UploadedPhoto) });
export const UploadedPhotoResponse = envelope(UploadedPhotos);
export const ReviewPhotoResponse = envelope(z.object({ review: Review, photo: ReviewPhoto }));
