import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Review } from '../../../../schemas/review.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { reviewPaths, reviewsApi } from '../api.ts';
import { ReviewForm } from '../components/ReviewForm.tsx';
import { resetReviewFlow, reviewFlowStores } from '../review-flow-stores.ts';
import * as css from './pages.css.ts';
import { messageOf } from '../../../../schemas/constants.ts';

/** /{productName}/reviews/update-rating/{productId}/{brandId} (SPEC §2, private): change the own review. */
export default function UpdateRatingPage() {
  const { productName = 'product-name', productId } = useParams();
  const id = productId && /^\d{1,9}$/.test(productId) ? Number(productId) : 0;
  const navigate = useNavigate();
  const toast = useToast();
  usePageMeta({ title: 'Update your review | Kasrat', description: 'Change your rating, review or photos.' });
  const [review, setReview] = useState<Review | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  // SPEC §4.2: leaving the page resets the review upload and image upload stores.
  useEffect(() => () => resetReviewFlow(['reviewUpload', 'imageUpload']), []);

  useEffect(() => {
    if (!id) return;
    const c = new AbortController();
    reviewsApi.isUserVerified(id, { signal: c.signal }).then(
      (v) => (v.review ? setReview(v.review) : setMissing('You have not reviewed this product yet.')),
      (e) => !c.signal.aborted && setMissing(messageOf(e)),
    );
    return () => c.abort();
  }, [id]);

  if (!id) return <p role="alert">This product was not found.</p>;
  if (missing)
    return (
      <div className={css.page}>
        <h1 className={css.title}>Update your review</h1>
        <p className={css.notice} role="alert">
          {missing} <Link to={reviewPaths.rate(productName, id)}>Rate this product</Link>
        </p>
      </div>
    );
  if (!review) return <PageSkeleton />;
  return (
    <div className={css.page}>
      <h1 className={css.title}>Update your review of {review.product_name}</h1>
      <ReviewForm
        key={review.review_id}
        submitLabel="Update review"
        initial={{ rating: review.rating, title: review.title, body: review.body }}
        photos={review.photos}
        onAddPhoto={async (file) => {
          const answer = await reviewFlowStores.imageUpload.run(() => reviewsApi.addPhotoToReview(review.review_id, file));
          if (answer && 'review' in answer) setReview(answer.review);
          else toast.show(reviewFlowStores.imageUpload.get().error ?? messageOf(null), 'error');
        }}
        onRemovePhoto={async (photo) => {
          try {
            setReview(await reviewsApi.update({ review_id: review.review_id, remove_photo_ids: [photo.id] }));
          } catch (e) {
            toast.show(messageOf(e), 'error');
          }
        }}
        onSubmit={async (values) => {
          if (!(await reviewFlowStores.reviewUpload.run(() => reviewsApi.update({ review_id: review.review_id, ...values })))) {
            toast.show(reviewFlowStores.reviewUpload.get().error ?? messageOf(null), 'error');
            return;
          }
          toast.show('Your review has been updated.', 'success');
          navigate(reviewPaths.product(productName, id));
        }}
      />
    </div>
  );
}
