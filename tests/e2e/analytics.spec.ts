import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { build } from 'esbuild';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';

// Events emitted just before a full-page redirect (the payment-gateway hop, where every SDK loses
// events) still arrive in the server-side conversion feed. The real analytics core (events/ + providers/,
// bundled for the browser) runs in Chromium on real store pages against the built server.
// Arrival is proven through the feed's own dedup: re-posting an event_id the feed already holds answers
// `duplicates: 1`.

let core = '';

test.beforeAll(async () => {
  const out = await build({
    stdin: {
      contents: `
        import { emit, flushBeforeRedirect, setPageContext, setUserContext } from './events/index.ts';
        import { startAnalytics } from './providers/index.ts';
        startAnalytics();
        setPageContext({ url: location.pathname + location.search });
        window.__kasratEvents = { emit, flushBeforeRedirect, setPageContext, setUserContext };
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

/** Whether the feed stored an event (read-only development endpoint). */
async function storedInFeed(request: APIRequestContext, eventId: string) {
  const res = await request.get(`/api/dev/events?event_id=${encodeURIComponent(eventId)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data as { event_name: string; funnel_step: number | null; email_sha256: string | null } | null;
}

/** The core runs on every store page except /notFound, which stands in for the payment gateway's page. */
async function openWithCore(page: Page, url: string) {
  await page.addInitScript({ content: `if (!location.pathname.startsWith('/notFound')) {${core}}` });
  await page.goto(url);
  await expect.poll(() => page.evaluate(() => Boolean((window as { __kasratEvents?: unknown }).__kasratEvents))).toBe(true);
}

test('events emitted right before a full-page redirect arrive in the server-side feed', async ({ page, request }) => {
  // A slow network: each feed request is held until well after the page has gone. A plain fetch would be
  // cancelled with its document; keepalive / sendBeacon requests outlive it.
  await page.route('**/api/events/conversions', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue().catch(() => {});
  });
  await openWithCore(page, '/cart');
  const orderId = `KS-E2E-${randomUUID().slice(0, 8)}`;
  const ids = await page.evaluate((order) => {
    type Api = {
      emit(e: unknown): string;
      flushBeforeRedirect(): void;
      setPageContext(p: unknown): void;
      setUserContext(u: unknown): void;
    };
    const k = (window as unknown as { __kasratEvents: Api }).__kasratEvents;
    const items = [
      { variant_id: 1, product_id: 1, sku: 'E2E-ONE-01', name: 'E2E one', mrp: 249900, sale_price: 199900 },
      { variant_id: 2, product_id: 2, sku: 'E2E-GIFT-01', name: 'E2E gift', mrp: 9900, sale_price: 9900, is_freebie: true },
    ];
    k.setUserContext({
      loggedIn: true,
      userId: 1,
      name: 'Demo Customer',
      email: 'demo@kasrat.test',
      mobile: '9876543210',
      lastOrder: null,
    });
    k.setPageContext({ url: '/payment', previousUrl: '/order-confirmation' });
    const begin = k.emit({ name: 'begin_checkout', items, value: 199900 });
    const pay = k.emit({ name: 'add_payment_info', items, value: 199900, payment_method: 1, order_id: order });
    // The shopper leaves for the gateway at once: nothing is awaited.
    k.flushBeforeRedirect();
    window.location.href = '/notFound';
    return { begin, pay };
  }, orderId);
  await page.waitForURL('**/notFound');
  // The gateway page runs no analytics: only what left before the redirect can arrive.
  expect(await page.evaluate(() => 'kasratEvents' in window || '__kasratEvents' in window)).toBe(false);
  await expect
    .poll(() => storedInFeed(request, ids.begin), { timeout: 15_000 })
    .toMatchObject({ event_name: 'InitiateCheckout', funnel_step: 2 });
  await expect
    .poll(() => storedInFeed(request, ids.pay), { timeout: 15_000 })
    .toMatchObject({ event_name: 'AddPaymentInfo', funnel_step: 5 });
  // The server stored the hash, never the clear email.
  expect((await storedInFeed(request, ids.begin))?.email_sha256).toMatch(/^[0-9a-f]{64}$/);
});

test('a send the network dropped before the redirect is replayed from storage on the next page', async ({ page, request }) => {
  let offline = true;
  // The first page loses every feed request (blocked, offline, cut by the navigation)…
  await page.route('**/api/events/conversions', (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await openWithCore(page, '/cart');
  const eventId = await page.evaluate(() => {
    type Api = { emit(e: unknown): string; flushBeforeRedirect(): void };
    const k = (window as unknown as { __kasratEvents: Api }).__kasratEvents;
    const item = { variant_id: 3, product_id: 3, sku: 'E2E-THREE-01', name: 'E2E three', mrp: 100000, sale_price: 90000 };
    const id = k.emit({ name: 'add_payment_info', items: [item], value: 90000, payment_method: 2 });
    k.flushBeforeRedirect();
    return id;
  });
  // …so the event stays in storage, not lost…
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kasrat_dq:')).length)).toBe(1);
  // …and the next page load, with the network back, replays it.
  offline = false;
  expect(await storedInFeed(request, eventId)).toBeNull();
  await page.goto('/about');
  await expect.poll(() => storedInFeed(request, eventId), { timeout: 15_000 }).toMatchObject({ event_name: 'AddPaymentInfo' });
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kasrat_dq:')).length)).toBe(0);
});

test('the funnel page route answers and the funnel endpoint counts the sessions the browser sent', async ({ request }) => {
  // Staff only: without the operations token the report is refused.
  expect((await request.get('/api/analytics/funnel')).status()).toBe(401);
  const res = await request.get('/api/analytics/funnel', { headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.data.steps[1].sessions_any_order).toBeGreaterThanOrEqual(1);
});
