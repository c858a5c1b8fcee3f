import { BACKENDS } from '../helpers/app.ts';
import { runStoreModel } from './store-model.ts';

// A short run of the store model (tests/model/store-model.ts) on each database; `npm run fuzz -- --model` runs
// 10,000 steps and more.
for (const backend of BACKENDS)
  test(`store model on ${backend}: every invariant holds after every step`, async () => {
    const { steps, violations } = await runStoreModel({ steps: 200, seed: 30, backend, runs: 5 });
    expect(violations).toEqual([]);
    expect(steps).toBeGreaterThanOrEqual(50);
  }, 300_000);
