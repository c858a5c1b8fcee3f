import type { z } from 'zod';
import type {
  AppliedCouponData,
  BankOfferData,
  CartIdData,
  CartListData,
  CouponView,
  DynamicCoupon,
  FreebieProductsData,
  MiniCartData,
  PaymentInstrument,
  ProductCard,
  SavedItem,
  WishlistItem,
} from '../../../schemas/cart.ts';
import type { envelope } from '../../../schemas/common.ts';
import { get, post } from '../../api/client.ts';

// The /api/cart and freebie calls of SPEC §7, each answer typed by its schema (checked on the server).

/** The `{ status, message, data }` answer around a data schema, as a type only. */
type Env<D extends z.ZodType> = ReturnType<typeof envelope<D>>;
type Ack = Env<z.ZodUnknown>;
type WithCartId = Env<typeof CartIdData>;

export const cartApi = {
  cartList: () => post<Env<typeof CartListData>>('/api/cart/cart-list', {}),
  miniCart: () => post<Env<typeof MiniCartData>>('/api/cart/mini-cart', {}),
  addToCart: (variant_id: number, quantity: number) => post<WithCartId>('/api/cart/add-to-cart', { variant_id, quantity }),
  updateCart: (variant_id: number, quantity: number) => post<WithCartId>('/api/cart/update-cart', { variant_id, quantity }),
  deleteCart: (variant_id: number, move_to_wishlist = false) => post<WithCartId>('/api/cart/delete-cart', { variant_id, move_to_wishlist }),
  persistCart: (cart_id: string | null) => post<WithCartId>('/api/cart/persist-cart', cart_id ? { cart_id } : {}),
  // SPEC §6: a wishlist fetch that answers 401 is silent.
  wishList: () => get<Env<z.ZodArray<typeof WishlistItem>>>('/api/cart/wish-list'),
  addWishList: (id: number, evt_d?: unknown, source?: 'cart') =>
    post<Ack>('/api/cart/add-wish-list', { id, ...(evt_d !== undefined ? { evt_d } : {}), ...(source ? { source } : {}) }),
  deleteWishList: (id: number) => post<Ack>('/api/cart/delete-wish-list', { id }),
  saveForLater: () => get<Env<z.ZodArray<typeof SavedItem>>>('/api/cart/save-for-later'),
  addSaveForLater: (id: number) => post<Ack>('/api/cart/add-save-for-later', { id }),
  deleteSaveForLater: (id: number) => post<Ack>('/api/cart/delete-save-for-later', { id }),
  moveToCart: (id: number, source: 'SFL' | 'wishlist') => post<WithCartId>('/api/cart/move-to-cart', { id, source }),
  applyCoupon: (coupon_code: string) => post<Env<typeof AppliedCouponData>>('/api/cart/apply-coupon', { coupon_code }),
  removeCoupon: () => post<Ack>('/api/cart/remove-coupon', {}),
  couponList: () => get<Env<z.ZodArray<typeof CouponView>>>('/api/cart/coupon-list'),
  dynamicCouponList: () => post<Env<z.ZodArray<typeof DynamicCoupon>>>('/api/cart/dynamic-coupon-list', {}),
  bankOffer: (instrument?: PaymentInstrument) => {
    const q = instrument ? `?${new URLSearchParams(Object.entries(instrument).filter(([, v]) => v) as [string, string][])}` : '';
    return get<Env<typeof BankOfferData>>(`/api/cart/bank-offer${q}`);
  },
  recommended: (limit = 8) => get<Env<z.ZodArray<typeof ProductCard>>>(`/api/cart/recommended-product-list?limit=${limit}`),
  removeFreebie: (freebie_id?: number) => post<Ack>('/api/cart/remove-freebee', freebie_id ? { freebie_id } : {}),
  ineligibleFreebies: () => post<Env<typeof FreebieProductsData>>('/api/cart/ineligible-freebie-list', {}),
  freebieProducts: () => post<Env<typeof FreebieProductsData>>('/api/freebie/freebie-products', {}),
  addFreebie: (freebie_id: number) => post<WithCartId>('/api/freebie/add-freebie-to-cart', { freebie_id }),
};
