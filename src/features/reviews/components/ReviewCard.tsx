import { Link } from 'react-router-dom';
import { formatDay } from '../../../../schemas/dates.ts';
import type { Review } from '../../../../schemas/review.ts';
import { Img } from '../../../ui/Img.tsx';
import * as css from './ReviewCard.css.ts';
import { Stars } from './Stars.tsx';

const dateText = (iso: string) => formatDay(new Date(iso), 'IST');

/**
 * One review. Title and text are what the shopper wrote, rendered as React text nodes: markup in them shows as
 * characters and never runs (no HTML is ever injected, no text becomes a link).
 */
export function ReviewCard({
  review,
  voted,
  onVote,
  onOpen,
  showProduct = false,
}: {
  review: Review;
  voted: boolean;
  onVote: (review: Review) => void;
  onOpen: (review: Review, photoIndex?: number) => void;
  showProduct?: boolean;
}) {
  return (
    <article
      className={css.card}
      data-testid="review-card"
      data-review-id={review.review_id}
      aria-labelledby={`review-${review.review_id}`}
    >
      <div className={css.head}>
        <Stars value={review.rating} />
        <h3 className={css.title} id={`review-${review.review_id}`}>
          {review.title || `${review.rating} out of 5`}
        </h3>
      </div>
      {showProduct && (
        <p className={css.meta}>
          <Link to={review.product_url}>{review.product_name}</Link>
        </p>
      )}
      {review.body && (
        <p className={css.body} data-testid="review-body">
          {review.body}
        </p>
      )}
      {review.photos.length > 0 && (
        <ul className={css.photos} aria-label="Photos from this review">
          {review.photos.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                className={css.photoButton}
                onClick={() => onOpen(review, i)}
                aria-label={`Open photo ${i + 1} of ${review.photos.length}`}
              >
                <Img src={p.url} alt="" width={72} height={72} className={css.photo} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={css.meta}>
        {review.author_name} · {dateText(review.created_at)}{' '}
        {review.is_verified && (
          <span className={css.verified} data-testid="verified-badge">
            ✓ Verified buyer
          </span>
        )}
      </p>
      <div className={css.actions}>
        <button
          type="button"
          className={css.helpful}
          aria-pressed={voted}
          disabled={voted}
          onClick={() => onVote(review)}
          data-testid="helpful-button"
        >
          Helpful ({review.helpful})
        </button>
        <button type="button" className={css.link} onClick={() => onOpen(review)}>
          Read full review
        </button>
      </div>
    </article>
  );
}
