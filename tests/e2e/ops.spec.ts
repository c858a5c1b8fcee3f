import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { generate } from 'otplib';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { expect, type Page, test } from './fixtures.ts';

// The operations console at /ops (docs/decisions/019): staff sign in with a TOTP code; a role sees and does only
// what it may (the server refusing the rest); a price change shows on the storefront at once; no shopper page
// loads a byte of it.

const TOKEN = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
const CONSOLE_PAGE = 'src/features/ops/pages/Console.tsx';

async function axeClean(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${what}: ${v.id} (${v.nodes.length})`)).toEqual([]);
}

async function signIn(page: Page, email: string, password: string, code: string) {
  await page.goto('/ops');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

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
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'Kasrat operations' })).toBeVisible();
  await axeClean(page, 'sign-in');
  // A wrong code is refused in words.
  await signIn(page, 'staff@kasrat.test', 'Staff@1234', '000000');
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
  await signIn(supportPage, support.email, 'E2e-console-pass', await generate({ secret: support.secret }));
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
  await signIn(page, editor.email, 'E2e-console-pass', await generate({ secret: editor.secret }));
  await page.getByLabel('Product name or SKU').fill(variant.sku);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page
    .getByRole('form', { name: new RegExp(`^Price of ${variant.product_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first();
  const newPrice = Math.floor((variant.price - 5_000) / 100);
  await row.getByLabel('Price', { exact: true }).fill(String(newPrice));
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Price saved.')).toBeVisible();
  await page.goto(`/product/${variant.slug}/?pId=${variant.product_id}&vId=${variant.variant_id}`);
  await expect(page.getByTestId('pdp-price')).toHaveAttribute('data-price', String(newPrice * 100));
});
