import type { PriceMetaEntry } from '../../../../schemas/cart.ts';
import { priceMetaValue } from '../../../../schemas/cart-rules.ts';
import { formatPaise } from '../../../../schemas/money.ts';
import { card } from '../../../ui/theme/global.css.ts';
import * as css from './PriceSummary.css.ts';
import * as cartCss from './cart.css.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';

/** SPEC §3 price_meta as the order summary: discounts shown as savings, delivery as FREE when 0. */
export function PriceSummary({
  priceMeta,
  freeDeliveryFrom,
  children,
}: {
  priceMeta: PriceMetaEntry[];
  freeDeliveryFrom: number | null;
  children?: React.ReactNode;
}) {
  const subtotal = priceMetaValue(priceMeta, 'subtotal');
  const coupon = priceMetaValue(priceMeta, 'coupon_discount');
  const delivery = priceMetaValue(priceMeta, 'delivery_charges');
  const saved = priceMetaValue(priceMeta, 'discount_on_mrp') + coupon;
  return (
    <section className={card} aria-labelledby="summary-title" data-testid="price-summary">
      <h2 id="summary-title" className={blocksCss.sectionTitle}>
        Order summary
      </h2>
      <dl className={css.summaryList}>
        {priceMeta
          .filter((e) => e.key !== 'total_payable' && e.key !== 'subtotal' && !(e.key === 'coupon_discount' && e.value === 0))
          .map((e) => (
            <div key={e.key} className={cartCss.summaryRow} data-key={e.key}>
              <dt>{e.label}</dt>
              <dd style={{ margin: 0 }} className={e.key === 'discount_on_mrp' || e.key === 'coupon_discount' ? cartCss.saving : undefined}>
                {e.key === 'discount_on_mrp' || e.key === 'coupon_discount'
                  ? `− ${formatPaise(e.value)}`
                  : e.key === 'delivery_charges' && e.value === 0
                    ? 'FREE'
                    : formatPaise(e.value)}
              </dd>
            </div>
          ))}
        <div className={css.summaryTotal} data-key="total_payable">
          <dt>Total payable</dt>
          <dd style={{ margin: 0 }}>{formatPaise(priceMetaValue(priceMeta, 'total_payable'))}</dd>
        </div>
      </dl>
      {saved > 0 && <p className={cartCss.saving}>You save {formatPaise(saved)} on this order.</p>}
      {delivery > 0 && freeDeliveryFrom !== null && (
        <p className={blocksCss.meta}>Add {formatPaise(Math.max(0, freeDeliveryFrom - (subtotal - coupon)))} more for free delivery.</p>
      )}
      {children}
    </section>
  );
}
