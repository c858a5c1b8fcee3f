import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a browser download (README.md, "Set-up (two commands)"). The server under test is the built app on its own
// port and its own fresh data directory, so a developer's running store is never touched.
const PORT = Number(process.env.E2E_PORT ?? 3999);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `.test-data/e2e-${PORT}`;
/** The operations token of the server under test (the funnel report is staff only). */
export const E2E_OPS_TOKEN = 'e2e-operations-token-not-a-secret';
/** The sign-in key ring's secret of the server under test: e2e specs derive signed links (unsubscribe) from it. */
export const E2E_AUTH_SECRET = 'e2e-auth-secret-not-a-secret-0123456789';
/** Debian's Chromium unless CHROMIUM_PATH names another build (`npm test` passes the one it checked). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A flaky test is a bug to fix at its cause, never a retry.
  retries: 0,
  reporter: process.env.PW_JSON ? [['list'], ['json', { outputFile: process.env.PW_JSON }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
      },
    },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node dist/server/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The specs act as several shoppers behind one proxy, each with its own x-forwarded-for address.
    env: {
      PORT: String(PORT),
      DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // Development conveniences (demo orders) and the operations API that moves shipments along.
      KASRAT_DEV_TOOLS: '1',
      OPS_TOKEN: E2E_OPS_TOKEN,
      AUTH_SECRET: E2E_AUTH_SECRET,
    },
  },
});
