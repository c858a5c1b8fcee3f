import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { DEMO_ADDRESS, DEMO_SIGN_IN as DEMO } from '../helpers/demo-customer.ts';

// One amount, everywhere, on a phone (SPEC §6 bank offers; server/modules/payment/amount.ts): with UPI, an HDFC card
// and ICICI net banking, the applied offer is shown under its method with its saving, the Pay button's amount is
// the amount the sandbox gateway's page shows, the card's first digits are typed once (the gateway's card form
// starts with them), the Pay bar stays on screen once a method is chosen, and the thank-you page opens with its
// heading in view although the payment page was left scrolled to its end.

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/kasrat-payment-amount-shots';
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field.
type Json = { status: 0 | 1; message: string; data: any };
const json = async (res: { json(): Promise<unknown> }) => (await res.json()) as Json;
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectAxeClean(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    result.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${what} has accessibility violations`,
  ).toEqual([]);
}

/** The demo customer signed in with one product of ₹2,100 to ₹4,000 in the cart (every seeded offer's minimum met). */
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
  let added = false;
  for (const q of ['whey', 'protein', 'isolate', 'gainer', 'creatine']) {
    const hits = (await json(await request.get(`/api/search/product-search-listing?q=${q}&sortby=price_desc`))).data.hits as Array<{
      vid: number;
      sale_price: number;
      stock_status: string;
    }>;
    const hit = hits.find((h) => h.sale_price >= 210_000 && h.sale_price <= 400_000 && !/out/i.test(h.stock_status));
    if (hit) {
      expect((await request.post('/api/cart/add-to-cart', { data: { variant_id: hit.vid, quantity: 1 } })).status()).toBe(200);
      added = true;
      break;
    }
  }
  expect(added, 'a product of ₹2,100 to ₹4,000 in stock').toBe(true);
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

const rupees = (text: string | null) => /₹[\d,]+/.exec(text ?? '')?.[0] ?? '';

const CASES = [
  {
    name: 'UPI',
    method: 'UPI',
    offer: /^UPI offer: −₹[\d,]+$/,
    choose: async (_page: Page) => {},
    gateway: async (page: Page) => void (await page.getByLabel('UPI ID').fill('shopper@okaxis')),
  },
  {
    name: 'an HDFC card',
    method: 'Debit & Credit Cards',
    offer: /^HDFC card offer: −₹[\d,]+$/,
    choose: async (page: Page) => page.getByLabel(/First 6 to 8 digits of your card/).fill('485446'),
    gateway: async (page: Page) => {
      const number = page.getByLabel(/Card number/);
      // Typed once: the gateway's form starts with the digits given on the payment page.
      await expect(number).toHaveValue('485446');
      await number.press('End');
      await number.pressSequentially('0000000003');
    },
  },
  {
    name: 'ICICI net banking',
    method: 'Net Banking',
    offer: /^ICICI net banking offer: −₹[\d,]+$/,
    choose: async (page: Page) => void (await page.getByRole('combobox', { name: 'Bank' }).selectOption('ICICI Bank')),
    gateway: async (page: Page) => void (await page.getByRole('combobox', { name: 'Bank' }).selectOption('ICICI Bank')),
  },
] as const;

for (const c of CASES)
  test(`with ${c.name}, the Pay button's amount is the gateway's; the offer shows as applied`, async ({ page }) => {
    const addressId = await freshCart(page.request);
    const orderId = await toPayment(page, addressId);
    const total = rupees(
      await page
        .getByLabel('Amount to pay')
        .getByText(/^Amount payable/)
        .textContent(),
    );
    await page.getByRole('radio', { name: c.method }).check();
    await c.choose(page);
    const method = page.locator('[data-testid=payment-method]', { has: page.getByRole('radio', { name: c.method }) });
    await expect(method.getByTestId('applied-offer')).toHaveText(c.offer);
    // No other method's offers are listed under this one.
    for (const bank of await method.getByTestId('method-offers').locator('li').allTextContents())
      expect(bank).not.toMatch(c.name === 'UPI' ? /HDFC|ICICI/ : /Any UPI/);
    const pay = page.getByRole('button', { name: /^Pay ₹/ });
    await expect(pay).toBeEnabled();
    // The Pay bar stays on screen once a method is chosen.
    await expect(pay).toBeInViewport();
    const saving = Number(rupees(await method.getByTestId('applied-offer').textContent()).replace(/[₹,]/g, ''));
    const shown = rupees(await pay.textContent());
    expect(Number(shown.replace(/[₹,]/g, ''))).toBe(Number(total.replace(/[₹,]/g, '')) - saving);
    await page.screenshot({ path: `${SHOTS}/payment-${c.method.replace(/\W+/g, '-')}.png`, fullPage: true });
    await expectAxeClean(page, `payment page with ${c.name}`);

    // Left at the end of a long page, as a shopper who scrolled to the Pay button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await pay.click();
    await page.waitForURL('**/api/payment/sandbox/checkout?**');
    await expect(page.locator('dt:text("Amount") + dd')).toHaveText(shown);
    await c.gateway(page);
    await page.getByRole('button', { name: 'Payment succeeds' }).click();
    await page.waitForURL(`**/order-successfull/${orderId}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The order summary names the same amount as paid.
    await expect(page.getByTestId('order-total')).toHaveText(shown);
  });
