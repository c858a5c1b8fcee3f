import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EventItem } from '../../../../events/index.ts';
import { useAuth } from '../../../api/auth.tsx';
import { rememberReturnTo } from '../../../api/return-to.ts';
import { addToWishlist } from '../cart-store.ts';
import { useWishlist } from '../hooks.ts';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { useToast } from '../../../ui/Toast.tsx';

/** Adds to the wishlist (with evt_d: where the shopper saw it); a guest is sent to sign in first. */
export function WishlistButton({
  variantId,
  item,
  evtD,
  className,
}: {
  variantId: number;
  item?: EventItem;
  evtD?: unknown;
  className?: string;
}) {
  const { isAuthenticated } = useAuth();
  const { data } = useWishlist(isAuthenticated);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const saved = Boolean(data?.some((w) => w.variant_id === variantId));
  return (
    <button
      type="button"
      className={className ?? buttonSecondary}
      aria-pressed={saved}
      disabled={busy}
      onClick={async () => {
        if (!isAuthenticated) {
          rememberReturnTo(`${location.pathname}${location.search}`);
          navigate('/my-account');
          return;
        }
        if (saved) return navigate('/account/wishlist');
        setBusy(true);
        const r = await addToWishlist(variantId, item, evtD);
        setBusy(false);
        toast.show(r.message, r.ok ? 'success' : 'error');
      }}
    >
      <Icon name="heart" size={18} /> {saved ? 'Wishlisted' : 'Wishlist'}
    </button>
  );
}
