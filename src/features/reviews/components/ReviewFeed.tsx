import { lazy, Suspense, startTransition, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Review, ReviewSort } from '../../../../schemas/review.ts';
import { useAuth } from '../../../api/auth.tsx';
import { Img } from '../../../ui/Img.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { buttonSecondary, visuallyHidden } from '../../../ui/theme/global.css.ts';
import { type ReviewScope, reviewsApi } from '../api.ts';
import { hasVoted, initialReviewList, reviewListReducer } from '../review-list-store.ts';
import * as css from './ReviewFeed.css.ts';
import { ReviewCard } from './ReviewCard.tsx';
import { messageOf } from '../../../../schemas/constants.ts';

// The modal (and Radix's dialog with it) loads when a shopper first opens a review, not with the product page.
const ReviewModal = lazy(() => import('./ReviewModal.tsx').then((m) => ({ default: m.ReviewModal })));

/**
 * A review listing (SPEC §3): photo carousel, sort and filters, the reviews with their helpful votes, and a
 * "Show more" while has_next. A vote updates the count and the vote map in place, without a reload.
 */
export function ReviewFeed({
  scope,
  compact = false,
  showProduct = false,
  onVoted,
}: {
  scope: ReviewScope;
  /** On the product page: the first page only, no filters. */
  compact?: boolean;
  showProduct?: boolean;
  onVoted?: () => void;
}) {
  const [state, dispatch] = useReducer(reviewListReducer, initialReviewList);
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [rating, setRating] = useState<number | null>(null);
  const [withPhotos, setWithPhotos] = useState(false);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<{ review: Review; photo: number } | null>(null);
  // Mounted from the first opening on, so closing keeps the dialog's focus return and exit.
  const modalUsed = useRef(false);
  if (open) modalUsed.current = true;
  const { isAuthenticated } = useAuth();
  const toast = useToast();
  const scopeKey = scope.kind === 'all' ? 'all' : `${scope.kind}:${scope.id}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scopeKey stands for scope; the session changes the vote map.
  useEffect(() => {
    const controller = new AbortController();
    dispatch({ type: 'request', page });
    // On the product page the reviews are a section: a failure shows in it and never leaves the page.
    reviewsApi.list(scope, { sort, rating, withPhotos, page }, { signal: controller.signal, inSection: compact }).then(
      // A page of reviews with their photos is a large render: as a transition React draws it in slices (on the
      // product page it arrives while the page is still starting).
      (data) => !controller.signal.aborted && startTransition(() => dispatch({ type: 'success', data })),
      (e) => !controller.signal.aborted && dispatch({ type: 'failure', error: messageOf(e) }),
    );
    return () => controller.abort();
  }, [scopeKey, sort, rating, withPhotos, page, isAuthenticated, attempt, compact]);

  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  const vote = useCallback(
    async (review: Review) => {
      try {
        const result = await reviewsApi.upvote(scope, review.review_id);
        dispatch({ type: 'voted', review_id: result.review_id, helpful: result.helpful });
        toast.show('Thanks for your feedback.', 'success');
        onVoted?.();
      } catch (e) {
        const status = (e as { response?: { status?: number } })?.response?.status;
        if (status === 409) dispatch({ type: 'voted', review_id: review.review_id, helpful: review.helpful });
        if (status !== 401) toast.show(messageOf(e), 'error');
      }
    },
    [scope, toast, onVoted],
  );

  const opener = useRef<HTMLElement | null>(null);
  const openReview = useCallback((review: Review, photo = 0) => {
    opener.current = document.activeElement as HTMLElement | null;
    setOpen({ review, photo });
  }, []);
  const current = open ? (state.reviews.find((r) => r.review_id === open.review.review_id) ?? open.review) : null;

  return (
    <div className={css.feed}>
      {state.carousel.length > 0 && (
        <section aria-labelledby={`carousel-${scopeKey}`}>
          <h3 id={`carousel-${scopeKey}`} className={css.heading}>
            Photos from shoppers
          </h3>
          <ul className={css.carousel} data-testid="review-carousel">
            {state.carousel.map((c, i) => (
              <li key={c.photo_id} className={css.carouselItem}>
                <button
                  type="button"
                  className={css.carouselButton}
                  aria-label={`Photo ${i + 1} from ${c.author_name}, rated ${c.rating} out of 5`}
                  onClick={() => {
                    const r = state.reviews.find((x) => x.review_id === c.review_id);
                    if (r)
                      openReview(
                        r,
                        Math.max(
                          0,
                          r.photos.findIndex((p) => p.id === c.photo_id),
                        ),
                      );
                    else
                      reviewsApi.modal(c.review_id).then(
                        (d) =>
                          openReview(
                            d.review,
                            Math.max(
                              0,
                              d.review.photos.findIndex((p) => p.id === c.photo_id),
                            ),
                          ),
                        (e) => toast.show(messageOf(e), 'error'),
                      );
                  }}
                >
                  <Img src={c.url} alt="" width={96} height={96} className={css.carouselImg} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {!compact && (
        <div className={css.controls}>
          <label className={css.field}>
            Sort by
            <select className={css.select} value={sort} onChange={(e) => changeFilter(() => setSort(e.target.value as ReviewSort))}>
              <option value="newest">Newest</option>
              <option value="helpful">Most helpful</option>
            </select>
          </label>
          <label className={css.field}>
            Rating
            <select
              className={css.select}
              value={rating ?? ''}
              onChange={(e) => changeFilter(() => setRating(e.target.value ? Number(e.target.value) : null))}
            >
              <option value="">All stars</option>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} star{n === 1 ? '' : 's'} only
                </option>
              ))}
            </select>
          </label>
          <label className={css.check}>
            <input type="checkbox" checked={withPhotos} onChange={(e) => changeFilter(() => setWithPhotos(e.target.checked))} />
            With photos
          </label>
        </div>
      )}

      {state.error ? (
        // A section of the product page fails quietly; a review page says so out loud.
        <div className={css.empty} role={compact ? undefined : 'alert'}>
          <p>{state.error}</p>
          <button type="button" className={buttonSecondary} onClick={() => changeFilter(() => setAttempt((n) => n + 1))}>
            Try again
          </button>
        </div>
      ) : state.loading && state.reviews.length === 0 ? (
        <div role="status" aria-live="polite">
          <span className={visuallyHidden}>Loading reviews…</span>
          <Skeleton height={120} radius={10} />
          <div style={{ height: 8 }} />
          <Skeleton height={120} radius={10} />
        </div>
      ) : state.reviews.length === 0 ? (
        <p className={css.empty}>No reviews yet{rating || withPhotos ? ' match these filters' : ''}.</p>
      ) : (
        <ul className={css.list} data-testid="review-list">
          {(compact ? state.reviews.slice(0, 3) : state.reviews).map((r) => (
            <li key={r.review_id}>
              <ReviewCard review={r} voted={hasVoted(state, r.review_id)} onVote={vote} onOpen={openReview} showProduct={showProduct} />
            </li>
          ))}
        </ul>
      )}

      {!compact && state.has_next && (
        <button type="button" className={buttonSecondary} disabled={state.loading} onClick={() => setPage(state.page + 1)}>
          {state.loading ? 'Loading…' : 'Show more reviews'}
        </button>
      )}

      {modalUsed.current && (
        <Suspense fallback={null}>
          <ReviewModal
            review={current}
            photoIndex={open?.photo ?? 0}
            voted={current ? hasVoted(state, current.review_id) : false}
            onVote={vote}
            onClose={() => setOpen(null)}
            returnFocus={opener}
          />
        </Suspense>
      )}
    </div>
  );
}
