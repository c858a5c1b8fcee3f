import { type ActionResult, deleteSaved, moveToCart } from '../cart-store.ts';
import { useSavedForLater } from '../hooks.ts';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import * as css from '../../../ui/blocks.css.ts';
import { ProductTile } from './ProductTile.tsx';

/** The signed-in customer's save-for-later list under the cart: back to cart (source SFL) or delete. */
export function SavedForLaterList({ onResult }: { onResult(r: ActionResult): void }) {
  const { data } = useSavedForLater(true);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="saved-title" data-testid="saved-for-later">
      <h2 id="saved-title" className={css.sectionTitle} style={{ marginBottom: 12 }}>
        Saved for later ({data.length})
      </h2>
      <div className={css.grid}>
        {data.map((item) => (
          <ProductTile key={item.variant_id} product={item} note={<span className={css.meta}>Qty {item.quantity}</span>}>
            <button
              type="button"
              className={buttonSecondary}
              onClick={async () => onResult(await moveToCart(item, 'SFL'))}
              aria-label={`Move ${item.variant_name} to cart`}
            >
              Move to cart
            </button>
            <button
              type="button"
              className={css.linkButton}
              onClick={async () => onResult(await deleteSaved(item))}
              aria-label={`Delete ${item.variant_name} from saved for later`}
            >
              Delete
            </button>
          </ProductTile>
        ))}
      </div>
    </section>
  );
}
