import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ActionResult } from '../cart-store.ts';
import { MoveToCartButton } from '../components/MoveToCartButton.tsx';
import { useCart, useWishlist } from '../hooks.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';
import * as cartCss from '../components/cart.css.ts';
import { ProductTile } from '../components/ProductTile.tsx';
import { SavedForLaterList } from '../components/SavedForLaterList.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { button, buttonSecondary, card } from '../../../ui/theme/global.css.ts';

/** SPEC §2 /loggedin-empty-cart: a signed-in shopper's empty cart, with their saved items to bring back. */
export default function LoggedinEmptyCartPage() {
  const { data: cart } = useCart();
  const { data: wishlist } = useWishlist(true);
  const toast = useToast();
  const navigate = useNavigate();
  const onResult = (r: ActionResult) => toast.show(r.message, r.ok ? 'success' : 'error');

  // Once something is back in the cart, the cart page is the place for it.
  useEffect(() => {
    if (cart && cart.cart_data.length > 0) navigate('/cart', { replace: true });
  }, [cart, navigate]);

  return (
    <div className={blocksCss.column}>
      <section className={`${card} ${blocksCss.empty}`}>
        <h1 style={{ margin: 0 }}>Your cart is empty</h1>
        <p className={blocksCss.meta} style={{ margin: 0 }}>
          Looks like you have not added anything yet. Explore our authentic supplements.
        </p>
        <div className={cartCss.row} style={{ justifyContent: 'center' }}>
          <Link to="/" className={button}>
            Continue shopping
          </Link>
          <Link to="/account/wishlist" className={buttonSecondary}>
            My wishlist
          </Link>
        </div>
      </section>
      <SavedForLaterList onResult={onResult} />
      {wishlist && wishlist.length > 0 && (
        <section aria-labelledby="wishlist-title">
          <h2 id="wishlist-title" className={blocksCss.sectionTitle} style={{ marginBottom: 12 }}>
            From your wishlist
          </h2>
          <div className={blocksCss.grid}>
            {wishlist.slice(0, 8).map((item) => (
              <ProductTile key={item.variant_id} product={item}>
                <MoveToCartButton item={item} source="wishlist" onResult={onResult} />
              </ProductTile>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
