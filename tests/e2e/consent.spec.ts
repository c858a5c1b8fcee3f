import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';

// SPEC §4.8 in Chromium: no consent box is pre-ticked; the cookie notice appears for a new visitor, one tap answers
// it, and the answer holds on reload; without consent the pixel and the conversion feed get nothing and the events
// overlay says why; with it they send. These specs start as a new visitor (no stored answer).
test.use({
  consent: null,
  extraHTTPHeaders: { 'x-forwarded-for': `10.56.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
});

const notice = (page: Page) => page.getByRole('region', { name: 'Cookies and tracking' });

/** Records ad-pixel calls: the store loads no vendor script here, so a stub stands in for Meta's fbq. */
async function stubPixel(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    (window as unknown as { __fbqCalls: unknown[][] }).__fbqCalls = calls;
    (window as unknown as { fbq: (...a: unknown[]) => void }).fbq = (...a: unknown[]) => calls.push(a);
  });
}
const pixelCalls = (page: Page) => page.evaluate(() => (window as unknown as { __fbqCalls: unknown[][] }).__fbqCalls.length);
const consentCommands = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? [])
      .filter((e) => Object.prototype.toString.call(e) === '[object Arguments]')
      .map((e) => Array.from(e as ArrayLike<unknown>)),
  );

test('no consent box is pre-ticked on sign-up', async ({ page }) => {
  await page.goto('/my-account');
  await page.getByLabel('Email or mobile number').fill(`e2e.consent.${Date.now()}@kasrat.test`);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // The form's boxes render with the step; wait for the offers box before counting them all.
  await expect(page.getByRole('checkbox', { name: 'Send me offers and news on SMS, WhatsApp and email' })).toBeVisible();
  const boxes = page.locator('main input[type="checkbox"]');
  expect(await boxes.count()).toBeGreaterThan(0);
  for (const box of await boxes.all()) await expect(box).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Send me offers and news on SMS, WhatsApp and email' })).not.toBeChecked();
});

test('the notice appears for a new visitor, one tap answers it, it stays answered on reload and reopens from the footer', async ({
  page,
}) => {
  await page.goto('/');
  await expect(notice(page)).toBeVisible();
  // Consent Mode v2: denied by default until the shopper answers.
  expect((await consentCommands(page))[0]).toEqual([
    'consent',
    'default',
    { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', wait_for_update: 500 },
  ]);
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="cookie-notice"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/consent/tracking'));
  await notice(page).getByRole('button', { name: 'Necessary only' }).click();
  await expect(notice(page)).toHaveCount(0);
  expect((await recorded).status()).toBe(200);
  expect((await consentCommands(page)).at(-1)?.[1]).toBe('update');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kasrat_consent') ?? 'null')?.state.ad_storage)).toBe('denied');

  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(notice(page)).toBeVisible();
  await notice(page).getByRole('button', { name: 'Choose' }).click();
  await notice(page)
    .getByRole('checkbox', { name: /Analytics cookies/ })
    .check();
  await notice(page).getByRole('button', { name: 'Save my choices' }).click();
  await expect(notice(page)).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kasrat_consent') ?? 'null')?.state)).toEqual({
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
});

test('at the checkout the notice sits at the top, clear of the page bottom where the pay button is', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/cart');
  // A new visitor's cart is empty: the checkout layout shows its empty-cart page, placed as every checkout page.
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(notice(page)).toBeVisible();
  const box = await notice(page).boundingBox();
  expect(box?.y).toBe(0);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThan(800 * 0.7 + 1);
});

test('without consent the pixel sends nothing and the overlay says why; after "Accept all" it sends', async ({ page }) => {
  await stubPixel(page);
  await page.goto('/brand/prana-labs?debug=events');
  await expect(notice(page)).toBeVisible();
  await page.getByRole('button', { name: /^Events \(\d+\)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Events debug' });
  const listing = dialog.locator('li[data-event="view_item_list"]').first();
  await expect(listing).toContainText('ad_storage denied');
  await expect(listing.locator('[data-provider="social_pixel"] summary')).toHaveText(
    'social_pixel: not sent: consent missing (ad_storage, ad_user_data)',
  );
  await expect(listing.locator('[data-provider="server_conversions"] summary')).toHaveText(
    'server_conversions: not sent: consent missing (ad_user_data)',
  );
  expect(await pixelCalls(page)).toBe(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await notice(page).getByRole('button', { name: 'Accept all' }).click();
  await page.reload();
  await expect.poll(() => pixelCalls(page)).toBeGreaterThan(0);
  await page.getByRole('button', { name: /^Events \(\d+\)/ }).click();
  const after = page.getByRole('dialog', { name: 'Events debug' }).locator('li[data-event="view_item_list"]').first();
  await expect(after).toContainText('ad_storage granted');
  await expect(after.locator('[data-provider="social_pixel"] summary')).toHaveText('social_pixel: sent');
});

// The conversion feed end to end: the real reporting core (bundled as analytics.spec.ts does) emits a checkout step
// on a store page; without consent nothing leaves for the feed, with consent the server stores it.
let core = '';
test.beforeAll(async () => {
  const out = await build({
    stdin: {
      contents: `
        import { emit, flushBeforeRedirect, setConsent, setPageContext, setUserContext } from './events/index.ts';
        import { startAnalytics } from './providers/index.ts';
        startAnalytics();
        setPageContext({ url: location.pathname + location.search });
        window.__kasratConsentCore = { emit, flushBeforeRedirect, setConsent, setUserContext };
      `,
      resolveDir: path.resolve('.'),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'silent',
  });
  core = out.outputFiles[0].text;
});

async function storedInFeed(request: APIRequestContext, eventId: string) {
  const res = await request.get(`/api/dev/events?event_id=${encodeURIComponent(eventId)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data as { event_name: string } | null;
}

test('the server-side conversion feed gets nothing without consent, and the event with it', async ({ page, request }) => {
  const feedRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/events/conversions')) feedRequests.push(r.postData() ?? '');
  });
  await page.addInitScript({ content: core });
  await page.goto('/about');
  await expect.poll(() => page.evaluate(() => Boolean((window as { __kasratConsentCore?: unknown }).__kasratConsentCore))).toBe(true);
  const emitCheckout = (grant: boolean) =>
    page.evaluate(
      ({ grant, tag }) => {
        type Api = { emit(e: unknown): string; flushBeforeRedirect(): void; setConsent(s: unknown): void };
        const k = (window as unknown as { __kasratConsentCore: Api }).__kasratConsentCore;
        const v = grant ? 'granted' : 'denied';
        k.setConsent({ analytics_storage: v, ad_storage: v, ad_user_data: v, ad_personalization: v });
        const items = [{ variant_id: 1, product_id: 1, sku: `E2E-${tag}`, name: 'E2E one', mrp: 249900, sale_price: 199900 }];
        const id = k.emit({ name: 'begin_checkout', items, value: 199900 });
        k.flushBeforeRedirect();
        return id;
      },
      { grant, tag: randomUUID().slice(0, 8) },
    );
  const denied = await emitCheckout(false);
  // The queue sends in order: once the later, consented event has arrived, the earlier one would have too.
  const granted = await emitCheckout(true);
  await expect.poll(() => storedInFeed(request, granted), { timeout: 15_000 }).toMatchObject({ event_name: 'InitiateCheckout' });
  expect(await storedInFeed(request, denied)).toBeNull();
  expect(feedRequests.join('\n')).not.toContain(denied);
  expect(feedRequests.join('\n')).toContain('"ad_user_data":"granted"');
});
