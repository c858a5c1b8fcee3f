import { Link } from 'react-router-dom';
import * as css from './Pagination.css.ts';

/** Pages to offer: the first, the last and two either side of the current one, with gaps as null. */
export function pageWindow(current: number, total: number): Array<number | null> {
  const pages = new Set([1, total, current - 2, current - 1, current, current + 1, current + 2].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - (sorted[i - 1] as number) > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/** Real links (crawlable, open in a new tab, back button friendly); `hrefOf` builds each page's URL. */
export function Pagination({ page, total, hrefOf }: { page: number; total: number; hrefOf: (pn: number) => string }) {
  if (total <= 1) return null;
  return (
    <nav aria-label="Pagination">
      <ul className={css.pager}>
        {page > 1 && (
          <li>
            <Link className={css.pageLink} to={hrefOf(page - 1)} rel="prev">
              Previous
            </Link>
          </li>
        )}
        {pageWindow(page, total).map((p, i, all) =>
          p === null ? (
            <li key={(all[i - 1] ?? 0) < page ? 'gap-before' : 'gap-after'} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link className={css.pageLink} to={hrefOf(p)} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
                {p}
              </Link>
            </li>
          ),
        )}
        {page < total && (
          <li>
            <Link className={css.pageLink} to={hrefOf(page + 1)} rel="next">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
