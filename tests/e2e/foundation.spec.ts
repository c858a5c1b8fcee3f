import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, test } from './fixtures.ts';

test('a signed-out visit to a private page lands on /my-account and returns there after sign-in', async ({ page }) => {
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Login|Register|Sign in/i);
  await signIn(page);
  await page.reload();
  await expect(page).toHaveURL(/\/account\/profile$/);
});

test('/my-account sends a signed-in user to / when there is no origin', async ({ page }) => {
  await signIn(page);
  await page.goto('/my-account');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('the error boundary shows the SPEC wording and posts the error to /api/log-errors', async ({ page }) => {
  await page.addInitScript(() => {
    (window as { __KASRAT_CRASH__?: boolean }).__KASRAT_CRASH__ = true;
  });
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/log-errors') && r.method() === 'POST');
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Oops, something went wrong.' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/help-center/contact-us');
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  const body = (await posted).postDataJSON();
  expect(body.error).toContain('Crash test');
  expect(body.location).toContain('/about');
});

test('an API 404 sends the shopper to /notFound; an unknown path shows the catch-all page with a 404 status', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/notFound');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

const PAGES: Array<[string, RegExp]> = [
  ['/about', /About Kasrat/],
  ['/error', /Something went wrong on our side/],
  ['/maintenance', /We are upgrading the store/],
  ['/no-internet', /No internet connection/],
  ['/filenotfound', /File not found/],
  ['/notFound', /Page not found/],
  ['/some/unknown/path', /Page not found/],
  ['/my-account', /./],
];

for (const [path, heading] of PAGES) {
  test(`${path} renders its heading, title and passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
    await expect(page).toHaveTitle(/Kasrat/);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the HTML the server sends carries meta and both JSON-LD blocks without JavaScript', async ({ request }) => {
  for (const path of ['/', '/about']) {
    const html = await (await request.get(path)).text();
    expect(html).toMatch(/<title>.+<\/title>/);
    expect(html).toMatch(/<meta name="description" content=".{40,}"/);
    expect(html).toContain('"@type":"Organization"');
    expect(html).toContain('"@type":"WebSite"');
  }
});
