// The checkout module's public surface: what its API (server/api/checkout/), the place-order flow and the payment
// module use.
export { allocateDiscount } from './cart-changes.ts';
export { CheckoutRuleError } from './errors.ts';
export { findDeliveryAddress } from './queries.ts';
export type { CheckoutDeps, PlacedOrder } from './service.ts';
export {
  deliverHere,
  orderDetails,
  checkDelivery,
  checkUnchanged,
  customerCart,
  type PricedCart,
  paymentPath,
  repriceCart,
  stockProblems,
} from './service.ts';
export { CartChanged, CouponUsedUp, SoldOut } from './errors.ts';
export { type DeliveryAddress, lockCustomer, lockCustomerAndCart, type Placer, pendingOrderOf } from './queries.ts';
