import { Link } from 'react-router-dom';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import * as css from './catalogue.css.ts';

/**
 * The head of a category-shaped listing (a category, a category's bestsellers): its title, a skeleton while it
 * loads, and chips to the subcategories.
 */
export function ListingHeader({
  title,
  skeletonWidth,
  navLabel,
  links,
}: {
  /** Null while the listing's detail loads. */
  title: string | null;
  skeletonWidth: string;
  navLabel: string;
  links: readonly { id: number; name: string; to: string }[];
}) {
  return (
    <header className={css.section}>
      {title !== null ? <h1 className={css.pageTitle}>{title}</h1> : <Skeleton width={skeletonWidth} height={30} />}
      {links.length > 0 && (
        <nav aria-label={navLabel}>
          <ul className={css.tabs}>
            {links.map((c) => (
              <li key={c.id}>
                <Link to={c.to} className={css.chipPlain}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
