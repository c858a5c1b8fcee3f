import { report } from '../../../../events/index.ts';
import { Link } from 'react-router-dom';
import type { ProductHit } from '../../../../schemas/catalogue.ts';
import { hitToEventItem } from '../events.ts';
import { visuallyHidden } from '../../../ui/theme/global.css.ts';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import * as css from './ProductCard.css.ts';
import * as catalogueCss from './catalogue.css.ts';
import { FoodMarker } from './FoodMarker.tsx';
import { Rating } from './Rating.tsx';

export interface CardListContext {
  listName: string;
  /** Router state carried to the product page (e.g. {origin: 'brand'} for the SPEC §2 breadcrumb rule). */
  linkState?: unknown;
  /** Replaces the default select_item report (the search page reports through its search-click machine). */
  onSelect?: (hit: ProductHit, index: number) => void;
}

/** select_item with the list and 0-based position (SPEC §4: the origin list is remembered for later events). */
export function reportSelect(hit: ProductHit, listName: string, index: number): void {
  report({ name: 'select_item', item: hitToEventItem(hit, { list_name: listName, index }), list_name: listName, index });
}

/**
 * One product in a list. The name link covers the card (one tab stop, one big tap target); the image is
 * decoration for screen readers, which get brand, name, variant, price and stock as text.
 */
export function ProductCard({
  hit,
  index,
  list,
  eager = false,
  rank,
}: {
  hit: ProductHit;
  index: number;
  list: CardListContext;
  eager?: boolean;
  rank?: number;
}) {
  const select = () => (list.onSelect ? list.onSelect(hit, index) : reportSelect(hit, list.listName, index));
  const out = hit.stock_status !== 'instock';
  return (
    <article className={catalogueCss.card} data-testid="product-card" data-pid={hit.pid} data-vid={hit.vid} data-price={hit.sale_price}>
      <div className={css.cardImage}>
        <Img src={hit.thumbnail_image} alt="" width={240} height={240} eager={eager} />
      </div>
      {hit.is_bestseller && (
        <div className={css.badgeRow} aria-hidden="true">
          <span className={css.badge.best}>Bestseller</span>
        </div>
      )}
      {rank !== undefined && (
        <span className={css.rank} aria-hidden="true">
          {rank}
        </span>
      )}
      <p className={catalogueCss.cardBrand}>{hit.brand_name}</p>
      <h3 style={{ margin: 0, fontSize: 'inherit', display: 'flex', gap: 6, alignItems: 'flex-start' }}>
        <FoodMarker value={hit.food_type} />
        <Link to={hit.url} state={list.linkState} className={css.cardName} onClick={select}>
          {rank !== undefined && <span className={visuallyHidden}>{`Number ${rank}: `}</span>}
          {hit.parent_name}
        </Link>
      </h3>
      {hit.display_value && <p className={css.cardVariant}>{hit.display_value}</p>}
      <div className={css.cardFoot}>
        <Rating value={hit.rating} count={hit.rating_count} />
        <Price mrp={hit.regular_price} sale={hit.sale_price} />
        {out && <p className={catalogueCss.stock.out}>Out of stock</p>}
      </div>
    </article>
  );
}
