import { useCallback, useEffect, useRef } from 'react';
import { Link, redirect, useNavigate } from 'react-router-dom';
import type { CartListData } from '../../../../schemas/cart.ts';
import { priceMetaValue } from '../../../../schemas/cart-rules.ts';
import { rememberReturnTo } from '../../../api/return-to.ts';
import { useAuth } from '../../../api/auth.tsx';
import { preload } from '../../../api/route-data.ts';
import { sessionResource, storeResource } from '../../../api/shopper-data.ts';
import {
  type ActionResult,
  BankOfferList,
  CartLineItem,
  CouponPanel,
  DeliveryEstimate,
  cartFunnelView,
  cartStore,
  couponStore,
  FreebieProgress,
  freebieStore,
  PriceSummary,
  RecommendedProducts,
  SavedForLaterList,
  savedStore,
  useCart,
  useFreebies,
} from '../../cart/index.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';
import * as css from './Cart.css.ts';
import { FormNotice } from '../../../ui/FormNotice.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { useCartChangedNotice, useFunnelActor } from '../funnel.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { button, buttonSecondary, card } from '../../../ui/theme/global.css.ts';

const hasGift = (d: CartListData | null) => Boolean(d?.cart_data.some((l) => l.is_freebie));

/** Where an empty cart is shown (SPEC §2 cart layout): its own page, for signed-in shoppers and guests. */
const emptyCartPage = (signedIn: boolean) => (signedIn ? '/loggedin-empty-cart' : '/logout-empty-cart');

/**
 * The shopper's cart as the page shows it, loaded by the server before its one render (a personal render,
 * docs/decisions/010): the session, the cart, its free gifts and coupons, and the saved list of a signed-in shopper.
 * An empty cart is sent to its own page from here, a 302 before anything renders, rather than after the browser has
 * loaded it (the page's own effect below still does so in the browser, whose router runs no loaders).
 * Server-only: the browser's router runs no loaders.
 */
export const loader = import.meta.env.SSR
  ? async ({ context }: { context: unknown }): Promise<Response | null> => {
      const [session, cart] = await preload(context, [
        sessionResource(),
        storeResource(cartStore),
        storeResource(freebieStore),
        storeResource(couponStore),
      ]);
      // A load that failed or came too late decides nothing: the page renders and the browser finds out.
      if (session === undefined || cart === undefined) return null;
      if (cart.cart_data.length === 0) return redirect(emptyCartPage(session !== null));
      if (session) await preload(context, [storeResource(savedStore)]);
      return null;
    }
  : undefined;

export default function CartPage() {
  const { isAuthenticated, loading: authLoading } = useAuth();
  const { data, loading, error } = useCart();
  const freebies = useFreebies();
  const toast = useToast();
  const navigate = useNavigate();
  const giftRemovedByShopper = useRef(false);
  const previous = useRef<CartListData | null>(null);
  const reported = useRef(false);

  const funnel = useFunnelActor();
  const showChange = useCallback((message: string) => toast.show(message, 'error', 5000), [toast]);
  const onResult = (r: ActionResult) => toast.show(r.message, r.ok ? 'success' : 'error', r.ok ? 3000 : 4000);

  // SPEC §2 cart layout: an empty cart has its own page, for signed-in shoppers and guests.
  useEffect(() => {
    if (loading || authLoading || !data || data.cart_data.length > 0) return;
    navigate(emptyCartPage(isAuthenticated), { replace: true });
  }, [data, loading, authLoading, isAuthenticated, navigate]);

  // SPEC §8: order confirmation answered 409 (the cart changed): say what changed, before the cart view below
  // starts the funnel again.
  useCartChangedNotice(showChange);
  // SPEC §4 funnel step 1 belongs to the checkout funnel: the cart view enters it once per visit (the funnel
  // reports it only with items); later changes on this page update what checkout starts from.
  useEffect(() => {
    if (!data) return;
    const cart = cartFunnelView(data);
    if (reported.current) funnel.send({ type: 'CART_UPDATED', ...cart });
    else {
      reported.current = true;
      funnel.send({ type: 'VIEW_CART', ...cart, ...(data.cart_meta.cart_id ? { cart_id: data.cart_meta.cart_id } : {}) });
    }
  }, [data, funnel]);
  // A gift that left by itself (the cart fell below its threshold) is announced once.
  useEffect(() => {
    const before = previous.current;
    previous.current = data;
    if (!data) return;
    const leftByItself = (hasGift(before) && !hasGift(data) && !giftRemovedByShopper.current) || data.cart_meta.removed_freebies.length > 0;
    giftRemovedByShopper.current = false;
    if (leftByItself) toast.show('Your free gift was removed: the cart value is now below its threshold.', 'info', 5000);
  }, [data, toast]);

  if (error && !data)
    return (
      <section className={card} role="alert">
        <h1>My Cart</h1>
        <p>{error}</p>
        <button type="button" className={button} onClick={() => void cartStore.load()}>
          Try again
        </button>
      </section>
    );
  // The free-gift banner stands above the lines: the cart is shown once the freebie list has answered too, so
  // nothing moves under the shopper's eyes when it arrives (a failed list shows no banner).
  const freebiesSettled = freebies.data !== null || freebies.error !== null;
  if (!data || data.cart_data.length === 0 || !freebiesSettled) return <PageSkeleton />;

  const { cart_data: lines, cart_meta: meta, price_meta: priceMeta } = data;
  // A real link (docs/decisions/017): tapped before the app has hydrated, the browser opens the next step itself
  // (the address step starts checkout from the cart when no funnel led there).
  const checkout = () => {
    if (isAuthenticated) funnel.send({ type: 'BEGIN_CHECKOUT' });
    else rememberReturnTo('/cart');
  };
  const blocked = lines.some((l) => l.notice && !l.is_freebie);

  return (
    <div className={blocksCss.column}>
      <FormNotice />
      <h1 style={{ margin: 0 }}>
        My Cart{' '}
        <span className={blocksCss.meta}>
          ({meta.total_quantity} {meta.total_quantity === 1 ? 'item' : 'items'})
        </span>
      </h1>
      <div className={css.page}>
        <div className={blocksCss.column}>
          <FreebieProgress data={freebies.data} onResult={onResult} />
          <ul className={css.lines} aria-label="Products in your cart">
            {lines.map((line) => (
              <CartLineItem
                key={`${line.variant_id}-${line.is_freebie}`}
                line={line}
                signedIn={isAuthenticated}
                onResult={(r) => {
                  if (line.is_freebie && r.ok) giftRemovedByShopper.current = true;
                  onResult(r);
                }}
              />
            ))}
          </ul>
          {!isAuthenticated && (
            <p className={blocksCss.meta}>
              <Link to="/my-account" onClick={() => rememberReturnTo('/cart')}>
                Sign in
              </Link>{' '}
              to save products for later or move them to your wishlist.
            </p>
          )}
          {isAuthenticated && <SavedForLaterList onResult={onResult} />}
        </div>
        <aside className={css.sticky} aria-label="Offers and order summary">
          <DeliveryEstimate />
          <CouponPanel meta={meta} discount={priceMetaValue(priceMeta, 'coupon_discount')} onResult={onResult} />
          <PriceSummary priceMeta={priceMeta} freeDeliveryFrom={meta.free_delivery_from}>
            {blocked && <p className={blocksCss.badge.warn}>Some products are short of stock. Update them to continue.</p>}
            {blocked ? (
              <button type="button" className={button} style={{ width: '100%', marginTop: 12 }} disabled>
                {isAuthenticated ? 'Proceed to checkout' : 'Sign in to place order'}
              </button>
            ) : (
              <Link
                to={isAuthenticated ? '/select-address' : '/my-account'}
                className={button}
                style={{ width: '100%', marginTop: 12 }}
                onClick={checkout}
              >
                {isAuthenticated ? 'Proceed to checkout' : 'Sign in to place order'}
              </Link>
            )}
            <Link to="/" className={buttonSecondary} style={{ width: '100%', marginTop: 8 }}>
              Continue shopping
            </Link>
          </PriceSummary>
          <BankOfferList version={meta.version} />
        </aside>
      </div>
      <RecommendedProducts version={meta.version} onResult={onResult} />
    </div>
  );
}
