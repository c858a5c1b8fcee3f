import { type APIRequestContext, axeClean, cartOfOne, expect, type Page, test, toPayment } from './fixtures.ts';

// One amount, everywhere, on a phone (SPEC §6 bank offers; server/modules/payment/amount.ts): with UPI, an HDFC card
// and ICICI net banking, the applied offer is shown under its method with its saving, the Pay button's amount is
// the amount the sandbox gateway's page shows, the card's first digits are typed once (the gateway's card form
// starts with them), the Pay bar stays on screen once a method is chosen, and the thank-you page opens with its
// heading in view although the payment page was left scrolled to its end.

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/kasrat-payment-amount-shots';
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The demo customer signed in with one product of ₹2,100 to ₹4,000 in the cart (every seeded offer's minimum met). */
const freshCart = (request: APIRequestContext) =>
  cartOfOne(request, { queries: ['whey', 'protein', 'isolate', 'gainer', 'creatine'], sort: 'price_desc', min: 210_000, max: 400_000 });

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
    await axeClean(page, `payment page with ${c.name}`);

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
