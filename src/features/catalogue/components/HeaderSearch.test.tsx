// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { searchTermCookie } from '../local-data.ts';
import { fakeApi, ok } from '../../../../tests/helpers/catalogue-fixtures.ts';
import { HeaderSearch } from './HeaderSearch.tsx';

// Header search suggestions: debounced, an ARIA combobox driven from the keyboard, leading to product pages,
// brand / category pages or the search page.

const suggestions = {
  query: 'whey',
  products: [
    {
      pid: 3,
      vid: 9,
      name: 'Performance Whey',
      url: '/product/performance-whey/?pId=3&vId=9',
      thumbnail_image: '/images/product/9.svg',
      sale_price: 305_900,
    },
    {
      pid: 8,
      vid: 27,
      name: 'Pro Whey',
      url: '/product/pro-whey/?pId=8&vId=27',
      thumbnail_image: '/images/product/27.svg',
      sale_price: 220_900,
    },
  ],
  brands: [{ id: 2, name: 'Himalayan Whey', slug: 'himalayan-whey', url: '/brand/himalayan-whey' }],
  categories: [{ id: 3, name: 'Whey Protein', slug: 'whey-protein', url: '/product-category/whey-protein' }],
};

function setup(start = '/') {
  const calls = fakeApi((u) =>
    u.pathname === '/api/search/search-suggestion-list' ? { body: ok({ ...suggestions, query: u.searchParams.get('q') }) } : undefined,
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <HeaderSearch />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: <p>page</p> }],
      },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  const box = screen.getByRole('combobox', { name: 'Search products and brands' });
  const where = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { calls, box, where, router };
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
  document.cookie = 'search_term=; Max-Age=0; Path=/';
});

test('typing shows suggestions; arrows move through them and Enter opens one', async () => {
  const t = setup();
  await userEvent.type(t.box, 'wh');
  await userEvent.type(t.box, 'ey');
  const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
  expect(t.box).toHaveAttribute('aria-expanded', 'true');
  // Debounced: one request for the whole word, not one per key.
  expect(t.calls.filter((c) => c.startsWith('/api/search/search-suggestion-list'))).toEqual(['/api/search/search-suggestion-list?q=whey']);
  const options = within(list).getAllByRole('option');
  expect(options.map((o) => o.getAttribute('aria-label') ?? o.textContent)).toEqual([
    'Performance Whey, ₹3,059',
    'Pro Whey, ₹2,209',
    'Himalayan Whey',
    'Whey Protein',
    'Search for “whey”',
  ]);
  expect(screen.getByRole('status')).toHaveTextContent('5 suggestions available');

  await userEvent.keyboard('{ArrowDown}{ArrowDown}');
  expect(t.box).toHaveAttribute('aria-activedescendant', options[1]?.id);
  expect(options[1]).toHaveAttribute('aria-selected', 'true');
  await userEvent.keyboard('{ArrowUp}{ArrowUp}');
  expect(t.box).toHaveAttribute('aria-activedescendant', options[4]?.id);
  await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
  await waitFor(() => expect(t.where()).toBe('/product/pro-whey/?pId=8&vId=27'));
  expect(t.box).toHaveAttribute('aria-expanded', 'false');
});

test('Enter with no option chosen searches for the text', async () => {
  const t = setup();
  await userEvent.type(t.box, 'choclate whey{Enter}');
  await waitFor(() => expect(t.where()).toBe('/search?q=choclate+whey'));
});

test('a click on a brand suggestion opens the brand page', async () => {
  const t = setup();
  await userEvent.type(t.box, 'whey');
  await userEvent.click(await screen.findByRole('option', { name: 'Himalayan Whey' }));
  await waitFor(() => expect(t.where()).toBe('/brand/himalayan-whey'));
});

test('Escape closes the list, a second Escape clears the box', async () => {
  const t = setup();
  await userEvent.type(t.box, 'whey');
  await screen.findByRole('option', { name: 'Pro Whey, ₹2,209' });
  await userEvent.keyboard('{Escape}');
  expect(t.box).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('option')).toBeNull();
  await userEvent.keyboard('{Escape}');
  expect(t.box).toHaveValue('');
});

test('a single letter asks for nothing', async () => {
  const t = setup();
  await userEvent.type(t.box, 'w');
  await new Promise((r) => setTimeout(r, 300));
  expect(t.calls).toEqual([]);
  expect(t.box).toHaveAttribute('aria-expanded', 'false');
});

test('an empty box offers the last search (search-term cookie)', async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the search page sets
  document.cookie = searchTermCookie('creatine');
  const t = setup();
  await userEvent.click(t.box);
  await userEvent.click(await screen.findByRole('option', { name: 'creatine' }));
  await waitFor(() => expect(t.where()).toBe('/search?q=creatine'));
});

test('on the search page the box shows the term being searched', () => {
  const t = setup('/search?q=gold%20whey&sortby=price_asc');
  expect(t.box).toHaveValue('gold whey');
});

test('a term in the box that the state has not seen (typed before hydration) is the one searched', async () => {
  const t = setup();
  // As the browser keeps what a shopper typed before the app hydrated: the value, with no React change event.
  (t.box as HTMLInputElement).value = 'whey';
  (t.box.closest('form') as HTMLFormElement).requestSubmit();
  await waitFor(() => expect(t.where()).toBe('/search?q=whey'));
});
