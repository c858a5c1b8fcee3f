import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
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
} from '../../../schemas/review.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, Unauthorized } from '../../http/errors.ts';
import { requireOps } from '../../http/ops.ts';
import { parse } from '../../http/validate.ts';
import { receiveFiles, storeUpload } from '../uploads/index.ts';
import type { ReviewScope } from './queries.ts';
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
} from './service.ts';

// /api/review/v1 (SPEC §7, base from docs/architecture.md "API conventions"), and the direct review-service variants of SPEC §7
// (/api/review/p/v1/…) as second paths to the same handlers.
const V1 = '/api/review/v1';
const DIRECT = '/api/review/p/v1';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

async function customerId(req: FastifyRequest): Promise<number> {
  const session = await req.getSession();
  if (!session?.customerId) throw new Unauthorized('Please sign in to continue.');
  return session.customerId;
}
const maybeCustomer = async (req: FastifyRequest) => (await req.getSession())?.customerId ?? null;

export async function reviewRoutes(app: FastifyInstance, { db, limits }: { db: Db; limits: ReviewLimits }) {
  // `schema` declares the request for the API document (server/http/docs.ts); the handler parses with it.
  const get = (path: string, schema: FastifySchema, handler: Handler, direct?: string) => {
    app.get(`${V1}/${path}`, { schema }, handler);
    if (direct) app.get(`${DIRECT}/${direct}`, { schema }, handler);
  };
  const post = (path: string, schema: FastifySchema, handler: Handler, direct?: string) => {
    app.post(`${V1}/${path}`, { schema }, handler);
    if (direct) app.post(`${DIRECT}/${direct}`, { schema }, handler);
  };

  // ---- reading ---------------------------------------------------------------------------------------
  get(
    'product-aggregate',
    { querystring: ProductIdQuery },
    async (req) => ok(await scopeAggregate(db, { kind: 'product', id: parse(ProductIdQuery, req.query).product_id })),
    'aggregate',
  );
  get('brand-review-aggrigate', { querystring: BrandIdQuery }, async (req) =>
    ok(await scopeAggregate(db, { kind: 'brand', id: parse(BrandIdQuery, req.query).brand_id })),
  );
  get('all-review-aggrigate', {}, async () => ok(await scopeAggregate(db, { kind: 'all' })));

  get('product-review-list', { querystring: ProductReviewListQuery }, async (req) => {
    const { product_id, ...filters } = parse(ProductReviewListQuery, req.query);
    return ok(await reviewList(db, { kind: 'product', id: product_id }, filters, await maybeCustomer(req)));
  });
  get('brand-review-list', { querystring: BrandReviewListQuery }, async (req) => {
    const { brand_id, ...filters } = parse(BrandReviewListQuery, req.query);
    return ok(await reviewList(db, { kind: 'brand', id: brand_id }, filters, await maybeCustomer(req)));
  });
  get('all-review-list', { querystring: AllReviewListQuery }, async (req) =>
    ok(await reviewList(db, { kind: 'all' }, parse(AllReviewListQuery, req.query), await maybeCustomer(req))),
  );

  get('review-carousel-images', { querystring: CarouselQuery }, async (req) => {
    const q = parse(CarouselQuery, req.query);
    const scope: ReviewScope = q.product_id
      ? { kind: 'product', id: q.product_id }
      : q.brand_id
        ? { kind: 'brand', id: q.brand_id }
        : { kind: 'all' };
    return ok(await carousel(db, scope));
  });
  get(
    'review-modal-data',
    { querystring: ReviewIdQuery },
    async (req) => ok(await modalData(db, parse(ReviewIdQuery, req.query).review_id, await maybeCustomer(req))),
    'detail',
  );

  // ---- helpful votes (the same rule whichever list the vote comes from) --------------------------------
  const vote: Handler = async (req) => {
    const { review_id } = parse(UpvoteRequest, req.body);
    return ok(await upvote(db, limits, await customerId(req), review_id), M.voted);
  };
  post('product-review-upvote', { body: UpvoteRequest }, vote, 'helpful');
  post('brand-review-upvote', { body: UpvoteRequest }, vote);
  post('all-review-upvote', { body: UpvoteRequest }, vote);

  // ---- writing ---------------------------------------------------------------------------------------
  get(
    'is-user-verified',
    { querystring: ProductIdQuery },
    async (req) => ok(await isUserVerified(db, await customerId(req), parse(ProductIdQuery, req.query).product_id)),
    'verified',
  );

  post(
    'set-rate-product',
    { body: SetRateProductRequest },
    async (req) => {
      const input = parse(SetRateProductRequest, req.body);
      return ok(await rateProduct(db, limits, await customerId(req), input), M.rated);
    },
    'submit',
  );
  post(
    'update-review',
    { body: UpdateReviewRequest },
    async (req) => {
      const input = parse(UpdateReviewRequest, req.body);
      return ok(await updateReview(db, limits, await customerId(req), input), M.updated);
    },
    'update',
  );
  // SPEC §7 "revised": the rating that follows a product rating — how the delivery went.
  post(
    'set-after-rate-product',
    { body: SetAfterRateRequest },
    async (req) => {
      const input = parse(SetAfterRateRequest, req.body);
      return ok(await rateLogistics(db, limits, await customerId(req), input), M.logisticsRated);
    },
    'revised',
  );
  get(
    'logistic-rating-details',
    { querystring: LogisticRatingQuery },
    async (req) => {
      const q = parse(LogisticRatingQuery, req.query);
      return ok(await logisticRatingDetails(db, await customerId(req), q.order_id, q.product_id));
    },
    'logistics-rating',
  );

  // ---- photos: checked and stored by the uploads module, then attached to a review -------------------
  post(
    'rate-product-image-upload',
    { consumes: ['multipart/form-data'] },
    async (req) => {
      const customer = await customerId(req);
      const { files } = await receiveFiles(req, 'review_photo', { db, customerId: customer });
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
  );
  post('update-review-image-upload', { consumes: ['multipart/form-data'] }, async (req) => {
    const customer = await customerId(req);
    const { files, fields } = await receiveFiles(req, 'review_photo', { db, customerId: customer });
    const { review_id } = parse(UpdateReviewImageFields, fields);
    if (files.length !== 1) throw new BadRequest('Please choose one photo to upload.');
    await checkPhotoRoom(db, customer, review_id);
    await checkLimit(db, limits, 'upload', customer);
    const stored = await storeUpload(db, { customerId: customer, purpose: 'review_photo', bytes: (files[0] as { bytes: Buffer }).bytes });
    return ok(await addReviewPhoto(db, customer, review_id, stored.public_id), M.photoAdded);
  });

  // ---- moderation (operations) -------------------------------------------------------------------------
  post('ops/review-status', { body: ReviewStatusRequest }, async (req) => {
    requireOps(req);
    const { review_id, status } = parse(ReviewStatusRequest, req.body);
    return ok(await setReviewStatus(db, review_id, status), status === 'hidden' ? 'Review hidden.' : 'Review published.');
  });
}
