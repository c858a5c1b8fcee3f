import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import { productUrl } from '../../../schemas/catalogue.ts';
import type { CarouselImage, Review, ReviewAggregate, ReviewListFilters, ReviewPhoto } from '../../../schemas/review.ts';
import type { Db } from '../../db/database.ts';
import type { Database, ReviewStatsScope } from '../../db/types.ts';
import { refreshAllProductRatings, refreshProductRating } from '../catalogue/index.ts';
import { uploadUrl } from '../uploads/index.ts';
import { productImage } from '../../../schemas/images.ts';

// Every SQL statement of the reviews module.

type Q = Kysely<Database> | Transaction<Database>;

/** Which reviews a list shows: one product's, one brand's, or the whole store's. */
export type ReviewScope = { kind: 'product'; id: number } | { kind: 'brand'; id: number } | { kind: 'all' };

const iso = (d: Date | string) => new Date(d).toISOString();

/** A shopper's upload is served by the uploads module; a seeded photo is drawn by this module. */
export function photoUrl(p: { id: number; upload_public_id: string | null }): string {
  return p.upload_public_id ? uploadUrl(p.upload_public_id) : `/images/review/${p.id}.svg`;
}

function reviewSelect(db: Q) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('brands as b', 'b.id', 'r.brand_id')
    .select((eb) => [
      'r.id',
      'r.product_id',
      'r.brand_id',
      'r.customer_id',
      'r.author_name',
      'r.rating',
      'r.title',
      'r.body',
      'r.helpful',
      'r.verified',
      'r.status',
      'r.photo_count',
      'r.created_at',
      'r.updated_at',
      'p.name as product_name',
      'p.slug as product_slug',
      'b.name as brand_name',
      eb
        .selectFrom('variants as v')
        .select('v.id')
        .whereRef('v.product_id', '=', 'r.product_id')
        .orderBy('v.is_default', 'desc')
        .orderBy('v.position')
        .limit(1)
        .as('default_variant_id'),
    ]);
}
export type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewSelect>['executeTakeFirstOrThrow']>>;

export function toReview(r: ReviewRow, photos: ReviewPhoto[]): Review {
  return {
    review_id: r.id,
    product_id: r.product_id,
    product_name: r.product_name,
    product_url: productUrl(r.product_slug, r.product_id),
    product_image: r.default_variant_id ? productImage(r.default_variant_id) : '/default-product.svg',
    brand_id: r.brand_id,
    brand_name: r.brand_name,
    author_name: r.author_name,
    rating: r.rating,
    title: r.title,
    body: r.body,
    helpful: r.helpful,
    is_verified: r.verified,
    photos,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export async function photosOf(db: Q, reviewIds: number[]): Promise<Map<number, ReviewPhoto[]>> {
  const out = new Map<number, ReviewPhoto[]>();
  if (!reviewIds.length) return out;
  const rows = await db
    .selectFrom('review_photos as rp')
    .leftJoin('uploads as u', 'u.id', 'rp.upload_id')
    .select(['rp.id', 'rp.review_id', 'u.public_id as upload_public_id'])
    .where('rp.review_id', 'in', reviewIds)
    .orderBy('rp.review_id')
    .orderBy('rp.position')
    .orderBy('rp.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.review_id) ?? [];
    list.push({ id: r.id, url: photoUrl(r) });
    out.set(r.review_id, list);
  }
  return out;
}

/** Reviews with their photos, in the order of `rows`. */
export async function withPhotos(db: Q, rows: ReviewRow[]): Promise<Review[]> {
  const photos = await photosOf(
    db,
    rows.filter((r) => r.photo_count > 0).map((r) => r.id),
  );
  return rows.map((r) => toReview(r, photos.get(r.id) ?? []));
}

export async function findReview(db: Q, reviewId: number): Promise<ReviewRow | undefined> {
  return reviewSelect(db).where('r.id', '=', reviewId).executeTakeFirst();
}

export async function findCustomerReview(db: Q, customerId: number, productId: number): Promise<ReviewRow | undefined> {
  return reviewSelect(db).where('r.customer_id', '=', customerId).where('r.product_id', '=', productId).executeTakeFirst();
}

const scopeFilter = (scope: ReviewScope) => (eb: ExpressionBuilder<Database & { r: Database['reviews'] }, 'r'>) =>
  scope.kind === 'product' ? eb('r.product_id', '=', scope.id) : scope.kind === 'brand' ? eb('r.brand_id', '=', scope.id) : eb.lit(true);

/** One page of published reviews, plus whether another page follows. */
export async function listReviews(
  db: Q,
  scope: ReviewScope,
  filters: ReviewListFilters,
  pageSize: number,
): Promise<{ rows: ReviewRow[]; hasNext: boolean }> {
  let q = reviewSelect(db)
    .where('r.status', '=', 'published')
    .where((eb) => scopeFilter(scope)(eb as never));
  if (filters.rating) q = q.where('r.rating', '=', filters.rating);
  if (filters.with_photos) q = q.where('r.photo_count', '>', 0);
  q =
    filters.sort === 'helpful'
      ? q.orderBy('r.helpful', 'desc').orderBy('r.id', 'desc')
      : q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc');
  const rows = await q
    .limit(pageSize + 1)
    .offset((filters.page - 1) * pageSize)
    .execute();
  return { rows: rows.slice(0, pageSize), hasNext: rows.length > pageSize };
}

/** The newest photos of published reviews in a scope. */
export async function carouselImages(db: Q, scope: ReviewScope, limit: number): Promise<CarouselImage[]> {
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('review_photos as rp', 'rp.review_id', 'r.id')
    .leftJoin('uploads as u', 'u.id', 'rp.upload_id')
    .select(['r.id as review_id', 'r.rating', 'r.author_name', 'rp.id', 'u.public_id as upload_public_id'])
    .where('r.status', '=', 'published')
    .where('r.photo_count', '>', 0)
    .where((eb) => scopeFilter(scope)(eb as never))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .orderBy('rp.position')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ review_id: r.review_id, photo_id: r.id, url: photoUrl(r), rating: r.rating, author_name: r.author_name }));
}

export async function aggregateOf(db: Q, scope: ReviewScope): Promise<ReviewAggregate> {
  const row = await db
    .selectFrom('review_stats')
    .selectAll()
    .where('scope', '=', scope.kind)
    .where('scope_id', '=', scope.kind === 'all' ? 0 : scope.id)
    .executeTakeFirst();
  const counts = [row?.r1 ?? 0, row?.r2 ?? 0, row?.r3 ?? 0, row?.r4 ?? 0, row?.r5 ?? 0];
  const count = counts.reduce((a, b) => a + b, 0);
  const sum = counts.reduce((a, c, i) => a + c * (i + 1), 0);
  return {
    average: count ? Math.round((sum / count) * 10) / 10 : 0,
    count,
    distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: counts[rating - 1] as number })),
    with_photos: row?.with_photos ?? 0,
  };
}

/** What a review adds to the aggregates: nothing while hidden. */
export interface Contribution {
  rating: number;
  photos: boolean;
}
export const contributionOf = (r: { status: string; rating: number; photo_count: number }): Contribution | null =>
  r.status === 'published' ? { rating: r.rating, photos: r.photo_count > 0 } : null;

/**
 * Moves the product, brand and store aggregates from `before` to `after` inside the caller's transaction, and
 * the product's rating / rating_count with them (the catalogue shows those). Rows are locked in one order
 * (product, brand, all) so concurrent writers cannot deadlock.
 */
export async function shiftStats(
  trx: Transaction<Database>,
  target: { productId: number; brandId: number },
  before: Contribution | null,
  after: Contribution | null,
): Promise<void> {
  const d = [0, 0, 0, 0, 0];
  let photos = 0;
  if (before) {
    d[before.rating - 1] = (d[before.rating - 1] as number) - 1;
    if (before.photos) photos--;
  }
  if (after) {
    d[after.rating - 1] = (d[after.rating - 1] as number) + 1;
    if (after.photos) photos++;
  }
  if (d.every((x) => x === 0) && photos === 0) return;
  const scopes: Array<[ReviewStatsScope, number]> = [
    ['product', target.productId],
    ['brand', target.brandId],
    ['all', 0],
  ];
  for (const [scope, scopeId] of scopes) {
    // The row first (a CHECK is tested on the proposed insert, so deltas cannot ride on ON CONFLICT), then the move.
    await trx
      .insertInto('review_stats')
      .values({ scope, scope_id: scopeId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .updateTable('review_stats')
      .set({
        r1: sql`r1 + ${d[0]}`,
        r2: sql`r2 + ${d[1]}`,
        r3: sql`r3 + ${d[2]}`,
        r4: sql`r4 + ${d[3]}`,
        r5: sql`r5 + ${d[4]}`,
        with_photos: sql`with_photos + ${photos}`,
      })
      .where('scope', '=', scope)
      .where('scope_id', '=', scopeId)
      .execute();
  }
  await refreshProductRating(trx, target.productId);
}

/** Rebuilds every aggregate from the reviews (after seeding; inside the seed's own transaction when given one). */
export async function recountStats(db: Db): Promise<void> {
  const inTransaction = (work: (trx: Db) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await inTransaction(async (trx) => {
    await sql`DELETE FROM review_stats`.execute(trx);
    const counts = sql`count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2), count(*) FILTER (WHERE rating = 3),
      count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5), count(*) FILTER (WHERE photo_count > 0)`;
    await sql`INSERT INTO review_stats (scope, scope_id, r1, r2, r3, r4, r5, with_photos)
      SELECT 'product', product_id, ${counts} FROM reviews WHERE status = 'published' GROUP BY product_id`.execute(trx);
    await sql`INSERT INTO review_stats (scope, scope_id, r1, r2, r3, r4, r5, with_photos)
      SELECT 'brand', brand_id, ${counts} FROM reviews WHERE status = 'published' GROUP BY brand_id`.execute(trx);
    await sql`INSERT INTO review_stats (scope, scope_id, r1, r2, r3, r4, r5, with_photos)
      SELECT 'all', 0, ${counts} FROM reviews WHERE status = 'published'`.execute(trx);
    await refreshAllProductRatings(trx);
  });
}

/** Of `reviewIds`, those the customer marked helpful. */
export async function votedBy(db: Q, customerId: number, reviewIds: number[]): Promise<Set<number>> {
  if (!reviewIds.length) return new Set();
  const rows = await db
    .selectFrom('review_votes')
    .select('review_id')
    .where('customer_id', '=', customerId)
    .where('review_id', 'in', reviewIds)
    .execute();
  return new Set(rows.map((r) => r.review_id));
}

/**
 * The customer's purchase of a product: bought means a placed or confirmed order with a line of it not wholly
 * cancelled; delivered means that line's shipment was delivered. Returns the latest delivered order.
 */
export async function purchaseOf(
  db: Q,
  customerId: number,
  productId: number,
): Promise<{ bought: boolean; deliveredOrderId: number | null }> {
  const rows = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .innerJoin('shipments as s', 's.id', 'oi.shipment_id')
    .select(['o.id as order_id', 's.status as shipment_status'])
    .where('o.customer_id', '=', customerId)
    .where('oi.product_id', '=', productId)
    .where('o.status', 'in', ['placed', 'confirmed'])
    .where('s.status', 'not in', ['payment_pending', 'cancelled'])
    .where('oi.is_freebie', '=', false)
    .where(sql<boolean>`oi.cancelled_quantity < oi.quantity`)
    .orderBy('o.id', 'desc')
    .execute();
  const delivered = rows.find((r) => r.shipment_status === 'delivered');
  return { bought: rows.length > 0, deliveredOrderId: delivered?.order_id ?? null };
}
