import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../ui/meta.tsx';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { Img } from '../../../ui/Img.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { type ReviewScope, reviewAggregateResource } from '../api.ts';
import { ReviewFeed } from '../components/ReviewFeed.tsx';
import { ReviewSummary } from '../components/ReviewSummary.tsx';
import * as css from './pages.css.ts';

/** The three public review pages: who the reviews are about, the aggregate, the listing. */
export function ReviewsPageFrame({
  scope,
  heading,
  children,
}: {
  scope: ReviewScope;
  heading: (name: string | null) => string;
  children?: React.ReactNode;
}) {
  const def = reviewAggregateResource(scope);
  const aggregate = useResource(def.key, def.load);
  const subject = aggregate.data?.subject ?? null;
  const title = heading(subject?.name ?? null);
  usePageMeta(
    aggregate.data
      ? {
          title: `${title} | Kasrat`,
          description: `${aggregate.data.count} shopper reviews, average ${aggregate.data.average.toFixed(1)} out of 5.`,
        }
      : null,
  );
  return (
    <div className={css.page}>
      <header className={css.header}>
        {subject?.image && <Img src={subject.image} alt="" width={64} height={64} className={css.headerImg} eager />}
        <div>
          <h1 className={css.title}>{aggregate.data || scope.kind === 'all' ? title : <Skeleton width={220} height={28} />}</h1>
          {subject && (
            <p className={css.muted}>
              <Link to={subject.url}>{scope.kind === 'product' ? 'Back to the product' : `Shop ${subject.name}`}</Link>
            </p>
          )}
        </div>
      </header>
      {aggregate.error && <p role="alert">{aggregate.error}</p>}
      {aggregate.data ? <ReviewSummary aggregate={aggregate.data} /> : !aggregate.error && <Skeleton height={150} radius={16} />}
      {children}
      <section className={css.section} aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className={css.sectionTitle}>
          Reviews
        </h2>
        <ReviewFeed scope={scope} showProduct={scope.kind !== 'product'} />
      </section>
    </div>
  );
}
