import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AddToCartOrigin, EventItem } from '../../../../events/index.ts';
import { addToCart } from '../cart-store.ts';
import { button } from '../../../ui/theme/global.css.ts';
import { useToast } from '../../../ui/Toast.tsx';

/** Add to cart for a product page or tile; `buyNow` goes to the cart after adding. */
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
  return (
    <button
      type="button"
      className={className ?? button}
      disabled={disabled || busy}
      onClick={async () => {
        setBusy(true);
        const r = await addToCart({ variant_id: variantId, quantity, origin, ...(item ? { item } : {}) });
        setBusy(false);
        toast.show(r.message, r.ok ? 'success' : 'error');
        if (r.ok && buyNow) navigate('/cart');
      }}
    >
      {label ?? (buyNow ? 'Buy now' : 'Add to cart')}
    </button>
  );
}
