import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProductCard } from '../../../../schemas/cart.ts';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import * as css from './ProductTile.css.ts';
import * as cartCss from './cart.css.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';

/** A product in the wishlist, save-for-later or recommendations, with its actions below. */
export function ProductTile({ product, children, note }: { product: ProductCard; children?: ReactNode; note?: ReactNode }) {
  return (
    <article className={css.tile} aria-label={product.variant_name}>
      <Link to={product.url} tabIndex={-1} aria-hidden="true">
        <Img src={product.thumbnail_image} alt="" width={180} height={180} className={cartCss.lineImage} />
      </Link>
      <Link to={product.url} className={css.tileName}>
        {product.name}
      </Link>
      {product.swatch.length > 0 && <span className={blocksCss.meta}>{product.swatch.map((s) => s.value).join(', ')}</span>}
      <Price mrp={product.regular_price} sale={product.sale_price} />
      {product.stock_status === 'out_of_stock' && <span className={blocksCss.badge.danger}>Out of stock</span>}
      {note}
      {children}
    </article>
  );
}
