import { expect, test } from 'vitest';
import { BACKENDS } from '../helpers/app.ts';
import { haproxyBinary, rehearse } from './rehearsal-harness.ts';

// The short sale of docs/operations.md "Rehearsing a sale": two instances behind HAProxy (the repository's
// template), shoppers browsing, searching, carting and paying (on delivery and by the sandbox gateway) through it,
// and a rolling restart of both instances in the middle. Not one request may fail, and every acknowledged order
// must be in the database, whole. The balancer is part of the product: without it this test fails, saying so.

test('HAProxy is installed (scripts/system-packages.mjs installs it)', () => {
  expect(haproxyBinary()).toMatch(/haproxy/);
});

test.skipIf(!BACKENDS.includes('postgres'))(
  'a rolling restart behind HAProxy during a sale: no failed request, no lost order, nothing oversold',
  async () => {
    const r = await rehearse({
      instances: 2,
      shoppers: 1500,
      minShoppers: 80,
      concurrency: 8,
      rollingRestart: true,
      databaseRestart: false,
      scarceStock: 15,
      timeLimitMs: 150_000,
      log: process.env.REHEARSAL_DEBUG ? (...args) => console.error('[rehearsal]', ...args) : undefined,
    });
    expect(r.failures).toEqual([]);
    expect(r.rolling_restarts).toBe(2);
    expect(r.rolling_failed_requests).toBe(0);
    expect(r.orders_lost).toBe(0);
    expect(r.oversold).toBe(0);
    // TRUST_PROXY=1 behind the template: the per-address limit counts the shopper, whatever it writes in
    // X-Forwarded-For, and not the balancer (another shopper is not refused).
    expect(r.client_address).toEqual({ spoofing: [400, 400, 400, 429, 429], neighbour: 400 });
    // The sale went on through the deploy: orders of both kinds were placed.
    expect(r.orders_acknowledged).toBeGreaterThan(50);
  },
  // Two instance starts during the sale take most of it: seconds on a quiet machine, far more on a busy one.
  300_000,
);
