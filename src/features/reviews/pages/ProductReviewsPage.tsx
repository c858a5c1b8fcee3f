import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../../api/auth.tsx';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { reviewPaths } from '../api.ts';
import { ReviewsPageFrame } from './ReviewsPageFrame.tsx';

const positiveInt = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** /{productName}/reviews/pr/{productId} (SPEC §2). */
export default function ProductReviewsPage() {
  const { productName = 'product-name', productId } = useParams();
  const id = positiveInt(productId);
  const { isAuthenticated } = useAuth();
  if (!id) return <p role="alert">This product was not found.</p>;
  return (
    <ReviewsPageFrame scope={{ kind: 'product', id }} heading={(name) => (name ? `Reviews of ${name}` : 'Product reviews')}>
      {isAuthenticated && (
        <p>
          <Link className={buttonSecondary} to={reviewPaths.rate(productName, id)}>
            Write a review
          </Link>
        </p>
      )}
    </ReviewsPageFrame>
  );
}
