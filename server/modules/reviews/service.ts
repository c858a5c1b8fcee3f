import { sql } from 'kysely';
import {
  type CarouselImage,
  type IsUserVerified,
  type LogisticRatingDetails,
  MAX_REVIEW_PHOTOS,
  REVIEW_MESSAGES as M,
  REVIEW_PAGE_SIZE,
  type RateResult,
  type Review,
  type ReviewAggregate,
  type ReviewList,
  type ReviewListFilters,
  type ReviewModalData,
  type ReviewPhoto,
  type ReviewSubject,
  type UpvoteResult,
  type SetAfterRateRequest,
  type SetRateProductRequest,
} from '../../../schemas/review.ts';
import type { z } from 'zod';
import { productUrl } from '../../../schemas/catalogue.ts';
import type { Db } from '../../db/database.ts';
import { BadRequest, Conflict, Forbidden, NotFound, TooManyRequests } from '../../http/errors.ts';
import { hitLimit } from '../../http/rate-limit.ts';
import { catalogueChanged } from '../catalogue/index.ts';
import {
  aggregateOf,
  carouselImages,
  contributionOf,
  findCustomerReview,
  findReview,
  listReviews,
  photosOf,
  photoUrl,
  purchaseOf,
  type ReviewScope,
  shiftStats,
  votedBy,
  withPhotos,
} from './queries.ts';
import { brandImage, productImage } from '../../../schemas/images.ts';

// The rules of reviews (SPEC §3, §7): who may write, what a vote does, what the aggregates count.

export class ReviewNotFound extends NotFound {
  constructor() {
    super(M.reviewNotFound);
  }
}
export class NotBought extends Forbidden {
  constructor() {
    super(M.notBought);
  }
}
export class NotYourReview extends Forbidden {
  constructor() {
    super(M.notYours);
  }
}
export class AlreadyReviewed extends Conflict {
  constructor(reviewId: number) {
    super(M.alreadyReviewed, { review_id: reviewId });
  }
}
export class AlreadyVoted extends Conflict {
  constructor() {
    super(M.alreadyVoted);
  }
}

export const CAROUSEL_SIZE = 12;

export interface ReviewLimits {
  /** Ratings, review updates and logistics ratings per customer per hour. */
  writesPerHour: number;
  /** Photo uploads per customer per hour. */
  uploadsPerHour: number;
  /** Helpful votes per customer per hour. */
  votesPerHour: number;
}

export const DEFAULT_LIMITS: ReviewLimits = { writesPerHour: 30, uploadsPerHour: 30, votesPerHour: 200 };
export type LimitKind = 'write' | 'upload' | 'vote';
export const limitKey = (kind: LimitKind, customerId: number) => `review-${kind}:${customerId}`;
const HOUR_S = 3600;

/** Counted in the database, so every instance holds the customer to the same limit. */
export async function checkLimit(db: Db, limits: ReviewLimits, kind: LimitKind, customerId: number): Promise<void> {
  const limit = kind === 'write' ? limits.writesPerHour : kind === 'upload' ? limits.uploadsPerHour : limits.votesPerHour;
  if ((await hitLimit(db, limitKey(kind, customerId), HOUR_S)) > limit) throw new TooManyRequests(M.tooMany);
}

async function productScope(db: Db, productId: number): Promise<{ id: number; brand_id: number; name: string }> {
  const p = await db.selectFrom('products').select(['id', 'brand_id', 'name']).where('id', '=', productId).executeTakeFirst();
  if (!p) throw new NotFound('Product not found.');
  return p;
}

async function brandExists(db: Db, brandId: number): Promise<void> {
  const b = await db.selectFrom('brands').select('id').where('id', '=', brandId).executeTakeFirst();
  if (!b) throw new NotFound('Brand not found.');
}

export async function scopeAggregate(db: Db, scope: ReviewScope): Promise<ReviewAggregate> {
  return { ...(await aggregateOf(db, scope)), subject: await subjectOf(db, scope) };
}

/** The product or brand a page of reviews is about (a 404 when it does not exist). */
async function subjectOf(db: Db, scope: ReviewScope): Promise<ReviewSubject | null> {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'product') {
    const p = await db
      .selectFrom('products as p')
      .select((eb) => [
        'p.id',
        'p.name',
        'p.slug',
        eb
          .selectFrom('variants as v')
          .select('v.id')
          .whereRef('v.product_id', '=', 'p.id')
          .orderBy('v.is_default', 'desc')
          .orderBy('v.position')
          .limit(1)
          .as('vid'),
      ])
      .where('p.id', '=', scope.id)
      .executeTakeFirst();
    if (!p) throw new NotFound('Product not found.');
    return { id: p.id, name: p.name, url: productUrl(p.slug, p.id), image: p.vid ? productImage(p.vid) : null };
  }
  const b = await db.selectFrom('brands').select(['id', 'name', 'slug']).where('id', '=', scope.id).executeTakeFirst();
  if (!b) throw new NotFound('Brand not found.');
  return { id: b.id, name: b.name, url: `/brand/${b.slug}`, image: brandImage(b.id) };
}

/** SPEC §3 review listing: reviews, carousel, has_next and the vote map (review_id → false unless voted). */
export async function reviewList(db: Db, scope: ReviewScope, filters: ReviewListFilters, customerId: number | null): Promise<ReviewList> {
  if (scope.kind === 'product') await productScope(db, scope.id);
  if (scope.kind === 'brand') await brandExists(db, scope.id);
  const { rows, hasNext } = await listReviews(db, scope, filters, REVIEW_PAGE_SIZE);
  const reviews = await withPhotos(db, rows);
  const ids = reviews.map((r) => r.review_id);
  const voted = customerId ? await votedBy(db, customerId, ids) : new Set<number>();
  return {
    reviews,
    // The carousel belongs to the first page; later pages only add reviews.
    carousel: filters.page === 1 ? await carouselImages(db, scope, CAROUSEL_SIZE) : [],
    has_next: hasNext,
    page: filters.page,
    vote_map: Object.fromEntries(ids.map((id) => [String(id), voted.has(id)])),
  };
}

export async function carousel(db: Db, scope: ReviewScope): Promise<CarouselImage[]> {
  if (scope.kind === 'product') await productScope(db, scope.id);
  if (scope.kind === 'brand') await brandExists(db, scope.id);
  return carouselImages(db, scope, CAROUSEL_SIZE);
}

async function publishedReview(db: Db, reviewId: number): Promise<Review> {
  const row = await findReview(db, reviewId);
  if (row?.status !== 'published') throw new ReviewNotFound();
  return (await withPhotos(db, [row]))[0] as Review;
}

export async function modalData(db: Db, reviewId: number, customerId: number | null): Promise<ReviewModalData> {
  const review = await publishedReview(db, reviewId);
  const voted = customerId ? (await votedBy(db, customerId, [reviewId])).has(reviewId) : false;
  return { review, voted, aggregate: await aggregateOf(db, { kind: 'product', id: review.product_id }) };
}

/**
 * One helpful vote per customer per review. The vote table's primary key decides (a concurrent second vote by
 * the same customer waits on the first and then finds the key taken); the count moves in the same transaction.
 */
export async function upvote(db: Db, limits: ReviewLimits, customerId: number, reviewId: number): Promise<UpvoteResult> {
  await checkLimit(db, limits, 'vote', customerId);
  const helpful = await db.transaction().execute(async (trx) => {
    const review = await trx.selectFrom('reviews').select(['id', 'status', 'customer_id']).where('id', '=', reviewId).executeTakeFirst();
    if (review?.status !== 'published') throw new ReviewNotFound();
    if (review.customer_id === customerId) throw new Forbidden(M.ownReview);
    const inserted = await trx
      .insertInto('review_votes')
      .values({ review_id: reviewId, customer_id: customerId })
      .onConflict((oc) => oc.columns(['review_id', 'customer_id']).doNothing())
      .returning('review_id')
      .executeTakeFirst();
    if (!inserted) throw new AlreadyVoted();
    const row = await trx
      .updateTable('reviews')
      .set({ helpful: sql`helpful + 1` })
      .where('id', '=', reviewId)
      .returning('helpful')
      .executeTakeFirstOrThrow();
    return row.helpful;
  });
  return { review_id: reviewId, helpful, voted: true };
}

export async function isUserVerified(db: Db, customerId: number, productId: number): Promise<IsUserVerified> {
  await productScope(db, productId);
  const purchase = await purchaseOf(db, customerId, productId);
  const mine = await findCustomerReview(db, customerId, productId);
  return {
    product_id: productId,
    is_verified: purchase.deliveredOrderId !== null,
    has_purchased: purchase.bought,
    delivered_order_id: purchase.deliveredOrderId,
    review: mine ? ((await withPhotos(db, [mine]))[0] as Review) : null,
  };
}

type Trx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

/** Attaches the customer's own, still unattached review uploads to a review; answers how many were added. */
async function attachUploads(trx: Trx, customerId: number, reviewId: number, publicIds: string[], startAt: number): Promise<number> {
  const unique = [...new Set(publicIds)];
  if (!unique.length) return 0;
  const uploads = await trx
    .selectFrom('uploads as u')
    .leftJoin('review_photos as rp', 'rp.upload_id', 'u.id')
    .select(['u.id', 'u.public_id', 'rp.id as attached'])
    .where('u.public_id', 'in', unique)
    .where('u.customer_id', '=', customerId)
    .where('u.purpose', '=', 'review_photo')
    .execute();
  if (uploads.length !== unique.length || uploads.some((u) => u.attached !== null)) throw new BadRequest(M.photoNotFound);
  const byId = new Map(uploads.map((u) => [u.public_id, u.id]));
  await trx
    .insertInto('review_photos')
    .values(unique.map((pid, i) => ({ review_id: reviewId, upload_id: byId.get(pid) as number, position: startAt + i })))
    .execute();
  return unique.length;
}

async function authorName(db: Db, customerId: number): Promise<string> {
  const c = await db.selectFrom('customers').select(['first_name', 'last_name']).where('id', '=', customerId).executeTakeFirstOrThrow();
  const last = c.last_name.trim();
  return `${c.first_name.trim()}${last ? ` ${last[0]?.toUpperCase()}.` : ''}`.trim() || 'Kasrat shopper';
}

/** set-rate-product: a first review of a product the customer bought (verified when it was delivered). */
export async function rateProduct(
  db: Db,
  limits: ReviewLimits,
  customerId: number,
  input: z.infer<typeof SetRateProductRequest>,
): Promise<RateResult> {
  const product = await productScope(db, input.product_id);
  const purchase = await purchaseOf(db, customerId, product.id);
  if (!purchase.bought) throw new NotBought();
  const existing = await findCustomerReview(db, customerId, product.id);
  if (existing) throw new AlreadyReviewed(existing.id);
  if (input.variant_id !== undefined) {
    const v = await db.selectFrom('variants').select('product_id').where('id', '=', input.variant_id).executeTakeFirst();
    if (v?.product_id !== product.id) throw new BadRequest('variant_id: this variant is not of the product.');
  }
  await checkLimit(db, limits, 'write', customerId);
  const author = await authorName(db, customerId);
  const reviewId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('reviews')
      .values({
        product_id: product.id,
        brand_id: product.brand_id,
        variant_id: input.variant_id ?? null,
        customer_id: customerId,
        author_name: author,
        rating: input.rating,
        title: input.title,
        body: input.body,
        verified: purchase.deliveredOrderId !== null,
      })
      // Two tabs rating at once: the unique index keeps one, the other is told to update instead.
      .onConflict((oc) => oc.columns(['customer_id', 'product_id']).where('customer_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AlreadyReviewed(0);
    const photos = await attachUploads(trx, customerId, row.id, input.photo_ids, 0);
    if (photos) await trx.updateTable('reviews').set({ photo_count: photos }).where('id', '=', row.id).execute();
    await shiftStats(trx, { productId: product.id, brandId: product.brand_id }, null, { rating: input.rating, photos: photos > 0 });
    return row.id;
  });
  // The catalogue shows the product's rating: this instance at once, the others at their next poll.
  await catalogueChanged(db);
  const review = (
    await withPhotos(db, [(await findReview(db, reviewId)) as NonNullable<Awaited<ReturnType<typeof findReview>>>])
  )[0] as Review;
  return { review, delivered_order_id: purchase.deliveredOrderId };
}

type ReviewChange = { review_id: number; rating?: number; title?: string; body?: string; photo_ids: string[]; remove_photo_ids: number[] };

async function ownReview(db: Db, customerId: number, reviewId: number) {
  const found = await findReview(db, reviewId);
  if (!found) throw new ReviewNotFound();
  if (found.customer_id !== customerId) throw new NotYourReview();
  return found;
}

/** update-review (and update-rating): the author changes stars, text or photos; aggregates follow. */
export async function updateReview(db: Db, limits: ReviewLimits, customerId: number, input: ReviewChange): Promise<Review> {
  await ownReview(db, customerId, input.review_id);
  await checkLimit(db, limits, 'write', customerId);
  return applyChange(db, customerId, input);
}

async function applyChange(db: Db, customerId: number, input: ReviewChange): Promise<Review> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('reviews')
      .select(['id', 'product_id', 'brand_id', 'status', 'rating', 'photo_count'])
      .where('id', '=', input.review_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (input.remove_photo_ids.length)
      await trx.deleteFrom('review_photos').where('review_id', '=', before.id).where('id', 'in', input.remove_photo_ids).execute();
    const kept = await trx
      .selectFrom('review_photos')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
      .where('review_id', '=', before.id)
      .executeTakeFirstOrThrow();
    const keptCount = Number(kept.n);
    if (keptCount + new Set(input.photo_ids).size > MAX_REVIEW_PHOTOS) throw new BadRequest(M.tooManyPhotos);
    const added = await attachUploads(trx, customerId, before.id, input.photo_ids, (kept.last ?? -1) + 1);
    const after = await trx
      .updateTable('reviews')
      .set({
        ...(input.rating !== undefined ? { rating: input.rating } : {}),
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        photo_count: keptCount + added,
        updated_at: new Date(),
        // Changed text needs another look: back to the console's queue (docs/decisions/019).
        moderated_at: null,
      })
      .where('id', '=', before.id)
      .returning(['status', 'rating', 'photo_count'])
      .executeTakeFirstOrThrow();
    await shiftStats(trx, { productId: before.product_id, brandId: before.brand_id }, contributionOf(before), contributionOf(after));
  });
  await catalogueChanged(db);
  const row = await findReview(db, input.review_id);
  return (await withPhotos(db, [row as NonNullable<typeof row>]))[0] as Review;
}

/** update-review-image-upload: the photo is already stored (and counted against the upload limit). */
export async function addReviewPhoto(
  db: Db,
  customerId: number,
  reviewId: number,
  uploadPublicId: string,
): Promise<{ review: Review; photo: ReviewPhoto }> {
  const review = await applyChange(db, customerId, { review_id: reviewId, photo_ids: [uploadPublicId], remove_photo_ids: [] });
  const photo = review.photos[review.photos.length - 1] as ReviewPhoto;
  return { review, photo };
}

/** Before taking a file for a review: the review must be the customer's own and have room for another photo. */
export async function checkPhotoRoom(db: Db, customerId: number, reviewId: number): Promise<void> {
  const found = await ownReview(db, customerId, reviewId);
  if (found.photo_count >= MAX_REVIEW_PHOTOS) throw new BadRequest(M.tooManyPhotos);
}

/** Operations: publish or hide a review; the aggregates follow in the same transaction. */
export async function setReviewStatus(
  db: Db,
  reviewId: number,
  status: 'published' | 'hidden',
): Promise<{ review_id: number; status: string }> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('reviews')
      .select(['id', 'product_id', 'brand_id', 'customer_id', 'status', 'rating', 'photo_count'])
      .where('id', '=', reviewId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new ReviewNotFound();
    // A review withdrawn because its author's purchase was cancelled stands again only with a purchase (SPEC §5):
    // moderation cannot put back what the money rules took away, nor hide it first and publish it next.
    if (before.status === 'withdrawn') {
      const bought = before.customer_id !== null && (await purchaseOf(trx, before.customer_id, before.product_id)).bought;
      if (!bought) throw new Conflict(M.withdrawnNotBought);
    }
    // Deciding takes the review out of the console's queue, even when the status stays (docs/decisions/019).
    await trx.updateTable('reviews').set({ status, moderated_at: new Date() }).where('id', '=', reviewId).execute();
    if (before.status === status) return;
    await shiftStats(
      trx,
      { productId: before.product_id, brandId: before.brand_id },
      contributionOf(before),
      contributionOf({ ...before, status }),
    );
  });
  await catalogueChanged(db);
  return { review_id: reviewId, status };
}

async function ownOrder(db: Db, customerId: number, orderId: number) {
  const order = await db.selectFrom('orders').select(['id', 'order_number', 'customer_id']).where('id', '=', orderId).executeTakeFirst();
  if (!order || order.customer_id !== customerId) throw new NotFound(M.orderNotFound);
  return order;
}

/** When the order (or the shipment carrying the product) was delivered; null while it is not. */
async function deliveredAt(db: Db, orderId: number, productId: number | undefined): Promise<Date | null> {
  let q = db.selectFrom('shipments as s').select(['s.status', 's.delivered_at', 's.updated_at']).where('s.order_id', '=', orderId);
  if (productId !== undefined)
    q = q.where((eb) =>
      eb.exists(
        eb.selectFrom('order_items as oi').select('oi.id').whereRef('oi.shipment_id', '=', 's.id').where('oi.product_id', '=', productId),
      ),
    );
  const rows = await q.execute();
  const delivered = rows.filter((r) => r.status === 'delivered');
  if (!delivered.length) return null;
  return new Date(Math.max(...delivered.map((r) => new Date(r.delivered_at ?? r.updated_at).getTime())));
}

export async function logisticRatingDetails(
  db: Db,
  customerId: number,
  orderId: number,
  productId?: number,
): Promise<LogisticRatingDetails> {
  const order = await ownOrder(db, customerId, orderId);
  let productName: string | null = null;
  if (productId !== undefined) {
    const line = await db
      .selectFrom('order_items')
      .select('name')
      .where('order_id', '=', orderId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (!line) throw new NotFound('This product is not in the order.');
    productName = line.name;
  }
  const at = await deliveredAt(db, orderId, productId);
  const rating = await db
    .selectFrom('logistics_ratings')
    .select(['rating', 'comment'])
    .where('customer_id', '=', customerId)
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId ?? 0)
    .executeTakeFirst();
  return {
    order_id: order.id,
    order_number: order.order_number,
    product_id: productId ?? null,
    product_name: productName,
    delivered: at !== null,
    delivered_at: at ? at.toISOString() : null,
    rating: rating?.rating ?? null,
    comment: rating?.comment ?? '',
  };
}

/** set-after-rate-product: the delivery of a delivered order, rated once (a second rating replaces the first). */
export async function rateLogistics(
  db: Db,
  limits: ReviewLimits,
  customerId: number,
  input: z.infer<typeof SetAfterRateRequest>,
): Promise<LogisticRatingDetails> {
  await logisticRatingDetails(db, customerId, input.order_id, input.product_id);
  if ((await deliveredAt(db, input.order_id, input.product_id)) === null) throw new Conflict(M.notDelivered);
  await checkLimit(db, limits, 'write', customerId);
  await db
    .insertInto('logistics_ratings')
    .values({
      customer_id: customerId,
      order_id: input.order_id,
      product_id: input.product_id ?? 0,
      rating: input.rating,
      comment: input.comment,
    })
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'order_id', 'product_id'])
        .doUpdateSet({ rating: input.rating, comment: input.comment, updated_at: new Date() }),
    )
    .execute();
  return logisticRatingDetails(db, customerId, input.order_id, input.product_id);
}

export { photosOf, photoUrl };

/**
 * A review stands as from a buyer only while its author bought the product (SPEC §5): when the order holding the
 * customer's only purchase of a product is cancelled, their review of it is withdrawn, inside the caller's
 * transaction. Returns how many were withdrawn (the caller tells the catalogue after commit).
 */
export async function withdrawUnboughtReviews(trx: Db, customerId: number, productIds: readonly number[]): Promise<number> {
  let withdrawn = 0;
  for (const productId of [...new Set(productIds)].sort((a, b) => a - b)) {
    const review = await findCustomerReview(trx, customerId, productId);
    if (!review || review.status === 'withdrawn') continue;
    if ((await purchaseOf(trx, customerId, productId)).bought) continue;
    await trx.updateTable('reviews').set({ status: 'withdrawn' }).where('id', '=', review.id).execute();
    await shiftStats(trx as never, { productId, brandId: review.brand_id }, contributionOf(review), null);
    withdrawn++;
  }
  return withdrawn;
}
