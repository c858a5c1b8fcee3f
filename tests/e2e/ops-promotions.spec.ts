import { generate } from 'otplib';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { axeClean, expect, test } from './fixtures.ts';

// The console's promotions (docs/decisions/019): a marketer creates a bank offer and lowers a free gift's threshold
// in the console; a shopper's cart shows both at once. Put back afterwards (the gift's threshold, the offer switched
// off) so the other specs see the seeded promotions.

const TOKEN = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

test('a marketer creates a bank offer and lowers a free-gift threshold; the cart shows both', async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  const email = `marketing-promos-${Date.now()}@staff.kasrat.test`;
  const made = await request.post('/api/ops/staff', { headers: TOKEN, data: { email, role: 'marketing', password: 'E2e-console-pass' } });
  expect(made.status()).toBe(200);
  await page.goto('/ops');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('E2e-console-pass');
  await page.getByLabel('Code from your authenticator app').fill(await generate({ secret: (await made.json()).data.secret as string }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Promotions' }).click();

  // A bank offer: an impossible rule is named by the server, then the offer is created.
  await page.getByRole('button', { name: 'Bank offers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bank offers' })).toBeVisible();
  const description = `E2E Bank: 5% off on ₹500 (${Date.now().toString(36)})`;
  const form = page.getByRole('form', { name: 'New bank offer' });
  await form.getByLabel('Bank', { exact: true }).fill('E2E Bank');
  await form.getByLabel('Card BINs (6–8 digits, comma separated)').fill('65432198');
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Percent', { exact: true }).fill('105');
  await form.getByLabel('Minimum order (₹)').fill('500');
  const now = Date.now() + 330 * 60_000;
  await form.getByLabel('Starts (India time)').fill(new Date(now - 3_600_000).toISOString().slice(0, 16));
  await form.getByLabel('Ends (India time)').fill(new Date(now + 86_400_000).toISOString().slice(0, 16));
  await form.getByRole('button', { name: 'Create bank offer' }).click();
  await expect(page.getByRole('alert')).toContainText('value');
  await form.getByLabel('Percent', { exact: true }).fill('5');
  await form.getByRole('button', { name: 'Create bank offer' }).click();
  await expect(page.getByText('Bank offer created.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bank offers' }).getByText(description, { exact: true })).toBeVisible();
  await axeClean(page, 'bank offers');
  await page.screenshot({ path: '/tmp/ops-promotions-bank.png', fullPage: true });

  // The seeded free gift: its threshold lowered to ₹100.
  await page.getByRole('button', { name: 'Free gifts and delivery' }).click();
  const gifts = page.getByRole('table', { name: 'Free gifts' });
  const giftRow = gifts.getByRole('row').filter({ hasText: '₹1,999' }).first();
  const giftTitle = (await giftRow.getByRole('cell').first().textContent()) ?? '';
  await giftRow.getByRole('button', { name: /^Edit/ }).click();
  const giftForm = page.getByRole('form', { name: 'Edit free gift' });
  await giftForm.getByLabel('Cart value to qualify (₹)').fill('0');
  await giftForm.getByRole('button', { name: 'Save free gift' }).click();
  await expect(page.getByRole('alert')).toContainText('threshold');
  await giftForm.getByLabel('Cart value to qualify (₹)').fill('100');
  await giftForm.getByRole('button', { name: 'Save free gift' }).click();
  await expect(page.getByText('Free gift saved.')).toBeVisible();
  await expect(gifts.getByRole('row').filter({ hasText: giftTitle }).getByText('₹100')).toBeVisible();
  await axeClean(page, 'free gifts');
  await page.screenshot({ path: '/tmp/ops-promotions-gifts.png', fullPage: true });

  await page.getByRole('button', { name: 'Sale pages' }).click();
  await expect(page.getByRole('table', { name: 'Sale pages' }).getByText('/sale/mega-sale')).toBeVisible();
  await axeClean(page, 'sale pages');
  await page.screenshot({ path: '/tmp/ops-promotions-sales.png', fullPage: true });

  // A shopper's cart: the new bank offer listed, the gift unlocked.
  const shopper = await (await browser.newContext()).newPage();
  const hits = (await (await shopper.request.get('/api/search/product-search-listing?q=whey&sortby=price_asc')).json()).data.hits as Array<{
    vid: number;
    sale_price: number;
    stock_status: string;
  }>;
  const item = hits.find((h) => h.sale_price >= 60_000 && h.sale_price < 199_900 && !/out/i.test(h.stock_status)) as { vid: number };
  expect(item).toBeTruthy();
  expect((await shopper.request.post('/api/cart/add-to-cart', { data: { variant_id: item.vid, quantity: 1 } })).status()).toBe(200);
  await shopper.goto('/cart');
  await expect(shopper.getByRole('region', { name: 'Bank offers' }).getByText(description)).toBeVisible();
  await expect(shopper.getByTestId('freebie-progress')).toContainText('You have unlocked');

  // Put back: the gift's threshold, and the offer switched off (the cart no longer lists it).
  await page.getByRole('button', { name: 'Free gifts and delivery' }).click();
  await page
    .getByRole('table', { name: 'Free gifts' })
    .getByRole('row')
    .filter({ hasText: giftTitle })
    .getByRole('button', { name: /^Edit/ })
    .click();
  await page.getByRole('form', { name: 'Edit free gift' }).getByLabel('Cart value to qualify (₹)').fill('1999');
  await page.getByRole('form', { name: 'Edit free gift' }).getByRole('button', { name: 'Save free gift' }).click();
  await expect(page.getByText('Free gift saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Bank offers' }).click();
  await page.getByRole('button', { name: `Deactivate bank offer ${description}` }).click();
  await expect(page.getByText('Bank offer saved.')).toBeVisible();
  await shopper.reload();
  await expect(shopper.getByTestId('freebie-progress')).toContainText('more to get');
  await expect(shopper.getByText(description)).toHaveCount(0);
});

test('two marketers edit one coupon: the stale save is refused naming what changed, the form shows the coupon as saved', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `marketing-coupon-${Date.now()}@staff.kasrat.test`;
  const made = await request.post('/api/ops/staff', { headers: TOKEN, data: { email, role: 'marketing', password: 'E2e-console-pass' } });
  expect(made.status()).toBe(200);
  const code = `E2EV${Date.now().toString(36).toUpperCase()}`;
  const rule = {
    description: 'Versioned coupon, console test',
    kind: 'percent',
    value: 10,
    min_cart: 50_000,
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: new Date(Date.now() + 86_400_000).toISOString(),
  };
  expect((await request.post('/api/ops/coupons', { headers: TOKEN, data: { code, ...rule } })).status()).toBe(200);

  await page.goto('/ops');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('E2e-console-pass');
  await page.getByLabel('Code from your authenticator app').fill(await generate({ secret: (await made.json()).data.secret as string }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Promotions' }).click();
  await page
    .getByRole('table', { name: 'Coupons' })
    .getByRole('button', { name: `Edit coupon ${code}` })
    .click();
  const form = page.getByRole('form', { name: `Edit coupon ${code}` });
  await expect(form.getByLabel('Percent', { exact: true })).toHaveValue('10');

  // Meanwhile a colleague saves a new percentage from version 1, the version this editor opened.
  const colleague = await request.post(`/api/ops/coupons/${code}`, { headers: TOKEN, data: { ...rule, value: 20, expected_version: 1 } });
  expect(colleague.status()).toBe(200);

  // This editor's save is refused, naming what changed; the form now shows the coupon as saved, nothing overwritten.
  await form.getByLabel('Minimum cart (₹)').fill('600');
  await form.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page.getByRole('alert')).toContainText('Someone else changed this coupon since you opened it (value)');
  await expect(form.getByLabel('Percent', { exact: true })).toHaveValue('20');
  await expect(form.getByLabel('Minimum cart (₹)')).toHaveValue('500.00');
  await axeClean(page, 'stale coupon edit');

  // Deciding again from what is saved: both changes stand.
  await form.getByLabel('Minimum cart (₹)').fill('600');
  await form.getByRole('button', { name: 'Save coupon' }).click();
  await expect(page.getByText('Coupon saved.')).toBeVisible();
  const coupons = (await (await request.get('/api/ops/coupons', { headers: TOKEN })).json()).data.coupons as Array<Record<string, unknown>>;
  expect(coupons.find((c) => c.code === code)).toMatchObject({ value: 20, min_cart: 60_000, version: 3 });
});
