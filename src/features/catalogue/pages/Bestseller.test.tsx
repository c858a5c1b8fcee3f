// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeApi, hit, listingResult, ok } from '../../../../tests/helpers/catalogue-fixtures.ts';
import { clearResourceCache } from '../../../api/cached-resource.ts';
import { MetaProvider } from '../../../ui/meta.tsx';
import { BESTSELLER_SAMPLE } from '../bestseller-sample.ts';
import BestsellerPage from './Bestseller.tsx';

// SPEC §3: a built-in sample of 5 bestseller products (price, rating, sales), shown where a bestseller listing has
// nothing to show.

function setup(hits: ReturnType<typeof hit>[]) {
  fakeApi((u) => (u.pathname === '/api/listing/bestseller' ? { body: ok(listingResult(hits)) } : undefined));
  const page = (
    <MetaProvider>
      <BestsellerPage />
    </MetaProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/bestseller/:slug/', element: page },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/bestseller/sports-nutrition/'] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => clearResourceCache());
afterEach(cleanup);

test('the sample holds 5 bestsellers, each with a price in paise, a rating out of 5 and sales', () => {
  expect(BESTSELLER_SAMPLE).toHaveLength(5);
  for (const s of BESTSELLER_SAMPLE) {
    expect(Number.isInteger(s.price) && s.price > 0).toBe(true);
    expect(s.rating).toBeGreaterThanOrEqual(1);
    expect(s.rating).toBeLessThanOrEqual(5);
    expect(Number.isInteger(s.sales) && s.sales > 0).toBe(true);
  }
});

test('an empty bestseller listing shows the sample, each entry leading to a search for it', async () => {
  setup([]);
  const list = await screen.findByTestId('bestseller-sample');
  const links = within(list).getAllByRole('link');
  expect(links).toHaveLength(5);
  expect(links[0]).toHaveAttribute('href', '/search?query=Whey%20protein');
  expect(within(list).getByText(/₹2,499 · rated 4\.5 of 5 · 12,400 sold/)).toBeInTheDocument();
});

test('a listing with products does not show the sample', async () => {
  setup([hit({ pid: 1, vid: 2, name: 'Real Whey', parent_name: 'Real Whey' })]);
  expect((await screen.findAllByText(/Real Whey/)).length).toBeGreaterThan(0);
  expect(screen.queryByTestId('bestseller-sample')).toBeNull();
});
