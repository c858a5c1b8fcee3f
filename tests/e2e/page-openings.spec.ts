import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';

// How pages open, on a phone: a new document opens at its top although the previous one was left scrolled down,
// and Back returns to where the shopper was (src/app/browser-router.tsx); the 404 page shows the store's logo once
// (in its header) and offers a search and the store's sections.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectAxeClean(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    result.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${what} has accessibility violations`,
  ).toEqual([]);
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('a new document opens at its top; Back restores where the shopper was', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => scrollY(page)).toBe(1500);
  // A full page load, as from the gateway's return or a link in a message.
  await page.goto('/product-category/whey-protein');
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2500);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await scrollY(page)).toBe(0);
  await page.goBack();
  await expect.poll(() => scrollY(page)).toBe(1500);
});

test('the 404 page shows one logo, a search and the store sections', async ({ page }) => {
  const res = await page.goto('/no-such-page-here');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.locator('img[alt="Kasrat"]')).toHaveCount(1);
  const sections = page.getByRole('navigation', { name: 'Sections of the store' });
  await expect(sections.getByRole('link', { name: 'Whey Protein' })).toHaveAttribute('href', '/product-category/whey-protein');
  await page.screenshot({ path: '/tmp/p44amt-shots/not-found.png', fullPage: true });
  await expectAxeClean(page, '404 page');
  const search = page.getByRole('main').getByRole('search');
  await search.getByRole('searchbox', { name: 'Search the store' }).fill('whey');
  await search.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL('**/search?q=whey');
});
