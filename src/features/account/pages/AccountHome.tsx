import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../ui/meta.tsx';
import { useAuth } from '../../../api/auth.tsx';
import * as css from '../components/account.css.ts';

const SECTIONS = [
  ['/account/profile', 'Profile', 'Name, mobile number, email and password'],
  ['/account/order', 'Orders', 'Track, cancel or return your orders'],
  ['/account/addresses', 'Addresses', 'Where we deliver your orders'],
  ['/account/wishlist', 'Wishlist', 'Products you saved for later'],
] as const;

/** /account/: who is signed in, and the way to each part of the account. */
export default function AccountHomePage() {
  usePageMeta(null);
  const { user } = useAuth();
  return (
    <article>
      <h1>My Account</h1>
      {user ? (
        <p>
          Hello, <strong>{user.customer_name}</strong>
          {user.customer_email ? ` · ${user.customer_email}` : ''}
          {user.customer_mobile ? ` · ${user.customer_c_code} ${user.customer_mobile}` : ''}
        </p>
      ) : null}
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {SECTIONS.map(([to, title, text]) => (
          <li key={to} className={css.panel} style={{ marginBottom: 0 }}>
            <Link to={to} style={{ fontWeight: 700 }}>
              {title}
            </Link>
            <p className={css.hint}>{text}</p>
          </li>
        ))}
      </ul>
    </article>
  );
}
