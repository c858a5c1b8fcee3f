import { groupRupees } from '../../../../schemas/money.ts';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../api/auth.tsx';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { productAggregateResource, reviewPaths, reviewsApi } from '../api.ts';
import * as css from '../pages/pages.css.ts';
import { ReviewFeed } from './ReviewFeed.tsx';
import { ReviewSummary } from './ReviewSummary.tsx';

/** The product page's reviews: aggregate, photos, the first reviews, and links to all of them and to rating. */
export function ProductReviewsSection({ productId, slug, brandId }: { productId: number; slug: string; brandId: number }) {
  const summary = productAggregateResource(productId);
  const aggregate = useResource(summary.key, summary.load);
  const { isAuthenticated } = useAuth();
  const verified = useResource(isAuthenticated ? `review-verified:${productId}` : null, (signal) =>
    reviewsApi.isUserVerified(productId, { signal }),
  );
  const mine = verified.data?.review;
  return (
    <section className={css.section} aria-labelledby="pdp-reviews" data-testid="pdp-reviews">
      <h2 id="pdp-reviews" className={css.sectionTitle}>
        Ratings and reviews
      </h2>
      {aggregate.data ? <ReviewSummary aggregate={aggregate.data} /> : !aggregate.error && <Skeleton height={150} radius={16} />}
      <div className={css.row}>
        {verified.data?.has_purchased &&
          (mine ? (
            <Link className={buttonSecondary} to={reviewPaths.update(slug, productId, brandId)}>
              Update your review
            </Link>
          ) : (
            <Link className={buttonSecondary} to={reviewPaths.rate(slug, productId)}>
              Write a review
            </Link>
          ))}
        {(aggregate.data?.count ?? 0) > 0 && (
          <Link to={reviewPaths.product(slug, productId)} data-testid="all-reviews-link">
            See all {groupRupees(aggregate.data?.count ?? 0)} reviews
          </Link>
        )}
      </div>
      <ReviewFeed scope={{ kind: 'product', id: productId }} compact />
    </section>
  );
}
