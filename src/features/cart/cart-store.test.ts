// @vitest-environment jsdom
import type { CartLine, FreebieView, SavedItem, WishlistItem } from '../../../schemas/cart.ts';
import { type DomainEvent, events$ } from '../../../events/index.ts';
import { cartLine } from '../../../tests/helpers/cart-line.ts';

// SPEC §4 reload rules of the cart stores, with the API replaced: what each action reloads, which cookie it
// stores, what it reports, and how a failure lands in the store.
const api = vi.hoisted(() => ({
  cartList: vi.fn(),
  miniCart: vi.fn(),
  wishList: vi.fn(),
  saveForLater: vi.fn(),
  freebieProducts: vi.fn(),
  addToCart: vi.fn(),
  updateCart: vi.fn(),
  deleteCart: vi.fn(),
  addSaveForLater: vi.fn(),
  deleteSaveForLater: vi.fn(),
  moveToCart: vi.fn(),
  addWishList: vi.fn(),
  deleteWishList: vi.fn(),
  applyCoupon: vi.fn(),
  removeCoupon: vi.fn(),
  addFreebie: vi.fn(),
  removeFreebie: vi.fn(),
  persistCart: vi.fn(),
}));
vi.mock('./api.ts', () => ({ cartApi: api }));

const store = await import('./cart-store.ts');
const { lineToEventItem } = await import('./event-items.ts');
const { cartStore, miniCartStore, savedStore, wishlistStore, freebieStore } = await import('./stores.ts');

const CART_ID = '11111111-2222-4333-8444-555555555555';
const ok = (data: unknown = { cart_id: CART_ID }, message = 'Done') => Promise.resolve({ status: 1, message, data });
const line = (over: Partial<CartLine> = {}): CartLine => cartLine(over, [{ key: 'pa_weight', name: 'Weight', value: '1 kg' }]);
const card = {
  ...line(),
  pid: 3,
  vid: 7,
  name: 'Oats',
  regular_price: 29_900,
  sku: 'AAOAT00000100',
  parent_sku: 'AAOAT000001PA',
  brand_name: 'Apex',
  category_name: 'Oats',
  percent_off: 35,
  swatch: [],
};

let seen: DomainEvent[] = [];
const sub = events$.subscribe((e) => seen.push(e));
afterAll(() => sub.unsubscribe());

beforeEach(async () => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.cartList.mockImplementation(() => ok({ cart_data: [], cart_meta: {}, price_meta: [] }));
  api.miniCart.mockImplementation(() => ok({ item_count: 0 }));
  api.wishList.mockImplementation(() => ok([]));
  api.saveForLater.mockImplementation(() => ok([]));
  api.freebieProducts.mockImplementation(() => ok({ freebies: [] }));
  for (const s of [cartStore, miniCartStore, savedStore, wishlistStore, freebieStore]) s.reset();
  // The stores in use on the page under test.
  await Promise.all([cartStore.load(), miniCartStore.load(), savedStore.load(), wishlistStore.load()]);
  for (const fn of [api.cartList, api.miniCart, api.wishList, api.saveForLater]) fn.mockClear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the store writes.
  document.cookie = 'cart_id=; max-age=0; path=/';
  seen = [];
});

const names = () => seen.map((e) => e.event.name);

test('add-to-cart with status 1 and callCartList stores cart_id and reloads the cart', async () => {
  api.addToCart.mockImplementation(() => ok({ cart_id: CART_ID }, 'Added to cart'));
  const r = await store.addToCart({ variant_id: 7, quantity: 2, origin: 'pdp', item: lineToEventItem(line()) });
  expect(r).toEqual({ ok: true, message: 'Added to cart' });
  expect(document.cookie).toContain(`cart_id=${CART_ID}`);
  expect(api.cartList).toHaveBeenCalledTimes(1);
  expect(api.miniCart).toHaveBeenCalledTimes(1);
  expect(seen.map((e) => [e.event.name, (e.event as { origin?: string }).origin])).toEqual([['add_to_cart', 'pdp']]);
});

test('add-to-cart without callCartList neither stores the cookie nor reloads; without is_evt it reports nothing', async () => {
  api.addToCart.mockImplementation(() => ok({ cart_id: CART_ID }));
  await store.addToCart({ variant_id: 7, origin: 'pdp', callCartList: false, is_evt: false, item: lineToEventItem(line()) });
  expect(document.cookie).not.toContain(CART_ID);
  expect(api.cartList).not.toHaveBeenCalled();
  expect(seen).toEqual([]);
});

test('a refused add answers the server message and reloads nothing', async () => {
  api.addToCart.mockImplementation(() => Promise.reject({ message: 'Only 4 units of Oats left in stock.', response: { status: 422 } }));
  expect(await store.addToCart({ variant_id: 7, quantity: 9, origin: 'pdp' })).toEqual({
    ok: false,
    message: 'Only 4 units of Oats left in stock.',
  });
  expect(api.cartList).not.toHaveBeenCalled();
  expect(names()).toEqual([]);
});

test('update and delete reload the cart; more units report add_to_cart (cartlist), fewer report removal', async () => {
  api.updateCart.mockImplementation(() => ok());
  api.deleteCart.mockImplementation(() => ok());
  await store.updateQuantity(line({ quantity: 2 }), 5);
  await store.updateQuantity(line({ quantity: 5 }), 1);
  await store.removeLine(line());
  expect(api.cartList).toHaveBeenCalledTimes(3);
  expect(seen.map((e) => [e.event.name, (e.event as { item: { quantity: number } }).item.quantity])).toEqual([
    ['add_to_cart', 3],
    ['remove_from_cart', 4],
    ['remove_from_cart', 2],
  ]);
  expect((seen[0].event as { origin: string }).origin).toBe('cartlist');
});

test('save-for-later add reloads the cart and that list; its delete reloads only the list', async () => {
  api.addSaveForLater.mockImplementation(() => ok());
  api.deleteSaveForLater.mockImplementation(() => ok());
  await store.saveLineForLater(line());
  expect([api.cartList.mock.calls.length, api.saveForLater.mock.calls.length, api.wishList.mock.calls.length]).toEqual([1, 1, 0]);
  await store.deleteSaved({ ...card, quantity: 2, added_at: '' } as unknown as SavedItem);
  expect([api.cartList.mock.calls.length, api.saveForLater.mock.calls.length]).toEqual([1, 2]);
});

test('move to cart reloads the cart and the list it came from, reporting the origin by source', async () => {
  api.moveToCart.mockImplementation(() => ok());
  await store.moveToCart({ ...card, quantity: 2 } as unknown as SavedItem, 'SFL');
  expect([api.cartList.mock.calls.length, api.saveForLater.mock.calls.length, api.wishList.mock.calls.length]).toEqual([1, 1, 0]);
  await store.moveToCart(card as unknown as WishlistItem, 'wishlist');
  expect([api.cartList.mock.calls.length, api.saveForLater.mock.calls.length, api.wishList.mock.calls.length]).toEqual([2, 1, 1]);
  expect(seen.map((e) => (e.event as { origin: string }).origin)).toEqual(['save_for_later', 'wishlist']);
  expect(api.moveToCart.mock.calls).toEqual([
    [7, 'SFL'],
    [7, 'wishlist'],
  ]);
});

test('deleting a cart line to the wishlist reloads the cart and the wishlist', async () => {
  api.deleteCart.mockImplementation(() => ok());
  await store.moveLineToWishlist(line());
  expect(api.deleteCart).toHaveBeenCalledWith(7, true);
  expect([api.cartList.mock.calls.length, api.wishList.mock.calls.length]).toEqual([1, 1]);
  expect(names()).toEqual(['remove_from_cart', 'add_to_wishlist']);
});

test('wishlist add sends evt_d and reports add_to_wishlist', async () => {
  api.addWishList.mockImplementation(() => ok());
  await store.addToWishlist(7, lineToEventItem(line()), { list: 'pdp' });
  expect(api.addWishList).toHaveBeenCalledWith(7, { list: 'pdp' });
  expect(api.wishList).toHaveBeenCalledTimes(1);
  expect(names()).toEqual(['add_to_wishlist']);
});

test('a coupon applied reports CouponApplied with its discount; a refusal reports success false', async () => {
  api.applyCoupon.mockImplementationOnce(() =>
    ok({ cart_id: CART_ID, coupon_code: 'FIT10', coupon_discount: 10_000 }, 'Coupon FIT10 applied.'),
  );
  api.applyCoupon.mockImplementationOnce(() =>
    Promise.reject({ message: 'Add items worth ₹5 more to use coupon FIT10 (minimum cart value ₹999).' }),
  );
  expect((await store.applyCoupon('fit10')).ok).toBe(true);
  expect(await store.applyCoupon('fit10')).toEqual({
    ok: false,
    message: 'Add items worth ₹5 more to use coupon FIT10 (minimum cart value ₹999).',
  });
  expect(seen.map((e) => e.event)).toMatchObject([
    { name: 'coupon_applied', coupon_code: 'FIT10', discount: 10_000, success: true },
    { name: 'coupon_applied', coupon_code: 'FIT10', discount: 0, success: false },
  ]);
  expect(api.cartList).toHaveBeenCalledTimes(1);
});

test('freebie add stores the cart_id it answers as the cookie and reloads the cart', async () => {
  api.addFreebie.mockImplementation(() => ok({ cart_id: CART_ID }));
  const gift: FreebieView = {
    freebie_id: 1,
    title: 'Free shaker',
    threshold: 199_900,
    variant_id: 380,
    product_id: 106,
    name: 'Shaker',
    mrp: 49_900,
    thumbnail_image: '',
    in_stock: true,
    eligible: true,
    amount_needed: 0,
    in_cart: false,
  };
  await store.addFreebie(gift);
  expect(document.cookie).toContain(`cart_id=${CART_ID}`);
  expect(api.cartList).toHaveBeenCalledTimes(1);
  expect(seen[0].event).toMatchObject({ name: 'freebie_added', item: { is_freebie: true, sale_price: 0 } });
});

test('a store load failure stores the error and clears data; a refresh failure after a change is only logged', async () => {
  api.cartList.mockImplementationOnce(() => ok({ cart_data: [line()], cart_meta: {}, price_meta: [] }));
  await cartStore.load();
  expect(cartStore.get().data).not.toBeNull();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  api.cartList.mockImplementationOnce(() => Promise.reject({ message: 'Network down' }));
  await cartStore.refresh();
  expect(cartStore.get()).toMatchObject({ loading: false, error: null });
  expect(cartStore.get().data).not.toBeNull();
  expect(warn).toHaveBeenCalled();
  api.cartList.mockImplementationOnce(() => Promise.reject({ message: 'Network down' }));
  await cartStore.load();
  expect(cartStore.get()).toEqual({ loading: false, data: null, error: 'Network down' });
  warn.mockRestore();
});
