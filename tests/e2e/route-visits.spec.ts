import { type APIRequestContext, expect, type Page, signIn, test } from './fixtures.ts';

// SPEC §2 routes no other spec opens: the private pages a signed-out shopper reaches by link (sign-in, then back to
// the page), and the cart layout's duplicate-order and signed-in empty-cart pages.

const DEMO = { email_or_mobile: 'demo@kasrat.test', c_code: '+91', customer_password: 'Demo@1234', is_encrypted: false };

async function signInByForm(page: Page) {
  await page.getByLabel('Email or mobile number').fill(DEMO.email_or_mobile);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO.customer_password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function emptyCart(request: APIRequestContext) {
  const cart = (await (await request.post('/api/cart/cart-list', { data: {} })).json()).data;
  for (const line of cart?.cart_data ?? [])
    if (line.is_freebie) await request.post('/api/cart/remove-freebee', { data: {} });
    else await request.post('/api/cart/delete-cart', { data: { variant_id: line.variant_id } });
}

for (const path of [
  '/email-verified',
  '/cancel-delete-account',
  '/whey-protein/reviews/after-rate-product',
  '/whey-protein/reviews/pr/1/rate-product',
  '/whey-protein/reviews/update-rating/1/1',
]) {
  test(`signed out, ${path} goes to sign-in and comes back after it`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/my-account(\?|$)/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await signInByForm(page);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('/duplicate-order-delete explains the duplicate and links to the orders and the cart', async ({ page }) => {
  await page.goto('/duplicate-order-delete');
  await expect(page.getByRole('heading', { level: 1, name: 'This order looks like a duplicate' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/account/order');
  await page.getByRole('link', { name: 'Back to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/duplicate-order-delete');
  await page.screenshot({ path: '/tmp/audit-duplicate-order-delete.png', fullPage: true });
});

test('/loggedin-empty-cart shows a signed-in shopper their empty cart', async ({ page }) => {
  await signIn(page);
  await emptyCart(page.request);
  await page.goto('/loggedin-empty-cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  await page.screenshot({ path: '/tmp/audit-loggedin-empty-cart.png', fullPage: true });
});
