import { BACKENDS } from '../helpers/app.ts';
import { runStoreModel } from './store-model.ts';

// A short run of the store model (tests/model/store-model.ts) on each database; `npm run fuzz -- --model` runs
// 10,000 steps and more.
for (const backend of BACKENDS)
  test(`store model on ${backend}: every invariant holds after every step`, async () => {
    const { steps, violations, commands } = await runStoreModel({ steps: 200, seed: 30, backend, runs: 5 });
    expect(violations).toEqual([]);
    expect(steps).toBeGreaterThanOrEqual(50);
    // The promotions are taken on carts that meet them, so later cancels and returns re-price them.
    expect(commands.coupon.ok).toBeGreaterThan(commands.coupon.refused);
    expect(commands.gift.ok).toBeGreaterThan(0);
  }, 300_000);
