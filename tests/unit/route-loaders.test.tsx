import { renderToPipeableStream } from 'react-dom/server';
import type { PrefetchScope } from '../../src/api/prefetch.ts';
import { render } from '../../src/app/server-render.tsx';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { injectTransport, text } from '../helpers/server-render.ts';

// docs/decisions/010: a page whose route has a loader gets its data before the server renders it, and is rendered
// once, with everything it shows; nothing is left for a second pass.

// Counts the server's renders (passing through to React's own).
vi.mock('react-dom/server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-dom/server')>();
  return { ...actual, renderToPipeableStream: vi.fn(actual.renderToPipeableStream) };
});

// The render's scope, as the server hands it to the pages (passing through to the real provider): after the render
// its `missing` holds every key the page asked for that its loader did not load.
const seen = vi.hoisted(() => ({ scope: null as PrefetchScope | null }));
vi.mock('../../src/api/prefetch.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/api/prefetch.ts')>();
  const { createElement } = await import('react');
  const PrefetchProvider = ({ value, children }: { value: PrefetchScope | null; children?: React.ReactNode }) => {
    seen.scope = value;
    return createElement(actual.PrefetchProvider, { value }, children);
  };
  return { ...actual, PrefetchProvider };
});

let store: TestApp;
beforeAll(async () => {
  store = await createTestApp('pglite');
});
afterAll(async () => {
  await store?.close();
});

/**
 * The main layout's own data: the footer's grievance officer (docs/grievance-redressal.md), loaded for every store
 * page by the layout's loader. `keys` are the page's own; `layoutKeys` the layout's.
 */
const LAYOUT_KEYS = ['grievance-officer'];

async function renderOnce(path: string) {
  const renders = vi.mocked(renderToPipeableStream);
  renders.mockClear();
  seen.scope = null;
  const result = await render(new URL(path, 'http://localhost'), { transport: injectTransport(store.app), desktop: true });
  if (!result.body) throw new Error(`${path} redirected to ${result.redirect}`);
  // Set by the render, which the compiler does not see (it narrowed the field to null above).
  const scope = seen.scope as PrefetchScope | null;
  return {
    html: await text(result.body),
    keys: result.state.data.map(([key]) => key).filter((k) => !LAYOUT_KEYS.includes(k)),
    layoutKeys: result.state.data.map(([key]) => key).filter((k) => LAYOUT_KEYS.includes(k)),
    renders: renders.mock.calls.length,
    // Asked for by the render and not loaded by the loader (or failed): none, for a page whose loader is right.
    unloaded: [...(scope?.missing ?? [])],
  };
}

/** The first product of the shop: its page's address, its id and its brand's id. */
async function firstProduct() {
  const shop = await store.app.inject({ method: 'GET', url: '/api/listing/shop' });
  const hit = (shop.json() as { data: { hits: { url: string; slug: string; brand: { id: number } }[] } }).data.hits[0];
  return { path: hit.url, pid: Number(new URL(hit.url, 'http://x').searchParams.get('pId')), slug: hit.slug, brandId: hit.brand.id };
}

describe('route loaders', () => {
  test('the home page is rendered once, with its sections', async () => {
    const { keys, layoutKeys, renders, html } = await renderOnce('/');
    expect(renders).toBe(1);
    expect(keys).toEqual(['home']);
    expect(layoutKeys).toEqual(LAYOUT_KEYS);
    expect(html).not.toContain('Loading…');
  });

  test('a product page is rendered once, with the product and what it shows of it (its second-level data)', async () => {
    const shop = await store.app.inject({ method: 'GET', url: '/api/listing/shop' });
    const path = (shop.json() as { data: { hits: { url: string }[] } }).data.hits[0].url;
    const pid = new URL(path, 'http://x').searchParams.get('pId');
    const { keys, renders, html } = await renderOnce(path);
    expect(renders).toBe(1);
    expect(keys).toEqual(
      expect.arrayContaining([
        `pdp:${pid}`,
        `offers:${pid}`,
        `source:${pid}`,
        `review-aggregate:product:${pid}`,
        `range:${pid}`,
        `related:${pid}`,
        `similar:${pid}`,
      ]),
    );
    expect(keys.some((k) => k.startsWith('seo:/product/'))).toBe(true);
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  });

  test.each([
    ['/brands', ['brand-groups']],
    ['/all-categories', ['menu']],
    ['/store-locator', ['store-cities', 'stores:']],
    ['/offers-coupons', ['offers', 'offers-brand-of-week', 'offers-clearance']],
    ['/help-center?q=refund', ['help-faq::refund', 'help-phone', 'help-email']],
  ])('%s is rendered once, with its data', async (path, expected) => {
    const { keys, renders, unloaded } = await renderOnce(path);
    expect(unloaded).toEqual([]);
    expect(renders).toBe(1);
    expect([...keys].sort()).toEqual([...expected].sort());
  });

  // Each listing's key is its API call with the canonical query (listing-params.ts): the address's filters, sort and
  // page, in the canonical order and without defaults, so an address written differently is the same listing.
  test.each([
    ['/brand/titan-forge', ['seo:/brand/titan-forge', 'brand-detail:titan-forge', '/api/listing/brand?slug=titan-forge']],
    [
      '/brand/titan-forge?pn=2&sortby=price_asc&availability=in_stock',
      [
        'seo:/brand/titan-forge',
        'brand-detail:titan-forge',
        '/api/listing/brand?slug=titan-forge&availability=in_stock&sortby=price_asc&pn=2',
      ],
    ],
    [
      '/product-category/whey-protein',
      ['seo:/product-category/whey-protein', 'category-detail:whey-protein', '/api/listing/category?slug=whey-protein'],
    ],
    [
      '/product-category/whey-protein?brand=titan-forge&sortby=price_desc',
      [
        'seo:/product-category/whey-protein',
        'category-detail:whey-protein',
        '/api/listing/category?slug=whey-protein&brand=titan-forge&sortby=price_desc',
      ],
    ],
    [
      '/bestseller/sports-nutrition/',
      ['seo:/bestseller/sports-nutrition/', 'category-detail:sports-nutrition', '/api/listing/bestseller?slug=sports-nutrition'],
    ],
    [
      '/bestseller/sports-nutrition/?pn=2',
      ['seo:/bestseller/sports-nutrition/', 'category-detail:sports-nutrition', '/api/listing/bestseller?slug=sports-nutrition&pn=2'],
    ],
    ['/shop', ['/api/listing/shop']],
    ['/shop?sortby=rating_desc&pn=3&brand=titan-forge', ['/api/listing/shop?brand=titan-forge&sortby=rating_desc&pn=3']],
    ['/top-10', ['top10:']],
    ['/top-10?category=whey-protein', ['top10:whey-protein']],
    // Not a slug: the page shows the overall ten, and its loader loads those.
    ['/top-10?category=%3Cb%3E', ['top10:']],
    ['/search?q=whey', ['/api/search/product-search-listing?q=whey']],
    // SPEC §2's ?query= names the term too.
    ['/search?query=whey&sortby=price_asc&pn=2', ['/api/search/product-search-listing?q=whey&sortby=price_asc&pn=2']],
    [
      '/search?q=whey&flavour=chocolate&availability=in_stock',
      ['/api/search/product-search-listing?q=whey&flavour=chocolate&availability=in_stock'],
    ],
    // No term: no listing, nothing to load.
    ['/search', []],
    ['/all/reviews/', ['review-aggregate:all']],
    // Not an id: the page says "not found" and loads nothing.
    ['/whey/reviews/pr/abc', []],
    ['/brand/reviews/br/0', []],
  ])('%s is rendered once, with what it shows', async (path, expected) => {
    const { keys, renders, unloaded } = await renderOnce(path);
    expect(unloaded).toEqual([]);
    expect(renders).toBe(1);
    expect([...keys].sort()).toEqual([...expected].sort());
  });

  test('the review pages of a product and of its brand are rendered once, with their rating summaries', async () => {
    const { pid, slug, brandId } = await firstProduct();
    const product = await renderOnce(`/${slug}/reviews/pr/${pid}`);
    expect(product.unloaded).toEqual([]);
    expect(product.renders).toBe(1);
    expect(product.keys).toEqual([`review-aggregate:product:${pid}`]);
    expect(product.html).toMatch(/<h1[^>]*>Reviews of [^<]+<\/h1>/);
    const brand = await renderOnce(`/brand/reviews/br/${brandId}`);
    expect(brand.unloaded).toEqual([]);
    expect(brand.renders).toBe(1);
    expect(brand.keys).toEqual([`review-aggregate:brand:${brandId}`]);
    expect(brand.html).toMatch(/<h1[^>]*>[^<]+ reviews<\/h1>/);
  });

  test('a listing page shows its products and their count in its one render', async () => {
    const { html } = await renderOnce('/brand/titan-forge?sortby=price_asc');
    expect(html).not.toContain('Loading products…');
    expect(html).toMatch(/data-testid="result-count"[^>]*>\d+ products?</);
    expect(html).toMatch(/<h1[^>]*>Titan Forge<\/h1>/);
  });

  test('a loader whose load fails renders the page once, loading, and leaves the data to the browser', async () => {
    const renders = vi.mocked(renderToPipeableStream);
    renders.mockClear();
    seen.scope = null;
    const answered = injectTransport(store.app);
    const failing: typeof answered = (url, init) =>
      url.startsWith('/api/listing/store-brand-list') ? Promise.resolve({ status: 503, data: { message: 'down' } }) : answered(url, init);
    const result = await render(new URL('/brands', 'http://localhost'), { transport: failing, desktop: true });
    expect(renders.mock.calls.length).toBe(1);
    expect(result.state.data.map(([key]) => key)).toEqual(LAYOUT_KEYS);
    expect([...((seen.scope as PrefetchScope | null)?.missing ?? [])]).toEqual(['brand-groups']);
  });
});
