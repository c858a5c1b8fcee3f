import { Link } from 'react-router-dom';
import * as css from './Layout.css.ts';

// The header cart link. The cart issue adds the item count and the mini cart.
export function HeaderCart() {
  return (
    <Link to="/cart" className={css.action}>
      <span aria-hidden="true">🛒</span> Cart
    </Link>
  );
}
