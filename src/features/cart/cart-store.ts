import { report } from '../../../events/index.ts';
import type { CartLine, FreebieView, PaymentInstrument, ProductCard, SavedItem, WishlistItem } from '../../../schemas/cart.ts';
import type { AddToCartOrigin, EventItem } from '../../../events/index.ts';
import { messageOf } from '../../api/resource.ts';
import { cartApi } from './api.ts';
import { storeCartId } from './cookie.ts';
import { cardToEventItem, lineToEventItem } from './event-items.ts';
import { cartStore, freebieStore, miniCartStore, savedStore, wishlistStore } from './stores.ts';

// The cart's data stores and the actions that change them, with the SPEC §4 reload rules:
// add-to-cart (status 1 + callCartList) stores cart_id and reloads the cart; update / delete / save-for-later
// add / move-to-cart reload the cart; save-for-later add / delete reload that list; move-to-cart reloads the
// wishlist or save-for-later by source; deleting a line to the wishlist reloads the wishlist; freebie add
// stores cart_id.

/** Every action answers ok and the server's message (shown by the page; SPEC §8 "server's response message"). */
export interface ActionResult {
  ok: boolean;
  message: string;
}
const failed = (e: unknown): ActionResult => ({
  ok: false,
  message: messageOf(e),
});

export async function reloadCart(): Promise<void> {
  await Promise.all([cartStore.refresh(), miniCartStore.refresh(), freebieStore.refresh()]);
}

export interface AddToCartInput {
  variant_id: number;
  quantity?: number;
  /** The product as reported (prices in paise). */
  item?: EventItem;
  origin: AddToCartOrigin;
  /** SPEC §3 cart payload flags: report the event, reload the cart list (both default true). */
  is_evt?: boolean;
  callCartList?: boolean;
}

export async function addToCart(input: AddToCartInput): Promise<ActionResult> {
  const quantity = input.quantity ?? 1;
  try {
    const res = await cartApi.addToCart(input.variant_id, quantity);
    if (res.status === 1 && (input.callCartList ?? true)) {
      storeCartId(res.data.cart_id);
      await reloadCart();
    }
    if ((input.is_evt ?? true) && input.item) report({ name: 'add_to_cart', item: { ...input.item, quantity }, origin: input.origin });
    return { ok: res.status === 1, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

/** Changing a quantity in the cart reports the difference: more is add_to_cart (cartlist), fewer is removal. */
export async function updateQuantity(line: CartLine, quantity: number): Promise<ActionResult> {
  try {
    const res = await cartApi.updateCart(line.variant_id, quantity);
    await reloadCart();
    const diff = quantity - line.quantity;
    if (diff > 0) report({ name: 'add_to_cart', item: lineToEventItem(line, diff), origin: 'cartlist' });
    if (diff < 0) report({ name: 'remove_from_cart', item: lineToEventItem(line, -diff) });
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

export async function removeLine(line: CartLine): Promise<ActionResult> {
  try {
    const res = await cartApi.deleteCart(line.variant_id);
    await reloadCart();
    report({ name: 'remove_from_cart', item: lineToEventItem(line) });
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

export async function moveLineToWishlist(line: CartLine): Promise<ActionResult> {
  try {
    const res = await cartApi.deleteCart(line.variant_id, true);
    await Promise.all([reloadCart(), wishlistStore.refresh()]);
    report({ name: 'remove_from_cart', item: lineToEventItem(line) });
    report({ name: 'add_to_wishlist', item: lineToEventItem(line, 1) });
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

export async function saveLineForLater(line: CartLine): Promise<ActionResult> {
  try {
    const res = await cartApi.addSaveForLater(line.variant_id);
    await Promise.all([reloadCart(), savedStore.refresh()]);
    report({ name: 'remove_from_cart', item: lineToEventItem(line) });
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

export async function deleteSaved(item: SavedItem): Promise<ActionResult> {
  try {
    const res = await cartApi.deleteSaveForLater(item.variant_id);
    await savedStore.refresh();
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

/** SPEC §3 move to cart: source 'SFL' from save-for-later, else from the wishlist. */
export async function moveToCart(item: ProductCard & { quantity?: number }, source: 'SFL' | 'wishlist'): Promise<ActionResult> {
  try {
    const res = await cartApi.moveToCart(item.variant_id, source);
    storeCartId(res.data.cart_id);
    await Promise.all([reloadCart(), source === 'SFL' ? savedStore.refresh() : wishlistStore.refresh()]);
    report({
      name: 'add_to_cart',
      item: cardToEventItem(item, item.quantity ?? 1),
      origin: source === 'SFL' ? 'save_for_later' : 'wishlist',
    });
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

/** `evt_d` travels with the add (SPEC §3) so the list the shopper saw it in is kept with the item. */
export async function addToWishlist(variantId: number, item?: EventItem, evt_d?: unknown): Promise<ActionResult> {
  try {
    const res = await cartApi.addWishList(variantId, evt_d);
    await wishlistStore.refresh();
    if (item) report({ name: 'add_to_wishlist', item });
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

export async function removeFromWishlist(item: WishlistItem): Promise<ActionResult> {
  try {
    const res = await cartApi.deleteWishList(item.variant_id);
    await wishlistStore.refresh();
    report({ name: 'remove_from_wishlist', item: cardToEventItem(item) });
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

export async function applyCoupon(code: string): Promise<ActionResult> {
  try {
    const res = await cartApi.applyCoupon(code);
    await reloadCart();
    report({ name: 'coupon_applied', coupon_code: res.data.coupon_code, discount: res.data.coupon_discount, success: true });
    return { ok: true, message: res.message };
  } catch (e) {
    report({ name: 'coupon_applied', coupon_code: code.trim().toUpperCase().slice(0, 40) || 'NA', discount: 0, success: false });
    return failed(e);
  }
}

export async function removeCoupon(): Promise<ActionResult> {
  try {
    const res = await cartApi.removeCoupon();
    await reloadCart();
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

/** A free gift as an event item: priced 0 and flagged, so the pipeline leaves it out of reported items (SPEC §4). */
export const freebieItem = (f: FreebieView): EventItem => ({
  variant_id: f.variant_id,
  product_id: f.product_id,
  sku: String(f.variant_id),
  name: f.name,
  mrp: f.mrp,
  sale_price: 0,
  is_freebie: true,
});

export async function addFreebie(f: FreebieView): Promise<ActionResult> {
  try {
    const res = await cartApi.addFreebie(f.freebie_id);
    // SPEC §4: freebie add answers status and cart_id, stored as the cart_id cookie.
    storeCartId(res.data.cart_id);
    await reloadCart();
    report({ name: 'freebie_added', item: { ...freebieItem(f), quantity: 1 }, ...(res.data.cart_id ? { cart_id: res.data.cart_id } : {}) });
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

export async function removeFreebie(line: CartLine): Promise<ActionResult> {
  try {
    const res = await cartApi.removeFreebie(line.freebie_id ?? undefined);
    await reloadCart();
    report({ name: 'freebie_removed', item: lineToEventItem(line) });
    return { ok: true, message: res.message };
  } catch (e) {
    return failed(e);
  }
}

/** After sign-in: the guest cart joins the customer's (SPEC §4 cart persistence), then everything reloads. */
export async function persistCart(cartId: string | null): Promise<void> {
  try {
    const res = await cartApi.persistCart(cartId);
    storeCartId(res.data.cart_id);
  } catch (e) {
    console.warn('[cart] persisting the cart failed', (e as Error)?.message);
  }
  await Promise.all([reloadCart(), wishlistStore.refresh(), savedStore.refresh()]);
}

/** After sign-out: the customer's lists are no longer ours to show. */
export function forgetCustomerLists(): void {
  wishlistStore.reset();
  savedStore.reset();
  void reloadCart();
}

export { cartStore, miniCartStore };
export const bankOffers = (instrument?: PaymentInstrument) => cartApi.bankOffer(instrument);
