import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../../api/auth.tsx';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { preload } from '../../../api/route-data.ts';
import { idParam, reviewAggregateResource, reviewPaths } from '../api.ts';
import { ReviewsPageFrame } from './ReviewsPageFrame.tsx';

/** The product's rating summary, loaded by the server before it renders. Server-only (docs/decisions/010). */
export const loader = import.meta.env.SSR
  ? async ({ params, context }: { params: { productId?: string }; context: unknown }): Promise<null> => {
      const id = idParam(params.productId);
      if (id) await preload(context, [reviewAggregateResource({ kind: 'product', id })]);
      return null;
    }
  : undefined;

/** /{productName}/reviews/pr/{productId} (SPEC §2). */
export default function ProductReviewsPage() {
  const { productName = 'product-name', productId } = useParams();
  const id = idParam(productId);
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
