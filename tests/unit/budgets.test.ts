// The reporting core's size budget (ARCHITECTURE.md "Reporting"): bus + pipeline + delivery, without the provider
// adapters, ≤ 8 KB gz. The home page's JavaScript budget needs a build: scripts/budgets.mjs checks it after
// `npm run build` in `npm test`; its ceiling may only move down from the 120 KB goal.
// @ts-expect-error: a plain ES module of the repository's scripts, without type declarations
import { BUDGETS, reportingCoreGzBytes } from '../../scripts/budgets.mjs';

test('the reporting core stays within 8 KB gz, each adapter in a chunk of its own', async () => {
  const core = (await reportingCoreGzBytes()) as { gz: number; lazy: Record<string, number> };
  expect(core.gz).toBeLessThanOrEqual(BUDGETS.reportingCoreGzBytes);
  expect(BUDGETS.reportingCoreGzBytes).toBeLessThanOrEqual(8 * 1024);
  for (const adapter of [
    'data-layer',
    'social-pixel',
    'server-conversions',
    'affiliate',
    'marketing',
    'analytics-service',
    'search-insights',
  ])
    expect(Object.keys(core.lazy).some((k) => k.split('+').includes(adapter))).toBe(true);
}, 30_000);

test('the home first-load ceiling holds the 120 KB gz goal (checked against the build by scripts/budgets.mjs)', () => {
  expect(BUDGETS.homeJsGzKb).toBeLessThanOrEqual(120);
});
