import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ReviewPhoto } from '../../../../schemas/review.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { reviewPaths, reviewsApi } from '../api.ts';
import { ReviewForm } from '../components/ReviewForm.tsx';
import { resetReviewFlow, reviewFlowStores } from '../review-flow-stores.ts';
import * as css from './pages.css.ts';
import { messageOf } from '../../../../schemas/constants.ts';

/** /{productName}/reviews/pr/{productId}/rate-product (SPEC §2, private): rate a product the customer bought. */
export default function RateProductPage() {
  const { productName = 'product-name', productId } = useParams();
  const id = productId && /^\d{1,9}$/.test(productId) ? Number(productId) : 0;
  const navigate = useNavigate();
  const toast = useToast();
  usePageMeta({ title: 'Rate product | Kasrat', description: 'Rate and review a product you bought.' });
  const verified = useResource(id ? `review-verified:${id}` : null, (signal) =>
    reviewFlowStores.verifyTransaction
      .run(() => reviewsApi.isUserVerified(id, { signal }))
      .then((v) => {
        if (v) return v;
        throw new Error(reviewFlowStores.verifyTransaction.get().error ?? undefined);
      }),
  );
  const aggregate = useResource(id ? `review-aggregate:product:${id}` : null, (signal) =>
    reviewsApi.aggregate({ kind: 'product', id }, { signal }),
  );
  // Photos uploaded for this rating, attached when it is sent (SPEC §4: reset when the page is left).
  const [photos, setPhotos] = useState<Array<ReviewPhoto & { photo_id: string }>>([]);
  // SPEC §4.2: leaving the page resets its stores, so coming back starts a fresh rating.
  useEffect(() => () => resetReviewFlow(['rating', 'imageUpload', 'verifyTransaction']), []);
  const v = verified.data;
  const subject = aggregate.data?.subject;

  // Already rated: the update-rating page edits that review.
  useEffect(() => {
    if (v?.review) navigate(reviewPaths.update(productName, id, v.review.brand_id), { replace: true });
  }, [v, navigate, productName, id]);

  if (!id) return <p role="alert">This product was not found.</p>;
  if (verified.error) return <p role="alert">{verified.error}</p>;
  if (!v || v.review) return <PageSkeleton />;
  return (
    <div className={css.page}>
      <h1 className={css.title}>Rate {subject?.name ?? 'this product'}</h1>
      {!v.has_purchased ? (
        <p className={css.notice} role="alert">
          You can review only products you have bought. <Link to={subject?.url ?? '/'}>Back to the product</Link>
        </p>
      ) : (
        <>
          {!v.is_verified && <p className={css.muted}>Your review will show as a verified purchase once your order is delivered.</p>}
          <ReviewForm
            submitLabel="Submit review"
            photos={photos}
            onAddPhoto={async (file) => {
              const answer = await reviewFlowStores.imageUpload.run(() => reviewsApi.uploadPhoto(file));
              if (!answer || !('photos' in answer)) {
                toast.show(reviewFlowStores.imageUpload.get().error ?? messageOf(null), 'error');
                return;
              }
              const up = answer.photos;
              setPhotos((list) => [...list, ...up.map((p, i) => ({ id: Date.now() + i, url: p.url, photo_id: p.photo_id }))]);
            }}
            onAddPhotoLink={async (url) => {
              const answer = await reviewFlowStores.imageUpload.run(() => reviewsApi.uploadPhotoLink(url));
              if (!answer || !('photos' in answer)) {
                toast.show(reviewFlowStores.imageUpload.get().error ?? messageOf(null), 'error');
                return false;
              }
              const up = answer.photos.filter((p) => !photos.some((x) => x.photo_id === p.photo_id));
              setPhotos((list) => [...list, ...up.map((p, i) => ({ id: Date.now() + i, url: p.url, photo_id: p.photo_id }))]);
              return true;
            }}
            onRemovePhoto={(p) => setPhotos((list) => list.filter((x) => x.id !== p.id))}
            onSubmit={async (values) => {
              const result = await reviewFlowStores.rating.run(() =>
                reviewsApi.rate({ product_id: id, ...values, photo_ids: photos.map((p) => p.photo_id) }),
              );
              if (!result) {
                toast.show(reviewFlowStores.rating.get().error ?? messageOf(null), 'error');
                return;
              }
              toast.show('Thank you for rating this product.', 'success');
              navigate(reviewPaths.afterRate(productName, result.delivered_order_id, id));
            }}
          />
        </>
      )}
    </div>
  );
}
