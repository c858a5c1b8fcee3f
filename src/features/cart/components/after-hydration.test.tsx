// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { startTransition } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { BankOfferView, ProductCard } from '../../../../schemas/cart.ts';
import { cartApi } from '../api.ts';
import { BankOfferList } from './BankOfferList.tsx';
import { RecommendedProducts } from './RecommendedProducts.tsx';

// The cart's sections that arrive after hydration are drawn as transitions (React renders them in slices, so the
// page's start has no long task of theirs). startTransition passes through to React's own.
vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react')>();
  return { ...actual, startTransition: vi.fn(actual.startTransition) };
});

const product: ProductCard = {
  pid: 3,
  vid: 9,
  variant_id: 9,
  name: 'Whey Performance',
  variant_name: 'Whey Performance, 1 kg',
  slug: 'whey-performance',
  url: '/product/whey-performance/?pId=3&vId=9',
  sku: 'KS-9',
  parent_sku: 'KS-3',
  brand_name: 'Himalayan Whey',
  category_name: 'Whey Protein',
  regular_price: 349900,
  sale_price: 299900,
  percent_off: 14,
  thumbnail_image: '/images/product/9.webp',
  stock_status: 'in_stock',
  swatch: [],
};

const offer: BankOfferView = {
  id: 1,
  bank: 'HDFC Bank',
  instrument: 'card',
  description: '10% off with HDFC Bank cards',
  kind: 'percent',
  value: 10,
  max_discount: 50000,
  min_cart: 100000,
  valid_till: '2026-12-31',
  applicable: null,
  discount: 0,
  reason: null,
};

afterEach(() => vi.restoreAllMocks());

test('recommended products that arrive apply as a transition', async () => {
  vi.spyOn(cartApi, 'recommended').mockResolvedValue({ data: [product] } as never);
  const transitions = vi.mocked(startTransition);
  transitions.mockClear();
  render(
    <MemoryRouter>
      <RecommendedProducts version={1} onResult={() => {}} />
    </MemoryRouter>,
  );
  await act(async () => {});
  expect(screen.getByRole('button', { name: 'Add Whey Performance, 1 kg to cart' })).toBeInTheDocument();
  expect(transitions).toHaveBeenCalledTimes(1);
});

test('bank offers that arrive apply as a transition', async () => {
  vi.spyOn(cartApi, 'bankOffer').mockResolvedValue({ data: { offers: [offer] } } as never);
  const transitions = vi.mocked(startTransition);
  transitions.mockClear();
  render(<BankOfferList version={1} />);
  await act(async () => {});
  expect(screen.getByText(/10% off with HDFC Bank cards/)).toBeInTheDocument();
  expect(transitions).toHaveBeenCalledTimes(1);
});
