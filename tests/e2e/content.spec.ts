import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';
import { seedAuthenticityCode } from '../../server/db/seed/authenticity.ts';
import { E2E_AUTH_SECRET } from '../../playwright.config.ts';
import { unsubscribeLink } from '../../server/modules/newsletter/signature.ts';

// Content pages in Chromium: each page renders, is axe clean, and its forms answer bad input clearly.
const ip = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
test.use({ extraHTTPHeaders: { 'x-forwarded-for': ip() } });

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const dataLayerEvents = (page: Page) =>
  page.evaluate(() => ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((e) => e.event).filter(Boolean));

test('authenticity: the first brand certificate loads by itself; codes are checked genuine, already used, unknown', async ({ page }) => {
  await page.goto('/authenticity');
  await expect(page.getByRole('heading', { level: 1, name: 'Check Authenticity' })).toBeVisible();
  const firstBrand = page.getByRole('list', { name: 'Brands' }).getByRole('button').first();
  await expect(firstBrand).toHaveAttribute('aria-pressed', 'true');
  const cert = page.getByTestId('certificate').locator('img');
  await expect(cert).toBeVisible();
  // Visible is laid out (the tag carries its size), not loaded: wait for the drawing itself.
  await expect.poll(() => cert.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await expectAxeClean(page);

  // Bad input gets the schema's messages, nothing is sent.
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter the NAC code')).toBeVisible();
  await expect(page.getByText('Please enter the scratch code')).toBeVisible();
  await page.getByLabel('Another store').check();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter the store you bought it from')).toBeVisible();
  await page.getByLabel('On Kasrat').check();

  const code = seedAuthenticityCode(5, 11);
  await page.getByLabel('NAC code').fill(code.nac_code.toLowerCase());
  await page.getByLabel('Scratch code').fill(code.scratch_code);
  await page.getByRole('button', { name: 'Verify' }).click();
  const result = page.getByTestId('authenticity-result');
  await expect(result).toHaveAttribute('data-result', 'genuine');
  await expect(result).toContainText('Genuine product: this Vanguard Nutrition pack is authentic.');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(result).toHaveAttribute('data-result', 'already_used');
  await expect(result).toContainText('This scratch code was already verified on');
  await page.getByLabel('Scratch code').fill('ZZZZZZZZZZZZ');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(result).toHaveAttribute('data-result', 'unknown');
  await expect(result).toContainText('We could not find this NAC and scratch code pair');
  await page.screenshot({ path: '/tmp/content-authenticity.png', fullPage: true });
});

test('a scratch code claimed twice in parallel from two browsers: one success', async ({ browser }) => {
  const code = seedAuthenticityCode(6, 2);
  const contexts = await Promise.all([0, 1].map(() => browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip() } })));
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  for (const p of pages) {
    await p.goto('/authenticity');
    await p.getByLabel('NAC code').fill(code.nac_code);
    await p.getByLabel('Scratch code').fill(code.scratch_code);
  }
  await Promise.all(pages.map((p) => p.getByRole('button', { name: 'Verify' }).click()));
  const results = await Promise.all(
    pages.map(async (p) => {
      const r = p.getByTestId('authenticity-result');
      await expect(r).toHaveAttribute('data-result', /genuine|already_used/);
      return r.getAttribute('data-result');
    }),
  );
  expect(results.sort()).toEqual(['already_used', 'genuine']);
  await Promise.all(contexts.map((c) => c.close()));
});

test('importer pages: the list links to an importer with its brands and certificates', async ({ page }) => {
  await page.goto('/importer');
  await expect(page.getByRole('heading', { level: 1, name: 'Authorised Importers' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/importer\/[a-z0-9-]+$/);
  await expect(page.getByText(/Import licence/)).toBeVisible();
  await expect(page.locator('figure img').first()).toBeVisible();
  await expectAxeClean(page);
  await page.goto('/importer/nobody-at-all');
  await expect(page.getByRole('heading', { name: 'Importer not found' })).toBeVisible();
});

test('store locator: a city lists its stores with address, hours, call and directions; events reported', async ({ page }) => {
  await page.goto('/store-locator');
  await expect(page.getByRole('heading', { level: 1, name: 'Store Locator' })).toBeVisible();
  await expect(page.getByTestId('store').first()).toBeVisible();
  await expectAxeClean(page);
  await page.getByLabel('City').selectOption('mumbai');
  await expect(page).toHaveURL(/city=mumbai/);
  const stores = page.getByTestId('store');
  await expect(stores.first()).toContainText('Mumbai');
  await expect(stores.first()).toContainText('Open 10:00 – 21:00');
  await expect(stores.first().getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:\+91\d{10}$/);
  const directions = stores.first().getByRole('link', { name: /^Directions/ });
  await expect(directions).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
  // Keep the shopper here: the directions tab would need the internet.
  await page.evaluate(() => {
    for (const a of document.querySelectorAll('a[href^="https://www.google.com"], a[href^="tel:"]'))
      a.addEventListener('click', (e) => e.preventDefault());
  });
  await directions.click();
  await expect
    .poll(() => dataLayerEvents(page))
    .toEqual(expect.arrayContaining(['store_locator_viewed', 'store_city_selected', 'store_contact_clicked']));
  await page.screenshot({ path: '/tmp/content-stores.png', fullPage: true });
});

test('retailer details: bad input gets the SPEC wording, a good form is acknowledged; events reported', async ({ page }) => {
  await page.goto('/retailer-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Retailer Programme' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByLabel('Full name').fill('R2');
  await page.getByLabel('Mobile number').fill('98765');
  await page.getByLabel('Email').fill('ravi@');
  await page.getByLabel('Pincode').fill('0123');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a 10 digit mobile number')).toBeVisible();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Please enter your business name')).toBeVisible();
  await expect(page.getByText('Please enter a 6 digit pincode')).toBeVisible();
  await expectAxeClean(page);

  await page.getByLabel('Full name').fill('Ravi Kumar');
  await page.getByLabel('Business name').fill('Ravi Fitness');
  // SPEC §5: symbol keys are blocked on a phone field and the email is kept trimmed and in lower case.
  await page.getByLabel('Mobile number').fill('');
  await page.getByLabel('Mobile number').pressSequentially('+98(12)34 5678');
  await expect(page.getByLabel('Mobile number')).toHaveValue('9812345678');
  await page.getByLabel('Email').fill(' Ravi.E2E@Example.com');
  await expect(page.getByLabel('Email')).toHaveValue('ravi.e2e@example.com');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('Pincode').fill('411001');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('retailer-done')).toContainText(/Your request RTL-[0-9A-F]{8} is received/);
  expect(await dataLayerEvents(page)).toEqual(
    expect.arrayContaining(['retailer_form_viewed', 'retailer_form_failed', 'retailer_form_submitted']),
  );
});

test('unsubscribe: a signed link unsubscribes once and again idempotently; a forged link is refused', async ({ page }) => {
  // Links are signed with a key derived from the sign-in key ring (AUTH_SECRET of the server under test).
  const secret = createHmac('sha256', E2E_AUTH_SECRET).update('unsubscribe-link\u0000v1').digest('hex');
  const link = new URL(unsubscribeLink('http://x', secret, 'demo@kasrat.test'));
  await page.goto(`/unsubscribe${link.search}`);
  await expect(page.getByText('Stop offers and newsletters to')).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('unsubscribe-done')).toHaveText(/You are unsubscribed|You were already unsubscribed/);
  await page.reload();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('unsubscribe-done')).toHaveText('You were already unsubscribed.');
  await page.goto(`/unsubscribe?email=someone%40kasrat.test&token=${link.searchParams.get('token')}`);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid');
  await page.goto('/unsubscribe');
  await expect(page.getByText('This unsubscribe link is incomplete')).toBeVisible();
});

test('about and affiliate pages render, axe clean, with their titles in the server HTML', async ({ page, request }) => {
  for (const [path, heading, title] of [
    ['/about', 'About Kasrat', 'About Us | Kasrat'],
    ['/affiliate', 'Affiliate Programme', 'Affiliate Programme | Kasrat'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<title>${title}</title>`);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAxeClean(page);
  }
});
