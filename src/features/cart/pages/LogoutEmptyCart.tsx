import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { rememberReturnTo } from '../../../api/return-to.ts';
import { useAuth } from '../../../api/auth.tsx';
import { useCart } from '../hooks.ts';
import * as cartCss from '../components/cart.css.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';
import { button, buttonSecondary, card } from '../../../ui/theme/global.css.ts';

/** SPEC §2 /logout-empty-cart: a guest's empty cart, inviting sign-in to see a cart saved on the account. */
export default function LogoutEmptyCartPage() {
  const { isAuthenticated, loading } = useAuth();
  const { data: cart } = useCart();
  const navigate = useNavigate();
  useEffect(() => {
    if (cart && cart.cart_data.length > 0) navigate('/cart', { replace: true });
    else if (!loading && isAuthenticated) navigate('/loggedin-empty-cart', { replace: true });
  }, [cart, loading, isAuthenticated, navigate]);
  return (
    <section className={`${card} ${blocksCss.empty}`}>
      <h1 style={{ margin: 0 }}>Your cart is empty</h1>
      <p className={blocksCss.meta} style={{ margin: 0 }}>
        Sign in to see the products you added to your cart on any device.
      </p>
      <div className={cartCss.row} style={{ justifyContent: 'center' }}>
        <Link to="/my-account" className={button} onClick={() => rememberReturnTo('/cart')}>
          Sign in
        </Link>
        <Link to="/" className={buttonSecondary}>
          Continue shopping
        </Link>
      </div>
    </section>
  );
}
