import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Review } from '../../../../schemas/review.ts';
import { FixedScroll } from '../../../ui/fixed-scroll.tsx';
import { Img } from '../../../ui/Img.tsx';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { reviewsApi } from '../api.ts';
import * as card from './ReviewCard.css.ts';
import * as css from './ReviewModal.css.ts';
import { Stars } from './Stars.tsx';

/**
 * The review modal (a Radix dialog: focus kept inside, Escape closes, focus returns to the opener). It shows the
 * review at once from the list and refreshes it from review-modal-data.
 */
export function ReviewModal({
  review,
  photoIndex,
  voted,
  onVote,
  onClose,
  returnFocus,
}: {
  review: Review | null;
  photoIndex: number;
  voted: boolean;
  onVote: (review: Review) => void;
  onClose: () => void;
  /** The element that opened the modal: focus goes back to it on close (no Dialog.Trigger here). */
  returnFocus?: { current: HTMLElement | null };
}) {
  const detail = useResource(review ? `review-modal:${review.review_id}:${review.helpful}` : null, (signal) =>
    reviewsApi.modal(review?.review_id as number, { signal }),
  );
  const r = detail.data?.review ?? review;
  const [photo, setPhoto] = useState(photoIndex);
  useEffect(() => setPhoto(photoIndex), [photoIndex]);
  const isVoted = voted || detail.data?.voted === true;
  return (
    <Dialog.Root open={review !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={css.overlay} />
        <Dialog.Content
          className={css.content}
          aria-describedby={undefined}
          data-testid="review-modal"
          onCloseAutoFocus={(e) => {
            if (returnFocus?.current?.isConnected) {
              e.preventDefault();
              returnFocus.current.focus();
            }
          }}
        >
          <FixedScroll />
          {r && (
            <>
              <div className={css.top}>
                <Dialog.Title className={css.heading}>{r.title || `${r.rating} out of 5`}</Dialog.Title>
                <Dialog.Close className={css.close} aria-label="Close review">
                  ×
                </Dialog.Close>
              </div>
              <Stars value={r.rating} />
              <p className={card.meta}>
                <Link to={r.product_url}>{r.product_name}</Link>
              </p>
              {r.photos.length > 0 && (
                <>
                  <Img
                    src={r.photos[Math.min(photo, r.photos.length - 1)]?.url as string}
                    alt={`Photo ${Math.min(photo, r.photos.length - 1) + 1} of ${r.photos.length} from ${r.author_name}`}
                    width={400}
                    height={400}
                    className={css.mainPhoto}
                  />
                  {r.photos.length > 1 && (
                    <ul className={css.thumbs}>
                      {r.photos.map((p, i) => (
                        <li key={p.id}>
                          <button
                            type="button"
                            className={css.thumb}
                            aria-pressed={i === photo}
                            aria-label={`Show photo ${i + 1}`}
                            onClick={() => setPhoto(i)}
                          >
                            <Img src={p.url} alt="" width={56} height={56} />
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
              {r.body && <p className={card.body}>{r.body}</p>}
              <p className={card.meta}>
                {r.author_name}
                {r.is_verified && <span className={card.verified}> ✓ Verified buyer</span>}
              </p>
              <div className={card.actions}>
                <button type="button" className={card.helpful} aria-pressed={isVoted} disabled={isVoted} onClick={() => onVote(r)}>
                  Helpful ({Math.max(r.helpful, review?.helpful ?? 0)})
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
