// The cart module's public surface: what its API (server/api/cart/), sign-in and checkout use. service.ts holds the cart's rules (with coupons.ts, freebie-service.ts, wishlist.ts,
// save-for-later.ts for theirs), queries.ts the cart rows, errors.ts the domain errors.
export {
  type BankOfferRule,
  bankOfferViews,
  bestBankOffer,
  checkBankOffer,
  findBankOfferForPayment,
  loadBankOffers,
} from './bank-offers.ts';
export { CartRuleError, CouponNotApplicable, FreebieNotApplicable, OutOfStock, QuantityLimit } from './errors.ts';
export { addToCart, cartJourney, ensureCart, findCart, mergeGuestCart, removeFromCart, setQuantity, withLockedCart } from './service.ts';
export { cartOwner, mergeGuestCartAtSignIn, readCartCookie, setCartCookie } from './cart-cookie.ts';
export { buildCartView } from './cart-view.ts';
export { ACTIVE, insertOrderedCart, setCartAddress } from './queries.ts';
export { loadVariantInfo } from './variant-info.ts';
export { type CartKey, type CartSnapshot, cartSnapshotQuery, compiledCartSnapshot, toCartSnapshot } from './cart-lines.ts';
export { type CouponRow, couponDiscount, evaluateCoupon } from './coupon-rules.ts';
export { reconcileFreebies } from './freebie-rules.ts';
export {
  closeCartCte,
  countCouponUse,
  loadCouponCustomer,
  loadCouponRule,
  recordCouponRedemption,
  releaseCouponUse,
} from './coupons.ts';

export {
  consoleBankOffers,
  consoleCoupons,
  consoleDeliveryRules,
  consoleFreebies,
  lockBankOfferForEdit,
  lockCouponForEdit,
  lockDeliveryRuleForEdit,
  lockFreebieForEdit,
} from './console-reads.ts';
export {
  createBankOffer,
  createCoupon,
  createFreebie,
  saveBankOffer,
  saveCoupon,
  saveDeliveryRule,
  saveFreebie,
} from './promotion-writes.ts';
export { toMiniCart } from './cart-view.ts';
export { applyCoupon, dynamicCoupons, listCouponRules, removeCoupon, toCouponView } from './coupons.ts';
export { addFreebie, freebieProducts, ineligibleFreebies, removeFreebie } from './freebies.ts';
export { recommendedProducts } from './recommended.ts';
export { deleteSavedForLater, listSavedForLater, moveSavedToCart, saveForLater } from './save-for-later.ts';
export { addToWishlist, listWishlist, moveCartLineToWishlist, moveWishlistToCart, removeFromWishlist } from './wishlist.ts';
