import { Link } from 'react-router-dom';
import { type BreadcrumbContext, breadcrumbLinks } from '../../../../schemas/breadcrumbs.ts';
import type { BreadcrumbItem } from '../../../../schemas/catalogue.ts';
import * as css from './Breadcrumbs.css.ts';

/**
 * SPEC §2 breadcrumbs through the shared rule (schemas/breadcrumbs.ts): each item linked by its page type, slug
 * and origin; the last item plain text. A '#' target (review) stays an in-page anchor.
 */
export function Breadcrumbs({ items, context }: { items: readonly BreadcrumbItem[]; context: BreadcrumbContext }) {
  const links = breadcrumbLinks(items, context);
  if (links.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={css.crumbs}>
      <ol>
        {links.map((l) => (
          <li key={`${l.label}:${l.href ?? ''}`}>
            {l.href === null ? (
              <span aria-current="page">{l.label}</span>
            ) : l.href.startsWith('#') ? (
              <a href={l.href}>{l.label}</a>
            ) : (
              <Link to={l.href}>{l.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The first item of every trail. */
export const HOME_CRUMB: BreadcrumbItem = { value: 'Home', category_slug: 'home', redirect_url: '/' };
