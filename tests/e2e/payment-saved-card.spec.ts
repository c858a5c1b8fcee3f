import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { DEMO_ADDRESS, DEMO_SIGN_IN as DEMO } from '../helpers/demo-customer.ts';

// Saved cards end to end on a phone (docs/decisions/024-saved-cards.md): pay with a test card on the sandbox
// gateway ticking "Save this card (RBI tokenisation)"; the next order pays with the saved card, the gateway
// asking only for its CVV; then the card is removed from the payment page after a confirmation. Each page is
// checked with axe; screenshots go under /tmp for a person to look at.

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/kasrat-saved-card-shots';
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field.
type Json = { status: 0 | 1; message: string; data: any };
const json = async (res: { json(): Promise<unknown> }) => (await res.json()) as Json;
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectAxeClean(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    result.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${what} has accessibility violations`,
  ).toEqual([]);
}

/** The demo customer signed in with an empty cart, no saved cards, a delivery address; one product in the cart. */
async function freshCart(request: APIRequestContext): Promise<number> {
  expect((await json(await request.post('/api/auth/login', { data: DEMO }))).status).toBe(1);
  const lines = (await json(await request.post('/api/cart/cart-list', { data: {} }))).data.cart_data as Array<{
    variant_id: number;
    is_freebie: boolean;
  }>;
  for (const line of lines)
    if (line.is_freebie) await request.post('/api/cart/remove-freebee', { data: {} });
    else await request.post('/api/cart/delete-cart', { data: { variant_id: line.variant_id } });
  await request.post('/api/cart/remove-coupon', { data: {} });
  let addresses = (await json(await request.get('/api/myAddress/user-address-list'))).data as Array<{
    address_id: number;
    pincode: string;
  }>;
  if (!addresses.some((a) => a.pincode === '110001')) {
    await request.post('/api/myAddress/user-address-add-update', { data: DEMO_ADDRESS });
    addresses = (await json(await request.get('/api/myAddress/user-address-list'))).data;
  }
  for (const q of ['whey', 'protein', 'creatine', 'oats']) {
    const hits = (await json(await request.get(`/api/search/product-search-listing?q=${q}&sortby=price_asc`))).data.hits as Array<{
      vid: number;
      sale_price: number;
      stock_status: string;
    }>;
    const hit = hits.find((h) => h.sale_price >= 40_000 && h.sale_price <= 300_000 && !/out/i.test(h.stock_status));
    if (hit) {
      const added = await request.post('/api/cart/add-to-cart', { data: { variant_id: hit.vid, quantity: 1 } });
      expect(added.status()).toBe(200);
      break;
    }
  }
  return addresses.find((a) => a.pincode === '110001')?.address_id as number;
}

const step = (page: Page, state: string) => page.locator(`[data-testid=checkout-step][data-state="${state}"]`);

async function toPayment(page: Page, addressId: number): Promise<string> {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await page.waitForURL('**/select-address');
  await page.locator(`[data-testid=address-option][data-address-id="${addressId}"] input[type=radio]`).check();
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await page.waitForURL('**/order-confirmation');
  await page.getByRole('button', { name: /^Place order · ₹/ }).click();
  await page.waitForURL(/\/payment\?orderId=KS\d+/);
  await expect(step(page, 'payment')).toBeVisible();
  return new URL(page.url()).searchParams.get('orderId') as string;
}

test('pay saving the card; the next order pays with it by CVV only; remove it', async ({ page }) => {
  const request = page.request;
  const addressId = await freshCart(request);
  for (const card of (await json(await request.get('/api/payment/saved-cards'))).data as Array<{ id: number }>)
    await request.post('/api/payment/delete-saved-card', { data: { id: card.id } });

  // First order: a new card, saved with consent on the gateway's page.
  const first = await toPayment(page, addressId);
  await page.getByRole('radio', { name: 'Debit & Credit Cards' }).check();
  await expect(page.getByTestId('card-networks')).toHaveText('We accept MasterCard, RuPay, VISA, Amex');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.waitForURL('**/api/payment/sandbox/checkout?**');
  await page.getByLabel(/Card number/).fill('5555 5555 5555 4444');
  await page.getByLabel('Expiry (MM/YY)').fill('09/31');
  await page.getByLabel('Save this card (RBI tokenisation)').check();
  await page.screenshot({ path: `${SHOTS}/gateway-save-card.png`, fullPage: true });
  await expectAxeClean(page, 'sandbox card form');
  await page.getByRole('button', { name: 'Payment succeeds' }).click();
  await page.waitForURL(`**/order-successfull/${first}`);

  // Second order: the saved card, CVV only.
  await freshCart(request);
  const second = await toPayment(page, addressId);
  await page.getByRole('radio', { name: 'Debit & Credit Cards' }).check();
  const saved = page.getByRole('radio', { name: /MasterCard •••• 4444/ });
  await expect(saved).toBeVisible();
  await expect(page.getByTestId('saved-card')).toContainText('Expires 09/31');
  await saved.check();
  await page.screenshot({ path: `${SHOTS}/payment-saved-card.png`, fullPage: true });
  await expectAxeClean(page, 'payment page with a saved card');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.waitForURL('**/api/payment/sandbox/checkout?**');
  await expect(page.getByText('Saved card: MasterCard •••• 4444')).toBeVisible();
  await expect(page.getByLabel(/Card number/)).toHaveCount(0);
  await page.getByLabel('CVV').fill('123');
  await expectAxeClean(page, 'sandbox CVV form');
  await page.getByRole('button', { name: 'Payment succeeds' }).click();
  await page.waitForURL(`**/order-successfull/${second}`);

  // Remove it from the payment page of a third order, after the confirmation.
  await freshCart(request);
  await toPayment(page, addressId);
  await page.getByRole('radio', { name: 'Debit & Credit Cards' }).check();
  await page.getByRole('button', { name: 'Remove MasterCard •••• 4444' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this card?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/remove-card-dialog.png`, fullPage: true });
  await expectAxeClean(page, 'remove card dialog');
  await dialog.getByRole('button', { name: 'Remove card' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('saved-card')).toHaveCount(0);
  expect((await json(await request.get('/api/payment/saved-cards'))).data).toEqual([]);
});
