import { groupRupees } from '../../../../schemas/money.ts';
import type { ReviewAggregate } from '../../../../schemas/review.ts';
import * as css from './ReviewSummary.css.ts';
import { Stars } from './Stars.tsx';

/** Average, count and the distribution by star, as bars with their numbers. */
export function ReviewSummary({ aggregate }: { aggregate: ReviewAggregate }) {
  const { average, count, distribution } = aggregate;
  return (
    <div className={css.summary} data-testid="review-summary">
      <div>
        <p className={css.big} data-testid="review-average">
          {average.toFixed(1)}
        </p>
        <Stars value={average} size={18} />
        <p className={css.muted} data-testid="review-count">
          {groupRupees(count)} {count === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <ul className={css.bars} aria-label="Reviews by star">
        {distribution.map((d) => {
          const pct = count ? Math.round((d.count / count) * 100) : 0;
          return (
            <li key={d.rating} className={css.bar}>
              <span>{d.rating} star</span>
              <span className={css.track} aria-hidden="true">
                <span className={css.fill} style={{ width: `${pct}%`, display: 'block' }} />
              </span>
              <span>{groupRupees(d.count)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
