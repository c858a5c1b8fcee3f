import { type APIRequestContext, axeClean, cartOfOne, expect, json, test, toPayment } from './fixtures.ts';

// Saved cards end to end on a phone (docs/decisions/024-saved-cards.md): pay with a test card on the sandbox
// gateway ticking "Save this card (RBI tokenisation)"; the next order pays with the saved card, the gateway
// asking only for its CVV; then the card is removed from the payment page after a confirmation. Each page is
// checked with axe; screenshots go under /tmp for a person to look at.

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/kasrat-saved-card-shots';
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The demo customer signed in with an empty cart but one product of ₹400 to ₹3,000, and a delivery address. */
const freshCart = (request: APIRequestContext) =>
  cartOfOne(request, { queries: ['whey', 'protein', 'creatine', 'oats'], sort: 'price_asc', min: 40_000, max: 300_000 });

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
  await axeClean(page, 'sandbox card form');
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
  await axeClean(page, 'payment page with a saved card');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.waitForURL('**/api/payment/sandbox/checkout?**');
  await expect(page.getByText('Saved card: MasterCard •••• 4444')).toBeVisible();
  await expect(page.getByLabel(/Card number/)).toHaveCount(0);
  await page.getByLabel('CVV').fill('123');
  await axeClean(page, 'sandbox CVV form');
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
  await axeClean(page, 'remove card dialog');
  await dialog.getByRole('button', { name: 'Remove card' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('saved-card')).toHaveCount(0);
  expect((await json(await request.get('/api/payment/saved-cards'))).data).toEqual([]);
});
