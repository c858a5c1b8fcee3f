import { type ActionResult, deleteSaved } from '../cart-store.ts';
import { MoveToCartButton } from './MoveToCartButton.tsx';
import { useSavedForLater } from '../hooks.ts';
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
            <MoveToCartButton item={item} source="SFL" onResult={onResult} />
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
