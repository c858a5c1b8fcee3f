// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { type DomainEvent, events$ } from '../../../../events/index.ts';
import { MetaProvider } from '../../../ui/meta.tsx';
import { readSearchTerm } from '../local-data.ts';
import { clearResourceCache } from '../../../api/cached-resource.ts';
import { fakeApi, hit, listingResult, ok } from '../../../../tests/helpers/catalogue-fixtures.ts';
import { ToastProvider } from '../../../ui/Toast.tsx';
import SearchPage from './Search.tsx';

// The search page: ?query= becomes ?q=, the term is remembered (cookie), a new term reports search,
// search_query_fetched and the results list once; filter or sort changes report the list again but not a new
// search; a click on a result is a search click (select_item on the search list).

const results = [
  hit({ pid: 1, vid: 11, parent_name: 'Gold Whey', sale_price: 250_000 }),
  hit({ pid: 2, vid: 21, parent_name: 'Iso Whey', sale_price: 150_000 }),
];

/** The search's own id, as the search answer gives it. */
const QUERY_ID = '0123456789abcdef0123456789abcdef';

function setup(url: string) {
  const calls = fakeApi((u) => {
    if (u.pathname !== '/api/search/product-search-listing') return undefined;
    const hits = u.searchParams.get('sortby') === 'price_asc' ? [...results].reverse() : results;
    return {
      body: ok(
        listingResult(hits, {
          queryID: QUERY_ID,
          results: {
            query: u.searchParams.get('q') ?? '',
            sortby: 'relevance',
            page: 1,
            nbPages: 1,
            hitsPerPage: 24,
            facets: [],
            partial_match: false,
          },
        }),
      ),
    };
  });
  const router = createMemoryRouter(
    [
      {
        path: '/search',
        element: (
          <MetaProvider>
            <ToastProvider>
              <SearchPage />
            </ToastProvider>
          </MetaProvider>
        ),
      },
      { path: '*', element: <h1>Product page</h1> },
    ],
    { initialEntries: [url] },
  );
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((e) => seen.push(e));
  render(<RouterProvider router={router} />);
  const names = () => seen.map((e) => e.event.name);
  return { router, calls, seen, names, done: () => sub.unsubscribe() };
}

beforeEach(() => clearResourceCache());

test('a search reports once; a re-sort is a new list view, not a new search; a click is a search click', async () => {
  const t = setup('/search?q=gold%20whey');
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Results for “gold whey”');
  await waitFor(() => expect(t.names()).toEqual(['search', 'search_query_fetched', 'view_item_list']));
  expect(t.seen[0]?.event).toEqual({ name: 'search', search_term: 'gold whey' });
  // The query id is the one the search answered, never one made up in the browser.
  expect(t.seen[1]?.event).toMatchObject({ name: 'search_query_fetched', search_term: 'gold whey', results: 2, query_id: QUERY_ID });
  expect(readSearchTerm(document.cookie)).toBe('gold whey');
  expect(document.title).toBe('Search results for “gold whey” | Kasrat');

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
  await waitFor(() => expect(t.names()).toHaveLength(4));
  expect(t.names()[3]).toBe('view_item_list');
  expect(t.router.state.location.search).toBe('?q=gold+whey&sortby=price_asc');

  const card = screen.getAllByTestId('product-card')[0] as HTMLElement;
  await userEvent.click(within(card).getByRole('link'));
  await waitFor(() => expect(t.names()).toContain('select_item'));
  expect(t.seen.find((e) => e.event.name === 'select_item')?.event).toMatchObject({
    list_name: 'search',
    index: 0,
    item: { variant_id: 21 },
  });
  expect(t.names().filter((n) => n === 'search')).toHaveLength(1);
  t.done();
});

test('SPEC §2 search link ?query= is read and rewritten to ?q=', async () => {
  const t = setup('/search?query=creatine');
  await waitFor(() => expect(t.router.state.location.search).toBe('?q=creatine'));
  expect(t.router.state.historyAction).toBe('REPLACE');
  await waitFor(() => expect(t.calls).toContain('/api/search/product-search-listing?q=creatine'));
  t.done();
});

test('no term: a prompt, no request', async () => {
  const t = setup('/search');
  expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
  expect(t.calls).toEqual([]);
  t.done();
});
