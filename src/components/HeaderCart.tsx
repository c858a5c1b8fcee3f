import { Link } from 'react-router-dom';
import { Icon } from './Icon.tsx';
import * as css from './Layout.css.ts';

// The header cart link. The cart issue adds the item count and the mini cart.
export function HeaderCart() {
  return (
    <Link to="/cart" className={css.action}>
      <Icon name="cart" /> Cart
    </Link>
  );
}
