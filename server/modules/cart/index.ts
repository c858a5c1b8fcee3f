// The cart module's public surface: routes for modules/index.ts, and what sign-in and checkout reuse.
export {
  type BankOfferRule,
  bankOfferViews,
  bestBankOffer,
  checkBankOffer,
  findBankOfferForPayment,
  loadBankOffers,
} from './bank-offers.ts';
export { CartRuleError, cartJourney, findCart, mergeGuestCart, withLockedCart } from './cart.ts';
export { cartOwner, mergeGuestCartAtSignIn, readCartCookie } from './cart-cookie.ts';
export { buildCartView } from './cart-view.ts';
export { thumbnailOf } from './variant-info.ts';
export { couponDiscount, evaluateCoupon } from './coupon-rules.ts';
export { reconcileFreebies } from './freebies.ts';
export { loadCouponCustomer, loadCouponRule, recordCouponRedemption } from './coupons.ts';
export { cartRoutes } from './routes.ts';
