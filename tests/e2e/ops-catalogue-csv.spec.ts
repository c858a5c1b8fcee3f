import { decimalRupees } from '../../schemas/money.ts';
import { CSV_MESSAGES } from '../../schemas/staff-catalogue.ts';
import { generate } from 'otplib';
import sharp from 'sharp';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { axeClean, expect, signInToConsole, test } from './fixtures.ts';

// The console's catalogue file (docs/decisions/019): a catalogue editor imports a CSV with a bad row (the report
// says which and why, nothing is written), fixes it, applies it, and the storefront shows the new price. Then a
// customer's page lists their orders and an order's page cancels one unit with the refund shown first.

const TOKEN = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
const HEADER = 'sku,product,brand,category,price,mrp,stock,published';

type Variant = {
  variant_id: number;
  product_id: number;
  slug: string;
  sku: string;
  price: number;
  mrp: number;
  stock: number;
  held: number;
};
const row = (v: Variant, price: number, mrp = v.mrp) =>
  `${v.sku},x,x,x,${decimalRupees(price)},${decimalRupees(mrp)},${v.stock + v.held},yes`;

test('a catalogue editor imports a CSV: a bad row is reported and nothing written; fixed, it applies and the product page shows it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const email = `csv-${Date.now()}@staff.kasrat.test`;
  const made = await request.post('/api/ops/staff', { headers: TOKEN, data: { email, role: 'catalogue', password: 'E2e-console-pass' } });
  expect(made.status()).toBe(200);
  const secret = (await made.json()).data.secret as string;
  const variants = (await (await request.get('/api/ops/catalogue/variants?q=', { headers: TOKEN })).json()).data.variants as Variant[];
  const [good, bad] = variants.filter((v) => v.mrp > 100_000 && v.price > 50_000).slice(-2) as [Variant, Variant];
  const newPrice = good.price - 4_200;

  await signInToConsole(page, email, 'E2e-console-pass', await generate({ secret }));
  await expect(page.getByRole('heading', { name: 'Import and export' })).toBeVisible();
  // The export downloads as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the catalogue (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^kasrat-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);

  // A file with one good row and one whose MRP is below its price.
  const file = (rows: string[]) => ({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\n')) });
  await page.getByLabel('CSV file').setInputFiles(file([row(good, newPrice), row(bad, bad.mrp + 100, bad.mrp)]));
  await page.getByRole('button', { name: 'Check file' }).click();
  const problems = page.getByRole('table', { name: 'Problems in the file' });
  await expect(problems.getByRole('row', { name: /3 .* mrp The MRP cannot be below the price\./ })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('1 row(s) have errors: nothing was written. Fix them and try again.');
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  await axeClean(page, 'catalogue CSV report');
  await page.screenshot({ path: '/tmp/ops-csv-report.png', fullPage: true });
  // Nothing was written: the checked file changed no price.
  const now = async (v: Variant) =>
    (
      (await (await request.get(`/api/ops/catalogue/variants?q=${encodeURIComponent(v.sku)}`, { headers: TOKEN })).json()).data
        .variants as Variant[]
    ).find((x) => x.variant_id === v.variant_id);
  expect((await now(good))?.price).toBe(good.price);

  // Fixed: the bad row's price back under its MRP.
  await page.getByLabel('CSV file').setInputFiles(file([row(good, newPrice), row(bad, bad.price, bad.mrp)]));
  await page.getByRole('button', { name: 'Check file' }).click();
  const changes = page.getByRole('table', { name: 'Changes in the file' });
  await expect(
    changes.getByRole('row', { name: new RegExp(`${good.sku} ${decimalRupees(good.price)} → ${decimalRupees(newPrice)}`) }),
  ).toBeVisible();
  await axeClean(page, 'catalogue CSV changes');
  await page.screenshot({ path: '/tmp/ops-csv-changes.png', fullPage: true });
  await page.getByRole('button', { name: 'Apply 1 change(s)' }).click();
  await expect(page.getByText('Import applied: 1 variant(s) changed.')).toBeVisible();
  expect((await now(good))?.price).toBe(newPrice);

  // A file exported before that change is refused for its row, and the table says what changed since.
  const exportedAs = `${decimalRupees(good.price)}|${decimalRupees(good.mrp)}|${good.stock + good.held}`;
  await page.getByLabel('CSV file').setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${HEADER},exported\n${row(good, good.price)},${exportedAs}\n`),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  const stale = page.getByRole('table', { name: 'Changed since the export' });
  await expect(
    stale.getByRole('row', { name: new RegExp(`2 ${good.sku} Price .* ${decimalRupees(good.price)} ${decimalRupees(newPrice)}`) }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(CSV_MESSAGES.stale(1));
  await axeClean(page, 'catalogue CSV stale rows');
  expect((await now(good))?.price).toBe(newPrice);

  // The product's own image: uploaded from its row, served as its first view.
  await page.getByLabel('Product name or SKU').fill(good.sku);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .locator('summary', { hasText: /^Change the image of/ })
    .first()
    .click();
  const photo = await sharp({ create: { width: 240, height: 120, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  await page.getByLabel('Image file').first().setInputFiles({ name: 'tub.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: 'Upload image' }).first().click();
  await expect(page.getByText('Image saved. The product page shows it now.')).toBeVisible();
  const served = await request.get(`/images/product/${good.variant_id}.webp`);
  expect(served.headers()['cache-control']).toBe('public, max-age=300');
  await page.screenshot({ path: '/tmp/ops-image.png', fullPage: true });

  await page.goto(`/product/${good.slug}/?pId=${good.product_id}&vId=${good.variant_id}`);
  await expect(page.getByTestId('pdp-price')).toHaveAttribute('data-price', String(newPrice));
});

test("the owner opens a customer's page, then an order, and cancels one unit after seeing the refund", async ({ page, request }) => {
  test.setTimeout(150_000);
  const customers = (await (await request.get('/api/ops/customers?q=demo%40kasrat.test', { headers: TOKEN })).json()).data.customers;
  const customerId = customers[0].customer_id as number;
  // A demo order with a shipment the shop can still cancel and more than one unit in it.
  const list = (await (await request.get(`/api/ops/customers/${customerId}/orders?page_size=100`, { headers: TOKEN })).json()).data;
  let target: { order: string; shipment: string; item: string } | null = null;
  for (const o of list.orders as Array<{ order_id: string }>) {
    const detail = (await (await request.get(`/api/ops/orders/${o.order_id}`, { headers: TOKEN })).json()).data;
    for (const s of detail.shipments as Array<{
      shipment_id: string;
      actions: string[];
      items: Array<{ name: string; quantity: number; cancelled: number; returned: number }>;
    }>) {
      const open = s.items.filter((i) => i.quantity - i.cancelled - i.returned > 0);
      const units = open.reduce((n, i) => n + i.quantity - i.cancelled - i.returned, 0);
      if (s.actions.includes('cancel') && units > 1 && open[0])
        target ??= { order: o.order_id, shipment: s.shipment_id, item: open[0].name };
    }
  }
  expect(target).not.toBeNull();
  const { order, shipment, item } = target as { order: string; shipment: string; item: string };

  await page.goto('/ops');
  const code = (await (await page.request.get('/api/dev/staff-code')).json()).data.code as string;
  await signInToConsole(page, 'staff@kasrat.test', 'Staff@1234', code);
  await page.getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel('Name, email or mobile').fill('demo@kasrat.test');
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('row', { name: /demo@kasrat\.test/ })
    .getByRole('link')
    .click();
  const orders = page.getByRole('table', { name: 'Orders of this customer' });
  await expect(orders.getByRole('link', { name: order })).toBeVisible();
  await axeClean(page, 'customer page');
  await page.screenshot({ path: '/tmp/ops-customer-page.png', fullPage: true });

  await orders.getByRole('link', { name: order }).click();
  await expect(page.getByRole('heading', { name: `Order ${order}` })).toBeVisible();
  await page.getByText(`Cancel some items`).first().click();
  const form = page.getByRole('form', { name: `Cancel items of ${shipment}` });
  await form.getByLabel(new RegExp(`^${item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(up to`)).fill('1');
  await form.getByRole('button', { name: 'Preview refund' }).click();
  await expect(page.getByText(/^Refund ₹/)).toBeVisible();
  await axeClean(page, 'order page with a refund preview');
  await page.screenshot({ path: '/tmp/ops-cancel-preview.png', fullPage: true });
  await page.getByRole('button', { name: 'Confirm cancel' }).click();
  await expect(page.getByText(new RegExp(`1 unit\\(s\\) of shipment ${shipment} cancelled\\.`))).toBeVisible();
});
