import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AddToCartOrigin, EventItem } from '../../../../events/index.ts';
import { FORM_ACTIONS } from '../../../../schemas/form-notices.ts';
import { addToCart } from '../cart-store.ts';
import { button } from '../../../ui/theme/global.css.ts';
import { useToast } from '../../../ui/Toast.tsx';

/**
 * Add to cart for a product page or tile; `buyNow` goes to the cart after adding. A real form the server answers
 * (docs/decisions/017): tapped before the app has hydrated, or with no JavaScript, the browser posts it and comes
 * back to this page (or goes on to the cart); once hydrated the app sends it through the API instead.
 */
export function AddToCartButton({
  variantId,
  quantity = 1,
  item,
  origin = 'pdp',
  disabled = false,
  buyNow = false,
  label,
  className,
}: {
  variantId: number;
  quantity?: number;
  item?: EventItem;
  origin?: AddToCartOrigin;
  disabled?: boolean;
  buyNow?: boolean;
  label?: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    // `display: contents`: the form adds no box, so the button stays a cell of its row's grid.
    <form
      method="post"
      action={FORM_ACTIONS.addToCart}
      style={{ display: 'contents' }}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const r = await addToCart({ variant_id: variantId, quantity, origin, ...(item ? { item } : {}) });
        setBusy(false);
        toast.show(r.message, r.ok ? 'success' : 'error');
        if (r.ok && buyNow) navigate('/cart');
      }}
    >
      <input type="hidden" name="variant_id" value={variantId} />
      <input type="hidden" name="quantity" value={quantity} />
      <input type="hidden" name="return_to" value={`${pathname}${search}`} />
      {buyNow && <input type="hidden" name="next" value="cart" />}
      <button type="submit" className={className ?? button} disabled={disabled || busy}>
        {label ?? (buyNow ? 'Buy now' : 'Add to cart')}
      </button>
    </form>
  );
}
