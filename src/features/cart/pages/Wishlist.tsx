import { Link } from 'react-router-dom';
import { type ActionResult, removeFromWishlist } from '../cart-store.ts';
import { MoveToCartButton } from '../components/MoveToCartButton.tsx';
import { useWishlist } from '../hooks.ts';
import * as css from '../../../ui/blocks.css.ts';
import { ProductTile } from '../components/ProductTile.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { button, card } from '../../../ui/theme/global.css.ts';

/** SPEC §2 /account/wishlist: the customer's wishlist; move to cart (origin wishlist) or remove. */
export default function WishlistPage() {
  const { data, loading, error } = useWishlist(true);
  const toast = useToast();
  const onResult = (r: ActionResult) => toast.show(r.message, r.ok ? 'success' : 'error');
  if (loading && !data) return <PageSkeleton />;
  return (
    <div className={css.column}>
      <h1 style={{ margin: 0 }}>My Wishlist {data && data.length > 0 && <span className={css.meta}>({data.length})</span>}</h1>
      {error && (
        <p role="alert" className={css.badge.danger}>
          {error}
        </p>
      )}
      {data && data.length === 0 && (
        <section className={`${card} ${css.empty}`}>
          <p style={{ margin: 0 }}>Your wishlist is empty. Tap the heart on any product to keep it here.</p>
          <Link to="/" className={button}>
            Start shopping
          </Link>
        </section>
      )}
      {data && data.length > 0 && (
        <div className={css.grid}>
          {data.map((item) => (
            <ProductTile key={item.variant_id} product={item}>
              <MoveToCartButton item={item} source="wishlist" onResult={onResult} />
              <button
                type="button"
                className={css.linkButton}
                onClick={async () => onResult(await removeFromWishlist(item))}
                aria-label={`Remove ${item.variant_name} from wishlist`}
              >
                Remove
              </button>
            </ProductTile>
          ))}
        </div>
      )}
    </div>
  );
}
