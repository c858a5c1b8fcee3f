import { type APIRequestContext, devices, expect, type Page, test } from './fixtures.ts';

// docs/decisions/010: storefront pages come server-rendered with their data, and the browser hydrates them
// without a mismatch and without asking for that data again.

const firstProductUrl = async (request: APIRequestContext): Promise<string> => {
  const res = await request.get('/api/listing/shop');
  const hit = (await res.json()).data.hits[0] as { url: string };
  return hit.url;
};

/** Console lines React (or our hydrateRoot's onRecoverableError) writes for a mismatch. */
const MISMATCH = /hydrat|did not match|Minified React error #(418|423|425)|server rendered/i;

async function visit(page: Page, path: string) {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && MISMATCH.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname + url.search);
  });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const state = JSON.parse((await page.locator('#kasrat-state').textContent()) ?? 'null') as { data: [string, unknown][] };
  return { problems, apiCalls, state };
}

test.describe('server rendering', () => {
  test('the HTML of a product page carries the rendered page and the data it was rendered with', async ({ request }) => {
    const url = await firstProductUrl(request);
    const html = await (await request.get(url)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    // The product's name as a heading and its price, before any script runs.
    expect(root).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(root).toMatch(/₹/);
    expect(html).toContain('<script type="application/json" id="kasrat-state"');
    // The banner image of the home page is discoverable from the HTML, with high priority.
    const home = await (await request.get('/')).text();
    expect(home).toMatch(/<link rel="preload" as="image" href="\/images\/banner\/[^"]+" fetchPriority="high"\/>/);
  });

  test('a server-rendered page is painted before its scripts are asked for; the shell of a private page is not held back', async ({
    page,
    request,
  }) => {
    const home = await (await request.get('/')).text();
    expect(home).not.toContain('<script type="module"');
    await page.goto('/');
    const order = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => r.initiatorType !== 'img' && /\/assets\/[^/]+\.js$/.test(r.name),
      );
      return { paint, firstScript: Math.min(...scripts.map((r) => r.startTime)), scripts: scripts.length };
    });
    expect(order.scripts).toBeGreaterThan(0);
    expect(order.firstScript).toBeGreaterThan(order.paint);
    // Nothing to paint without the app: its scripts are in the HTML for the browser to fetch at once.
    expect(await (await request.get('/account/profile')).text()).toContain('<script type="module"');
  });

  test('private and payment pages are not server-rendered', async ({ request }) => {
    for (const path of ['/account/profile', '/payment', '/order-confirmation']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('id="kasrat-state"');
    }
  });

  test('a visitor with neither a session nor a cart goes from /cart straight to the empty-cart page', async ({ request }) => {
    const empty = await request.get('/cart', { maxRedirects: 0 });
    expect(empty.status()).toBe(302);
    expect(empty.headers().location).toBe('/logout-empty-cart');
    // With a cart the cart page itself is served.
    const variant = ((await (await request.get('/api/listing/shop')).json()).data.hits[0] as { vid: number }).vid;
    expect((await request.post('/api/cart/add-to-cart', { data: { variant_id: variant, quantity: 1 } })).ok()).toBe(true);
    expect((await request.get('/cart', { maxRedirects: 0 })).status()).toBe(200);
  });

  const PAGES = [
    '/',
    '/brands',
    '/brand/prana-labs',
    '/product-category/whey-protein',
    '/shop',
    '/search?q=whey',
    '/all-categories',
    '/top-10',
    '/offers-coupons',
    '/help-center',
    '/store-locator',
    '/about',
    '/cart',
    '/no/such/page',
  ];
  for (const path of PAGES) {
    test(`${path} hydrates without a mismatch and loads none of its rendered data again`, async ({ page }) => {
      const { problems, apiCalls, state } = await visit(page, path);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      for (const [key] of state.data) {
        // Resource keys of catalogue pages are their API URLs or names of one call; none is asked for again.
        if (key.startsWith('/api/')) expect(apiCalls, key).not.toContain(key);
      }
      if (path === '/') expect(apiCalls.some((c) => c.startsWith('/api/home/home-page-info'))).toBe(false);
    });
  }

  test('a product page hydrates without a mismatch and does not fetch the product again', async ({ page, request }) => {
    const url = await firstProductUrl(request);
    const { problems, apiCalls } = await visit(page, url);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(apiCalls.filter((c) => c.startsWith('/api/product-details/product-detail-page'))).toEqual([]);
    // Hydrated: the page answers a click (the quantity or a variant) without a reload.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('server rendering on a phone', () => {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = devices['Pixel 7'];
  test.use({ viewport, userAgent, isMobile, hasTouch, deviceScaleFactor });
  test('the home page is rendered in its mobile layout and hydrates without a mismatch', async ({ page }) => {
    const { problems, apiCalls } = await visit(page, '/');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(apiCalls.some((c) => c.startsWith('/api/home/home-page-info'))).toBe(false);
    const state = JSON.parse((await page.locator('#kasrat-state').textContent()) ?? 'null') as { desktop: boolean };
    expect(state.desktop).toBe(false);
  });
});
