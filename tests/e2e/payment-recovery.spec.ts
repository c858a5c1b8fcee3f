import {
  type APIRequestContext,
  axeClean,
  type Browser,
  cartOfOne,
  checkoutStep,
  expect,
  json,
  type Page,
  signIn,
  test,
  toPayment,
} from './fixtures.ts';
import { DEMO_ADDRESS, DEMO_SIGN_IN as DEMO } from '../helpers/demo-customer.ts';

// SPEC §4.7 on a phone, in Chromium against the built app: Back from the sandbox gateway, the "Pay again" link
// of the payment-failed email opened in a browser with no session storage, an order waiting for payment paid from
// My Orders (and announced on the home page), and an unpaid order whose time ran out, listed with its status and
// its message in the development outbox. The payment page never waits for a result that is not coming.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use({
  ...PHONE,
  // Each run signs in from its own address: sign-in limits count per address.
  extraHTTPHeaders: { 'x-forwarded-for': `10.44.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
});
test.describe.configure({ timeout: 240_000 });
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/kasrat-payment-recovery-shots';

/** The demo customer signed in, its pay-on-delivery address, and a cart of one product between ₹400 and ₹3,000. */
const oneProductInCart = (request: APIRequestContext) =>
  cartOfOne(request, { queries: ['whey'], sort: 'price_asc', min: 40_000, max: 300_000 });

/** Chooses a method and taps Pay: the sandbox gateway's page. */
async function toGateway(page: Page, method: 'UPI' | 'Debit & Credit Cards') {
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.waitForURL('**/api/payment/sandbox/checkout?**');
  await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible();
}

async function paysOnGateway(page: Page, orderId: string) {
  await page.getByRole('button', { name: 'Payment succeeds' }).click();
  await page.waitForURL(`**/order-successfull/${orderId}`);
  await expect(page.getByTestId('order-id')).toHaveText(orderId);
}

/** The payment page ready to pay again: methods enabled, Pay enabled, no "Please wait…". */
async function expectPayable(page: Page) {
  await expect(page.getByRole('radio', { name: 'UPI' })).toBeEnabled();
  await expect(page.getByText('Please wait…')).toHaveCount(0);
}

async function outbox(request: APIRequestContext, to: string) {
  return (await json(await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`))).data as Array<{
    channel: string;
    subject: string | null;
    body: string;
  }>;
}

test('Back from the sandbox gateway: the payment page offers to pay again; a reload too; then the payment succeeds', async ({ page }) => {
  const addressId = await oneProductInCart(page.request);
  const orderId = await toPayment(page, addressId);
  await toGateway(page, 'UPI');

  await page.goBack();
  await page.waitForURL(`**/payment?orderId=${orderId}`);
  await expect(checkoutStep(page, 'payment')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your payment was not completed' })).toBeVisible();
  await expectPayable(page);
  // What the shopper chose is kept.
  await expect(page.getByRole('radio', { name: 'UPI' })).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/back-from-gateway.png`, fullPage: true });
  await axeClean(page, 'payment after Back');

  await page.reload();
  await expect(checkoutStep(page, 'payment')).toBeVisible();
  await expectPayable(page);

  // Another method this time.
  await toGateway(page, 'Debit & Credit Cards');
  await paysOnGateway(page, orderId);
  const state = (await json(await page.request.get(`/api/payment/payment-state?orderId=${orderId}`))).data;
  expect(state).toMatchObject({ state: 'paid', attempts: 2 });
});

/** A browser of its own (no cookies, no session storage) signed in as the demo customer. */
async function freshBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  await signIn(context.request);
  const page = await context.newPage();
  return { context, page };
}

test('"Pay again" from the payment-failed email, opened in a new browser without session storage, pays the order', async ({
  page,
  browser,
  baseURL,
}) => {
  const addressId = await oneProductInCart(page.request);
  const orderId = await toPayment(page, addressId);
  await toGateway(page, 'Debit & Credit Cards');
  await page.getByRole('button', { name: 'Payment fails' }).click();
  await page.waitForURL(`**/order-failed/${orderId}`);

  const subject = `Payment for order ${orderId} did not go through`;
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await outbox(page.request, DEMO.email_or_mobile)).find((m) => m.subject === subject);
      link = mail?.body.match(/https?:\/\/\S+\/retry-payment\?orderId=KS\d+/)?.[0] ?? '';
      return link;
    })
    .toContain(`/retry-payment?orderId=${orderId}`);

  // The link as the mail client opens it: a new browser, signed in, nothing of the first tab.
  const other = await freshBrowser(browser, baseURL as string);
  const { pathname, search } = new URL(link);
  await other.page.goto(pathname + search);
  await expect(checkoutStep(other.page, 'retry-payment')).toBeVisible();
  await expect(other.page.getByText(orderId)).toBeVisible();
  await expectPayable(other.page);
  await axeClean(other.page, 'retry payment in a new browser');
  await toGateway(other.page, 'UPI');
  await paysOnGateway(other.page, orderId);
  await other.context.close();
});

test('an order waiting for payment: the home banner and My Orders show Pay now, which pays it', async ({ page }) => {
  const addressId = await oneProductInCart(page.request);
  const orderId = await toPayment(page, addressId);

  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Order waiting for payment' });
  await expect(banner).toContainText(`Your order ${orderId} is waiting for payment`);
  await expect(banner.getByRole('link', { name: `Pay now for order ${orderId}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/home-banner.png` });

  await page.goto('/account/order');
  const card = page.getByTestId('order-card').filter({ hasText: `Order ${orderId}` });
  await expect(card).toContainText('Payment pending');
  await expect(card.getByTestId('pay-now')).toContainText('pay by');
  await page.screenshot({ path: `${SHOTS}/orders-pay-now.png`, fullPage: true });
  await axeClean(page, 'My Orders with Pay now');
  // The order page offers it too.
  await card.getByRole('link', { name: `View details of order ${orderId}` }).click();
  await expect(page.getByRole('link', { name: `Pay now for order ${orderId}` })).toBeVisible();
  await page.goto('/account/order');

  await page
    .getByTestId('order-card')
    .filter({ hasText: `Order ${orderId}` })
    .getByRole('link', { name: `Pay now for order ${orderId}` })
    .click();
  await page.waitForURL(`**/payment?orderId=${orderId}`);
  await expect(checkoutStep(page, 'payment')).toBeVisible();
  await expectPayable(page);
  await toGateway(page, 'UPI');
  await paysOnGateway(page, orderId);

  // Paid: no more Pay now, anywhere.
  await page.goto('/account/order');
  await expect(
    page
      .getByTestId('order-card')
      .filter({ hasText: `Order ${orderId}` })
      .getByTestId('pay-now'),
  ).toHaveCount(0);
  const asked = page.waitForResponse((r) => r.url().includes('/api/payment/payment-state'));
  await page.goto('/');
  // Nothing waits for payment any more: the server answers none, and the home page shows no banner.
  expect((await (await asked).json()).data).toBeNull();
  await expect(page.getByRole('region', { name: 'Order waiting for payment' })).toHaveCount(0);
});

test('an unpaid order whose time ran out stays in My Orders as not paid, and the shopper is told', async ({ page }) => {
  const addressId = await oneProductInCart(page.request);
  const orderId = await toPayment(page, addressId);
  // Development tools: the expiry flow runs on this order now instead of in 15 minutes.
  const expired = await page.request.post('/api/dev/payment/expire-order', { data: { order_id: orderId } });
  expect(expired.status(), await expired.text()).toBe(200);

  await page.goto('/account/order');
  const card = page.getByTestId('order-card').filter({ hasText: `Order ${orderId}` });
  await expect(card).toContainText('Payment not received — cancelled');
  await expect(card.getByTestId('pay-now')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/orders-expired.png`, fullPage: true });
  await card.getByRole('link', { name: `View details of order ${orderId}` }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderId}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Payment not received — cancelled').first()).toBeVisible();

  // Its payment page says so, with where to go, instead of waiting.
  await page.goto(`/payment?orderId=${orderId}`);
  await expect(checkoutStep(page, 'payment-closed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment not received' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Payment not received — cancelled');
  await page.screenshot({ path: `${SHOTS}/payment-closed.png`, fullPage: true });
  await axeClean(page, 'payment of an expired order');

  const messages = await outbox(page.request, DEMO.email_or_mobile);
  const mail = messages.find((m) => m.subject === `Payment not received: order ${orderId} is cancelled`);
  expect(mail?.body).toContain(`/account/order/order-details/${orderId}`);
  const sms = await outbox(page.request, DEMO_ADDRESS.mobile);
  expect(sms.some((m) => m.channel === 'sms' && m.body.includes(orderId) && m.body.includes('was not received in time'))).toBe(true);
});
