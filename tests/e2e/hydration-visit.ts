import { expect, type Page } from './fixtures.ts';

// docs/decisions/010: what the hydration specs watch on a visit to a server-rendered page.

/** Console lines React (or our hydrateRoot's onRecoverableError) writes for a mismatch. */
const MISMATCH = /hydrat|did not match|Minified React error #(418|423|425)|server rendered/i;

/**
 * Opens `path` and waits for the app to hydrate (with `settle`, also for the network to go quiet): the mismatches
 * and page errors seen, the `/api/` calls the browser made, and the state the server handed over.
 */
export async function visit(page: Page, path: string, { settle = false } = {}) {
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
  if (settle) await page.waitForLoadState('networkidle');
  return { problems, apiCalls, state };
}
