import type { EventItem } from '../../../../events/index.ts';
import type { ShipmentItem } from '../../../../schemas/orders.ts';
import { AddToCartButton } from '../../cart/index.ts';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { buyAgain } from './orders.css.ts';

/** The bought variant as reported: one unit, at the prices it was bought at (today's are not on this page). */
export function buyAgainItem(item: ShipmentItem): EventItem {
  return {
    variant_id: item.variant_id,
    product_id: item.product_id,
    sku: item.variant_sku,
    name: item.name,
    brand: item.brand,
    category: item.category_name,
    mrp: item.mrp,
    sale_price: item.sale_price,
    quantity: 1,
    ...(item.swatch ? { swatch: item.swatch } : {}),
  };
}

/**
 * SPEC §4: buy again from the order details adds one unit of the bought variant to the cart, reported as an add to
 * cart from the `orderdetail` origin. A real form, like every add to cart (docs/decisions/017).
 */
export function BuyAgain({ item }: { item: ShipmentItem }) {
  if (item.is_freebie) return null;
  return (
    <div className={buyAgain}>
      <AddToCartButton
        variantId={item.variant_id}
        origin="orderdetail"
        item={buyAgainItem(item)}
        label="Buy again"
        className={buttonSecondary}
      />
    </div>
  );
}
