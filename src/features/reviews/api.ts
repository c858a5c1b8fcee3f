import type {
  CarouselResponse,
  IsUserVerifiedResponse,
  LogisticRatingResponse,
  RateResponse,
  ReviewAggregateResponse,
  ReviewListResponse,
  ReviewModalResponse,
  ReviewPhotoResponse,
  ReviewResponse,
  ReviewSort,
  SetAfterRateRequest,
  SetRateProductRequest,
  UpdateReviewRequest,
  UploadedPhotoResponse,
  UpvoteResponse,
} from '../../../schemas/review.ts';
import { NOT_UPLOADED_IMAGE_URL } from '../../../schemas/review-rules.ts';
import { get, post, type RequestOptions } from '../../api/client.ts';
import { resource } from '../../api/route-data.ts';

// The /api/review/v1 calls of SPEC §7 the review pages make, each answer checked with its schema.

const BASE = '/api/review/v1';
type Opts = Pick<RequestOptions, 'signal' | 'inSection'>;

/** Whose reviews a list shows. */
export type ReviewScope = { kind: 'product'; id: number } | { kind: 'brand'; id: number } | { kind: 'all' };
export interface ListParams {
  sort: ReviewSort;
  rating: number | null;
  withPhotos: boolean;
  page: number;
}

const qs = (params: Record<string, string | number | boolean | null | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === null || v === undefined || v === false ? [] : [[k, String(v)] as [string, string]])),
  ).toString();

const scopeParams = (s: ReviewScope) => (s.kind === 'product' ? { product_id: s.id } : s.kind === 'brand' ? { brand_id: s.id } : {});
const prefix = (s: ReviewScope) => (s.kind === 'product' ? 'product' : s.kind === 'brand' ? 'brand' : 'all');

export const reviewsApi = {
  aggregate: async (s: ReviewScope, o?: Opts) => {
    const path = s.kind === 'product' ? 'product-aggregate' : s.kind === 'brand' ? 'brand-review-aggrigate' : 'all-review-aggrigate';
    return (await get<typeof ReviewAggregateResponse>(`${BASE}/${path}?${qs(scopeParams(s))}`, o)).data;
  },
  list: async (s: ReviewScope, p: ListParams, o?: Opts) =>
    (
      await get<typeof ReviewListResponse>(
        `${BASE}/${prefix(s)}-review-list?${qs({ ...scopeParams(s), sort: p.sort, rating: p.rating, with_photos: p.withPhotos || null, page: p.page })}`,
        o,
      )
    ).data,
  /** The vote goes to the list's own upvote call (SPEC §7); the rule is the same for all three. */
  upvote: async (s: ReviewScope, reviewId: number) =>
    (await post<typeof UpvoteResponse>(`${BASE}/${prefix(s)}-review-upvote`, { review_id: reviewId })).data,
  carousel: async (s: ReviewScope, o?: Opts) =>
    (await get<typeof CarouselResponse>(`${BASE}/review-carousel-images?${qs(scopeParams(s))}`, o)).data,
  modal: async (reviewId: number, o?: Opts) =>
    (await get<typeof ReviewModalResponse>(`${BASE}/review-modal-data?review_id=${reviewId}`, o)).data,
  isUserVerified: async (productId: number, o?: Opts) =>
    (await get<typeof IsUserVerifiedResponse>(`${BASE}/is-user-verified?product_id=${productId}`, o)).data,
  rate: async (body: SetRateProductRequest) => (await post<typeof RateResponse>(`${BASE}/set-rate-product`, body)).data,
  update: async (body: UpdateReviewRequest) => (await post<typeof ReviewResponse>(`${BASE}/update-review`, body)).data,
  afterRate: async (body: SetAfterRateRequest) => (await post<typeof LogisticRatingResponse>(`${BASE}/set-after-rate-product`, body)).data,
  logisticDetails: async (orderId: number, productId: number | null, o?: Opts) =>
    (await get<typeof LogisticRatingResponse>(`${BASE}/logistic-rating-details?${qs({ order_id: orderId, product_id: productId })}`, o))
      .data,
  uploadPhoto: async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return (
      await post<typeof UploadedPhotoResponse>(`${BASE}/rate-product-image-upload`, form, {
        headers: { 'content-type': 'multipart/form-data' },
      })
    ).data;
  },
  /**
   * SPEC §5: a photo given as a link counts as uploaded only on our https storage bucket. A link that is not even
   * https is refused here without a call; the server decides the rest (which bucket, whose upload).
   */
  uploadPhotoLink: async (url: string) => {
    const link = url.trim();
    if (!/^https:\/\//i.test(link)) throw new Error(NOT_UPLOADED_IMAGE_URL);
    const form = new FormData();
    form.append('image_url', link);
    return (
      await post<typeof UploadedPhotoResponse>(`${BASE}/rate-product-image-upload`, form, {
        headers: { 'content-type': 'multipart/form-data' },
      })
    ).data;
  },
  addPhotoToReview: async (reviewId: number, file: File) => {
    const form = new FormData();
    form.append('review_id', String(reviewId));
    form.append('file', file);
    return (
      await post<typeof ReviewPhotoResponse>(`${BASE}/update-review-image-upload`, form, {
        headers: { 'content-type': 'multipart/form-data' },
      })
    ).data;
  },
};

/** The review pages' addresses (SPEC §2). */
export const reviewPaths = {
  product: (slug: string, productId: number) => `/${slug || 'product-name'}/reviews/pr/${productId}`,
  brand: (slug: string, brandId: number) => `/${slug || 'brand'}/reviews/br/${brandId}`,
  all: () => '/all/reviews/',
  rate: (slug: string, productId: number) => `/${slug || 'product-name'}/reviews/pr/${productId}/rate-product`,
  afterRate: (slug: string, orderId: number | null, productId: number) =>
    `/${slug || 'product-name'}/reviews/after-rate-product?${qs({ order_id: orderId, product_id: productId })}`,
  update: (slug: string, productId: number, brandId: number) => `/${slug || 'product-name'}/reviews/update-rating/${productId}/${brandId}`,
};

/** The slug part of a product address, for review links. */
export const slugOf = (productUrl: string) => /^\/product\/([^/?]+)/.exec(productUrl)?.[1] ?? 'product-name';

/**
 * The rating summary of a scope, named once for the hooks and route loaders of the review pages and the product
 * page (src/api/route-data.ts). `inSection`: a section of another page, whose failure never leaves that page.
 */
export const reviewAggregateResource = (s: ReviewScope, { inSection = false }: { inSection?: boolean } = {}) =>
  resource(`review-aggregate:${s.kind === 'all' ? 'all' : `${s.kind}:${s.id}`}`, (signal) =>
    reviewsApi.aggregate(s, { signal, inSection }),
  );

/** A product's rating summary on its product page. */
export const productAggregateResource = (productId: number) =>
  reviewAggregateResource({ kind: 'product', id: productId }, { inSection: true });

/** A positive id of an address (a review page's product or brand), or null: such a page shows "not found". */
export const idParam = (v: string | undefined): number | null => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);
