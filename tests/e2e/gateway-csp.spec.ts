import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

// README "Security": the CSP allows exactly the configured gateway's hand-off. A store configured for Paytm, whose
// hosted page is a fake gateway on another origin: in Chromium, under the store's own CSP, the hand-off form
// (built as src/features/checkout/funnel.tsx builds it) reaches the gateway, and a form to any other host is refused.

interface FakeHost {
  server: Server;
  origin: string;
  posts: string[];
}

async function fakeHost(): Promise<FakeHost> {
  const posts: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.method === 'POST') posts.push(body);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Gateway</title><h1>Fake gateway</h1>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posts };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let gateway: FakeHost;
let elsewhere: FakeHost;
let store: ChildProcess;
let storeOrigin: string;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  gateway = await fakeHost();
  elsewhere = await fakeHost();
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'kasrat-gateway-csp-'));
  storeOrigin = `http://127.0.0.1:${port}`;
  store = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PAYMENT_GATEWAY: 'paytm',
      PAYTM_HOST: gateway.origin,
      // Any key but the published development one, which every environment refuses.
      PAYTM_MERCHANT_KEY: 'e2e-csp-key-16ch',
      OUTBOX_WORKER: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(async () => (await fetch(`${storeOrigin}/api/health`).catch(() => null))?.status ?? 0, { timeout: 150_000, intervals: [250] })
    .toBe(200);
});

test.afterAll(async () => {
  store?.kill('SIGTERM');
  await new Promise((resolve) => (store?.exitCode !== null ? resolve(null) : store.once('exit', resolve)));
  for (const host of [gateway, elsewhere]) await new Promise((resolve) => host?.server.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Posts a hidden-field form from the page, as the checkout funnel hands the shopper to a form-post gateway. */
const handOff = (action: string) => {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  for (const [name, value] of Object.entries({ MID: 'KASRATDEV0000001', ORDER_ID: 'KS1001', CHECKSUMHASH: 'x' })) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
};

test("the Paytm hand-off form reaches the gateway's host under the store's CSP", async ({ page }) => {
  const response = await page.goto(`${storeOrigin}/`);
  expect(response?.headers()['content-security-policy']).toContain(`form-action 'self' ${gateway.origin}`);
  await Promise.all([
    page.waitForURL(`${gateway.origin}/theia/processTransaction`),
    page.evaluate(handOff, `${gateway.origin}/theia/processTransaction`),
  ]);
  await expect(page.getByRole('heading', { name: 'Fake gateway' })).toBeVisible();
  expect(gateway.posts.some((body) => body.includes('ORDER_ID=KS1001'))).toBe(true);
});

test('a form to any other host is refused by the CSP', async ({ page }) => {
  await page.goto(`${storeOrigin}/`);
  await page.evaluate(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { violations: string[] }).violations.push(e.effectiveDirective),
    );
  });
  await page.evaluate(handOff, `${elsewhere.origin}/collect`);
  await page.waitForFunction(() => (window as unknown as { violations: string[] }).violations.includes('form-action'));
  expect(elsewhere.posts).toEqual([]);
  expect(new URL(page.url()).origin).toBe(storeOrigin);
});
