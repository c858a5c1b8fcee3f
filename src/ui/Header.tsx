import { Link } from 'react-router-dom';
import { useAuth } from '../features/account/AuthContext.tsx';
import { container } from './theme/global.css.ts';
import { HeaderCart } from '../features/cart/components/HeaderCart.tsx';
import { HeaderSearch } from '../features/catalogue/components/HeaderSearch.tsx';
import { Icon } from './Icon.tsx';
import * as css from './Layout.css.ts';

const NAV = [
  ['Whey Protein', '/product-category/whey-protein'],
  ['Gainers', '/product-category/gainers'],
  ['Pre/Post Workout', '/product-category/pre-post-workout'],
  ['Vitamins', '/product-category/multivitamins'],
  ['Brands', '/brands'],
  ['Bestsellers', '/bestseller/sports-nutrition/'],
  ['Offers', '/offers-coupons/'],
  ['Authenticity', '/authenticity'],
] as const;

export function Header({ compact = false }: { compact?: boolean }) {
  const { isAuthenticated, user, loading } = useAuth();
  return (
    <header className={css.header}>
      <div className={container}>
        <div className={css.headerRow}>
          <Link to="/" className={css.logo} aria-label="Kasrat home">
            <img src="/logo.svg" alt="Kasrat" width={128} height={32} />
          </Link>
          {!compact && (
            <div className={css.search}>
              <HeaderSearch />
            </div>
          )}
          <nav className={css.actions} aria-label="Account and cart">
            <Link to={isAuthenticated ? '/account/' : '/my-account'} className={css.action}>
              <Icon name="user" />
              {loading ? 'Account' : isAuthenticated ? `Hi, ${user?.customer_first_name || 'there'}` : 'Sign in'}
            </Link>
            {!compact && <HeaderCart />}
          </nav>
        </div>
        {!compact && (
          <nav className={css.nav} aria-label="Shop by category">
            {NAV.map(([label, to]) => (
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
