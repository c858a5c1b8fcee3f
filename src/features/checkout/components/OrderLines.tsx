import { formatPaise } from '../../../../schemas/money.ts';
import { DEFAULT_IMAGE, Img } from '../../../ui/Img.tsx';
import * as css from './OrderLines.css.ts';

export interface OrderLineView {
  key: string;
  name: string;
  swatch: string | null;
  quantity: number;
  /** Unit sale price in paise. */
  sale_price: number;
  is_freebie: boolean;
  image?: string | null;
}

/** The lines of an order being confirmed or placed; free gifts are shown at ₹0 (SPEC §4). */
export function OrderLines({ lines, label }: { lines: OrderLineView[]; label: string }) {
  return (
    <ul className={css.list} aria-label={label}>
      {lines.map((l) => (
        <li key={l.key} className={css.line} data-testid="order-line">
          <Img src={l.image || DEFAULT_IMAGE} alt="" width={64} height={64} className={css.image} />
          <span>
            <span className={css.name}>{l.name}</span>
            <br />
            <span className={css.muted}>
              {l.swatch ? `${l.swatch} · ` : ''}Qty {l.quantity}
            </span>
            {l.is_freebie && (
              <>
                <br />
                <span className={css.gift}>Free gift</span>
              </>
            )}
          </span>
          <span className={css.price}>{l.is_freebie ? formatPaise(0) : formatPaise(l.sale_price * l.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}
