import { type APIRequestContext, type CDPSession, expect, type Page, signIn, test } from './fixtures.ts';

// docs/decisions/017: every primary action of home → search → product → add to cart → cart → checkout works the
// first time it is tapped, whether or not the app has hydrated: links are links, and search, add to cart, quantity
// and remove are forms the server answers (server/api/storefront-forms), which the app takes over once it runs.

test.describe.configure({ timeout: 180_000 });

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field.
type Json = { status: 0 | 1; data: any };

async function cartLines(request: APIRequestContext): Promise<Array<[number, number]>> {
  const body = (await (await request.post('/api/cart/cart-list', { data: {} })).json()) as Json;
  return (body.data.cart_data as Array<{ variant_id: number; quantity: number; is_freebie: boolean }>)
    .filter((l) => !l.is_freebie)
    .map((l) => [l.variant_id, l.quantity]);
}

async function emptyCart(request: APIRequestContext) {
  for (const [variantId] of await cartLines(request)) await request.post('/api/cart/delete-cart', { data: { variant_id: variantId } });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper browses, searches, opens a product and fills a cart', async ({ page }) => {
    await page.goto('/');
    // Browse: the header's category links are plain links.
    await page.getByRole('navigation', { name: 'Shop by category' }).getByRole('link', { name: 'Whey Protein' }).click();
    await expect(page).toHaveURL(/\/product-category\/whey-protein/);
    await expect(page.getByTestId('product-card').first()).toBeVisible();

    // Search: the header's box is a GET form to the search page.
    await page.getByRole('combobox', { name: 'Search products and brands' }).fill('whey');
    await page.getByRole('combobox', { name: 'Search products and brands' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=whey$/);
    const card = page.getByTestId('product-card').first();
    await expect(card).toBeVisible();

    // Open a product from the results.
    const name = (await card.getByRole('link').first().textContent())?.trim() ?? '';
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    // Add to cart: posted, answered with the page again and the notice.
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page).toHaveURL(/[?&]notice=added/);
    await expect(page.getByTestId('form-notice')).toHaveText(/Added to cart/);

    // Buy now adds one more and goes on to the cart, rendered by the server with the shopper's lines.
    await page.getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('combobox')).toHaveValue('2');

    // Quantity: chosen, then sent with the Update button that only a page without scripts shows.
    await line.getByRole('combobox').selectOption('3');
    await line.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(/\/cart\?notice=updated$/);
    await expect(page.getByTestId('cart-line').getByRole('combobox')).toHaveValue('3');
    expect((await cartLines(page.request)).map(([, q]) => q)).toEqual([3]);

    // Checkout starts at sign-in for a guest: a link.
    await expect(page.getByRole('link', { name: 'Sign in to place order' })).toHaveAttribute('href', '/my-account');

    // Remove: the last line gone, the empty cart's own page.
    await page
      .getByTestId('cart-line')
      .getByRole('button', { name: /^Remove / })
      .click();
    await expect(page).toHaveURL(/\/logout-empty-cart$/);
    expect(await cartLines(page.request)).toEqual([]);
  });

  test('a refused add to cart comes back to the page with the reason', async ({ page }) => {
    const hit = ((await (await page.request.get('/api/listing/shop')).json()).data.hits as Array<{ url: string }>)[0];
    if (!hit) throw new Error('the seed has no products');
    await page.goto(hit.url);
    // The same form, posted for more units than a line may hold.
    await page
      .locator('form[action="/cart/add"] input[name=quantity]')
      .first()
      .evaluate((el) => {
        (el as HTMLInputElement).value = '500';
      });
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByTestId('form-notice')).toHaveAttribute('role', 'alert');
    await expect(page.getByTestId('form-notice')).toHaveText(/in stock|most units/);
    expect(await cartLines(page.request)).toEqual([]);
  });
});

// A low-end phone (6× CPU slowdown), the page opened over CDP and tapped as soon as the control shows, without
// waiting for hydration (CONTRIBUTING, "Tests that time the page": page.goto here would wait for it).
test.describe('the first tap on a slow phone', () => {
  async function slowPhone(page: Page): Promise<CDPSession> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    return cdp;
  }
  const open = (cdp: CDPSession, url: string) => cdp.send('Page.navigate', { url });

  test('search, add to cart and checkout work at the first tap', async ({ page, baseURL }) => {
    const cdp = await slowPhone(page);
    await signIn(page);
    await emptyCart(page.request);
    try {
      // Search from the home page's header.
      await open(cdp, `${baseURL}/`);
      const box = page.getByRole('combobox', { name: 'Search products and brands' });
      await box.fill('whey');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=whey$/, { timeout: 30_000 });

      // Add to cart on a product page, tapped the moment the button shows.
      const hits = (await (await page.request.get('/api/search/product-search-listing?q=whey')).json()).data.hits as Array<{
        url: string;
        vid: number;
        stock_status: string;
      }>;
      const product = hits.find((h) => h.stock_status === 'instock');
      if (!product) throw new Error('no whey product in stock');
      await open(cdp, `${baseURL}${product.url}`);
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      // Before hydration the server's answer shows the notice; after it, the app's toast: the same words.
      await expect(page.getByText('Added to cart').first()).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => cartLines(page.request), { timeout: 30_000 }).toEqual([[product.vid, 1]]);

      // Proceed to checkout from the cart, tapped the moment it shows: the address step.
      await open(cdp, `${baseURL}/cart`);
      await page.getByRole('link', { name: 'Proceed to checkout' }).click();
      await expect(page).toHaveURL(/\/select-address$/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Select delivery address' })).toBeVisible({ timeout: 30_000 });
      // It stays there: the step began checkout from the cart rather than sending the shopper back.
      await expect(page.getByTestId('checkout-step')).toHaveAttribute('data-state', 'address');
      await expect(page).toHaveURL(/\/select-address$/);
    } finally {
      await emptyCart(page.request);
    }
  });
});
