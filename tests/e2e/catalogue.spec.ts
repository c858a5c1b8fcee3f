import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';

// Catalogue and search in Chromium against the built app and its seeded database: home → brand →
// filters and sort in the URL → product page → variant switch → breadcrumbs; typo-tolerant search; facet counts
// against the API and the listings behind them; axe on every catalogue page; unknown product → /notFound.

interface Hit {
  pid: number;
  vid: number;
  name: string;
  parent_name: string;
  sale_price: number;
  url: string;
}
interface FacetValue {
  value: string;
  label: string;
  count: number;
}
interface Listing {
  hits: Hit[];
  nbHits: number;
  results: { facets: Array<{ name: string; values: FacetValue[] }> };
}

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
  return (await res.json()).data as T;
}

const cardPrices = (page: Page) =>
  page.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-price'))));
const cardVids = (page: Page) =>
  page.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-vid'))));
const facet = (page: Page, name: string) => page.locator('aside').getByRole('group', { name: new RegExp(`^${name}`) });

async function expectNoAxeViolations(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Waits until the listing shows the answer for the current URL (no request in flight). */
async function settled(page: Page) {
  await expect(page.getByRole('region', { name: 'Products' })).toHaveAttribute('aria-busy', 'false');
}

test('home → brand → flavour and price filters → price sort → product → variant switch → breadcrumbs', async ({ page, request }) => {
  await page.goto('/');
  const topBrands = page.getByRole('region', { name: 'Top brands' });
  await topBrands.getByRole('link', { name: 'Prana Labs' }).click();
  await expect(page).toHaveURL(/\/brand\/prana-labs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prana Labs' })).toBeVisible();
  await settled(page);

  // Filter by flavour, then by a price range, then sort by price: each step is in the URL.
  await facet(page, 'Flavour')
    .getByRole('checkbox', { name: /^Chocolate,/ })
    .check();
  await expect(page).toHaveURL(/\?flavour=chocolate$/);
  await settled(page);
  await facet(page, 'Price')
    .getByRole('radio', { name: /^₹2,000 – ₹3,999,/ })
    .check();
  await expect(page).toHaveURL(/\?flavour=chocolate&price_min=200000&price_max=399999$/);
  await settled(page);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
  await expect(page).toHaveURL(/\?flavour=chocolate&price_min=200000&price_max=399999&sortby=price_asc$/);
  await settled(page);

  // The order is ascending, every price is in the range, and the products are the API's, in its order.
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThanOrEqual(2);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  for (const p of prices) expect(p >= 200_000 && p <= 399_999).toBe(true);
  const expected = await api<Listing>(
    request,
    '/api/listing/brand?slug=prana-labs&flavour=chocolate&price_min=200000&price_max=399999&sortby=price_asc',
  );
  expect(await cardVids(page)).toEqual(expected.hits.map((h) => h.vid));
  await expect(page.getByTestId('result-count')).toHaveText(`${expected.nbHits} products`);
  await expect(page.getByRole('button', { name: 'Remove filter Chocolate' })).toBeVisible();

  // The back button undoes the sort, then forward restores it.
  await page.goBack();
  await expect(page).toHaveURL(/\?flavour=chocolate&price_min=200000&price_max=399999$/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
  await page.goForward();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  await settled(page);

  // Open the cheapest product.
  const first = expected.hits[0] as Hit;
  await page.getByTestId('product-card').first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/product/[a-z0-9-]+/\\?pId=${first.pid}&vId=${first.vid}$`));
  const price = page.getByTestId('pdp-price');
  await expect(price).toHaveAttribute('data-price', String(first.sale_price));

  // Switch to a variant with another price: the URL (replaced) and the price follow.
  const detail = await api<{
    variants: Array<{ vid: number; sale_price: number; selected_swatch_values: Record<string, string> }>;
    swatches: Array<{ key: string; name: string; options: Array<{ value: string; variant_id: number; selected: boolean }> }>;
  }>(request, `/api/product-details/product-detail-page?product_id=${first.pid}&variant_id=${first.vid}`);
  const priceOf = (vid: number) => detail.variants.find((v) => v.vid === vid)?.sale_price;
  const choice = detail.swatches
    .flatMap((s) => s.options.map((o) => ({ swatch: s.name, ...o })))
    .find((o) => !o.selected && priceOf(o.variant_id) !== first.sale_price);
  expect(choice, 'a variant with another price').toBeTruthy();
  if (!choice) return;
  const historyBefore = await page.evaluate(() => history.length);
  await page
    .getByRole('group', { name: new RegExp(`^${choice.swatch}:`) })
    .getByRole('radio', { name: new RegExp(`^${choice.value}( \\(out of stock\\))?$`) })
    .check();
  await expect(page).toHaveURL(new RegExp(`\\?pId=${first.pid}&vId=${choice.variant_id}$`));
  await expect(price).toHaveAttribute('data-price', String(priceOf(choice.variant_id)));
  await expect(price).toContainText(`₹${new Intl.NumberFormat('en-IN').format(Math.round((priceOf(choice.variant_id) ?? 0) / 100))}`);
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);

  // SPEC §2: reached from the brand, the trail is Home / Brands / brand / product (plain text).
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link')).toHaveText(['Home', 'Brands', 'Prana Labs']);
  await expect(trail.locator('[aria-current="page"]')).toHaveText(first.parent_name);
  await trail.getByRole('link', { name: 'Prana Labs' }).click();
  await expect(page).toHaveURL(/\/brand\/prana-labs$/);
  await page.goBack();
  await expect(page.getByTestId('pdp-price')).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Brands' }).click();
  await expect(page).toHaveURL(/\/brands$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All brands' })).toBeVisible();
});

test('a search with a typo finds the product; filters there are in the URL too', async ({ page, request }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products and brands' });
  await box.fill('prana choclate');
  // Suggestions while typing already find it.
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(list.getByRole('option', { name: /Prana Labs/ }).first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=prana\+choclate$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “prana choclate”');
  await settled(page);

  const found = await api<Listing>(request, '/api/search/product-search-listing?q=prana%20choclate');
  expect(found.nbHits).toBeGreaterThan(0);
  const names = await page.getByTestId('product-card').getByRole('link').allTextContents();
  expect(names.length).toBe(found.hits.length);
  expect(names.every((n) => n.startsWith('Prana Labs'))).toBe(true);
  expect(await cardVids(page)).toEqual(found.hits.map((h) => h.vid));

  // A filter on the search page, then back.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_desc');
  await expect(page).toHaveURL(/\/search\?q=prana\+choclate&sortby=price_desc$/);
  await settled(page);
  const prices = await cardPrices(page);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=prana\+choclate$/);

  // From search, a product's trail is its category path (SPEC §2), links to category pages.
  await page.getByTestId('product-card').first().getByRole('link').click();
  await expect(page.getByTestId('pdp-price')).toBeVisible();
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link').first()).toHaveText('Home');
  const hrefs = await trail.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(hrefs[0]).toBe('/');
  for (const h of hrefs.slice(1)) expect(h).toMatch(/^\/product-category\/[a-z0-9-]+$/);
  await trail.getByRole('link').last().click();
  await expect(page).toHaveURL(/\/product-category\/[a-z0-9-]+$/);
});

test('SPEC §2 search link /search?query= works and becomes ?q=', async ({ page }) => {
  await page.goto('/search?query=creatine');
  await expect(page).toHaveURL(/\/search\?q=creatine$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('facet counts shown match the API and the listings they lead to', async ({ page, request }) => {
  await page.goto('/brand/prana-labs');
  await settled(page);
  const api0 = await api<Listing>(request, '/api/listing/brand?slug=prana-labs');
  const shown = await facet(page, 'Flavour')
    .getByRole('checkbox')
    .evaluateAll((boxes) =>
      boxes.map((b) => ({
        value: b.getAttribute('data-value'),
        count: Number(b.closest('label')?.querySelector('[data-count]')?.getAttribute('data-count')),
      })),
    );
  const flavours = api0.results.facets.find((f) => f.name === 'flavour')?.values ?? [];
  // The first six show until "Show all" is pressed.
  expect(shown).toEqual(flavours.slice(0, 6).map((v) => ({ value: v.value, count: v.count })));
  await facet(page, 'Flavour')
    .getByRole('button', { name: /^Show all/ })
    .click();
  const all = await facet(page, 'Flavour').getByRole('checkbox').count();
  expect(all).toBe(flavours.length);

  // Each count is the number of products the filtered listing then has (products, not variants).
  for (const v of flavours.slice(0, 4)) {
    const filtered = await api<Listing>(request, `/api/listing/brand?slug=prana-labs&flavour=${v.value}`);
    expect(filtered.nbHits, v.value).toBe(v.count);
  }
  const chocolate = flavours.find((v) => v.value === 'chocolate') as FacetValue;
  await facet(page, 'Flavour')
    .getByRole('checkbox', { name: new RegExp(`^${chocolate.label},`) })
    .check();
  await settled(page);
  await expect(page.getByTestId('result-count')).toHaveText(`${chocolate.count} products`);
  await expect(page.getByTestId('product-card')).toHaveCount(Math.min(chocolate.count, 24));
});

test('catalogue pages pass axe', async ({ page }) => {
  // Ten pages, each with a full axe scan: more than one ordinary test's worth of time.
  test.setTimeout(180_000);
  const pages: Array<[string, string, () => Promise<void>]> = [
    ['home', '/', () => expect(page.getByRole('region', { name: 'Top brands' })).toBeVisible()],
    ['brand', '/brand/titan-forge', () => settled(page)],
    ['category', '/product-category/whey-protein', () => settled(page)],
    ['product', '/product/titan-forge-instant-rolled-oats/?pId=104&vId=372', () => expect(page.getByTestId('pdp-price')).toBeVisible()],
    ['search', '/search?q=whey', () => settled(page)],
    ['brands', '/brands', () => expect(page.getByRole('heading', { name: 'Brands A–Z' })).toBeVisible()],
    ['all categories', '/all-categories', () => expect(page.getByRole('link', { name: /Whey Protein/ }).first()).toBeVisible()],
    ['top 10', '/top-10', () => expect(page.getByTestId('product-card').first()).toBeVisible()],
    ['bestseller', '/bestseller/sports-nutrition/', () => settled(page)],
  ];
  for (const [what, url, ready] of pages) {
    await page.goto(url);
    await ready();
    await expectNoAxeViolations(page, what);
  }
  // The header suggestions open too.
  await page.getByRole('combobox', { name: 'Search products and brands' }).fill('whey');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toBeVisible();
  await expectNoAxeViolations(page, 'search suggestions');
});

test('an unknown product lands on /notFound', async ({ page }) => {
  await page.goto('/product/no-such-thing/?pId=999999&vId=1');
  await expect(page).toHaveURL(/\/notFound$/);
});

test('a phone gets the filter sheet; its choices are in the URL', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/product-category/whey-protein');
  await settled(page);
  await page.getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('checkbox', { name: /^In stock only,/ }).check();
  await expect(page).toHaveURL(/\?availability=in_stock$/);
  await sheet.getByRole('button', { name: /^Show \d+ products?$/ }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: /Filters\s*1 applied/ })).toBeVisible();
  await expectNoAxeViolations(page, 'category on a phone');
  await context.close();
});
