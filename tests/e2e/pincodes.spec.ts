import { productUrl } from '../../schemas/catalogue-rules.ts';
import { type APIRequestContext, axeClean, expect, type Page, test } from './fixtures.ts';

// Every real pincode, on a phone (docs/pincodes.md): a new shopper's address on 560034 (Koramangala, Bengaluru)
// takes its city and state from India Post's directory and shows when it would be delivered; a pincode the
// directory does not list is saved with the city and state the shopper gives; the product page and the cart give
// a delivery estimate for the shopper's pincode.

test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  // OTP sends are limited per client IP: this file's registrations count against an address of their own.
  extraHTTPHeaders: { 'x-forwarded-for': `10.44.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
});

let seq = 0;
/** Registers a new shopper through the API (the page's cookies), leaving the page signed in. */
async function newShopper(page: Page) {
  seq++;
  const stamp = `${Date.now() % 10_000_000}`.padStart(7, '0');
  const who = { mobile: `6${stamp}${String(seq).padStart(2, '0')}`, email: `pin.${stamp}.${seq}@kasrat.test`, name: 'Meera Nair' };
  await page.request.post('/api/auth/otp', { data: { type: 'register', email_or_mobile: who.mobile, c_code: '+91' } });
  let otp: string | null = null;
  for (let i = 0; i < 50 && !otp; i++) {
    const data = (await (await page.request.get(`/api/dev/outbox?to=${who.mobile}`)).json()).data as Array<{ otp: string | null }>;
    otp = data[0]?.otp ?? null;
    if (!otp) await new Promise((r) => setTimeout(r, 100));
  }
  const res = await page.request.post('/api/auth/register', {
    data: {
      email: who.email,
      mobile: who.mobile,
      c_code: '+91',
      password: 'Secret@123',
      otp,
      opt_in: true,
      first_name: who.name,
      is_encrypted: false,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return who;
}

/** An in-stock product of the public search, and its page. */
async function aProduct(request: APIRequestContext) {
  const res = await request.get('/api/search/product-search-listing?q=whey&sortby=price_asc');
  const hits = (await res.json()).data.hits as Array<{ slug: string; pid: number; vid: number; stock_status: string }>;
  const hit = hits.find((h) => !/out/i.test(h.stock_status));
  if (!hit) throw new Error('no product in stock');
  return { ...hit, url: productUrl(hit.slug, hit.pid, hit.vid) };
}

/** "Fri, 11 Dec": `days` from now in India, as the estimate writes it. */
const dayIn = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'Asia/Kolkata',
  });

test('a new shopper adds an address on 560034: name and mobile filled in, city and state from the directory, a delivery estimate', async ({
  page,
}) => {
  const who = await newShopper(page);
  const product = await aProduct(page.request);
  expect((await page.request.post('/api/cart/add-to-cart', { data: { variant_id: product.vid, quantity: 1 } })).ok()).toBeTruthy();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await page.waitForURL('**/select-address');
  await expect(page.getByText('You have no saved addresses yet. Add one to continue.')).toBeVisible();
  await page.getByRole('button', { name: 'Add new address' }).click();
  await page.waitForURL('**/add-new-address');

  await expect(page.getByLabel('Full name')).toHaveValue(who.name);
  await expect(page.getByLabel('Mobile number')).toHaveValue(who.mobile);
  const firstIsDefault = page.getByRole('checkbox', { name: 'Your first address is your default address' });
  await expect(firstIsDefault).toBeChecked();
  await expect(firstIsDefault).toBeDisabled();

  await page.getByLabel('Pincode').fill('560034');
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await expect(page.getByText('Bengaluru, Karnataka · Delivers in 3–6 days · Pay on delivery available')).toBeVisible();
  await page.getByLabel(/^Address/).fill('14, 3rd Cross, 5th Block, Koramangala');
  await axeClean(page, 'add address');
  await page.getByRole('button', { name: 'Save address' }).click();

  await page.waitForURL('**/select-address');
  const option = page.getByTestId('address-option').filter({ hasText: '560034' });
  await expect(option).toContainText('Bengaluru, Karnataka – 560034');
  await expect(option.getByTestId('address-delivery-estimate')).toHaveText('Delivers in 3–6 days');
  await expect(option.locator('input[type=radio]')).toBeChecked();
  const saved = (await (await page.request.get('/api/myAddress/user-address-list')).json()).data as Array<{
    is_default: boolean;
    full_name: string;
  }>;
  expect(saved).toMatchObject([{ is_default: true, full_name: who.name }]);
  await page.screenshot({ path: 'test-results/pincodes-address-step.png', fullPage: true });
});

test('an address on a pincode the directory does not list is saved with the city and state the shopper gives', async ({ page }) => {
  await newShopper(page);
  await page.goto('/account/addresses');
  await page.getByRole('button', { name: 'Add new address' }).click();
  await expect(page.getByLabel('City')).toBeDisabled();
  await page.getByLabel('Pincode').fill('560999');
  await expect(page.getByText('We could not find this pincode. Please type your city and choose your state.')).toBeVisible();
  await expect(page.getByLabel('City')).toBeEnabled();
  await page.getByLabel(/^Address/).fill('22, Outer Ring Road, Marathahalli');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Please enter city')).toBeVisible();
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').selectOption('Karnataka');
  await axeClean(page, 'address with typed city and state');
  await page.screenshot({ path: 'test-results/pincodes-unlisted.png', fullPage: true });
  await page.getByRole('button', { name: 'Save address' }).click();
  const card = page.getByTestId('address-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Bengaluru, Karnataka – 560999');
  await expect(card).toContainText('Default');
});

test('the product page and the cart say when an order to the shopper’s pincode would arrive', async ({ page }) => {
  const product = await aProduct(page.request);
  await page.goto(product.url);
  const estimate = page.getByTestId('delivery-estimate');
  await estimate.getByLabel('Pincode').fill('560034');
  await estimate.getByRole('button', { name: 'Check' }).click();
  await expect(estimate).toContainText(`Delivery by ${dayIn(6)}`);
  await expect(estimate).toContainText('to 560034, Bengaluru');
  await expect(estimate).toContainText('Delivers in 3–6 days · Pay on delivery available');
  await axeClean(page, 'product page estimate');
  await page.screenshot({ path: 'test-results/pincodes-product.png', fullPage: false });

  // Leh is served in 5 to 9 days, prepaid only.
  await estimate.getByRole('button', { name: 'Change delivery pincode' }).click();
  await estimate.getByLabel('Pincode').fill('194101');
  await estimate.getByRole('button', { name: 'Check' }).click();
  await expect(estimate).toContainText(`Delivery by ${dayIn(9)}`);
  await expect(estimate).toContainText('Delivers in 5–9 days · Pay on delivery not available here');

  // The cart remembers the pincode on this device.
  expect((await page.request.post('/api/cart/add-to-cart', { data: { variant_id: product.vid, quantity: 1 } })).ok()).toBeTruthy();
  await page.goto('/cart');
  const inCart = page.getByTestId('delivery-estimate');
  await expect(inCart).toContainText(`Delivery by ${dayIn(9)}`);
  await expect(inCart).toContainText('to 194101');
  await inCart.getByRole('button', { name: 'Change delivery pincode' }).click();
  await inCart.getByLabel('Pincode').fill('999999');
  await inCart.getByRole('button', { name: 'Check' }).click();
  await expect(inCart.getByRole('alert')).toHaveText('We could not find this pincode');
  await axeClean(page, 'cart estimate');
});
