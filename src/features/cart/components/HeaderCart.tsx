import { MiniCart } from './MiniCart.tsx';

// The header cart link: item count and the mini cart (issue 6, src/components/cart/MiniCart.tsx).
export function HeaderCart() {
  return <MiniCart />;
}
