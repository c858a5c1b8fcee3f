import { Link } from 'react-router-dom';
import { formatPaise, groupRupees } from '../../../../schemas/money.ts';
import { BESTSELLER_SAMPLE, sampleHref } from '../bestseller-sample.ts';
import * as css from './BestsellerSample.css.ts';
import * as catalogueCss from './catalogue.css.ts';

/** SPEC §3 sample bestsellers: what a bestseller page offers when its listing has nothing to show. */
export function BestsellerSample() {
  return (
    <>
      <p style={{ margin: 0, fontWeight: 600 }}>No bestsellers here yet. Popular with our shoppers:</p>
      <ol className={css.list} data-testid="bestseller-sample">
        {BESTSELLER_SAMPLE.map((s) => (
          <li key={s.name} className={css.item}>
            <Link to={sampleHref(s)}>{s.name}</Link>
            <span className={catalogueCss.muted}>
              from {formatPaise(s.price)} · rated {s.rating.toFixed(1)} of 5 · {groupRupees(s.sales)} sold
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
