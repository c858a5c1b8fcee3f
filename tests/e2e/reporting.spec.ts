import { expect, type Page, test } from './fixtures.ts';

type Push = { event?: string; page?: string; event_id?: string };

/** How many page views the data layer has received. */
const pageViews = (page: Page) =>
  page.evaluate(() => ((window as { dataLayer?: Push[] }).dataLayer ?? []).filter((p) => p.event === 'page_view').length);

test('the shell reports a page_view to the data layer on load and on each route change', async ({ page }) => {
  await page.goto('/about');
  await expect.poll(() => pageViews(page)).toBe(1);
  await page.getByRole('link', { name: 'Store locator' }).first().click();
  await expect(page).toHaveURL(/\/store-locator$/);
  await expect.poll(() => pageViews(page)).toBe(2);
  const ids = await page.evaluate(() =>
    ((window as { dataLayer?: Push[] }).dataLayer ?? []).filter((p) => p.event === 'page_view').map((p) => p.event_id),
  );
  expect(new Set(ids).size).toBe(2);
});

test('the reporting adapters load after the page without a preload link apiece (vite.config.ts modulePreload)', async ({ page }) => {
  await page.goto('/');
  // The data layer has the page view: its adapter chunk has loaded and run.
  await expect.poll(() => pageViews(page)).toBe(1);
  const loaded = await page.evaluate(() => {
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => new URL(r.name).pathname);
    const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);
    return { scripts, preloaded };
  });
  const adapters = loaded.scripts.filter((p) => /^\/assets\/(data-layer|social-pixel|enrich)-[\w-]+\.js$/.test(p));
  expect(adapters.length).toBeGreaterThanOrEqual(3);
  for (const adapter of adapters) expect(loaded.preloaded, adapter).not.toContain(adapter);
  // The page's own chunks are still preloaded (the boot script's list).
  expect(loaded.preloaded.some((p) => /^\/assets\/Home-[\w-]+\.js$/.test(p))).toBe(true);
});

test('?debug=events turns the events overlay on for the session, listing the page views', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('button', { name: /^Events \(/ })).toHaveCount(0);
  await page.goto('/about?debug=events');
  await page.getByRole('link', { name: 'Store locator' }).first().click();
  await page.getByRole('button', { name: /^Events \(\d+\)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Events debug' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Events' })).toContainText('page_view');
});

test('an ad click’s fbclid is kept in the _fbc cookie in Meta’s format, for the server feed of later pages', async ({ page, context }) => {
  await page.goto('/about?fbclid=IwAR-e2e_Click1');
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === '_fbc')?.value)
    .toMatch(/^fb\.1\.\d{13}\.IwAR-e2e_Click1$/);
});
