import type { ReactNode } from 'react';
import type { ShipmentItem } from '../../../../schemas/orders.ts';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import * as css from './orders.css.ts';

/** One bought item: picture, name, variant, price, and what happened to its units. */
export function ItemLine({ item, children }: { item: ShipmentItem; children?: ReactNode }) {
  return (
    <div className={css.item}>
      <Img src={item.thumbnail_image} alt="" width={64} height={64} className={css.itemImage} />
      <div>
        <p className={css.itemName}>{item.name}</p>
        <p className={css.muted}>
          {item.brand}
          {item.swatch ? ` · ${item.swatch}` : ''} · Qty {item.quantity}
          {item.is_freebie ? ' · Free gift' : ''}
        </p>
        {item.is_freebie ? <strong>Free</strong> : <Price mrp={item.mrp} sale={item.sale_price} />}
        {item.cancelled_quantity > 0 ? <p className={css.muted}>{item.cancelled_quantity} cancelled</p> : null}
        {item.returned_quantity > 0 ? <p className={css.muted}>{item.returned_quantity} returned</p> : null}
        {children}
      </div>
    </div>
  );
}
