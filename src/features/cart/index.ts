// The cart's public surface for pages and components (docs/architecture.md "Layout": a small index.ts per folder).
export { cartApi } from './api.ts';
export {
  type ActionResult,
  type AddToCartInput,
  addFreebie,
  addToCart,
  addToWishlist,
  applyCoupon,
  bankOffers,
  cartStore,
  deleteSaved,
  miniCartStore,
  moveLineToWishlist,
  moveToCart,
  persistCart,
  reloadCart,
  removeCoupon,
  removeFreebie,
  removeFromWishlist,
  removeLine,
  saveLineForLater,
  updateQuantity,
} from './cart-store.ts';
export { readCartId, storeCartId } from './cookie.ts';
export { cardToEventItem, lineToEventItem } from './event-items.ts';
export { cartFunnelView } from './funnel-event.ts';
// The stores the cart page shows, for its loader (docs/decisions/010).
export { couponStore, freebieStore, savedStore } from './stores.ts';
export { useCart, useCartSessionSync, useFreebies, useMiniCart, useSavedForLater, useWishlist } from './hooks.ts';
export type { Resource } from '../../api/resource.ts';
// Cart components other areas use: the product page's buttons, the header's mini cart, product tiles.
export { AddToCartButton } from './components/AddToCartButton.tsx';
export { MiniCart } from './components/MiniCart.tsx';
export { ProductTile } from './components/ProductTile.tsx';
export { MoveToCartButton } from './components/MoveToCartButton.tsx';
export { WishlistButton } from './components/WishlistButton.tsx';
export { PriceSummary } from './components/PriceSummary.tsx';
// The delivery estimate of the product page and the cart (docs/pincodes.md).
export { DeliveryEstimate } from './components/DeliveryEstimate.tsx';
// The cart page's parts: the page is the checkout funnel's first step, so it lives in the checkout feature.
export { BankOfferList } from './components/BankOfferList.tsx';
export { CartLineItem } from './components/CartLineItem.tsx';
export { CouponPanel } from './components/CouponPanel.tsx';
export { FreebieProgress } from './components/FreebieProgress.tsx';
export { RecommendedProducts } from './components/RecommendedProducts.tsx';
export { SavedForLaterList } from './components/SavedForLaterList.tsx';
