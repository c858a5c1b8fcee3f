import { Link } from 'react-router-dom';
import * as cartCss from '../components/cart.css.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';
import { button, buttonSecondary, card } from '../../../ui/theme/global.css.ts';

/**
 * SPEC §2 /duplicate-order-delete: shown when an order with the same products was just placed, so the cart was
 * not ordered twice. The shopper checks the order or goes back to the cart.
 */
export default function DuplicateOrderDeletePage() {
  return (
    <section className={`${card} ${blocksCss.empty}`}>
      <h1 style={{ margin: 0 }}>This order looks like a duplicate</h1>
      <p className={blocksCss.meta} style={{ margin: 0, maxWidth: 520 }}>
        You placed an order with the same products a moment ago, so we did not place it again and nothing was charged twice. Check your
        orders, or go back to your cart to change it.
      </p>
      <div className={cartCss.row} style={{ justifyContent: 'center' }}>
        <Link to="/account/order" className={button}>
          View my orders
        </Link>
        <Link to="/cart" className={buttonSecondary}>
          Back to cart
        </Link>
      </div>
    </section>
  );
}
