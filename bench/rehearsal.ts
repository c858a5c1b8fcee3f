// `npm run rehearse` (and the `scale` suite of `npm run bench`): a sale through HAProxy in front of several store
// instances, with a rolling restart and a database restart in the middle (tests/fault/rehearsal-harness.ts,
// docs/operations.md "Rehearsing a sale"), then the same sale on one instance without faults for comparison.
// Settings: REHEARSAL_INSTANCES (3), REHEARSAL_SHOPPERS (3000), REHEARSAL_MIN_SHOPPERS (1000),
// REHEARSAL_CONCURRENCY (24), REHEARSAL_TIME_LIMIT_S (240), REHEARSAL_ONE_INSTANCE=0 skips the comparison run.
// Progress on stderr; one JSON line on stdout with the scale.* figures of bench/results.json.
import { rehearse } from '../tests/fault/rehearsal-harness.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const log = (...args: unknown[]) => console.error('[rehearse]', ...args);
const common = {
  shoppers: num('REHEARSAL_SHOPPERS', 3000),
  minShoppers: num('REHEARSAL_MIN_SHOPPERS', 1000),
  concurrency: num('REHEARSAL_CONCURRENCY', 24),
  scarceStock: 40,
  timeLimitMs: num('REHEARSAL_TIME_LIMIT_S', 240) * 1000,
  log,
};
const instances = num('REHEARSAL_INSTANCES', 3);
log(`the sale: ${instances} instances, rolling restart and database restart`);
const sale = await rehearse({ ...common, instances, rollingRestart: true, databaseRestart: true });
log(JSON.stringify(sale));
let oneInstance: number | null = null;
if (process.env.REHEARSAL_ONE_INSTANCE !== '0') {
  log('the same sale on one instance, without faults');
  const one = await rehearse({ ...common, instances: 1, rollingRestart: false, databaseRestart: false });
  log(JSON.stringify(one));
  oneInstance = one.orders_per_s;
}
const figures = {
  instances: sale.instances,
  balancer: sale.balancer,
  shoppers: sale.shoppers_served,
  orders: sale.orders_acknowledged,
  orders_per_s: sale.orders_per_s,
  orders_per_s_one_instance: oneInstance,
  p50_ms: sale.p50_ms,
  p99_ms: sale.p99_ms,
  rolling_restarts: sale.rolling_restarts,
  rolling_failed_requests: sale.rolling_failed_requests,
  db_restart_requests: sale.db_restart_requests,
  db_restart_non_503: sale.db_restart_non_503,
  orders_lost: sale.orders_lost,
  oversold: sale.oversold,
};
console.log(JSON.stringify(figures));
const clean = sale.rolling_failed_requests === 0 && sale.db_restart_non_503 === 0 && sale.orders_lost === 0 && sale.oversold === 0;
if (!clean) log('failures:', sale.failures);
process.exit(clean ? 0 : 1);
