import type { ProductHit } from '../../../../schemas/catalogue.ts';
import * as css from './ProductList.css.ts';
import * as catalogueCss from './catalogue.css.ts';
import { type CardListContext, ProductCard } from './ProductCard.tsx';

/**
 * Product cards as a grid (listings) or a swipeable rail (home and product-page sections). The first `eager`
 * images load at once (above the fold); the rest lazily.
 */
export function ProductList({
  hits,
  list,
  layout = 'grid',
  narrow = false,
  eager = 0,
  ranked = false,
  offset = 0,
  label,
}: {
  hits: readonly ProductHit[];
  list: CardListContext;
  layout?: 'grid' | 'rail';
  narrow?: boolean;
  eager?: number;
  ranked?: boolean;
  /** Position of the first card in the whole list (page 2 of a listing continues after page 1). */
  offset?: number;
  label?: string;
}) {
  const className = layout === 'rail' ? css.rail : narrow ? `${catalogueCss.grid} ${catalogueCss.gridNarrow}` : catalogueCss.grid;
  return (
    <ul className={className} aria-label={label} data-testid="product-list">
      {hits.map((hit, i) => (
        <li key={`${hit.pid}:${hit.vid}`}>
          <ProductCard hit={hit} index={offset + i} list={list} eager={i < eager} rank={ranked ? i + 1 : undefined} />
        </li>
      ))}
    </ul>
  );
}
