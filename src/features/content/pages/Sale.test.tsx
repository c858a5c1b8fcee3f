// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { type DomainEvent, type EventOf, events$ } from '../../../../events/index.ts';
import type { ProductHit, Promotion, SalePageData } from '../../../../schemas/catalogue.ts';
import { fakeApi, hit, ok } from '../../../../tests/helpers/catalogue-fixtures.ts';
import { createHarness } from '../../../../tests/helpers/provider-harness.ts';
import { DEFAULT_IMAGE } from '../../../ui/Img.tsx';
import { MetaProvider } from '../../../ui/meta.tsx';
import { ToastProvider } from '../../../ui/Toast.tsx';
import { clearResourceCache } from '../../../api/cached-resource.ts';
import SalePage from './Sale.tsx';

// The sale page: its SPEC §2 sections, rupees in Indian grouping, image fallback, skeleton and error, and the
// view_sale_page / view_item_list events whose products fill up to 5 from the blockbuster offers, then the
// sale's products (SPEC §9).

const promo = (id: number, kind: string, slot: string, product: ProductHit | null = null): Promotion => ({
  id,
  kind,
  title: `Promotion ${id}`,
  description: `Offer ${id}`,
  href: '/offers-coupons/',
  image: { src: `/images/banner/${id}.svg`, width: 600, height: 300, alt: `Promotion ${id}` },
  creative_slot: slot,
  brand: kind === 'partner' ? { id, name: `Partner ${id}`, slug: `partner-${id}` } : null,
  product,
  position: id,
  items: product ? [product] : [],
  is_preview: false,
});

const blockbuster = [
  hit({ pid: 1, vid: 11, parent_name: 'Blockbuster Whey', regular_price: 12_345_600, sale_price: 9_876_500 }),
  hit({ pid: 2, vid: 21 }),
];
// The first category product repeats a blockbuster one: the fill skips it.
const category = [hit({ pid: 1, vid: 11 }), ...[3, 4, 5, 6, 7].map((pid) => hit({ pid, vid: pid * 10 + 1 }))];
const sale: SalePageData = {
  slug: 'mega-sale',
  title: 'Mega Sale',
  partner_brand_offers: [promo(1, 'partner', 'sale_partner_brand_offers')],
  banner_1: [promo(2, 'banner_web', 'sale_banner_1'), promo(3, 'banner_mobile', 'sale_banner_1')],
  budget_buys: [promo(4, 'budget_buy', 'sale_budget_buys', hit({ pid: 8, vid: 81, parent_name: 'Budget Bar' }))],
  deals_on_favourites: [hit({ pid: 9, vid: 91, parent_name: 'Favourite Creatine' })],
  blockbuster,
  category_products: category,
  preview_id: null,
};

function setup(url: string, answer: (u: URL) => { status?: number; body: unknown } | undefined = () => undefined) {
  const calls = fakeApi((u) => {
    const custom = answer(u);
    if (custom) return custom;
    if (u.pathname === '/api/sale/get-sale-page-data' || u.pathname === '/api/sale/get-preview-salepage-data')
      return { body: ok({ ...sale, slug: u.searchParams.get('slug') }) };
    if (u.pathname === '/api/sale/get-brands-on-offer')
      return {
        body: ok([
          {
            id: 1,
            name: 'Titan Forge',
            slug: 'titan-forge',
            logo: '/images/brand/1.svg',
            product_count: 3,
            url: '/brand/titan-forge',
            country: 'USA',
            is_top: true,
            max_percent_off: 42,
          },
        ]),
      };
    if (u.pathname === '/api/sale/get-bank-offer')
      return {
        body: ok([
          {
            id: 1,
            bank: 'HDFC Bank',
            instrument: 'credit_card',
            description: 'On HDFC credit cards',
            kind: 'percent',
            value: 10,
            max_discount: 150_000,
            min_cart: 299_900,
          },
        ]),
      };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/sale/:slug', element: <SalePage /> },
      { path: '/preview/sale/:slug', element: <SalePage /> },
      // Where a tapped product leads: a page of its own, so the navigation a tap starts has a route to land on.
      { path: '*', element: <p>Another page</p> },
    ].map((r) => ({
      ...r,
      element: (
        <MetaProvider>
          <ToastProvider>{r.element}</ToastProvider>
        </MetaProvider>
      ),
    })),
    { initialEntries: [url] },
  );
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((e) => seen.push(e));
  render(<RouterProvider router={router} />);
  return { calls, seen, done: () => sub.unsubscribe() };
}

beforeEach(() => clearResourceCache());

test('the sale page shows every SPEC §2 section, with rupees in Indian grouping', async () => {
  const t = setup('/sale/mega-sale');
  expect(await screen.findByRole('heading', { level: 1, name: 'Mega Sale' })).toBeInTheDocument();
  for (const name of ['Blockbuster offers', 'Partner brand offers', 'Budget buys', 'Deals on favourites'])
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'Bank offers' })).toBeInTheDocument();
  expect(screen.getByText('10% off up to ₹1,500 on orders of ₹2,999 or more')).toBeInTheDocument();
  expect(await screen.findByText('Up to 42% off')).toBeInTheDocument();
  // The blockbuster list is its own call: its prices are waited for, not assumed to have come with the page's.
  const blockbusters = await screen.findByRole('list', { name: 'Blockbuster offers' });
  expect((await within(blockbusters).findAllByText(/₹98,765/)).length).toBeGreaterThan(0);
  expect(within(blockbusters).getAllByText(/₹1,23,456/).length).toBeGreaterThan(0);
  expect(document.querySelector('[data-promotion="sale_banner_1"]')).not.toBeNull();
  expect(t.calls).toContain('/api/sale/get-sale-page-data?slug=mega-sale');
  expect(document.title).toBe('Mega Sale – authentic supplements at sale prices | Kasrat');
  t.done();
});

test('the product sections follow the order marketing gave them', async () => {
  const t = setup('/sale/mega-sale', (u) =>
    u.pathname === '/api/sale/get-sale-page-data'
      ? { body: ok({ ...sale, section_order: ['category_products', 'deals_on_favourites', 'blockbuster'] }) }
      : undefined,
  );
  await screen.findByRole('heading', { level: 1, name: 'Mega Sale' });
  const names = ['All mega sale products', 'Deals on favourites', 'Blockbuster offers'];
  const headings = screen
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '')
    .filter((name) => names.includes(name));
  expect(headings).toEqual(names);
  t.done();
});

test('a broken image falls back to the default image', async () => {
  const t = setup('/sale/mega-sale');
  const list = await screen.findByRole('list', { name: 'Blockbuster offers' });
  const img = list.querySelector('img') as HTMLImageElement;
  fireEvent.error(img);
  await waitFor(() => expect(img.getAttribute('src')).toBe(DEFAULT_IMAGE));
  t.done();
});

test('a skeleton while loading; the server message and a retry on failure', async () => {
  let fail = true;
  const t = setup('/sale/mega-sale', (u) =>
    u.pathname === '/api/sale/get-sale-page-data' && fail
      ? { status: 500, body: { status: 0, message: 'Sale is resting.', data: null } }
      : undefined,
  );
  expect(screen.getByRole('status')).toHaveTextContent('Loading the sale…');
  expect(await screen.findByRole('alert')).toHaveTextContent('Sale is resting.');
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Mega Sale' })).toBeInTheDocument();
  t.done();
});

test('view_sale_page carries the slug; the sale list reports the blockbuster offers, then fills from the sale products', async () => {
  const t = setup('/sale/mega-sale');
  await screen.findByRole('heading', { level: 1, name: 'Mega Sale' });
  await waitFor(() => expect(t.seen.some((e) => e.event.name === 'view_sale_page')).toBe(true));
  t.done();
  expect(t.seen.find((e) => e.event.name === 'view_sale_page')?.event).toEqual({ name: 'view_sale_page', slug: 'mega-sale' });
  const list = t.seen
    .map((e) => e.event)
    .find((e): e is EventOf<'view_item_list'> => e.name === 'view_item_list' && e.list_name === 'Sale: Mega Sale');
  expect(list?.listing).toBe('sale');
  expect(list?.items.map((i) => i.variant_id)).toEqual([11, 21]);
  expect(list?.fill_items?.map((i) => i.variant_id)).toEqual([11, 31, 41, 51, 61, 71]);
  // Positions continue after the blockbuster offers.
  expect(list?.fill_items?.[1]?.index).toBe(3);

  // What the providers send for that event (SPEC §9): 5 products, blockbuster first, the repeat skipped.
  const h = createHarness();
  if (!list) throw new Error('no sale list event');
  h.emit(list, { url: '/sale/mega-sale' });
  const marketing = h.calls.moengage.find((c) => (c[2] as { skus?: string[] })?.skus);
  expect((marketing?.[2] as { skus?: string[] } | undefined)?.skus).toEqual(['SKU111', 'SKU221', 'SKU331', 'SKU441', 'SKU551']);
  // Under /preview/ the same events are suppressed (SPEC §2).
  h.clear();
  h.emit(list, { url: '/preview/sale/mega-sale' });
  h.emit({ name: 'view_sale_page', slug: 'mega-sale' }, { url: '/preview/sale/mega-sale' });
  expect(h.calls.moengage).toHaveLength(0);
  expect(h.win.dataLayer).toEqual([]);
  h.stop();
});

test('the staff preview reads the preview call with its id and says it is a preview', async () => {
  const t = setup('/preview/sale/mega-sale?id=7', (u) =>
    u.pathname === '/api/sale/get-preview-salepage-data' ? { body: ok({ ...sale, preview_id: 7 }) } : undefined,
  );
  expect(await screen.findByRole('note')).toHaveTextContent('Staff preview #7');
  expect(t.calls).toContain('/api/sale/get-preview-salepage-data?slug=mega-sale&id=7');
  expect(t.calls.some((c) => c.startsWith('/api/sale/get-sale-page-data'))).toBe(false);
  t.done();
});

test('SPEC §2: deals on favourites is reported as a promotion when seen and when one of its products is tapped', async () => {
  const t = setup('/sale/mega-sale');
  await screen.findByRole('heading', { level: 2, name: 'Deals on favourites' });
  const promotions = () => t.seen.map((d) => d.event).filter((e) => e.name === 'view_promotion' || e.name === 'select_promotion');
  await waitFor(() =>
    expect(promotions()).toContainEqual(
      expect.objectContaining({
        name: 'view_promotion',
        promotion: { section: 'sale_deals_on_favourites', name: 'Deals on favourites' },
        items: [expect.objectContaining({ variant_id: 91, name: 'Favourite Creatine', index: 0 })],
      }),
    ),
  );
  const favourites = document.querySelector('[data-promotion="sale_deals_on_favourites"]') as HTMLElement;
  fireEvent.click(within(favourites).getAllByRole('link')[0] as HTMLElement);
  await screen.findByText('Another page');
  expect(promotions().filter((e) => e.name === 'select_promotion' && e.promotion.section === 'sale_deals_on_favourites')).toHaveLength(1);
  t.done();
});
