import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, type BrowserContext, expect, type Page, type Response } from '@playwright/test';
import { DEMO_ADDRESS, DEMO_SIGN_IN } from '../helpers/demo-customer.ts';

export * from '@playwright/test';

// Storefront pages arrive server-rendered (docs/decisions/010): their buttons are on screen before the app has
// hydrated them, and a click then would do nothing, as it would for a shopper on a slow phone. After every
// navigation the specs wait until the app has committed (the app sets html[data-hydrated]), then act. Pages that
// are not the app (the sandbox gateway's page, files) are left alone.

/** Pages of a context with JavaScript off (`test.use({ javaScriptEnabled: false })`): nothing there ever hydrates. */
const withoutScripts = new WeakSet<Page>();

async function untilInteractive(page: Page, response: Response | null): Promise<void> {
  if (!response || withoutScripts.has(page) || !(response.headers()['content-type'] ?? '').includes('text/html')) return;
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true');
}

const patched = new WeakSet<object>();
function waitForHydrationOnNavigation(page: Page): void {
  const proto = Object.getPrototypeOf(page) as Page;
  if (patched.has(proto)) return;
  patched.add(proto);
  const goto = proto.goto;
  const reload = proto.reload;
  proto.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
    const response = await goto.apply(this, args);
    await untilInteractive(this, response);
    return response;
  };
  proto.reload = async function (this: Page, ...args: Parameters<Page['reload']>) {
    const response = await reload.apply(this, args);
    await untilInteractive(this, response);
    return response;
  };
}

/**
 * The cookie notice's answer the page starts with (SPEC §4.8). The specs exercise the store and what its providers
 * send, so by default every spec starts as a shopper who tapped "Accept all" (stored as the notice stores it); a spec
 * about the notice or about reporting without consent sets `test.use({ consent: null })`.
 */
export type ConsentAnswer = 'granted' | 'denied' | null;

/**
 * Starts every page of `target` as a shopper who answered the cookie notice with `consent` (stored as the notice
 * stores it). The fixture does this for `page`; a spec that opens a context of its own calls it for that context.
 */
export async function answerCookieNotice(target: Page | BrowserContext, consent: 'granted' | 'denied' = 'granted') {
  const value = JSON.stringify({
    state: { analytics_storage: consent, ad_storage: consent, ad_user_data: consent, ad_personalization: consent },
    text_version: 'cookie-notice-v1',
    at: Date.now(),
  });
  await target.addInitScript(
    ([key, v]) => {
      try {
        if (!localStorage.getItem(key)) localStorage.setItem(key, v);
      } catch {
        // a page without storage (another origin's sandbox): nothing to answer there
      }
    },
    ['kasrat_consent', value] as const,
  );
}

// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types an auto fixture that provides nothing as void.
export const test = base.extend<{ hydrated: void; consent: ConsentAnswer; consentAnswered: void }>({
  consent: ['granted', { option: true }],
  consentAnswered: [
    async ({ page, consent }, use) => {
      if (consent) await answerCookieNotice(page, consent);
      await use();
    },
    { auto: true },
  ],
  hydrated: [
    async ({ page, javaScriptEnabled }, use) => {
      if (javaScriptEnabled === false) withoutScripts.add(page);
      waitForHydrationOnNavigation(page);
      await use();
    },
    { auto: true },
  ],
});

// ---- what many specs do: check a page with axe, sign in, put one product in the cart and reach the payment page

/** The page has no WCAG 2.1 A / AA violation; each one found is named with `what` and the elements it is on. */
export async function axeClean(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    result.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${what} has accessibility violations`,
  ).toEqual([]);
}

/** Signs the demo customer in through the sign-in API; given a page, its browser context gets the session cookie. */
export async function signIn(target: Page | APIRequestContext) {
  const request = 'request' in target ? target.request : target;
  const res = await request.post('/api/auth/login', { data: DEMO_SIGN_IN });
  expect((await res.json()).status, await res.text()).toBe(1);
}

/** Signs a staff member in to the console at /ops with their password and a code from their authenticator. */
export async function signInToConsole(page: Page, email: string, password: string, code: string) {
  await page.goto('/ops');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field.
export type Json = { status: 0 | 1; message: string; data: any };
export const json = async (res: { json(): Promise<unknown> }) => (await res.json()) as Json;

/**
 * The payment specs' start: the demo customer signed in, with an empty cart but one in-stock product whose price is
 * within [min, max] paise (from the first search in `queries` that has one, sorted by `sort`) and its delivery
 * address in the seeded pay-on-delivery pincode. Returns that address's id.
 */
export async function cartOfOne(
  request: APIRequestContext,
  want: { queries: readonly string[]; sort: 'price_asc' | 'price_desc'; min: number; max: number },
): Promise<number> {
  await signIn(request);
  const lines = (await json(await request.post('/api/cart/cart-list', { data: {} }))).data.cart_data as Array<{
    variant_id: number;
    is_freebie: boolean;
  }>;
  for (const line of lines)
    if (line.is_freebie) await request.post('/api/cart/remove-freebee', { data: {} });
    else await request.post('/api/cart/delete-cart', { data: { variant_id: line.variant_id } });
  await request.post('/api/cart/remove-coupon', { data: {} });
  const addresses = async () =>
    (await json(await request.get('/api/myAddress/user-address-list'))).data as Array<{ address_id: number; pincode: string }>;
  if (!(await addresses()).some((a) => a.pincode === DEMO_ADDRESS.pincode))
    expect((await request.post('/api/myAddress/user-address-add-update', { data: DEMO_ADDRESS })).status()).toBe(200);
  let added = false;
  for (const q of want.queries) {
    const hits = (await json(await request.get(`/api/search/product-search-listing?q=${q}&sortby=${want.sort}`))).data.hits as Array<{
      vid: number;
      sale_price: number;
      stock_status: string;
    }>;
    const hit = hits.find((h) => h.sale_price >= want.min && h.sale_price <= want.max && !/out/i.test(h.stock_status));
    if (hit) {
      const res = await request.post('/api/cart/add-to-cart', { data: { variant_id: hit.vid, quantity: 1 } });
      expect(res.status(), await res.text()).toBe(200);
      added = true;
      break;
    }
  }
  expect(added, `an in-stock product of ${want.min} to ${want.max} paise`).toBe(true);
  return (await addresses()).find((a) => a.pincode === DEMO_ADDRESS.pincode)?.address_id as number;
}

/** The checkout step the page shows, by its state. */
export const checkoutStep = (page: Page, state: string) => page.locator(`[data-testid=checkout-step][data-state="${state}"]`);

/** From the cart page through the address and the confirmation to the payment page; the order's number. */
export async function toPayment(page: Page, addressId: number): Promise<string> {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await page.waitForURL('**/select-address');
  await page.locator(`[data-testid=address-option][data-address-id="${addressId}"] input[type=radio]`).check();
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await page.waitForURL('**/order-confirmation');
  await page.getByRole('button', { name: /^Place order · ₹/ }).click();
  await page.waitForURL(/\/payment\?orderId=KS\d+/);
  await expect(checkoutStep(page, 'payment')).toBeVisible();
  return new URL(page.url()).searchParams.get('orderId') as string;
}
