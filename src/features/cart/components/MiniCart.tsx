import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
// Straight from hooks.ts: the header must not pull the cart actions and reporting into the first load.
import { useCartSessionSync, useMiniCart } from '../hooks.ts';
import { button } from '../../../ui/theme/global.css.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { Img } from '../../../ui/Img.tsx';
import * as layout from '../../../ui/Layout.css.ts';
import * as css from './MiniCart.css.ts';
import * as cartCss from './cart.css.ts';

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
        <div className={css.miniPanel} data-testid="mini-cart">
          <strong>
            {data.item_count} {data.item_count === 1 ? 'product' : 'products'} in your cart
          </strong>
          {data.items.map((i) => (
            <div key={`${i.variant_id}-${i.is_freebie}`} className={css.miniItem}>
              <Img src={i.thumbnail_image} alt="" width={48} height={48} />
              <Link to={i.url} style={{ color: 'inherit' }}>
                {i.name}
              </Link>
              <span>{i.is_freebie ? 'FREE' : `${i.quantity} × ${formatPaise(i.sale_price)}`}</span>
            </div>
          ))}
          <div className={cartCss.summaryRow}>
            <span>Total payable</span>
            <strong>{formatPaise(data.total_payable)}</strong>
          </div>
          <Link to="/cart" className={button} onClick={() => setOpen(false)}>
            View cart
          </Link>
        </div>
      )}
    </div>
  );
}
