import { Link } from 'react-router-dom';
import { Icon } from '../../../ui/Icon.tsx';
import * as css from '../../../ui/Layout.css.ts';
import { useAuth } from '../../../api/auth.tsx';

/** The header's account link: "Sign in" for a guest, a greeting once signed in. */
export function AccountLink() {
  const { isAuthenticated, user, loading } = useAuth();
  return (
    <Link to={isAuthenticated ? '/account/' : '/my-account'} className={css.action}>
      <Icon name="user" />
      {loading ? 'Account' : isAuthenticated ? `Hi, ${user?.customer_first_name || 'there'}` : 'Sign in'}
    </Link>
  );
}
