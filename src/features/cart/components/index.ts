// Cart components other areas use: the product page's buttons, the header's mini cart, product tiles.
export { AddToCartButton } from './AddToCartButton.tsx';
export { MiniCart } from './MiniCart.tsx';
export { ProductTile } from './ProductTile.tsx';
export { WishlistButton } from './WishlistButton.tsx';
