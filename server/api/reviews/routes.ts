import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  AllReviewListQuery,
  BrandIdQuery,
  BrandReviewListQuery,
  CarouselQuery,
  LogisticRatingQuery,
  ProductIdQuery,
  ProductReviewListQuery,
  REVIEW_MESSAGES as M,
  ReviewIdQuery,
  ReviewStatusRequest,
  SetAfterRateRequest,
  SetRateProductRequest,
  UpdateReviewImageFields,
  UpdateReviewRequest,
  UpvoteRequest,
  ReviewAggregateResponse,
  ReviewListResponse,
  CarouselResponse,
  ReviewModalResponse,
  UpvoteResponse,
  IsUserVerifiedResponse,
  RateResponse,
  ReviewResponse,
  LogisticRatingResponse,
  UploadedPhotoResponse,
  ReviewPhotoResponse,
} from '../../../schemas/review.ts';
import { ReviewDecisionResponse } from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, Unauthorized } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { bucketUploadId, NOT_UPLOADED_IMAGE_URL, OWN_UPLOADS_PATH, type UploadBucket } from '../../../schemas/review-rules.ts';
import { ownUpload, receiveFiles, storeUpload } from '../../modules/uploads/index.ts';
import type { ReviewScope } from '../../modules/reviews/queries.ts';
import {
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
} from '../../modules/reviews/service.ts';

// /api/review/v1 (SPEC §7, base from docs/architecture.md "API conventions"), and the direct review-service variants of SPEC §7
// (/api/review/p/v1/…) as second paths to the same handlers.
const V1 = '/api/review/v1';
const DIRECT = '/api/review/p/v1';

/** A handler whose request parts are typed by the route's zod schemas (Fastify has validated them). */
type Handler<S extends FastifySchema = FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodRequestTypes
>;

async function customerId(req: FastifyRequest): Promise<number> {
  const session = await req.getSession();
  if (!session?.customerId) throw new Unauthorized('Please sign in to continue.');
  return session.customerId;
}
const maybeCustomer = async (req: FastifyRequest) => (await req.getSession())?.customerId ?? null;

export async function reviewRoutes(
  root: FastifyInstance,
  { db, limits, bucket }: { db: Db; limits: ReviewLimits; bucket: UploadBucket | null },
) {
  // SPEC §5: an image URL on our https storage bucket counts as an uploaded file (the customer's own photo upload);
  // with no bucket configured, the store's own upload addresses on the host the request came to.
  const linkedUpload = async (req: FastifyRequest, url: string, customer: number) => {
    const id = bucketUploadId(url, bucket ?? { host: req.host, pathPrefix: OWN_UPLOADS_PATH });
    if (!id) throw new BadRequest(NOT_UPLOADED_IMAGE_URL);
    try {
      return await ownUpload(db, id, customer, 'review_photo');
    } catch {
      // Another customer's file, or none: the same answer, so nothing is learned about other uploads.
      throw new BadRequest(NOT_UPLOADED_IMAGE_URL);
    }
  };
  const app = root.withTypeProvider<ZodRequestTypes>();
  // `schema` declares the request: Fastify validates with it, and the API document is built from it
  // (server/http/docs.ts). The direct path is a second operation of the document: its own operationId and summary.
  const directSchema = <S extends FastifySchema>(schema: S): S => ({
    ...schema,
    operationId: `${schema.operationId}Direct`,
    summary: `${schema.summary} (review-service path)`,
  });
  const route =
    (method: 'GET' | 'POST') =>
    <S extends FastifySchema>(path: string, schema: S, handler: Handler<S>, direct?: string, config: FastifyContextConfig = {}) => {
      app.route({ method, url: `${V1}/${path}`, schema, config, handler });
      if (direct) app.route({ method, url: `${DIRECT}/${direct}`, schema: directSchema(schema), config, handler });
    };
  const get = route('GET');
  const post = route('POST');
  const CUSTOMER: FastifyContextConfig = { access: 'customer' };
  const OPTIONAL: FastifyContextConfig = { access: 'optional' };

  // ---- reading ---------------------------------------------------------------------------------------
  get(
    'product-aggregate',
    {
      summary: "A product's rating summary",
      operationId: 'getProductReviewAggregate',
      response: { 200: ReviewAggregateResponse },
      querystring: ProductIdQuery,
    },
    async (req) => ok(await scopeAggregate(db, { kind: 'product', id: req.query.product_id })),
    'aggregate',
  );
  get(
    'brand-review-aggrigate',
    {
      summary: "A brand's rating summary",
      operationId: 'getBrandReviewAggregate',
      response: { 200: ReviewAggregateResponse },
      querystring: BrandIdQuery,
    },
    async (req) => ok(await scopeAggregate(db, { kind: 'brand', id: req.query.brand_id })),
  );
  get(
    'all-review-aggrigate',
    { summary: "The store's rating summary", operationId: 'getAllReviewAggregate', response: { 200: ReviewAggregateResponse } },
    async () => ok(await scopeAggregate(db, { kind: 'all' })),
  );

  get(
    'product-review-list',
    {
      summary: "A product's reviews, filtered and sorted",
      operationId: 'listProductReviews',
      response: { 200: ReviewListResponse },
      querystring: ProductReviewListQuery,
    },
    async (req) => {
      const { product_id, ...filters } = req.query;
      return ok(await reviewList(db, { kind: 'product', id: product_id }, filters, await maybeCustomer(req)));
    },
    undefined,
    OPTIONAL,
  );
  get(
    'brand-review-list',
    {
      summary: "A brand's reviews, filtered and sorted",
      operationId: 'listBrandReviews',
      response: { 200: ReviewListResponse },
      querystring: BrandReviewListQuery,
    },
    async (req) => {
      const { brand_id, ...filters } = req.query;
      return ok(await reviewList(db, { kind: 'brand', id: brand_id }, filters, await maybeCustomer(req)));
    },
    undefined,
    OPTIONAL,
  );
  get(
    'all-review-list',
    {
      summary: 'All reviews, filtered and sorted',
      operationId: 'listAllReviews',
      response: { 200: ReviewListResponse },
      querystring: AllReviewListQuery,
    },
    async (req) => ok(await reviewList(db, { kind: 'all' }, req.query, await maybeCustomer(req))),
    undefined,
    OPTIONAL,
  );

  get(
    'review-carousel-images',
    {
      summary: 'Review photos for the carousel',
      operationId: 'listReviewCarouselImages',
      response: { 200: CarouselResponse },
      querystring: CarouselQuery,
    },
    async (req) => {
      const q = req.query;
      const scope: ReviewScope = q.product_id
        ? { kind: 'product', id: q.product_id }
        : q.brand_id
          ? { kind: 'brand', id: q.brand_id }
          : { kind: 'all' };
      return ok(await carousel(db, scope));
    },
  );
  get(
    'review-modal-data',
    { summary: 'One review with its photos', operationId: 'getReview', response: { 200: ReviewModalResponse }, querystring: ReviewIdQuery },
    async (req) => ok(await modalData(db, req.query.review_id, await maybeCustomer(req))),
    'detail',
    OPTIONAL,
  );

  // ---- helpful votes (the same rule whichever list the vote comes from) --------------------------------
  const vote: Handler<{ body: typeof UpvoteRequest }> = async (req) => {
    const { review_id } = req.body;
    return ok(await upvote(db, limits, await customerId(req), review_id), M.voted);
  };
  post(
    'product-review-upvote',
    { summary: 'Mark a review helpful', operationId: 'upvoteProductReview', response: { 200: UpvoteResponse }, body: UpvoteRequest },
    vote,
    'helpful',
    CUSTOMER,
  );
  post(
    'brand-review-upvote',
    {
      summary: "Mark a review helpful, from a brand's list",
      operationId: 'upvoteBrandReview',
      response: { 200: UpvoteResponse },
      body: UpvoteRequest,
    },
    vote,
    undefined,
    CUSTOMER,
  );
  post(
    'all-review-upvote',
    {
      summary: 'Mark a review helpful, from the list of all reviews',
      operationId: 'upvoteAnyReview',
      response: { 200: UpvoteResponse },
      body: UpvoteRequest,
    },
    vote,
    undefined,
    CUSTOMER,
  );

  // ---- writing ---------------------------------------------------------------------------------------
  get(
    'is-user-verified',
    {
      summary: 'Whether the customer bought the product and may review it',
      operationId: 'isVerifiedBuyer',
      response: { 200: IsUserVerifiedResponse },
      querystring: ProductIdQuery,
    },
    async (req) => ok(await isUserVerified(db, await customerId(req), req.query.product_id)),
    'verified',
    CUSTOMER,
  );

  post(
    'set-rate-product',
    { summary: 'Rate and review a product', operationId: 'rateProduct', response: { 200: RateResponse }, body: SetRateProductRequest },
    async (req) => {
      const input = req.body;
      return ok(await rateProduct(db, limits, await customerId(req), input), M.rated);
    },
    'submit',
    CUSTOMER,
  );
  post(
    'update-review',
    { summary: 'Change a review', operationId: 'updateReview', response: { 200: ReviewResponse }, body: UpdateReviewRequest },
    async (req) => {
      const input = req.body;
      return ok(await updateReview(db, limits, await customerId(req), input), M.updated);
    },
    'update',
    CUSTOMER,
  );
  // SPEC §7 "revised": the rating that follows a product rating — how the delivery went.
  post(
    'set-after-rate-product',
    {
      summary: 'Rate the delivery of an order',
      operationId: 'rateDelivery',
      response: { 200: LogisticRatingResponse },
      body: SetAfterRateRequest,
    },
    async (req) => {
      const input = req.body;
      return ok(await rateLogistics(db, limits, await customerId(req), input), M.logisticsRated);
    },
    'revised',
    CUSTOMER,
  );
  get(
    'logistic-rating-details',
    {
      summary: 'The delivery rating given for an order',
      operationId: 'getDeliveryRating',
      response: { 200: LogisticRatingResponse },
      querystring: LogisticRatingQuery,
    },
    async (req) => {
      const q = req.query;
      return ok(await logisticRatingDetails(db, await customerId(req), q.order_id, q.product_id));
    },
    'logistics-rating',
    CUSTOMER,
  );

  // ---- photos: checked and stored by the uploads module, then attached to a review -------------------
  post(
    'rate-product-image-upload',
    {
      summary: 'Upload photos for a new review',
      operationId: 'uploadReviewPhotos',
      response: { 200: UploadedPhotoResponse },
      consumes: ['multipart/form-data'],
    },
    async (req) => {
      const customer = await customerId(req);
      const { files, fields } = await receiveFiles(req, 'review_photo', { db, customerId: customer });
      if (!files.length && fields.image_url) {
        const linked = await linkedUpload(req, fields.image_url, customer);
        return ok({ photos: [{ photo_id: linked.public_id, url: linked.url }] }, M.photoAdded);
      }
      if (!files.length) throw new BadRequest('Please choose a photo to upload.');
      const photos = [];
      for (const file of files) {
        await checkLimit(db, limits, 'upload', customer);
        const stored = await storeUpload(db, { customerId: customer, purpose: 'review_photo', bytes: file.bytes });
        photos.push({ photo_id: stored.public_id, url: stored.url });
      }
      return ok({ photos }, M.photoAdded);
    },
    'upload',
    CUSTOMER,
  );
  post(
    'update-review-image-upload',
    {
      summary: 'Add a photo to an existing review',
      operationId: 'addReviewPhoto',
      response: { 200: ReviewPhotoResponse },
      consumes: ['multipart/form-data'],
    },
    async (req) => {
      const customer = await customerId(req);
      const { files, fields } = await receiveFiles(req, 'review_photo', { db, customerId: customer });
      const { review_id } = parse(UpdateReviewImageFields, fields);
      if (files.length !== 1) throw new BadRequest('Please choose one photo to upload.');
      await checkPhotoRoom(db, customer, review_id);
      await checkLimit(db, limits, 'upload', customer);
      const stored = await storeUpload(db, { customerId: customer, purpose: 'review_photo', bytes: (files[0] as { bytes: Buffer }).bytes });
      return ok(await addReviewPhoto(db, customer, review_id, stored.public_id), M.photoAdded);
    },
    undefined,
    CUSTOMER,
  );

  // ---- moderation (operations) -------------------------------------------------------------------------
  post(
    'ops/review-status',
    {
      summary: 'Publish or hide a review',
      operationId: 'setReviewStatus',
      response: { 200: ReviewDecisionResponse },
      body: ReviewStatusRequest,
    },
    async (req) => {
      const { review_id, status } = req.body;
      return ok(await setReviewStatus(db, review_id, status), status === 'hidden' ? 'Review hidden.' : 'Review published.');
    },
  );
}
