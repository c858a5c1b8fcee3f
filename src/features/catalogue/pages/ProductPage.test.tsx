// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { type DomainEvent, events$ } from '../../../../events/index.ts';
import { setNavigator } from '../../../api/client.ts';
import { MetaProvider } from '../../../ui/meta.tsx';
import { clearResourceCache, seedResourceCache } from '../../../api/cached-resource.ts';
import { fakeApi, hit, ok, productDetail } from '../../../../tests/helpers/catalogue-fixtures.ts';
import { ToastProvider } from '../../../ui/Toast.tsx';
import ProductPage from './ProductPage.tsx';
import * as catalogueRules from '../../../../schemas/catalogue-rules.ts';

// Counts the page's own renders (it works out the swatches once per render with a product), passing through.
vi.mock('../../../../schemas/catalogue-rules.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../schemas/catalogue-rules.ts')>();
  return { ...actual, swatchesFor: vi.fn(actual.swatchesFor) };
});

// The product page: swatches switch the variant, the URL (replace) and the price; view_item per variant; an
// unknown product (API 404) ends on /notFound; the address is made canonical.

const common = { pid: 8, parent_name: 'Pro Whey', slug: 'pro-whey' };
const chocolate1kg = hit({ ...common, vid: 27, weight: '1 kg', flavour: 'Chocolate', regular_price: 339_900, sale_price: 220_900 });
const vanilla1kg = hit({ ...common, vid: 28, weight: '1 kg', flavour: 'Vanilla', regular_price: 339_900, sale_price: 230_000 });
const chocolate2kg = hit({ ...common, vid: 29, weight: '2 kg', flavour: 'Chocolate', regular_price: 599_900, sale_price: 412_345 });
const detail = productDetail([chocolate1kg, vanilla1kg, chocolate2kg]);
const LONG = 'Whey. '.repeat(60).trim();

const SOURCE = {
  brand: { id: 1, name: 'Titan Forge', slug: 'titan-forge', country: 'USA' },
  sourced_from: 'importer',
  importer: {
    id: 1,
    name: 'Bharat Nutri Imports',
    slug: 'bharat-nutri',
    address: '12 Andheri East, Mumbai 400069',
    licence_no: 'FSSAI-10019022001234',
  },
  certificate: {
    title: 'Titan Forge authorised seller certificate',
    certificate_no: 'KSR-TF-2021-1037',
    issued_on: '2025-04-01',
    valid_till: '2027-03-31',
  },
};
/** The label of product 8 (docs/product-declarations.md): 1 kg packs of 30 servings, the 2 kg pack of 60. */
const nutrition = (protein: number) => ({
  energy_kcal: 390,
  protein_g: protein,
  carbohydrate_g: 9,
  sugars_g: 4.5,
  added_sugars_g: 0,
  fat_g: 6,
  saturated_fat_g: 3.5,
  trans_fat_g: 0.1,
  cholesterol_mg: 150,
  sodium_mg: 400,
});
const pack = (variant_id: number, kg: number, servings: number, best_before: string | null) => ({
  variant_id,
  label: `${kg} kg`,
  net_quantity: kg,
  net_unit: 'kg',
  net_quantity_label: `${kg} kg`,
  base_quantity: { amount: kg * 1000, unit: 'g' },
  servings,
  best_before,
  price_per_serving: null,
  price_per_protein_gram: null,
});
const DECLARATIONS = {
  product_id: 8,
  version: 1,
  food_type: 'veg',
  manufacturer: { name: 'Titan Forge Nutrition Inc.', address: '1200 Industrial Parkway, Austin, TX 78744, USA' },
  packer: null,
  importer: { name: 'Bharat Nutri Imports', address: '12 Andheri East, Mumbai 400069' },
  country_of_origin: 'United States',
  customer_care: { phone: '1800-102-4100', email: 'care@titan-forge.in', address: 'Customer Care, Bharat Nutri Imports, Mumbai' },
  fssai_licence: '10019022001234',
  serving_size: '1 scoop (33 g)',
  serving_size_g: 33,
  shelf_life_months: 18,
  ingredients: 'Whey protein concentrate (milk).',
  allergens: 'Contains milk.',
  nutrition: { per_100g: nutrition(72.7), per_serving: nutrition(24) },
  variants: [pack(27, 1, 30, '2027-09-30'), pack(28, 1, 30, null), pack(29, 2, 60, null)],
};

// What /source-product answers in the next setup (a status to fail with instead).
let sourceAnswer: { status?: number; body: unknown } = { body: ok(SOURCE) };
// What /variant-detail answers for a variant id (undefined: a 404).
let variantAnswer: (vid: number) => { status?: number; body: unknown } | undefined = () => undefined;

function setup(url: string, shortDescription = 'A whey protein...') {
  const calls = fakeApi((u) => {
    const p = u.pathname;
    if (p === '/api/product-details/source-product' && u.searchParams.get('product_id') === '8') return sourceAnswer;
    if (p === '/api/product-details/declarations' && u.searchParams.get('product_id') === '8') return { body: ok(DECLARATIONS) };
    if (p === '/api/product-details/variant-detail' && u.searchParams.get('product_id') === '8')
      return variantAnswer(Number(u.searchParams.get('variant_id')));
    if (p === '/api/product-details/product-detail-page' && u.searchParams.get('product_id') === '8')
      return { body: ok({ ...detail, product: { ...detail.product, short_description: shortDescription } }) };
    if (p === '/api/product-details/product-description')
      return { body: ok({ description: LONG, short_description: `${LONG.slice(0, 250)}...` }) };
    if (p === '/api/seo/page-seo-meta')
      return { body: ok({ title: 'Pro Whey | Kasrat', description: 'd', noindex: false, canonical: '/product/pro-whey/' }) };
    if (p === '/api/product-details/product-offer')
      return { body: ok({ coupons: [{ code: 'FIT10', details: '10% off' }], bank_offers: [], freebies: [] }) };
    if (/^\/api\/product-details\/(product-range|related-product|recommendation)$/.test(p)) return { body: ok({ products: [] }) };
    if (p === '/api/product-details/product-slug' && u.searchParams.get('productSlug') === 'pro-whey')
      return { body: ok({ pid: 8, vid: 27, slug: 'pro-whey', url: '/product/pro-whey/?pId=8&vId=27' }) };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <MetaProvider>
            <ToastProvider>
              <ProductPageOutlet />
            </ToastProvider>
          </MetaProvider>
        ),
        children: [
          { path: '/product/:slug', element: <ProductPage /> },
          { path: '/notFound', element: <h1>Page not found</h1> },
          { path: '*', element: <h1>Elsewhere</h1> },
        ],
      },
    ],
    { initialEntries: ['/brand/titan-forge', url], initialIndex: 1 },
  );
  setNavigator((to) => void router.navigate(to));
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((e) => seen.push(e));
  render(<RouterProvider router={router} />);
  const where = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, calls, seen, where, done: () => sub.unsubscribe() };
}

function ProductPageOutlet() {
  return <Outlet />;
}

beforeEach(() => {
  sourceAnswer = { body: ok(SOURCE) };
  variantAnswer = () => undefined;
  clearResourceCache();
  sessionStorage.clear();
  localStorage.clear();
});

test('a page hydrated with its product renders once: nothing it sets while mounting draws it again', async () => {
  // A second render of the whole page right after hydration was one long task on a slow phone: a callback ref that
  // set state (the sticky bar's target) and a resource with nothing to load setting its idle state anew.
  seedResourceCache([
    ['pdp:8', { ...detail, product: { ...detail.product, short_description: 'A whey protein...' } }],
    [`seo:${catalogueRules.productUrl('pro-whey', 8)}`, { title: 'Pro Whey | Kasrat', description: 'd', noindex: false }],
  ]);
  const swatches = vi.mocked(catalogueRules.swatchesFor);
  swatches.mockClear();
  const t = setup('/product/pro-whey/?pId=8&vId=27');
  await screen.findByTestId('authenticity-panel');
  await act(async () => {});
  expect(screen.getByTestId('pdp-price')).toHaveAttribute('data-price', '220900');
  expect(swatches).toHaveBeenCalledTimes(1);
  t.done();
});

test('choosing a flavour switches variant, URL (replace) and price', async () => {
  const t = setup('/product/pro-whey/?pId=8&vId=27');
  const price = await screen.findByTestId('pdp-price');
  expect(price).toHaveAttribute('data-price', '220900');
  expect(within(price).getByText('₹2,209')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Chocolate' })).toBeChecked();

  await userEvent.click(screen.getByRole('radio', { name: 'Vanilla' }));
  await waitFor(() => expect(t.where()).toBe('/product/pro-whey/?pId=8&vId=28'));
  expect(t.router.state.historyAction).toBe('REPLACE');
  expect(screen.getByTestId('pdp-price')).toHaveAttribute('data-price', '230000');
  expect(screen.getByText('₹2,300')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Vanilla' })).toBeChecked();
  expect(screen.getByTestId('pdp-image')).toHaveAttribute('src', '/images/product/28.webp');
  // Sharp phone screens take the 2x raster of the large image (Lighthouse: "Serves images with low resolution").
  expect(screen.getByTestId('pdp-image')).toHaveAttribute('srcset', '/images/product/28.webp 1x, /images/product/28@2x.webp 2x');

  // Weight keeps the chosen flavour where a variant has it: 2 kg exists only in chocolate.
  await userEvent.click(screen.getByRole('radio', { name: '2 kg' }));
  await waitFor(() => expect(t.where()).toBe('/product/pro-whey/?pId=8&vId=29'));
  expect(screen.getByText('₹4,123')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Chocolate' })).toBeChecked();

  // Back leaves the product (the swatch steps replaced one history entry), landing on the page before it.
  act(() => void t.router.navigate(-1));
  await waitFor(() => expect(t.where()).toBe('/brand/titan-forge'));

  const views = t.seen
    .filter((e) => e.event.name === 'view_item')
    .map((e) => (e.event as { item: { variant_id: number } }).item.variant_id);
  expect(views).toEqual([27, 28, 29]);
  // The product was fetched once; switching variants is local.
  expect(t.calls.filter((c) => c.startsWith('/api/product-details/product-detail-page'))).toHaveLength(1);
  t.done();
});

test('the trail runs through the brand when the shopper came from that brand page (SPEC §2 origin brand)', async () => {
  sessionStorage.setItem('urlHistory', JSON.stringify({ currUrl: '/brand/titan-forge', prevUrl: '/' }));
  const t = setup('/product/pro-whey/?pId=8&vId=27');
  const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
  expect(within(nav).getByRole('link', { name: 'Brands' })).toHaveAttribute('href', '/brands');
  expect(within(nav).getByRole('link', { name: 'Titan Forge' })).toHaveAttribute('href', '/brand/titan-forge');
  expect(within(nav).queryByRole('link', { name: 'Pro Whey' })).toBeNull();
  expect(within(nav).getByText('Pro Whey')).toHaveAttribute('aria-current', 'page');
  t.done();
});

test('otherwise the trail is the category path', async () => {
  const t = setup('/product/pro-whey/?pId=8&vId=27');
  const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
  expect(within(nav).getByRole('link', { name: 'Whey Protein' })).toHaveAttribute('href', '/product-category/whey-protein');
  expect(within(nav).queryByRole('link', { name: 'Brands' })).toBeNull();
  t.done();
});

test('an unknown product (API 404) lands on /notFound', async () => {
  const t = setup('/product/nothing/?pId=999&vId=1');
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  expect(t.where()).toBe('/notFound');
  t.done();
});

test('the address is made canonical: real slug, trailing slash, the variant shown', async () => {
  const t = setup('/product/old-name?pId=8');
  await waitFor(() => expect(t.where()).toBe('/product/pro-whey/?pId=8&vId=27'));
  expect(t.router.state.historyAction).toBe('REPLACE');
  t.done();
});

test('a product address without pId is looked up by its slug', async () => {
  const t = setup('/product/pro-whey/');
  await waitFor(() => expect(t.where()).toBe('/product/pro-whey/?pId=8&vId=27'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Pro Whey' })).toBeInTheDocument();
  t.done();
});

test('the placeholder slug with no product id is not found', async () => {
  const t = setup('/product/product-name/');
  await waitFor(() => expect(t.where()).toBe('/notFound'));
  t.done();
});

test('SPEC §5 truncation: a cut description offers the rest; a whole one shows without the dots', async () => {
  const whole = setup('/product/pro-whey/?pId=8&vId=27');
  expect(await screen.findByText('A whey protein')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Read more' })).toBeNull();
  whole.done();
  cleanup();
  clearResourceCache();

  const t = setup('/product/pro-whey/?pId=8&vId=27', `${LONG.slice(0, 250)}...`);
  await userEvent.click(await screen.findByRole('button', { name: 'Read more' }));
  expect(await screen.findByText(LONG)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  t.done();
});

test('the Authenticity panel shows the brand, its importer and certificate', async () => {
  const t = setup('/product/pro-whey/?pId=8&vId=27');
  const panel = await screen.findByRole('region', { name: 'Authenticity' });
  expect(panel).toHaveTextContent('Sourced from Titan Forge · USA');
  expect(within(panel).getByText('Bharat Nutri Imports')).toBeInTheDocument();
  expect(panel).toHaveTextContent('12 Andheri East, Mumbai 400069');
  expect(panel).toHaveTextContent('Licence no. FSSAI-10019022001234');
  expect(panel).toHaveTextContent('KSR-TF-2021-1037');
  expect(panel).toHaveTextContent('Valid 1 Apr 2025 – 31 Mar 2027');
  expect(within(panel).queryByText('Made in India')).toBeNull();
  expect(within(panel).getByRole('link', { name: 'Check authenticity' })).toHaveAttribute('href', '/authenticity');
  t.done();
});

test('a brand made in India shows "Made in India" instead of an importer', async () => {
  sourceAnswer = { body: ok({ ...SOURCE, brand: { ...SOURCE.brand, country: 'India' }, sourced_from: 'brand', importer: null }) };
  const t = setup('/product/pro-whey/?pId=8&vId=27');
  const panel = await screen.findByRole('region', { name: 'Authenticity' });
  expect(within(panel).getByText('Made in India')).toBeInTheDocument();
  expect(panel).not.toHaveTextContent('Licence no.');
  t.done();
});

test('the Authenticity panel is left out quietly when its call fails', async () => {
  for (const failure of [
    { status: 500, body: { status: 0, message: 'Boom' } },
    { status: 404, body: { status: 0, message: 'Product not found.' } },
  ]) {
    sourceAnswer = failure;
    const t = setup('/product/pro-whey/?pId=8&vId=27');
    await screen.findByTestId('pdp-price');
    await waitFor(() => expect(screen.queryByTestId('authenticity-loading')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Authenticity' })).toBeNull();
    // No error toast or redirect for a side panel.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(t.where()).toBe('/product/pro-whey/?pId=8&vId=27');
    t.done();
    cleanup();
    clearResourceCache();
  }
});

test('on a phone a sticky bar with price and Add to cart shows once the main buttons scroll away', async () => {
  const observers: Array<(entries: Array<Partial<IntersectionObserverEntry>>) => void> = [];
  const realIO = globalThis.IntersectionObserver;
  const realMatch = window.matchMedia;
  globalThis.IntersectionObserver = class {
    constructor(cb: (entries: Array<Partial<IntersectionObserverEntry>>) => void) {
      observers.push(cb);
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
  try {
    const t = setup('/product/pro-whey/?pId=8&vId=27');
    await screen.findByTestId('pdp-price');
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('pdp-sticky-bar')).toBeNull();
    const scroll = (top: number, isIntersecting: boolean) =>
      act(() => observers.at(-1)?.([{ isIntersecting, boundingClientRect: { top } as DOMRectReadOnly }]));

    // Below the fold (not reached yet): no bar.
    scroll(900, false);
    expect(screen.queryByTestId('pdp-sticky-bar')).toBeNull();
    // Scrolled past: the bar, and padding so it never covers the end of the page for good.
    scroll(-200, false);
    const bar = screen.getByRole('region', { name: 'Quick add to cart' });
    expect(within(bar).getByText('₹2,209')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(document.body.style.paddingBottom).toMatch(/px$/);
    // Back up to the buttons: gone, padding restored.
    scroll(100, true);
    expect(screen.queryByTestId('pdp-sticky-bar')).toBeNull();
    expect(document.body.style.paddingBottom).toBe('');
    t.done();
  } finally {
    globalThis.IntersectionObserver = realIO;
    window.matchMedia = realMatch;
  }
});

test('SPEC §4.2: choosing a variant resets the variant detail, whose fresh stock and price then show', async () => {
  variantAnswer = (vid) => (vid === 28 ? { body: ok({ ...vanilla1kg, sale_price: 225_000, stock_status: 'outofstock' }) } : undefined);
  const t = setup('/product/pro-whey/?pId=8&vId=27');
  await screen.findByTestId('pdp-price');
  await userEvent.click(screen.getByRole('radio', { name: 'Vanilla' }));
  await waitFor(() => expect(screen.getByTestId('pdp-price')).toHaveAttribute('data-price', '225000'));
  expect(t.calls).toContain('/api/product-details/variant-detail?product_id=8&variant_id=28');
  expect(screen.getByTestId('stock-status')).toHaveTextContent('Out of stock');
  expect(screen.queryByTestId('variant-error')).toBeNull();
  t.done();
});

test('SPEC §4.2 / §8: a variant reset that cannot reload the variant says "unable to reset variant data"', async () => {
  variantAnswer = () => ({ status: 500, body: { status: 0, message: 'Database down', data: null } });
  const t = setup('/product/pro-whey/?pId=8&vId=27');
  await screen.findByTestId('pdp-price');
  await userEvent.click(screen.getByRole('radio', { name: 'Vanilla' }));
  expect(await screen.findByTestId('variant-error')).toHaveTextContent('unable to reset variant data');
  // The product's own copy of the variant still shows, and the shopper stays on the page.
  expect(screen.getByTestId('pdp-price')).toHaveAttribute('data-price', '230000');
  expect(t.where()).toBe('/product/pro-whey/?pId=8&vId=28');
  t.done();
});

test("the product details follow the pack shown, and the price per serving follows the variant's price", async () => {
  const t = setup('/product/pro-whey/?pId=8&vId=27');
  const details = await screen.findByRole('region', { name: 'Product details' });
  expect(within(details).getByTestId('declared-net-quantity')).toHaveTextContent('1 kg');
  expect(within(details).getByTestId('declared-best-before')).toHaveTextContent('30 Sept 2027 (the batch in stock)');
  expect(within(details).getByTestId('declared-fssai')).toHaveTextContent('10019022001234');
  expect(within(details).getByRole('img', { name: 'Vegetarian' })).toBeInTheDocument();
  // ₹2,209 over 30 servings of 24 g protein: ₹74 a serving (7363 paise), ₹3.07 a gram.
  expect(screen.getByTestId('price-per-serving')).toHaveTextContent('₹74 per serving · ₹3.07 per g of protein');

  await userEvent.click(screen.getByRole('radio', { name: '2 kg' }));
  await waitFor(() => expect(t.where()).toBe('/product/pro-whey/?pId=8&vId=29'));
  expect(within(details).getByTestId('declared-net-quantity')).toHaveTextContent('2 kg');
  expect(within(details).getByTestId('declared-servings')).toHaveTextContent('60 servings of 1 scoop (33 g)');
  // No batch date for this pack: the shelf life stands.
  expect(within(details).getByTestId('declared-best-before')).toHaveTextContent('18 months from the date of manufacture');
  // ₹4,123.45 over 60 servings: ₹69 (6872 paise); over 1440 g of protein: ₹2.86.
  expect(screen.getByTestId('price-per-serving')).toHaveTextContent('₹69 per serving · ₹2.86 per g of protein');
  t.done();
});
