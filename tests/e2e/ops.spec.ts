import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { DEMO_ADDRESS } from '../helpers/demo-customer.ts';
import { axeClean, expect, signIn, signInToConsole, test } from './fixtures.ts';

// The operations console at /ops (docs/decisions/019): staff sign in with a TOTP code; a role sees and does only
// what it may (the server refusing the rest); a price change shows on the storefront at once; no shopper page
// loads a byte of it.

const TOKEN = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
const CONSOLE_PAGE = 'src/features/ops/pages/Console.tsx';

test('no shopper page loads the console: the build keeps it in its own chunks', async ({ page }) => {
  const dir = path.resolve('dist/client');
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; src?: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
  >;
  expect(manifest[CONSOLE_PAGE]).toBeDefined();
  const consoleFile = manifest[CONSOLE_PAGE]?.file as string;
  // Every other page's static graph: none holds a console module.
  const graph = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) graph(k, seen);
    return seen;
  };
  const leaks: string[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (key === CONSOLE_PAGE || !(chunk.isEntry || chunk.isDynamicEntry)) continue;
    for (const k of graph(key)) if (k.includes('features/ops/') || manifest[k]?.file === consoleFile) leaks.push(`${key} → ${k}`);
  }
  expect(leaks).toEqual([]);
  // The store's one stylesheet carries none of the console's styles.
  for (const css of Object.values(manifest).flatMap((c) => (c as { css?: string[] }).css ?? []))
    expect(readFileSync(path.join(dir, css), 'utf8')).not.toContain('ops-');
  // And in a browser: the home and a product page request nothing of it.
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/');
  await page.goto('/shop');
  expect(requested.filter((u) => u.includes(path.basename(consoleFile)))).toEqual([]);
});

test('the demo owner signs in with the password and a TOTP code; the console is keyboard-usable and axe clean', async ({ page }) => {
  // axe runs on five console pages of a shared machine.
  test.setTimeout(150_000);
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'Kasrat operations' })).toBeVisible();
  await axeClean(page, 'sign-in');
  // A wrong code is refused in words.
  await signInToConsole(page, 'staff@kasrat.test', 'Staff@1234', '000000');
  await expect(page.getByRole('alert')).toHaveText('The email, password or code is wrong.');
  const code = (await (await page.request.get('/api/dev/staff-code')).json()).data.code as string;
  // By keyboard alone: the fields in order, Enter submits.
  await page.getByLabel('Email').fill('staff@kasrat.test');
  await page.getByLabel('Email').press('Tab');
  await page.keyboard.type('Staff@1234');
  await page.keyboard.press('Tab');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Role: owner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audit trail' })).toBeVisible();
  // Today is where the owner lands: the day's orders in rupees, the outboxes and the funnel.
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Outbox health' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Conversion funnel' })).toBeVisible();
  await axeClean(page, 'today');
  await page.screenshot({ path: '/tmp/ops-today.png', fullPage: true });
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await axeClean(page, 'orders');
  await page.getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByRole('heading', { name: 'Catalogue' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' }).first()).toBeVisible();
  await axeClean(page, 'catalogue');
  // Customers: find the demo shopper, block (their sessions end) and unblock; both land in the audit trail.
  await page.getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel('Name, email or mobile').fill('demo@kasrat.test');
  await page.getByLabel('Name, email or mobile').press('Enter');
  const demo = page.getByRole('row', { name: /demo@kasrat\.test/ });
  await expect(demo.getByRole('cell', { name: 'Active' })).toBeVisible();
  await axeClean(page, 'customers');
  await demo.getByRole('button', { name: /^Block/ }).click();
  await expect(page.getByText('Customer blocked. Their sessions have ended.')).toBeVisible();
  await expect(demo.getByRole('cell', { name: 'Blocked' })).toBeVisible();
  await demo.getByRole('button', { name: /^Unblock/ }).click();
  await expect(page.getByText('Customer unblocked.')).toBeVisible();
  await expect(demo.getByRole('cell', { name: 'Active' })).toBeVisible();
  await page.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'customer.block', exact: true })).toBeVisible();
  await axeClean(page, 'audit trail');
});

test('support cannot change a price; a catalogue editor can, and the product page shows it', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const make = async (role: string) => {
    const email = `${role}-${Date.now()}@staff.kasrat.test`;
    const res = await request.post('/api/ops/staff', { headers: TOKEN, data: { email, role, password: 'E2e-console-pass' } });
    expect(res.status()).toBe(200);
    return { email, secret: (await res.json()).data.secret as string };
  };
  const variant = (await (await request.get('/api/ops/catalogue/variants?q=', { headers: TOKEN })).json()).data.variants.find(
    (v: { mrp: number; price: number }) => v.mrp > 100_000 && v.price > 50_000,
  ) as { variant_id: number; product_id: number; slug: string; sku: string; product_name: string; price: number; mrp: number };

  // Support: sees prices read-only, and the API refuses the change (403) from the same signed-in browser.
  const support = await make('support');
  const supportPage = await (await browser.newContext()).newPage();
  await signInToConsole(supportPage, support.email, 'E2e-console-pass', await generate({ secret: support.secret }));
  await supportPage.getByRole('link', { name: 'Catalogue' }).click();
  await expect(supportPage.getByText('Your role can see prices but not change them.')).toBeVisible();
  await expect(supportPage.getByRole('button', { name: 'Save' })).toHaveCount(0);
  const refused = await supportPage.request.post(`/api/ops/catalogue/variants/${variant.variant_id}/price`, {
    data: { price: variant.price - 100, mrp: variant.mrp, expected_price: variant.price, expected_mrp: variant.mrp },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Your role does not allow this. Ask the store owner for access.');

  // The catalogue editor changes the price; the storefront shows it.
  const editor = await make('catalogue');
  const page = await (await browser.newContext()).newPage();
  await signInToConsole(page, editor.email, 'E2e-console-pass', await generate({ secret: editor.secret }));
  await page.getByLabel('Product name or SKU').fill(variant.sku);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page
    .getByRole('form', { name: new RegExp(`^Price of ${variant.product_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first();
  const newPrice = Math.floor((variant.price - 5_000) / 100);
  await row.getByLabel('Price', { exact: true }).fill(String(newPrice));
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Price saved.')).toBeVisible();
  // A count of the shelf with a reason: saved through the stock ledger.
  await page
    .getByText(/available/)
    .first()
    .click();
  const stock = page.getByRole('form', { name: /^Stock of / }).first();
  await stock.getByLabel('On the shelf').fill('60');
  await stock.getByLabel('Reason').selectOption('received');
  await stock.getByRole('button', { name: 'Save stock' }).click();
  await expect(page.getByText('Stock saved.')).toBeVisible();
  await page.screenshot({ path: '/tmp/ops-catalogue.png', fullPage: true });
  await page.goto(`/product/${variant.slug}/?pId=${variant.product_id}&vId=${variant.variant_id}`);
  await expect(page.getByTestId('pdp-price')).toHaveAttribute('data-price', String(newPrice * 100));
});

test("fulfilment packs and ships an order with an AWB in the console; the shopper's order page shows it shipped", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The demo shopper places a pay-on-delivery order of one product.
  const shopper = await (await browser.newContext()).newPage();
  const api = shopper.request;
  await signIn(api);
  for (const line of (await (await api.post('/api/cart/cart-list', { data: {} })).json()).data.cart_data as Array<{
    variant_id: number;
    is_freebie: boolean;
  }>)
    if (line.is_freebie) await api.post('/api/cart/remove-freebee', { data: {} });
    else await api.post('/api/cart/delete-cart', { data: { variant_id: line.variant_id } });
  await api.post('/api/cart/remove-coupon', { data: {} });
  const addresses = async () =>
    (await (await api.get('/api/myAddress/user-address-list')).json()).data as Array<{ address_id: number; pincode: string }>;
  if (!(await addresses()).some((a) => a.pincode === DEMO_ADDRESS.pincode))
    await api.post('/api/myAddress/user-address-add-update', { data: DEMO_ADDRESS });
  const addressId = (await addresses()).find((a) => a.pincode === DEMO_ADDRESS.pincode)?.address_id;
  const hits = (await (await api.get('/api/search/product-search-listing?q=whey&sortby=price_asc')).json()).data.hits as Array<{
    vid: number;
    sale_price: number;
    stock_status: string;
  }>;
  const product = hits.find((h) => h.sale_price >= 40_000 && h.sale_price <= 300_000 && !/out/i.test(h.stock_status));
  expect(product).toBeTruthy();
  expect((await api.post('/api/cart/add-to-cart', { data: { variant_id: product?.vid, quantity: 1 } })).status()).toBe(200);
  expect((await api.post('/api/select-address/deliver-here', { data: { address_id: addressId } })).status()).toBe(200);
  const placed = await api.get('/api/order-confirmation/place-order', { headers: { 'idempotency-key': `ops-e2e-${Date.now()}` } });
  expect(placed.status(), await placed.text()).toBe(200);
  const orderId = (await placed.json()).data.order_id as string;
  const cod = await api.post('/api/payment/pay-on-delivery', { data: { order_id: orderId } });
  expect(cod.status(), await cod.text()).toBe(200);

  // Fulfilment finds it, packs it and ships it with the courier's AWB.
  const email = `fulfilment-${Date.now()}@staff.kasrat.test`;
  const made = await request.post('/api/ops/staff', { headers: TOKEN, data: { email, role: 'fulfilment', password: 'E2e-console-pass' } });
  expect(made.status()).toBe(200);
  const page = await (await browser.newContext()).newPage();
  await signInToConsole(page, email, 'E2e-console-pass', await generate({ secret: (await made.json()).data.secret as string }));
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  // Fulfilment has no catalogue editing, no customers and no audit trail.
  await expect(page.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  await page.getByLabel('Order number or customer').fill(orderId);
  await page.getByLabel('Payment').selectOption({ label: 'Pay on delivery' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: orderId }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
  await axeClean(page, 'order page');
  await page.getByRole('button', { name: 'Pack' }).click();
  await expect(page.getByRole('heading', { name: /: Packed$/ })).toBeVisible();
  await page.getByLabel('Courier AWB').fill('DLV4455667');
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page.getByRole('heading', { name: /: Shipped · AWB DLV4455667$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Invoice/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/ops-order-shipped.png', fullPage: true });

  // The shopper's order page says so.
  await shopper.goto(`/account/order/order-details/${orderId}`);
  await expect(shopper.getByText('Shipped').first()).toBeVisible();

  // Delivered, so later journeys find the demo shopper's orders as they were.
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByRole('heading', { name: /: Delivered · AWB/ })).toBeVisible();
});

test('support works the review queue: hiding a review takes it out of the queue into the hidden list', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = `support-reviews-${Date.now()}@staff.kasrat.test`;
  const made = await request.post('/api/ops/staff', { headers: TOKEN, data: { email, role: 'support', password: 'E2e-console-pass' } });
  expect(made.status()).toBe(200);
  const queue = (await (await request.get('/api/ops/reviews', { headers: TOKEN })).json()).data.reviews as Array<{
    review_id: number;
    author_name: string;
  }>;
  const first = queue[0] as { review_id: number; author_name: string };

  await signInToConsole(page, email, 'E2e-console-pass', await generate({ secret: (await made.json()).data.secret as string }));
  await page.getByRole('link', { name: 'Reviews' }).click();
  const table = page.getByRole('table', { name: 'Reviews' });
  await expect(table).toBeVisible();
  await axeClean(page, 'review queue');
  await page.screenshot({ path: '/tmp/ops-reviews.png', fullPage: true });
  const hide = page.getByRole('button', { name: `Hide review ${first.review_id} by ${first.author_name}` });
  await hide.click();
  await expect(page.getByText('Review hidden.')).toBeVisible();
  await expect(hide).toHaveCount(0);

  await page.getByLabel('Show').selectOption('hidden');
  await expect(page.getByRole('button', { name: `Publish review ${first.review_id} by ${first.author_name}` })).toBeVisible();
  const after = (await (await request.get('/api/ops/reviews?state=hidden', { headers: TOKEN })).json()).data.reviews as Array<{
    review_id: number;
  }>;
  expect(after.map((r) => r.review_id)).toContain(first.review_id);
});

test('a marketer creates a coupon in the console; a shopper applies it in the cart', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const email = `marketing-${Date.now()}@staff.kasrat.test`;
  const made = await request.post('/api/ops/staff', { headers: TOKEN, data: { email, role: 'marketing', password: 'E2e-console-pass' } });
  expect(made.status()).toBe(200);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;

  await signInToConsole(page, email, 'E2e-console-pass', await generate({ secret: (await made.json()).data.secret as string }));
  await page.getByRole('link', { name: 'Promotions' }).click();
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Description').fill('Fifteen percent off, console test');
  await form.getByLabel('Percent', { exact: true }).fill('150');
  await form.getByLabel('Minimum cart (₹)').fill('500');
  const now = Date.now() + 330 * 60_000;
  await form.getByLabel('Starts (India time)').fill(new Date(now - 3_600_000).toISOString().slice(0, 16));
  await form.getByLabel('Ends (India time)').fill(new Date(now + 86_400_000).toISOString().slice(0, 16));
  // An impossible rule: the server names the field, nothing is created.
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByRole('alert')).toContainText('value');
  await form.getByLabel('Percent', { exact: true }).fill('15');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Coupon created.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Coupons' }).getByRole('cell', { name: code, exact: true })).toBeVisible();
  await axeClean(page, 'promotions');
  await page.screenshot({ path: '/tmp/ops-promotions.png', fullPage: true });

  const shopper = await (await browser.newContext()).newPage();
  const hits = (await (await shopper.request.get('/api/search/product-search-listing?q=whey&sortby=price_asc')).json()).data.hits as Array<{
    vid: number;
    sale_price: number;
    stock_status: string;
  }>;
  const item = hits.find((h) => h.sale_price >= 60_000 && !/out/i.test(h.stock_status)) as { vid: number; sale_price: number };
  expect((await shopper.request.post('/api/cart/add-to-cart', { data: { variant_id: item.vid, quantity: 1 } })).status()).toBe(200);
  await shopper.goto('/cart');
  await shopper.getByLabel('Coupon code').fill(code.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(shopper.getByTestId('applied-coupon')).toContainText(`${code} applied`);
});
