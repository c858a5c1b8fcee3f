// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import type { Facet, ProductHit } from '../../../../schemas/catalogue.ts';
import { type DomainEvent, type EventOf, events$ } from '../../../../events/index.ts';
import { isFilteredListing } from '../../../../providers/rules.ts';
import { clearResourceCache } from '../../../api/cached-resource.ts';
import { fakeApi, hit, listingResult, ok } from '../../../../tests/helpers/catalogue-fixtures.ts';
import { ToastProvider } from '../../../ui/Toast.tsx';
import { ListingView } from './ListingView.tsx';

// The shared listing UI: filters and sort live in the URL both ways (a shared link restores them; each change
// is a history entry the back button undoes), facet counts are the API's, and listing views are reported with
// what the filtered-listing rule needs.

const products: ProductHit[] = [
  hit({ pid: 1, vid: 11, parent_name: 'Alpha Whey', flavour: 'Chocolate', sale_price: 90_000 }),
  hit({ pid: 2, vid: 21, parent_name: 'Beta Whey', flavour: 'Vanilla', sale_price: 60_000 }),
  hit({ pid: 3, vid: 31, parent_name: 'Gamma Whey', flavour: 'Chocolate', sale_price: 75_000 }),
];

const facets = (flavours: string[]): Facet[] => [
  { name: 'brand', label: 'Brand', values: [{ value: 'titan-forge', label: 'Titan Forge', count: 3 }] },
  {
    name: 'flavour',
    label: 'Flavour',
    values: [
      { value: 'chocolate', label: 'Chocolate', count: 2 },
      { value: 'vanilla', label: 'Vanilla', count: 1 },
    ],
  },
  {
    name: 'price',
    label: 'Price',
    values: [
      { value: '500-999', label: '₹500 – ₹999', count: 3 },
      { value: '1000-1999', label: '₹1,000 – ₹1,999', count: 0 },
    ],
  },
  { name: 'availability', label: 'Availability', values: [{ value: 'in_stock', label: 'In stock', count: 3 }] },
  { name: 'food_type', label: 'Veg / Non-Veg', values: flavours.length ? [] : [{ value: 'veg', label: 'Veg', count: 3 }] },
];

/** A tiny listing API: filters by flavour and price, sorts by price, pages of 2. */
function listingApi() {
  return fakeApi((u) => {
    if (u.pathname !== '/api/listing/brand') return undefined;
    const q = u.searchParams;
    const flavours = (q.get('flavour') ?? '').split(',').filter(Boolean);
    const min = Number(q.get('price_min') ?? 0);
    const max = q.has('price_max') ? Number(q.get('price_max')) : Number.POSITIVE_INFINITY;
    let hits = products.filter(
      (p) => (!flavours.length || flavours.includes((p.flavour ?? '').toLowerCase())) && p.sale_price >= min && p.sale_price <= max,
    );
    if (q.get('sortby') === 'price_asc') hits = [...hits].sort((a, b) => a.sale_price - b.sale_price);
    const pn = Number(q.get('pn') ?? 1);
    const nbPages = Math.ceil(hits.length / 2);
    const result = listingResult(hits.slice((pn - 1) * 2, pn * 2), {
      facets: facets(flavours),
      page: pn,
      nbPages,
      nbHits: hits.length,
      active_filters: flavours.map((f) => ({ facet: 'flavour' as const, value: f, label: f[0]?.toUpperCase() + f.slice(1) })),
      active_price: { min: q.has('price_min') ? min : null, max: q.has('price_max') ? max : null, range_min: null, range_max: null },
    });
    result.results.hitsPerPage = 2;
    return { body: ok(result) };
  });
}

function BrandListing() {
  const { slug = '' } = useParams();
  return (
    <ListingView
      endpoint="brand"
      base={{ slug }}
      listName="Brand: Titan Forge"
      listing="brand"
      eventInfo={{ brand: 'Titan Forge' }}
      hideFacets={['brand']}
    />
  );
}

function setup(url: string) {
  const calls = listingApi();
  const router = createMemoryRouter(
    [
      {
        path: '/brand/:slug',
        element: (
          <ToastProvider>
            <BrandListing />
          </ToastProvider>
        ),
      },
      { path: '*', element: <h1>Product page</h1> },
    ],
    { initialEntries: [url] },
  );
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((e) =>
    seen.push({ ...e, ctx: { ...e.ctx, url: `${router.state.location.pathname}${router.state.location.search}` } }),
  );
  render(<RouterProvider router={router} />);
  const search = () => router.state.location.search;
  const names = () => screen.getAllByTestId('product-card').map((c) => within(c).getByRole('link').textContent);
  const views = () => seen.filter((e) => e.event.name === 'view_item_list') as Array<DomainEvent<EventOf<'view_item_list'>>>;
  return { router, calls, search, names, views, done: () => sub.unsubscribe() };
}

const facetBox = (facet: string) => screen.getByRole('group', { name: new RegExp(`^${facet}`) });

beforeEach(() => clearResourceCache());

test('a shared URL restores its filters, sort and page', async () => {
  const t = setup('/brand/titan-forge?flavour=chocolate&sortby=price_asc');
  await waitFor(() => expect(t.names()).toEqual(['Gamma Whey', 'Alpha Whey']));
  expect(t.calls).toContain('/api/listing/brand?slug=titan-forge&flavour=chocolate&sortby=price_asc');
  expect(within(facetBox('Flavour')).getByRole('checkbox', { name: /Chocolate/ })).toBeChecked();
  expect(within(facetBox('Flavour')).getByRole('checkbox', { name: /Vanilla/ })).not.toBeChecked();
  expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  expect(screen.getByRole('button', { name: 'Remove filter Chocolate' })).toBeInTheDocument();
  t.done();
});

test('each change writes the URL (a new history entry), the back button undoes it', async () => {
  const t = setup('/brand/titan-forge');
  await waitFor(() => expect(t.names()).toHaveLength(2));

  await userEvent.click(within(facetBox('Flavour')).getByRole('checkbox', { name: /Chocolate/ }));
  await waitFor(() => expect(t.search()).toBe('?flavour=chocolate'));
  expect(t.router.state.historyAction).toBe('PUSH');

  await userEvent.click(within(facetBox('Price')).getByRole('radio', { name: /₹500 – ₹999/ }));
  await waitFor(() => expect(t.search()).toBe('?flavour=chocolate&price_min=50000&price_max=99999'));

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
  await waitFor(() => expect(t.search()).toBe('?flavour=chocolate&price_min=50000&price_max=99999&sortby=price_asc'));
  await waitFor(() => expect(t.names()).toEqual(['Gamma Whey', 'Alpha Whey']));
  expect(t.calls.at(-1)).toBe('/api/listing/brand?slug=titan-forge&flavour=chocolate&price_min=50000&price_max=99999&sortby=price_asc');

  act(() => void t.router.navigate(-1));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance'));
  expect(t.search()).toBe('?flavour=chocolate&price_min=50000&price_max=99999');
  expect(within(facetBox('Price')).getByRole('radio', { name: /₹500 – ₹999/ })).toBeChecked();

  act(() => void t.router.navigate(-2));
  await waitFor(() => expect(within(facetBox('Flavour')).getByRole('checkbox', { name: /Chocolate/ })).not.toBeChecked());
  expect(t.search()).toBe('');
  t.done();
});

test('pages are links carrying the filters; a filter change goes back to page 1', async () => {
  const t = setup('/brand/titan-forge?sortby=price_asc');
  await waitFor(() => expect(t.names()).toEqual(['Beta Whey', 'Gamma Whey']));
  await userEvent.click(screen.getByRole('link', { name: 'Page 2' }));
  await waitFor(() => expect(t.names()).toEqual(['Alpha Whey']));
  expect(t.search()).toBe('?sortby=price_asc&pn=2');
  await userEvent.click(within(facetBox('Flavour')).getByRole('checkbox', { name: /Vanilla/ }));
  await waitFor(() => expect(t.search()).toBe('?flavour=vanilla&sortby=price_asc'));
  t.done();
});

test('facet counts shown are the API’s; values with no products stay listed only when the API lists them', async () => {
  const t = setup('/brand/titan-forge');
  await waitFor(() => expect(t.names()).toHaveLength(2));
  const counts = (facet: string) =>
    Object.fromEntries(
      within(facetBox(facet))
        .getAllByRole('checkbox')
        .map((box) => [box.getAttribute('data-value'), box.closest('label')?.querySelector('[data-count]')?.getAttribute('data-count')]),
    );
  expect(counts('Flavour')).toEqual({ chocolate: '2', vanilla: '1' });
  expect(within(facetBox('Availability')).getByRole('checkbox', { name: 'In stock only, 3 products' })).toBeInTheDocument();
  // The brand facet is hidden on a brand page.
  expect(screen.queryByRole('group', { name: /^Brand/ })).toBeNull();
  t.done();
});

test('listing views: the plain brand page is a default view, a sorted or filtered one is filtered (SPEC §5)', async () => {
  const t = setup('/brand/titan-forge');
  await waitFor(() => expect(t.views()).toHaveLength(1));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
  await waitFor(() => expect(t.views()).toHaveLength(2));
  await userEvent.click(within(facetBox('Flavour')).getByRole('checkbox', { name: /Vanilla/ }));
  await waitFor(() => expect(t.views()).toHaveLength(3));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'relevance');
  await waitFor(() => expect(t.views()).toHaveLength(4));

  const rows = t.views().map((v) => ({ url: v.ctx.url, filters: v.event.active_filters, filtered: isFilteredListing(v.event, v.ctx.url) }));
  expect(rows).toEqual([
    { url: '/brand/titan-forge', filters: 0, filtered: false },
    { url: '/brand/titan-forge?sortby=price_asc', filters: 0, filtered: true },
    { url: '/brand/titan-forge?flavour=vanilla&sortby=price_asc', filters: 1, filtered: true },
    { url: '/brand/titan-forge?flavour=vanilla', filters: 1, filtered: true },
  ]);
  const first = t.views()[0]?.event;
  expect(first).toMatchObject({ listing: 'brand', list_name: 'Brand: Titan Forge', brand: 'Titan Forge', active_price: false });
  expect(first?.items.map((i) => [i.variant_id, i.index])).toEqual([
    [11, 0],
    [21, 1],
  ]);
  t.done();
});

test('choosing a product reports select_item with its list and position', async () => {
  const t = setup('/brand/titan-forge?pn=2');
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((e) => seen.push(e));
  await waitFor(() => expect(t.names()).toEqual(['Gamma Whey']));
  await userEvent.click(screen.getByRole('link', { name: /Gamma Whey/ }));
  const select = seen.find((e) => e.event.name === 'select_item')?.event as EventOf<'select_item'>;
  expect(select).toMatchObject({
    list_name: 'Brand: Titan Forge',
    index: 2,
    item: { variant_id: 31, list_name: 'Brand: Titan Forge', index: 2 },
  });
  sub.unsubscribe();
  t.done();
});
