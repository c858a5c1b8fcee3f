// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type CartLine, type CartListData, priceMetaList } from '../../schemas/cart.ts';
import { type DomainEvent, events$ } from '../../events/index.ts';
import { ToastProvider } from '../../src/ui/Toast.tsx';
import { cartLine } from '../helpers/cart-line.ts';

// SPEC §4/§5: the cart view (funnel step 1) is reported once, and only when the cart has items; free gift
// lines travel flagged (the pipeline drops them), priced 0.
const api = vi.hoisted(() => ({
  cartList: vi.fn(),
  miniCart: vi.fn(),
  dynamicCouponList: vi.fn(),
  bankOffer: vi.fn(),
  recommended: vi.fn(),
  freebieProducts: vi.fn(),
  saveForLater: vi.fn(),
  wishList: vi.fn(),
}));
vi.mock('../../src/features/cart/api.ts', () => ({ cartApi: api }));
const { default: CartPage } = await import('../../src/features/checkout/pages/Cart.tsx');
const { cartStore } = await import('../../src/features/cart/stores.ts');

const ok = (data: unknown) => Promise.resolve({ status: 1, message: 'Success', data });
const line = (over: Partial<CartLine>): CartLine => cartLine(over);
const cart = (lines: CartLine[], payable: number): CartListData => ({
  cart_data: lines,
  cart_meta: {
    cart_id: '11111111-2222-4333-8444-555555555555',
    coupon_code: null,
    coupon_applied: false,
    coupon_message: null,
    item_count: lines.filter((l) => !l.is_freebie).length,
    total_quantity: 2,
    version: 1,
    removed_freebies: [],
    free_delivery_from: 49_900,
  },
  price_meta: priceMetaList({
    total_mrp: 59_800,
    discount_on_mrp: 21_000,
    subtotal: 38_800,
    coupon_discount: 0,
    delivery_charges: 5_000,
    total_payable: payable,
  }),
});

let seen: DomainEvent[] = [];
const sub = events$.subscribe((e) => seen.push(e));
afterAll(() => sub.unsubscribe());
beforeEach(() => {
  seen = [];
  cartStore.reset();
  api.miniCart.mockImplementation(() => ok({ cart_id: null, item_count: 0, total_quantity: 0, total_payable: 0, items: [] }));
  api.dynamicCouponList.mockImplementation(() => ok([]));
  api.bankOffer.mockImplementation(() => ok({ amount: 0, offers: [], best: null }));
  api.recommended.mockImplementation(() => ok([]));
  api.freebieProducts.mockImplementation(() => ok({ cart_id: null, cart_subtotal: 0, freebies: [] }));
  api.saveForLater.mockImplementation(() => ok([]));
  api.wishList.mockImplementation(() => ok([]));
});

const renderCart = () =>
  render(
    <MemoryRouter initialEntries={['/cart']}>
      <ToastProvider>
        <CartPage />
      </ToastProvider>
    </MemoryRouter>,
  );

test('a cart with items is reported once as view_cart, gift lines flagged and priced 0', async () => {
  const gift = line({ id: 2, variant: 9, variant_id: 9, is_freebie: true, freebie_id: 1, sale_price: 0, price_before_tax: 0, quantity: 1 });
  api.cartList.mockImplementation(() => ok(cart([line({}), gift], 43_800)));
  renderCart();
  expect(await screen.findByRole('heading', { name: /My Cart/ })).toBeInTheDocument();
  expect(screen.getByText('FREE GIFT')).toBeInTheDocument();
  expect(screen.getByTestId('price-summary')).toHaveTextContent('Delivery charges₹50');
  await waitFor(() => expect(seen.filter((e) => e.event.name === 'view_cart')).toHaveLength(1));
  const view = seen.find((e) => e.event.name === 'view_cart')?.event as {
    items: Array<{ is_freebie?: boolean; sale_price: number }>;
    value: number;
  };
  expect(view.value).toBe(43_800);
  expect(view.items.map((i) => [i.is_freebie, i.sale_price])).toEqual([
    [false, 19_400],
    [true, 0],
  ]);
});

test('an empty cart reports no cart view', async () => {
  api.cartList.mockImplementation(() => ok(cart([], 0)));
  renderCart();
  await waitFor(() => expect(api.cartList).toHaveBeenCalled());
  await new Promise((r) => setTimeout(r, 50));
  expect(seen.filter((e) => e.event.name === 'view_cart')).toEqual([]);
});

test('the cart waits for the free-gift list before showing its lines, so the banner above them moves nothing', async () => {
  const { freebieStore } = await import('../../src/features/cart/stores.ts');
  freebieStore.reset();
  api.cartList.mockImplementation(() => ok(cart([line({})], 43_800)));
  let answer: (v: unknown) => void = () => undefined;
  api.freebieProducts.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderCart();
  await waitFor(() => expect(api.cartList).toHaveBeenCalled());
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByRole('list', { name: 'Products in your cart' })).toBeNull();
  answer({
    status: 1,
    message: 'Success',
    data: {
      cart_id: null,
      cart_subtotal: 38_800,
      freebies: [{ id: 1, name: 'Shaker', threshold: 30_000, amount_needed: 0, eligible: true, in_cart: false, in_stock: true }],
    },
  });
  expect(await screen.findByRole('list', { name: 'Products in your cart' })).toBeInTheDocument();
  expect(screen.getByTestId('freebie-progress')).toHaveTextContent('You have unlocked Shaker');
});
