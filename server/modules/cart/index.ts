import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { cartRoutes } from '../../api/cart/routes.ts';

// The cart module's public surface: its registration for modules/index.ts, and what sign-in and checkout reuse.
// routes.ts is HTTP only; service.ts holds the cart's rules (with coupons.ts, freebie-service.ts, wishlist.ts,
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
export { couponDiscount, evaluateCoupon } from './coupon-rules.ts';
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
  createBankOffer,
  createCoupon,
  createFreebie,
  saveBankOffer,
  saveCoupon,
  saveDeliveryRule,
  saveFreebie,
} from './promotion-writes.ts';

/** Every /api/cart call of SPEC §7 and the two freebie calls. */
export async function cartModule(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(cartRoutes, { db });
}
