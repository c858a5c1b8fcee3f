import { test as base, type BrowserContext, type Page, type Response } from '@playwright/test';

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
