import { NavLink, Outlet } from 'react-router-dom';
import * as css from '../../ui/Layout.css.ts';
import { PrivateRoute } from '../guards.tsx';

const LINKS = [
  ['My Account', '/account/'],
  ['Profile', '/account/profile'],
  ['Orders', '/account/order'],
  ['Addresses', '/account/addresses'],
  ['Wishlist', '/account/wishlist'],
  ['Logout', '/logout'],
] as const;

/** The account area: private, with the account navigation beside the page (SPEC §2 account layout). */
export function AccountLayout() {
  return (
    <PrivateRoute>
      <div className={css.twoColumn}>
        <nav aria-label="My account" className={css.sideNav}>
          {LINKS.map(([label, to]) => (
            <NavLink key={to} to={to} end={to === '/account/'} className={css.sideNavLink}>
              {label}
            </NavLink>
          ))}
        </nav>
        <section>
          <Outlet />
        </section>
      </div>
    </PrivateRoute>
  );
}
