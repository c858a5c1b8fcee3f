import { type APIRequestContext, devices, expect, request as requests, signIn, test } from './fixtures.ts';
import { DEMO_ADDRESS } from '../helpers/demo-customer.ts';
import { visit } from './hydration-visit.ts';

// docs/decisions/010: storefront pages come server-rendered with their data, and the browser hydrates them
// without a mismatch and without asking for that data again.

const firstProductUrl = async (request: APIRequestContext): Promise<string> => {
  const res = await request.get('/api/listing/shop');
  const hit = (await res.json()).data.hits[0] as { url: string };
  return hit.url;
};

/** A review summary's call (SPEC §7 spells two of the three "aggrigate"). */
const isAggregateCall = (call: string) => /^\/api\/review\/v1\/[\w-]*(aggregate|aggrigate)(\?|$)/.test(call);

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
    for (const path of ['/account/profile', '/payment', '/select-address']) {
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

  /** Two in-stock products from the search API, to tell one shopper's cart from another's. */
  const twoProducts = async (request: APIRequestContext) => {
    const hits = (await (await request.get('/api/search/product-search-listing?q=whey')).json()).data.hits as Array<{
      vid: number;
      name: string;
      stock_status: string;
    }>;
    const inStock = hits.filter((h) => !/out/.test(h.stock_status));
    const second = inStock.find((h) => h.name !== inStock[0]?.name);
    if (!inStock[0] || !second) throw new Error('the seed has fewer than two whey products in stock');
    return [inStock[0], second] as const;
  };
  const SHOPPER_CALLS = [
    '/api/cart/cart-list',
    '/api/cart/mini-cart',
    '/api/freebie/freebie-products',
    '/api/cart/dynamic-coupon-list',
    '/api/ping',
  ];

  test("a guest's cart comes in the HTML, privately, and the browser asks for none of it again", async ({ page }) => {
    const [product] = await twoProducts(page.request);
    expect((await page.request.post('/api/cart/add-to-cart', { data: { variant_id: product.vid, quantity: 2 } })).ok()).toBe(true);
    const res = await page.request.get('/cart');
    expect(res.headers()['cache-control']).toBe('private, no-store');
    expect(res.headers().vary).toContain('cookie');
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="kasrat-state"'));
    expect(root).toContain('data-testid="cart-line"');
    expect(root).toContain(`data-variant-id="${product.vid}"`);
    expect(root).toContain('Sign in to place order');

    const { problems, apiCalls, state } = await visit(page, '/cart');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(state.data.map(([key]) => key)).toEqual(
      expect.arrayContaining(['shopper:session', 'shopper:cart', 'shopper:freebies', 'shopper:coupons']),
    );
    expect(apiCalls.filter((c) => SHOPPER_CALLS.includes(c))).toEqual([]);
    // Hydrated with the server's cart: the quantity control works without a reload.
    const line = page.locator(`[data-testid=cart-line][data-variant-id="${product.vid}"]`);
    await line.getByRole('combobox').selectOption('1');
    await expect(page.getByText('(1 item)')).toBeVisible();
  });

  test('a first visit asks for no mini cart (no cart cookie, no session); a guest with a cart does', async ({ page }) => {
    const first = await visit(page, '/');
    await page.waitForLoadState('networkidle');
    expect(first.apiCalls).toContain('/api/ping');
    expect(first.apiCalls).not.toContain('/api/cart/mini-cart');
    await expect(page.getByTestId('header-cart')).toHaveAccessibleName('Cart');

    const [product] = await twoProducts(page.request);
    expect((await page.request.post('/api/cart/add-to-cart', { data: { variant_id: product.vid, quantity: 2 } })).ok()).toBe(true);
    const again = await visit(page, '/');
    await page.waitForLoadState('networkidle');
    expect(again.apiCalls).toContain('/api/cart/mini-cart');
    await expect(page.getByTestId('header-cart')).toHaveAccessibleName('Cart, 2 items');
  });

  test('carts rendered at the same moment each show their own shopper', async ({ baseURL }) => {
    const shoppers = await Promise.all([0, 1].map(() => requests.newContext({ baseURL })));
    try {
      const products = await twoProducts(shoppers[0] as APIRequestContext);
      await Promise.all(
        shoppers.map(async (shopper, i) => {
          const res = await shopper.post('/api/cart/add-to-cart', { data: { variant_id: products[i]?.vid, quantity: 1 } });
          expect(res.ok()).toBe(true);
        }),
      );
      // Interleaved renders: each waits on its own in-process calls while the other's run.
      const pages = await Promise.all(Array.from({ length: 12 }, (_, n) => (shoppers[n % 2] as APIRequestContext).get('/cart')));
      for (const [n, res] of pages.entries()) {
        const html = await res.text();
        const own = products[n % 2]?.vid;
        const other = products[(n + 1) % 2]?.vid;
        expect(html).toContain(`data-variant-id="${own}"`);
        expect(html).not.toContain(`data-variant-id="${other}"`);
      }
    } finally {
      await Promise.all(shoppers.map((s) => s.dispose()));
    }
  });

  test("a signed-in shopper's cart page is rendered signed in, and hydrates so", async ({ page }) => {
    await signIn(page);
    const [, product] = await twoProducts(page.request);
    expect((await page.request.post('/api/cart/add-to-cart', { data: { variant_id: product.vid, quantity: 1 } })).ok()).toBe(true);
    try {
      const html = await (await page.request.get('/cart')).text();
      expect(html).toContain('Proceed to checkout');
      expect(html).not.toContain('Sign in to place order');
      const { problems, apiCalls } = await visit(page, '/cart');
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      expect(apiCalls.filter((c) => SHOPPER_CALLS.includes(c))).toEqual([]);
      await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toBeEnabled();
    } finally {
      await page.request.post('/api/cart/delete-cart', { data: { variant_id: product.vid } });
    }
  });

  test('a reloaded order confirmation comes rendered from the cart and address the server holds, and hydrates with them', async ({
    page,
  }) => {
    await signIn(page);
    const [product] = await twoProducts(page.request);
    expect((await page.request.post('/api/cart/add-to-cart', { data: { variant_id: product.vid, quantity: 1 } })).ok()).toBe(true);
    expect((await page.request.post('/api/myAddress/user-address-add-update', { data: DEMO_ADDRESS })).ok()).toBe(true);
    try {
      await page.goto('/cart');
      await page.getByRole('link', { name: 'Proceed to checkout' }).click();
      await page.waitForURL('**/select-address');
      await page.locator('[data-testid=address-option] input[type=radio]').first().check();
      await page.getByRole('button', { name: 'Deliver here' }).click();
      await page.waitForURL('**/order-confirmation');
      await expect(page.getByTestId('confirm-address')).toBeVisible();

      const res = await page.request.get('/order-confirmation');
      expect(res.headers()['cache-control']).toBe('private, no-store');
      const html = await res.text();
      expect(html.slice(html.indexOf('<div id="root">'))).toMatch(/data-testid="confirm-address"[^>]*>.*Janpath/s);

      // The reload: the funnel resumes from the tab, adopts the server's order, and asks for nothing again.
      const { problems, apiCalls, state } = await visit(page, '/order-confirmation');
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      expect(state.data.map(([key]) => key)).toContain('shopper:order-details');
      expect(apiCalls.filter((c) => c.startsWith('/api/order-confirmation/order-details') || SHOPPER_CALLS.includes(c))).toEqual([]);
      await expect(page.getByRole('button', { name: /^Place order · ₹/ })).toBeEnabled();
      // A new tab has no funnel behind the page: it hydrates what the server drew, without a mismatch, then goes
      // to the cart as a page opened outside the funnel does.
      const tab = await page.context().newPage();
      try {
        const opened = await visit(tab, '/order-confirmation');
        await tab.waitForURL('**/cart');
        expect(opened.problems).toEqual([]);
      } finally {
        await tab.close();
      }
      // Hydrated and in the funnel: changing the address goes back a step.
      await page.getByRole('button', { name: 'Change address' }).click();
      await page.waitForURL('**/select-address');
    } finally {
      await page.request.post('/api/cart/delete-cart', { data: { variant_id: product.vid } });
    }
  });

  const PAGES = [
    '/',
    '/brands',
    '/brand/prana-labs',
    '/brand/prana-labs?sortby=price_asc',
    '/product-category/whey-protein',
    '/bestseller/sports-nutrition/',
    '/shop',
    '/shop?sortby=price_desc&availability=in_stock',
    '/search?q=whey',
    // SPEC §2's ?query=, rewritten to ?q= once hydrated: the same listing, not loaded again.
    '/search?query=whey&sortby=price_asc',
    '/all-categories',
    '/top-10',
    '/top-10?category=whey-protein',
    '/all/reviews/',
    '/offers-coupons',
    '/help-center',
    '/help-center/grievance',
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
      if (state.data.some(([key]) => key.startsWith('review-aggregate:'))) expect(apiCalls.filter(isAggregateCall)).toEqual([]);
    });
  }

  test("a product's and a brand's review pages hydrate without a mismatch and load none of their summaries again", async ({
    page,
    request,
  }) => {
    const hit = (await (await request.get('/api/listing/shop')).json()).data.hits[0] as {
      slug: string;
      pid: number;
      brand: { id: number };
    };
    for (const [path, key] of [
      [`/${hit.slug}/reviews/pr/${hit.pid}`, `review-aggregate:product:${hit.pid}`],
      [`/brand/reviews/br/${hit.brand.id}`, `review-aggregate:brand:${hit.brand.id}`],
    ]) {
      const { problems, apiCalls, state } = await visit(page, path);
      await page.waitForLoadState('networkidle');
      expect(problems, path).toEqual([]);
      expect(
        state.data.map(([k]) => k),
        path,
      ).toContain(key);
      expect(apiCalls.filter(isAggregateCall), path).toEqual([]);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('eviews');
    }
  });

  test("a rendered page's own chunks, and those every page loads once hydrated, are asked for with the entry", async ({
    page,
    request,
    baseURL,
  }) => {
    // Without them in the boot script's list, the browser learns of the page's chunks only when the entry runs
    // the router: one more round trip before the page can hydrate. The boot script inserts the preloads a few to a
    // task, within milliseconds; a phone's round trip (100 ms here) is what they must beat, as on a real network.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: -1, uploadThroughput: -1 });
    // Navigated over CDP, not with page.goto: the fixtures' goto waits for hydration by evaluating in the page
    // right after the load event, and Playwright's first evaluation in a document (its injected script) holds the
    // main thread 100-170 ms on these machines, between the boot script's tasks. The test listens to the network
    // only until the last chunk has arrived, so the page loads as it would for a shopper.
    const lastChunk = page.waitForResponse((r) => /\/assets\/providers-[\w-]+\.js$/.test(new URL(r.url()).pathname));
    await cdp.send('Page.navigate', { url: new URL(await firstProductUrl(request), baseURL).href });
    await lastChunk;
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const timing = await page.evaluate(() => {
      const all = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const find = (re: RegExp) => all.find((r) => re.test(new URL(r.name).pathname));
      const entry = find(/^\/assets\/index-[\w-]+\.js$/);
      const pageChunk = find(/^\/assets\/ProductPage-[\w-]+\.js$/);
      // What every page loads once it has hydrated: axios for the session ping, the event check, the pipeline.
      const afterHydration = [/^\/assets\/http-[\w-]+\.js$/, /^\/assets\/check\.generated-[\w-]+\.js$/, /^\/assets\/providers-[\w-]+\.js$/];
      return {
        entryEnd: entry?.responseEnd ?? null,
        pageStart: pageChunk?.startTime ?? null,
        pageEnd: pageChunk?.responseEnd ?? null,
        afterHydrationStarts: afterHydration.map((re) => find(re)?.startTime ?? null),
      };
    });
    expect(timing.entryEnd).not.toBeNull();
    expect(timing.pageStart).not.toBeNull();
    expect(timing.pageStart as number).toBeLessThan(timing.entryEnd as number);
    // The chunks needed once hydrated come last in the list: asked for before hydration can start (the page's
    // chunk has not arrived yet), they cost no round trip after it.
    for (const start of timing.afterHydrationStarts) {
      expect(start).not.toBeNull();
      expect(start as number).toBeLessThan(timing.pageEnd as number);
    }
    // Each chunk is asked for once: Vite's own preloading finds the links the boot script made.
    const links = await page.locator('link[rel="modulepreload"][href*="/assets/ProductPage-"]').count();
    expect(links).toBe(1);
  });

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

test('a rendered page hydrates from the chunk the server names; the table of every route module loads on the first navigation', async ({
  page,
}) => {
  // docs/decisions/008: the route table's module lists (src/app/page-modules.ts) are off the first load.
  const tables = () =>
    page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((r) => new URL(r.name).pathname)
        .filter((p) => /^\/assets\/page-modules-[\w-]+\.js$/.test(p)),
    );
  const { problems } = await visit(page, '/about');
  expect(problems).toEqual([]);
  expect(await tables()).toEqual([]);
  await page.getByRole('link', { name: 'Store locator' }).first().click();
  await expect(page).toHaveURL(/\/store-locator$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await tables()).toHaveLength(1);
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
