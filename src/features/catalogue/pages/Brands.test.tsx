// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { BrandSummary } from '../../../../schemas/catalogue.ts';
import { fakeApi, ok } from '../../../../tests/helpers/catalogue-fixtures.ts';
import { clearResourceCache } from '../../../api/cached-resource.ts';
import { MetaProvider } from '../../../ui/meta.tsx';
import { BRAND_GROUPS_CACHE_KEY, BROWSER_CACHE_TTL_MS } from '../local-cache.ts';
import BrandsPage from './Brands.tsx';

// SPEC §9 browser cache (3 days): a returning shopper's brand list shows at once from local storage, is refreshed
// in the background, and an entry 3 days old is not shown.

const brand = (id: number, name: string): BrandSummary => ({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  url: `/brand/${id}`,
  logo: '/logo.webp',
  country: 'India',
  is_top: false,
  product_count: 3,
});
const savedGroups = [{ letter: 'O', brands: [brand(1, 'Old Saved Brand')] }];
const freshGroups = [{ letter: 'F', brands: [brand(2, 'Fresh Brand')] }];

function setup() {
  fakeApi((u) => (u.pathname === '/api/listing/store-brand-list' ? { body: ok(freshGroups) } : undefined));
  const page = (
    <MetaProvider>
      <BrandsPage />
    </MetaProvider>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '/brands', element: page }], { initialEntries: ['/brands'] })} />);
}

const NOW = Date.now();
beforeEach(() => {
  clearResourceCache();
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

test('a list kept 3 days − 1 ms shows at once, then the fresh list replaces it and is kept', async () => {
  localStorage.setItem(BRAND_GROUPS_CACHE_KEY, JSON.stringify({ at: NOW - BROWSER_CACHE_TTL_MS + 1, value: savedGroups }));
  setup();
  expect(screen.getByText('Old Saved Brand')).toBeInTheDocument();
  await screen.findByText('Fresh Brand');
  expect(screen.queryByText('Old Saved Brand')).toBeNull();
  await waitFor(() => expect(JSON.parse(localStorage.getItem(BRAND_GROUPS_CACHE_KEY) ?? 'null')).toEqual({ at: NOW, value: freshGroups }));
});

test('a list kept 3 days is not shown: the page waits for the fresh one', async () => {
  localStorage.setItem(BRAND_GROUPS_CACHE_KEY, JSON.stringify({ at: NOW - BROWSER_CACHE_TTL_MS, value: savedGroups }));
  setup();
  expect(screen.queryByText('Old Saved Brand')).toBeNull();
  await screen.findByText('Fresh Brand');
});
