// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type DomainEvent, events$ } from '../../../../events/index.ts';
import type { ShipmentItem } from '../../../../schemas/orders.ts';
import { ToastProvider } from '../../../ui/Toast.tsx';
import { cartApi } from '../../cart/index.ts';
import { BuyAgain } from './BuyAgain.tsx';

// SPEC §4: buy again from the order details, reported as an add to cart from the `orderdetail` origin.

const bought: ShipmentItem = {
  order_item_id: 11,
  variant_id: 76,
  variant_sku: 'KS-76',
  product_id: 30,
  name: 'Gold Whey Protein',
  brand: 'Olympia Labs',
  category_name: 'Whey Protein',
  swatch: '1 kg, Chocolate',
  quantity: 2,
  cancelled_quantity: 0,
  returned_quantity: 0,
  cancellable_quantity: 0,
  returnable_quantity: 2,
  mrp: 349_900,
  sale_price: 299_900,
  discount_share: 0,
  paid: 599_800,
  is_freebie: false,
  thumbnail_image: '/images/product/76.webp',
};

afterEach(() => vi.restoreAllMocks());

test('buy again adds one unit of the bought variant and reports add_to_cart from orderdetail', async () => {
  const add = vi.spyOn(cartApi, 'addToCart').mockResolvedValue({ status: 1, message: 'Added to cart', data: { cart_id: 'c1' } } as never);
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((e) => seen.push(e));
  render(
    <MemoryRouter initialEntries={['/account/order/order-details/KS100001']}>
      <ToastProvider>
        <BuyAgain item={bought} />
      </ToastProvider>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Buy again' }));
  await waitFor(() => expect(add).toHaveBeenCalledWith(76, 1));
  await waitFor(() =>
    expect(seen.map((d) => d.event)).toContainEqual(expect.objectContaining({ name: 'add_to_cart', origin: 'orderdetail' })),
  );
  const reported = seen.map((d) => d.event).find((e) => e.name === 'add_to_cart') as { item: Record<string, unknown> };
  expect(reported.item).toMatchObject({ variant_id: 76, product_id: 30, sku: 'KS-76', quantity: 1, sale_price: 299_900 });
  sub.unsubscribe();
});

test('a free gift cannot be bought again', () => {
  render(
    <MemoryRouter>
      <BuyAgain item={{ ...bought, is_freebie: true }} />
    </MemoryRouter>,
  );
  expect(screen.queryByRole('button', { name: 'Buy again' })).toBeNull();
});
