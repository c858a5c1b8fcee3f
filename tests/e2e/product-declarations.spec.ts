import AxeBuilder from '@axe-core/playwright';
import { generate } from 'otplib';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { formatUnitPrice, NUTRIENTS } from '../../schemas/declaration-rules.ts';
import type { ProductDeclarations } from '../../schemas/declarations.ts';
import { expect, type APIRequestContext, type Page, test } from './fixtures.ts';

// The product page's "Product details" (docs/product-declarations.md): every declaration of the label, server-
// rendered; the price per serving beside the price; the JSON-LD's schema.org fields; and the console's catalogue
// role editing a declaration that the page then shows.

const TOKEN = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

type Found = { variant_id: number; product_id: number; slug: string; product_name: string; price: number; label: string };

/** An imported whey protein's 1 kg pack (the console's variant search, which names price and slug). */
async function wheyPack(request: APIRequestContext): Promise<{ v: Found; d: ProductDeclarations }> {
  const found = (await (await request.get('/api/ops/catalogue/variants?q=Whey%20Protein', { headers: TOKEN })).json()).data
    .variants as Found[];
  for (const v of found) {
    if (!v.label.includes('1 kg') || v.label.includes('Pack')) continue;
    const d = (await (await request.get(`/api/product-details/declarations?product_id=${v.product_id}`)).json())
      .data as ProductDeclarations;
    if (d?.importer) return { v, d };
  }
  throw new Error('the seed has no imported whey protein with a 1 kg pack');
}

const productLd = async (page: Page) => {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b['@type'] === 'Product') as Record<string, unknown>;
};

test('a whey product page shows every declaration, the green mark, price per serving and the JSON-LD', async ({ page, request }) => {
  const { v, d } = await wheyPack(request);
  const pack = d.variants.find((x) => x.variant_id === v.variant_id) as ProductDeclarations['variants'][number];
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/product/${v.slug}/?pId=${v.product_id}&vId=${v.variant_id}`);

  const details = page.getByRole('region', { name: 'Product details' });
  await expect(details).toBeVisible();
  // The green mark: the whey is vegetarian, on the title and in the details.
  await expect(page.locator('h1').locator('..').getByRole('img', { name: 'Vegetarian' })).toBeVisible();
  await expect(details.getByTestId('declared-food')).toHaveText('Vegetarian');
  await expect(details.getByRole('img', { name: 'Vegetarian' })).toBeVisible();
  await expect(details.getByTestId('declared-net-quantity')).toHaveText('1 kg');
  await expect(details.getByTestId('declared-servings')).toHaveText(`${pack.servings} servings of ${d.serving_size}`);
  await expect(details.getByTestId('declared-best-before')).toHaveText(
    pack.best_before ? /\(the batch in stock\)$/ : `${d.shelf_life_months} months from the date of manufacture`,
  );
  await expect(details.getByTestId('declared-origin')).toHaveText(d.country_of_origin);
  await expect(details.getByTestId('declared-manufacturer')).toHaveText(`${d.manufacturer.name}, ${d.manufacturer.address}`);
  await expect(details.getByTestId('declared-importer')).toHaveText(`${d.importer?.name}, ${d.importer?.address}`);
  await expect(details.getByTestId('declared-fssai')).toHaveText(d.fssai_licence);
  await expect(details.getByTestId('declared-care')).toContainText(d.customer_care.phone);
  await expect(details.getByRole('link', { name: d.customer_care.email })).toHaveAttribute('href', `mailto:${d.customer_care.email}`);
  await expect(details.getByTestId('declared-care')).toContainText(d.customer_care.address);
  await expect(details.getByTestId('declared-ingredients')).toHaveText(d.ingredients);
  await expect(details.getByTestId('declared-allergens')).toHaveText(d.allergens as string);
  const table = details.getByRole('table', { name: 'Nutrition information' });
  await expect(table.getByRole('columnheader')).toHaveText(['Nutrient', `Per serving (${d.serving_size})`, 'Per 100 g']);
  await expect(table.getByRole('row')).toHaveCount(NUTRIENTS.length + 1);
  await expect(table.getByRole('row', { name: /^Protein/ }).getByRole('cell')).toHaveText([
    `${d.nutrition.per_serving.protein_g} g`,
    `${d.nutrition.per_100g.protein_g} g`,
  ]);
  // Price per serving beside the price, and per gram of protein.
  await expect(page.getByTestId('price-per-serving')).toHaveText(
    `${formatUnitPrice(pack.price_per_serving as number)} per serving · ${formatUnitPrice(pack.price_per_protein_gram as number)} per g of protein`,
  );

  // The server sent it: the section is in the HTML before any script runs.
  const html = await (await request.get(`/product/${v.slug}/?pId=${v.product_id}&vId=${v.variant_id}`)).text();
  expect(html).toContain('Product details');
  expect(html).toContain(d.fssai_licence);

  const ld = await productLd(page);
  expect(ld.manufacturer).toMatchObject({ '@type': 'Organization', name: d.manufacturer.name, address: d.manufacturer.address });
  expect(ld.countryOfOrigin).toMatchObject({ '@type': 'Country', name: d.country_of_origin });
  expect(ld.nutrition).toMatchObject({
    '@type': 'NutritionInformation',
    servingSize: d.serving_size,
    calories: `${d.nutrition.per_serving.energy_kcal} kcal`,
    proteinContent: `${d.nutrition.per_serving.protein_g} g`,
    sodiumContent: `${d.nutrition.per_serving.sodium_mg} mg`,
  });
  expect(ld.weight).toMatchObject({ '@type': 'QuantitativeValue', value: 1000, unitCode: 'GRM' });
  expect(ld.suitableForDiet).toBe('https://schema.org/VegetarianDiet');

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((x) => `${x.id} (${x.nodes.length})`)).toEqual([]);
});

test('a catalogue editor changes a declaration in the console and the product page shows it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { v } = await wheyPack(request);
  const email = `catalogue-decl-${Date.now()}@staff.kasrat.test`;
  const made = await request.post('/api/ops/staff', { headers: TOKEN, data: { email, role: 'catalogue', password: 'E2e-console-pass' } });
  expect(made.status()).toBe(200);
  const page = await (await browser.newContext()).newPage();
  await page.goto('/ops');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('E2e-console-pass');
  await page.getByLabel('Code from your authenticator app').fill(await generate({ secret: (await made.json()).data.secret as string }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Product name or SKU').fill(v.product_name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByLabel('Declarations of').selectOption(String(v.product_id));
  const form = page.getByRole('form', { name: `Declarations of ${v.product_name}` });
  await form.getByLabel('Manufacturer', { exact: true }).fill('Edited Maker Nutrition Ltd');
  await form.getByLabel('Country of origin').fill('Ireland');
  const pack = form.getByRole('group', { name: `Pack: ${v.label}` });
  await pack.getByLabel('Net quantity').fill('2');
  await pack.getByLabel('Unit').selectOption('lb');
  await pack.getByLabel('Servings').fill('27');
  await form.getByRole('button', { name: 'Save declarations' }).click();
  await expect(form.getByText('Declarations saved.')).toBeVisible();

  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/product/${v.slug}/?pId=${v.product_id}&vId=${v.variant_id}`);
  const details = shopper.getByRole('region', { name: 'Product details' });
  await expect(details.getByTestId('declared-manufacturer')).toContainText('Edited Maker Nutrition Ltd');
  await expect(details.getByTestId('declared-origin')).toHaveText('Ireland');
  await expect(details.getByTestId('declared-net-quantity')).toHaveText('2 lb (907 g)');
  await expect(details.getByTestId('declared-servings')).toContainText('27 servings');
  expect((await productLd(shopper)).countryOfOrigin).toMatchObject({ name: 'Ireland' });
});
