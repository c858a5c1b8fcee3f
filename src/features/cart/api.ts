import { z } from 'zod';
import {
  AppliedCouponData,
  BankOfferData,
  CartIdData,
  CartListData,
  CouponView,
  DynamicCoupon,
  FreebieProductsData,
  MiniCartData,
  type PaymentInstrument,
  ProductCard,
  SavedItem,
  WishlistItem,
} from '../../../schemas/cart.ts';
import { envelope } from '../../../schemas/common.ts';
import { get, post } from '../../api/client.ts';

// The /api/cart and freebie calls of SPEC §7, each answer checked with its schema.

const Ack = envelope(z.unknown());
const WithCartId = envelope(CartIdData);

export const cartApi = {
  cartList: () => post('/api/cart/cart-list', {}, envelope(CartListData)),
  miniCart: () => post('/api/cart/mini-cart', {}, envelope(MiniCartData)),
  addToCart: (variant_id: number, quantity: number) => post('/api/cart/add-to-cart', { variant_id, quantity }, WithCartId),
  updateCart: (variant_id: number, quantity: number) => post('/api/cart/update-cart', { variant_id, quantity }, WithCartId),
  deleteCart: (variant_id: number, move_to_wishlist = false) => post('/api/cart/delete-cart', { variant_id, move_to_wishlist }, WithCartId),
  persistCart: (cart_id: string | null) => post('/api/cart/persist-cart', cart_id ? { cart_id } : {}, WithCartId),
  // SPEC §6: a wishlist fetch that answers 401 is silent.
  wishList: () => get('/api/cart/wish-list', envelope(z.array(WishlistItem)), { on401: 'silent' }),
  addWishList: (id: number, evt_d?: unknown, source?: 'cart') =>
    post('/api/cart/add-wish-list', { id, ...(evt_d !== undefined ? { evt_d } : {}), ...(source ? { source } : {}) }, Ack),
  deleteWishList: (id: number) => post('/api/cart/delete-wish-list', { id }, Ack),
  saveForLater: () => get('/api/cart/save-for-later', envelope(z.array(SavedItem)), { on401: 'silent' }),
  addSaveForLater: (id: number) => post('/api/cart/add-save-for-later', { id }, Ack),
  deleteSaveForLater: (id: number) => post('/api/cart/delete-save-for-later', { id }, Ack),
  moveToCart: (id: number, source: 'SFL' | 'wishlist') => post('/api/cart/move-to-cart', { id, source }, WithCartId),
  applyCoupon: (coupon_code: string) => post('/api/cart/apply-coupon', { coupon_code }, envelope(AppliedCouponData)),
  removeCoupon: () => post('/api/cart/remove-coupon', {}, Ack),
  couponList: () => get('/api/cart/coupon-list', envelope(z.array(CouponView))),
  dynamicCouponList: () => post('/api/cart/dynamic-coupon-list', {}, envelope(z.array(DynamicCoupon))),
  bankOffer: (instrument?: PaymentInstrument) => {
    const q = instrument ? `?${new URLSearchParams(Object.entries(instrument).filter(([, v]) => v) as [string, string][])}` : '';
    return get(`/api/cart/bank-offer${q}`, envelope(BankOfferData));
  },
  recommended: (limit = 8) => get(`/api/cart/recommended-product-list?limit=${limit}`, envelope(z.array(ProductCard))),
  removeFreebie: (freebie_id?: number) => post('/api/cart/remove-freebee', freebie_id ? { freebie_id } : {}, Ack),
  ineligibleFreebies: () => post('/api/cart/ineligible-freebie-list', {}, envelope(FreebieProductsData)),
  freebieProducts: () => post('/api/freebie/freebie-products', {}, envelope(FreebieProductsData)),
  addFreebie: (freebie_id: number) => post('/api/freebie/add-freebie-to-cart', { freebie_id }, WithCartId),
};
