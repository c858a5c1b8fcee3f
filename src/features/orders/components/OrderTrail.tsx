import { Link } from 'react-router-dom';
import { breadcrumbStyles as crumbCss } from '../../catalogue/index.ts';

// SPEC §2 breadcrumbs on the account order pages: Home, My Account, My Orders, then the order and the page;
// the last item is plain text, not a link.
export interface Crumb {
  label: string;
  to?: string;
}

export function OrderTrail({ items }: { items: Crumb[] }) {
  const all: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: 'My Account', to: '/account/' },
    { label: 'My Orders', to: '/account/order' },
    ...items,
  ];
  return (
    <nav aria-label="Breadcrumb" className={crumbCss.crumbs}>
      <ol>
        {all.map((c, i) =>
          i === all.length - 1 || !c.to ? (
            <li key={c.label}>
              <span aria-current={i === all.length - 1 ? 'page' : undefined}>{c.label}</span>
            </li>
          ) : (
            <li key={c.label}>
              <Link to={c.to}>{c.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
