import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../ui/meta.tsx';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { useToast } from '../../../ui/Toast.tsx';
import { button } from '../../../ui/theme/global.css.ts';
import { reviewPaths, reviewsApi } from '../api.ts';
import { StarInput } from '../components/Stars.tsx';
import { resetReviewFlow, reviewFlowStores } from '../review-flow-stores.ts';
import * as css from './pages.css.ts';
import { messageOf } from '../../../../schemas/constants.ts';

const id = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** /{productName}/reviews/after-rate-product (SPEC §2, private): thanks, and how the delivery of the order went. */
export default function AfterRatePage() {
  const { productName = 'product-name' } = useParams();
  const [params] = useSearchParams();
  const orderId = id(params.get('order_id'));
  const productId = id(params.get('product_id'));
  const toast = useToast();
  usePageMeta({ title: 'Thank you for your review | Kasrat', description: 'Rate the delivery of your order.' });
  const details = useResource(orderId ? `logistics:${orderId}:${productId}` : null, (signal) =>
    reviewsApi.logisticDetails(orderId as number, productId, { signal }),
  );
  // SPEC §4.2: leaving the page resets the after-rating store.
  useEffect(() => () => resetReviewFlow(['afterRating']), []);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [done, setDone] = useState(false);
  const d = details.data;
  const shown = rating ?? d?.rating ?? null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!orderId || !shown) return;
    const body = { order_id: orderId, ...(productId ? { product_id: productId } : {}), rating: shown, comment };
    if (!(await reviewFlowStores.afterRating.run(() => reviewsApi.afterRate(body)))) {
      toast.show(reviewFlowStores.afterRating.get().error ?? messageOf(null), 'error');
      return;
    }
    setDone(true);
    toast.show('Thank you for rating the delivery.', 'success');
  };

  return (
    <div className={css.page}>
      <h1 className={css.title}>Thank you for your review</h1>
      <p className={css.muted}>It helps other shoppers choose.</p>
      {d?.delivered && !done && (
        <form className={css.form} onSubmit={submit} aria-label="Rate the delivery">
          <p style={{ margin: 0 }}>
            Order {d.order_number}
            {d.product_name ? ` · ${d.product_name}` : ''}
          </p>
          <StarInput label="How was the delivery?" value={shown} onChange={setRating} name="delivery" />
          <label className={css.field}>
            Anything to add? <span className={css.hint}>(optional)</span>
            <textarea className={css.textarea} value={comment} maxLength={1000} onChange={(e) => setComment(e.target.value)} />
          </label>
          <button type="submit" className={button} disabled={!shown}>
            Rate delivery
          </button>
        </form>
      )}
      {done && <p role="status">Thanks! Your delivery rating was saved.</p>}
      {productId && (
        <p>
          <Link to={reviewPaths.product(productName, productId)}>See all reviews of this product</Link>
        </p>
      )}
    </div>
  );
}
