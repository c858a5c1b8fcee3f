import type { ProductCard } from '../../../../schemas/cart.ts';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { type ActionResult, moveToCart } from '../cart-store.ts';

/** "Move to cart" on a saved-for-later or wishlist tile (SPEC §4 move-to-cart by source); not for a sold-out product. */
export function MoveToCartButton({
  item,
  source,
  onResult,
}: {
  item: ProductCard & { quantity?: number };
  source: 'SFL' | 'wishlist';
  onResult(r: ActionResult): void;
}) {
  return (
    <button
      type="button"
      className={buttonSecondary}
      disabled={item.stock_status === 'out_of_stock'}
      onClick={async () => onResult(await moveToCart(item, source))}
      aria-label={`Move ${item.variant_name} to cart`}
    >
      Move to cart
    </button>
  );
}
