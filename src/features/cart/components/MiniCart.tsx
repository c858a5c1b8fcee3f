import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
// Straight from hooks.ts: the header must not pull the cart actions and reporting into the first load.
import { useCartSessionSync, useMiniCart } from '../hooks.ts';
import { Icon } from '../../../ui/Icon.tsx';
import * as layout from '../../../ui/Layout.css.ts';
import * as css from './MiniCart.css.ts';

// The panel shows only on hover or focus: its code is not in the first load.
const MiniCartPanel = lazy(() => import('./MiniCartPanel.tsx'));

/** The header cart: item count, and on hover or focus the mini cart (first lines, amount to pay). */
export function MiniCart() {
  useCartSessionSync();
  const { data } = useMiniCart();
  const [open, setOpen] = useState(false);
  const count = data?.total_quantity ?? 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the link and its focus do the work.
    <div
      className={css.mini}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Link
        to="/cart"
        className={layout.action}
        aria-label={count ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
        data-testid="header-cart"
      >
        <Icon name="cart" /> Cart
        {count > 0 && (
          <span className={css.count} aria-hidden="true" data-testid="cart-count">
            {count}
          </span>
        )}
      </Link>
      {open && data && data.items.length > 0 && (
        <Suspense fallback={null}>
          <MiniCartPanel data={data} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
