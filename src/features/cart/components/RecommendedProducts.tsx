import { startTransition, useEffect, useState } from 'react';
import type { ProductCard } from '../../../../schemas/cart.ts';
import { type ActionResult, addToCart } from '../cart-store.ts';
import { cardToEventItem } from '../event-items.ts';
import { cartApi } from '../api.ts';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import * as css from '../../../ui/blocks.css.ts';
import { ProductTile } from './ProductTile.tsx';

/** Products to go with the cart (recommended-product-list); adding reports origin recommended_product. */
export function RecommendedProducts({ version, onResult }: { version: number; onResult(r: ActionResult): void }) {
  const [products, setProducts] = useState<ProductCard[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cart version is the trigger to re-read.
  useEffect(() => {
    let live = true;
    cartApi
      .recommended(8)
      // A section below the cart that arrives after hydration: drawn in slices, between the shopper's taps.
      .then((r) => live && startTransition(() => setProducts(r.data)))
      .catch(() => live && setProducts([]));
    return () => {
      live = false;
    };
  }, [version]);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recommended-title">
      <h2 id="recommended-title" className={css.sectionTitle} style={{ marginBottom: 12 }}>
        You may also like
      </h2>
      <div className={css.grid}>
        {products.map((p, index) => (
          <ProductTile key={p.variant_id} product={p}>
            <button
              type="button"
              className={buttonSecondary}
              onClick={async () =>
                onResult(
                  await addToCart({
                    variant_id: p.variant_id,
                    item: { ...cardToEventItem(p), list_name: 'recommended', index },
                    origin: 'recommended_product',
                  }),
                )
              }
              aria-label={`Add ${p.variant_name} to cart`}
            >
              Add to cart
            </button>
          </ProductTile>
        ))}
      </div>
    </section>
  );
}
