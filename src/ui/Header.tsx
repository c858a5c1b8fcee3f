import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as css from './Layout.css.ts';
import { container } from './theme/global.css.ts';

/** The store's sections, as the header's category bar lists them (and the 404 page offers them). */
export const STORE_SECTIONS = [
  ['Whey Protein', '/product-category/whey-protein'],
  ['Gainers', '/product-category/gainers'],
  ['Pre/Post Workout', '/product-category/pre-post-workout'],
  ['Vitamins', '/product-category/multivitamins'],
  ['Brands', '/brands'],
  ['Bestsellers', '/bestseller/sports-nutrition/'],
  ['Offers', '/offers-coupons/'],
  ['Authenticity', '/authenticity'],
] as const;

/** The store header. Features fill its slots (src/app composes them), so ui/ knows no feature. */
export function Header({
  compact = false,
  search,
  account,
  cart,
}: {
  compact?: boolean;
  search: ReactNode;
  account: ReactNode;
  cart: ReactNode;
}) {
  return (
    <header className={css.header}>
      <div className={container}>
        <div className={css.headerRow}>
          <Link to="/" className={css.logo} aria-label="Kasrat home">
            <img src="/logo.svg" alt="Kasrat" width={128} height={32} />
          </Link>
          {!compact && <div className={css.search}>{search}</div>}
          <nav className={css.actions} aria-label="Account and cart">
            {account}
            {!compact && cart}
          </nav>
        </div>
        {!compact && (
          <nav className={css.nav} aria-label="Shop by category">
            {STORE_SECTIONS.map(([label, to]) => (
              <Link key={to} to={to} className={css.navLink}>
                {label}
              </Link>
            ))}
          </nav>
        )}
      </div>
    </header>
  );
}
