import AxeBuilder from '@axe-core/playwright';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { PREVIEW_AUTHORIZATION } from '../../schemas/catalogue.ts';
import { expect, type Page, test } from './fixtures.ts';

// The sale, offers and landing pages in Chromium: sections render, axe is clean, view_sale_page reaches the
// data layer with the SPEC §9 fill, and staff previews report nothing (SPEC §2, §6).
const ip = () => `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
test.use({ extraHTTPHeaders: { 'x-forwarded-for': ip() } });

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

type Pushed = { event?: string; label?: string; ecommerce?: { items?: { item_id: string }[]; item_list_name?: string } };
const dataLayer = (page: Page) => page.evaluate(() => ((window as { dataLayer?: unknown[] }).dataLayer ?? []) as Pushed[]);

test('sale page: every section, rupees, and view_sale_page; axe clean', async ({ page }) => {
  // The server HTML already carries the sale's title (crawlers run no JavaScript).
  const html = await (await page.request.get('/sale/mega-sale')).text();
  expect(html).toContain('<title>Mega Sale – authentic supplements at sale prices | Kasrat</title>');
  await page.goto('/sale/mega-sale');
  await expect(page.getByRole('heading', { level: 1, name: 'Mega Sale' })).toBeVisible();
  await expect(page).toHaveTitle('Mega Sale – authentic supplements at sale prices | Kasrat');
  for (const name of ['Blockbuster offers', 'Partner brand offers', 'Budget buys', 'Deals on favourites', 'Brands on offer', 'Bank offers'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Blockbuster offers' }).getByText(/₹\d/).first()).toBeVisible();
  await expect.poll(async () => (await dataLayer(page)).some((e) => e.event === 'view_sale_page' && e.label === 'mega-sale')).toBe(true);
  await expectAxeClean(page);
});

test('an unknown sale goes to /notFound', async ({ page }) => {
  await page.goto('/sale/no-such-sale');
  await expect(page).toHaveURL(/\/notFound/);
});

test('offers page: every offers section; axe clean', async ({ page }) => {
  await page.goto('/offers-coupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Offers & Coupons' })).toBeVisible();
  for (const name of ['Coupons', 'Bank offers', 'Limited-time offers', 'Budget buys', 'Free gifts', 'Partner offers', 'Clearance sale'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Brand of the week/ })).toBeVisible();
  await expect(page.getByText('FIT10')).toBeVisible();
  await expectAxeClean(page);
});

test('landing page: top categories and the authenticity promise; axe clean', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1, name: /Authentic supplements/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Shop by goal' })).toBeVisible();
  await expect(page.locator('[data-promotion="landing_top_category"]').first()).toBeVisible();
  await expectAxeClean(page);
});

test('staff previews show unpublished offers and report nothing under /preview/', async ({ page }) => {
  // The SPEC §6 header alone is public: the operations token rides along (docs/decisions/009-staff-preview-authorisation.md).
  await page.setExtraHTTPHeaders({ 'x-ops-token': E2E_OPS_TOKEN });
  for (const [url, heading] of [
    ['/preview/sale/mega-sale?id=2', 'Mega Sale'],
    ['/preview/offers-coupons?id=2', 'Offers & Coupons'],
    ['/preview/home?id=2', 'Home page preview'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Staff preview #2');
    await page.waitForTimeout(300);
    const events = (await dataLayer(page)).map((e) => e.event);
    for (const suppressed of ['view_sale_page', 'view_item_list', 'view_promotion', 'page_view'])
      expect(events, url).not.toContain(suppressed);
  }
});

test('a preview call without the preview authorization is refused', async ({ request }) => {
  for (const url of [
    '/api/sale/get-preview-salepage-data?slug=mega-sale',
    '/api/offers/offer-data-preview',
    '/api/home/home-page-preview-info',
  ]) {
    expect((await request.get(url)).status(), url).toBe(403);
    // The SPEC §6 header is public: alone it opens nothing, whatever NODE_ENV the server runs with.
    expect((await request.get(url, { headers: { authorization: PREVIEW_AUTHORIZATION } })).status(), url).toBe(403);
  }
});

test('mobile screenshots of the sale and offers pages', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  for (const [url, name] of [
    ['/sale/mega-sale', 'sale'],
    ['/offers-coupons', 'offers'],
    ['/landing', 'landing'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Scroll through once so lazy images load before the full-page picture.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/mobile-${name}.png`, fullPage: true });
  }
  await context.close();
});
