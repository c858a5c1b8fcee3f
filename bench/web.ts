// Web figures: gzipped JavaScript the home page loads first, and Lighthouse (mobile) scores for key pages.
// Needs a built app (dist/). Prints JSON: { home_js_gz_kb, lighthouse: { <page>: { performance, ... } } }.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain ES module of the repository's scripts, without type declarations
import { chunkTable, homeJsGzKb } from '../scripts/budgets.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { mainThreadStretch, type TraceEvent } from './stretch.ts';
import { DEMO_ADDRESS, DEMO_SIGN_IN } from '../tests/helpers/demo-customer.ts';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3950);
const base = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
// To look into one page: BENCH_WEB_PAGES=cart,home runs only those; BENCH_WEB_REPORTS=dir keeps each run's report.
const ONLY = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean) ?? [];
const REPORTS = process.env.BENCH_WEB_REPORTS;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });

// Production mode refuses to start without real messaging, payment and ops settings (none exist on a bench
// machine); the built assets and HTML served are the same without it. Development tools are on (loopback only)
// for one reason: the seeded demo customer, whose checkout the order-confirmation page needs.
function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.NODE_ENV;
  env.KASRAT_DEV_TOOLS = '1';
  return env;
}

/** What a shopper's tab holds on the order-confirmation page: the session cookies and the funnel in sessionStorage. */
interface TabState {
  cookies: { name: string; value: string; domain: string; path: string }[];
  session: Record<string, string>;
}

/**
 * Walks the demo customer through the real pages to the order confirmation (SPEC §4 funnel step 3), in
 * Playwright, and returns the tab's state: the page is private and client-rendered, reached only through the
 * funnel, so Lighthouse opens it with that state as a shopper's reload would.
 */
async function orderConfirmationState(productVid: number): Promise<TabState> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 412, height: 823 }, isMobile: true });
    const api = context.request;
    const ok = async (res: { ok(): boolean; text(): Promise<string> }, what: string) => {
      if (!res.ok()) throw new Error(`${what}: ${await res.text()}`);
    };
    await ok(await api.post('/api/auth/login', { data: DEMO_SIGN_IN }), 'sign in');
    await ok(await api.post('/api/cart/add-to-cart', { data: { variant_id: productVid, quantity: 1 } }), 'add to cart');
    await ok(
      await api.post('/api/myAddress/user-address-add-update', { data: DEMO_ADDRESS }),

      'address',
    );
    const page = await context.newPage();
    await page.goto('/cart');
    // The cart arrives server-rendered; the app takes the checkout link over once hydrated (docs/decisions/017).
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL('**/select-address');
    await page.locator('[data-testid=address-option] input[type=radio]').first().check();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await page.waitForURL('**/order-confirmation');
    await page.locator('[data-testid=checkout-step][data-state="confirmation"]').waitFor();
    const session = await page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
    const cookies = (await context.cookies()).map(({ name, value, domain, path }) => ({ name, value, domain, path }));
    return { cookies, session };
  } finally {
    await browser.close();
  }
}

/** A visitor's cart with one product in it, held by the guest cart cookie (SPEC §2: no sign-in needed). */
async function guestCartState(productVid: number): Promise<TabState> {
  const { request } = await import('@playwright/test');
  const api = await request.newContext({ baseURL: base });
  try {
    const res = await api.post('/api/cart/add-to-cart', { data: { variant_id: productVid, quantity: 1 } });
    if (!res.ok()) throw new Error(`add to cart: ${await res.text()}`);
    const cookies = (await api.storageState()).cookies.map(({ name, value, domain, path }) => ({ name, value, domain, path }));
    return { cookies, session: {} };
  } finally {
    await api.dispose();
  }
}

type Report = {
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  finalDisplayedUrl: string;
  /** Wall time over thread time of the page's main-thread tasks in this run's trace ({@link mainThreadStretch}). */
  stretch: number;
};

/** One Lighthouse run (mobile, Lighthouse's own throttling) in Debian's Chromium; `state` is put in the tab first. */
async function lighthouseRun(url: string, state?: TabState): Promise<Report | null> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = await import('puppeteer-core');
  const profile = mkdtempSync(path.join(tmpdir(), 'kasrat-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    userDataDir: profile,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (state) {
      await page.setCookie(...state.cookies);
      await page.evaluateOnNewDocument(
        (origin: string, items: Record<string, string>) => {
          if (location.origin !== origin) return;
          for (const [k, v] of Object.entries(items)) sessionStorage.setItem(k, v);
        },
        base,
        state.session,
      );
    }
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        formFactor: 'mobile',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // The state above is the shopper's; Lighthouse would otherwise clear it before loading.
        disableStorageReset: Boolean(state),
      },
      undefined,
      page,
    );
    await browser.disconnect();
    if (!result) return null;
    const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    return { ...(result.lhr as unknown as Omit<Report, 'stretch'>), stretch: mainThreadStretch(trace?.traceEvents ?? []) };
  } catch (error) {
    process.stderr.write(`lighthouse ${url}: ${String(error)}\n`);
    return null;
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function waitFor(url: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start at ${url}`);
}

async function main() {
  const result: Record<string, unknown> = { home_js_gz_kb: homeJsGzKb() };
  // The bundle report: every built chunk with its raw and gzipped size, committed beside results.json.
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/chunks.md', `# Built JavaScript chunks (\`npm run bench -- web\`)\n\n${chunkTable()}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kasrat-bench-web-'));
  const server = spawn('node', ['dist/server/main.js'], {
    env: serverEnv(dataDir),
    stdio: 'ignore',
  });
  try {
    await waitFor(`${base}/api/health`);
    const product = (await (await fetch(`${base}/api/search/product-search-listing?q=whey`)).json().catch(() => null)) as {
      data?: { hits?: Array<{ slug: string; pid: number; vid: number }> };
    } | null;
    const hit = product?.data?.hits?.[0];
    // Shopping pages (issue goal: every one measured); each the median of RUNS Lighthouse runs.
    const pages: Record<string, string> = { home: '/', listing: '/shop', search: '/search?q=whey', cart: '/cart' };
    if (hit) pages.product = `/product/${hit.slug}/?pId=${hit.pid}&vId=${hit.vid}`;
    const lighthouse: Record<string, Record<string, number>> = {};
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const states: Record<string, TabState> = {};
    if (hit) {
      states.cart = await guestCartState(hit.vid);
      pages.order_confirmation = '/order-confirmation';
      states.order_confirmation = await orderConfirmationState(hit.vid);
    }
    for (const [name, p] of Object.entries(pages).filter(([n]) => !ONLY.length || ONLY.includes(n))) {
      const runs: Record<string, number>[] = [];
      // A run Lighthouse could not complete measured nothing (its scores are null, not zero): it is left out, and
      // another is made, up to twice the runs in all.
      for (let i = 0; i < RUNS * 2 && runs.length < RUNS; i++) {
        const report = await lighthouseRun(base + p, states[name]);
        if (!report) continue;
        if (REPORTS) writeFileSync(path.join(REPORTS, `${name}-${i}.json`), JSON.stringify(report));
        if (report.runtimeError || report.categories.performance?.score == null) {
          process.stderr.write(`lighthouse ${name}: ${report.runtimeError?.code ?? 'no score'}, not counted\n`);
          continue;
        }
        // A run that ended elsewhere (a redirect the page did not expect) measured another page: not counted.
        if (new URL(report.finalDisplayedUrl).pathname !== new URL(base + p).pathname) {
          process.stderr.write(`lighthouse ${name}: ended at ${report.finalDisplayedUrl}, not counted\n`);
          continue;
        }
        const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
        const metric = (k: string, digits = 0) => Number((report.audits[k]?.numericValue ?? Number.NaN).toFixed(digits));
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          seo: score('seo'),
          best_practices: score('best-practices'),
          fcp_ms: metric('first-contentful-paint'),
          lcp_ms: metric('largest-contentful-paint'),
          tbt_ms: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift', 3),
          // Lighthouse's own measure of this machine's CPU: its 4× slowdown stands for a low-end phone only on a
          // host of about 4× that phone's index (DevTools puts a Moto G Power at 264), so figures from different
          // machines compare only beside it.
          benchmark_index: Math.round(report.environment?.benchmarkIndex ?? Number.NaN),
          main_thread_stretch: report.stretch,
        });
      }
      if (!runs.length) continue;
      // Every figure of a run, as the median of the runs.
      lighthouse[name] = Object.fromEntries(Object.keys(runs[0] as object).map((k) => [k, median(runs.map((r) => r[k] as number))]));
      process.stderr.write(`lighthouse ${name}: ${JSON.stringify(lighthouse[name])} (median of ${runs.length})\n`);
    }
    result.lighthouse = lighthouse;
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(result));
}

await main();
