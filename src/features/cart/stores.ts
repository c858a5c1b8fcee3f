import { cartApi } from './api.ts';
import { createStore } from '../../api/resource.ts';

// The cart's data stores (SPEC §4). Kept apart from the actions so the header's mini cart loads without the
// reporting code.
export const cartStore = createStore('cart', async () => (await cartApi.cartList()).data);
export const miniCartStore = createStore('mini cart', async () => (await cartApi.miniCart()).data);
export const wishlistStore = createStore('wishlist', async () => (await cartApi.wishList()).data);
export const savedStore = createStore('save for later', async () => (await cartApi.saveForLater()).data);
// SPEC §8: a failed freebie fetch is passed on as the error object (status and message), not only its message.
export const freebieStore = createStore('freebies', async () => (await cartApi.freebieProducts()).data, { passOnFailure: true });
/** The live coupons checked against this cart (dynamic-coupon-list), re-read when the cart changes. */
export const couponStore = createStore('coupons', async () => (await cartApi.dynamicCouponList()).data);
