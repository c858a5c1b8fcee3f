import pg from 'pg';
import { readPaymentConfig, signSandboxCallback } from '../../server/payments/index.ts';
import { SCRAPE_STATEMENT_TIMEOUT_MS } from '../../server/observability/scrape.ts';
import { describeBackends, POSTGRES_URL } from '../helpers/app.ts';
import { sampleValue } from '../helpers/prometheus.ts';
import { createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// `/metrics` (docs/operations.md "Metrics"): open to the operations token and the scrape token only; requests counted
// by route template; the business counters move with the flows; the database's figures are read at scrape time on
// a connection of their own, and a scrape that cannot read them answers without them, in time.

const OPS = 'metrics-test-ops-token-0123456789';
const SCRAPER = 'metrics-test-scrape-token-0123456789';
process.env.OPS_TOKEN = OPS;
process.env.METRICS_TOKEN = SCRAPER;
process.env.OUTBOX_WORKER = 'off';

describeBackends('metrics', (ctx) => {
  const db = () => ctx().handle.db;
  const scrape = async (token = SCRAPER) => {
    const res = await ctx().app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    return res.body;
  };
  const value = (text: string, name: string, labels: Record<string, string> = {}) => sampleValue(text, name, labels) ?? 0;

  test('without the operations or scrape token: 401 and nothing of the metrics', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token' },
      { authorization: `Basic ${SCRAPER}` },
      { authorization: 'Bearer ' },
    ]) {
      const res = await ctx().app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).toBe('Unauthorized');
    }
    // Either token opens it.
    expect(await scrape(OPS)).toContain('kasrat_http_requests_total');
    expect(await scrape(SCRAPER)).toContain('nodejs_eventloop_lag_seconds');
  });

  test('requests are counted under their route template, never their address', async () => {
    const id = `metricsprobe${Date.now()}`;
    const before = await scrape();
    const route = '/api/uploads/:publicId';
    const res = await ctx().app.inject({ method: 'GET', url: `/api/uploads/${id}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const after = await scrape();
    const labels = { route, method: 'GET', status: '4xx' };
    expect(value(after, 'kasrat_http_requests_total', labels)).toBe(value(before, 'kasrat_http_requests_total', labels) + 1);
    expect(value(after, 'kasrat_http_request_duration_seconds_count', { route, method: 'GET' })).toBeGreaterThan(
      value(before, 'kasrat_http_request_duration_seconds_count', { route, method: 'GET' }),
    );
    expect(after).not.toContain(id);
  });

  test('an order placed and paid moves the order and payment counters', async () => {
    const before = await scrape();
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const agent = signIn(ctx().agent(), s!);
    const orderId = (await placeOrderFor(agent)).body.data.order_id as string;
    const tx = json(
      await agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: 1, instrument: { upi_app: 'BHIM' } }),
    );
    const fields = signSandboxCallback(
      readPaymentConfig().SANDBOX_GATEWAY_SECRET,
      { ref: tx.data.payment_ref, amount: tx.data.amount, instrument: 'upi:shopper@okaxis' },
      'success',
    );
    const paid = await agent.request({
      method: 'POST',
      url: '/api/payment/sandbox/callback',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    const after = await scrape();
    expect(value(after, 'kasrat_orders_placed_total')).toBe(value(before, 'kasrat_orders_placed_total') + 1);
    expect(value(after, 'kasrat_orders_paid_total', { kind: 'prepaid' })).toBe(
      value(before, 'kasrat_orders_paid_total', { kind: 'prepaid' }) + 1,
    );
    const attempts = { gateway: 'sandbox', outcome: 'success' };
    expect(value(after, 'kasrat_payment_attempts_total', attempts)).toBe(value(before, 'kasrat_payment_attempts_total', attempts) + 1);
  });

  test("the database's figures: dead letters, pending refunds and their age, job lag, availability", async () => {
    const old = new Date(Date.now() - 7_200_000);
    const before = await scrape();
    await db()
      .insertInto('outbox')
      .values({ channel: 'email', recipient: 'dead@example.com', body: 'Hello', status: 'failed', attempts: 8, last_error: 'HTTP 500' })
      .execute();
    const order = await db()
      .selectFrom('orders')
      .innerJoin('shipments', 'shipments.order_id', 'orders.id')
      .select(['orders.id', 'shipments.id as shipment_id'])
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('refunds')
      .values({
        order_id: order.id,
        shipment_id: order.shipment_id,
        reason: 'cancel',
        method: 'bank',
        payment_id: null,
        bank_account_id: null,
        amount: 1000,
        idempotency_key: `metrics-refund-${Date.now()}`,
        created_at: old,
      })
      .execute();
    await db().insertInto('scheduled_jobs').values({ name: 'metrics-test-job', last_finished_at: old }).execute();
    const after = await scrape();
    expect(value(after, 'kasrat_metrics_db_read_ok')).toBe(1);
    expect(value(after, 'kasrat_db_up')).toBe(1);
    expect(value(after, 'kasrat_outbox_dead_letters', { queue: 'messages' })).toBe(
      value(before, 'kasrat_outbox_dead_letters', { queue: 'messages' }) + 1,
    );
    expect(value(after, 'kasrat_refunds_pending')).toBe(value(before, 'kasrat_refunds_pending') + 1);
    expect(value(after, 'kasrat_refund_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(7_199);
    expect(value(after, 'kasrat_scheduled_job_last_finished_age_seconds', { job: 'metrics-test-job' })).toBeGreaterThanOrEqual(7_199);
    expect(after).toContain('kasrat_search_index_variants');
    if (ctx().backend === 'postgres') expect(after).toContain('kasrat_db_pool_in_use');
  });

  test('a scrape whose database read cannot finish answers in time without the figures, and shoppers are not held', async () => {
    if (ctx().backend !== 'postgres') return;
    const schema = (
      await db()
        .selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('s'))
        .executeTakeFirstOrThrow()
    ).s;
    // Another session holds the outbox table exclusively: the scrape's read waits on it until its own timeout.
    const locker = new pg.Client({ connectionString: POSTGRES_URL });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE "${schema}".outbox IN ACCESS EXCLUSIVE MODE`);
      const started = Date.now();
      const [text, health] = await Promise.all([scrape(), ctx().app.inject({ method: 'GET', url: '/api/health/ready' })]);
      expect(Date.now() - started).toBeLessThan(SCRAPE_STATEMENT_TIMEOUT_MS + 1_500);
      expect(health.statusCode).toBe(200);
      expect(value(text, 'kasrat_metrics_db_read_ok')).toBe(0);
      expect(sampleValue(text, 'kasrat_outbox_pending', { queue: 'messages' })).toBeUndefined();
      expect(value(text, 'kasrat_db_up')).toBe(1);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    // The next scrape reads them again on a fresh connection.
    expect(value(await scrape(), 'kasrat_metrics_db_read_ok')).toBe(1);
  });
});
