import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// The metrics this process counts as things happen (docs/operations.md "Metrics"): one registry per process, so
// each instance exposes its own and Prometheus sums them. Counters start at zero with the process; `rate()` and
// `increase()` read across restarts. Figures kept in the database are read at scrape time instead
// (server/observability/scrape.ts). Labels are bounded sets (route templates, gateways, outcomes), never ids.

export const registry = new Registry();

let processMetrics = false;
/** Event-loop lag, memory, CPU, handles: prom-client's defaults, started once per process when metrics are served. */
export function startProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
}

/** Seconds; the top buckets cover a slow page render, the low ones a cached listing. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'kasrat_http_requests_total',
  help: 'HTTP requests answered, by route template, method and status class.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});
export const httpErrors = new Counter({
  name: 'kasrat_http_errors_total',
  help: 'HTTP requests answered with a 5xx status, by route template and method.',
  labelNames: ['route', 'method'] as const,
  registers: [registry],
});
export const httpDuration = new Histogram({
  name: 'kasrat_http_request_duration_seconds',
  help: 'Time from the request arriving to its answer being sent, by route template and method.',
  labelNames: ['route', 'method'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const ordersPlaced = new Counter({
  name: 'kasrat_orders_placed_total',
  help: 'Orders written at checkout (waiting for their payment).',
  registers: [registry],
});
export const ordersPaid = new Counter({
  name: 'kasrat_orders_paid_total',
  help: 'Orders placed by a captured payment or pay on delivery, by payment kind.',
  labelNames: ['kind'] as const,
  registers: [registry],
});
export const ordersCancelled = new Counter({
  name: 'kasrat_orders_cancelled_total',
  help: 'Shipments cancelled and unpaid orders released, by reason.',
  labelNames: ['reason'] as const,
  registers: [registry],
});
export const paymentAttempts = new Counter({
  name: 'kasrat_payment_attempts_total',
  help: "Payment attempts whose gateway answer was applied, by gateway and outcome ('success', 'failed', 'pending').",
  labelNames: ['gateway', 'outcome'] as const,
  registers: [registry],
});
export const refunds = new Counter({
  name: 'kasrat_refunds_total',
  help: "Refunds sent to a gateway or a bank, by the state they reached ('processed', 'pending', 'failed', 'paid_by_hand').",
  labelNames: ['state'] as const,
  registers: [registry],
});
export const couponUses = new Counter({
  name: 'kasrat_coupon_uses_total',
  help: 'Orders written with a coupon.',
  registers: [registry],
});
export const bankOfferUses = new Counter({
  name: 'kasrat_bank_offer_uses_total',
  help: 'Payments captured with a bank offer standing.',
  registers: [registry],
});

export const searchIndexVariants = new Gauge({
  name: 'kasrat_search_index_variants',
  help: "Variants in this instance's built-in search index.",
  registers: [registry],
});
export const searchIndexBuilds = new Counter({
  name: 'kasrat_search_index_builds_total',
  help: 'Full builds of the search index (the first load, and each structural change).',
  registers: [registry],
});

/** A search index was built from a snapshot of `variants` variants (server/search/store.ts). */
export function noteSearchIndexBuilt(variants: number): void {
  searchIndexVariants.set(variants);
  searchIndexBuilds.inc();
}
