import { Link } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import { button } from '../../../ui/theme/global.css.ts';
import { Img } from '../../../ui/Img.tsx';
import type { useMiniCart } from '../hooks.ts';
import * as css from './MiniCart.css.ts';
import * as cartCss from './cart.css.ts';

type MiniCartData = NonNullable<ReturnType<typeof useMiniCart>['data']>;

/** The header's mini cart panel (first lines, amount to pay): a chunk of its own, loaded when the shopper opens it. */
export default function MiniCartPanel({ data, onClose }: { data: MiniCartData; onClose: () => void }) {
  return (
    <div className={css.miniPanel} data-testid="mini-cart">
      <strong>
        {data.item_count} {data.item_count === 1 ? 'product' : 'products'} in your cart
      </strong>
      {data.items.map((i) => (
        <div key={`${i.variant_id}-${i.is_freebie}`} className={css.miniItem}>
          <Img src={i.thumbnail_image} alt="" width={48} height={48} />
          <Link to={i.url} style={{ color: 'inherit' }}>
            {i.name}
          </Link>
          <span>{i.is_freebie ? 'FREE' : `${i.quantity} × ${formatPaise(i.sale_price)}`}</span>
        </div>
      ))}
      <div className={cartCss.summaryRow}>
        <span>Total payable</span>
        <strong>{formatPaise(data.total_payable)}</strong>
      </div>
      <Link to="/cart" className={button} onClick={onClose}>
        View cart
      </Link>
    </div>
  );
}
