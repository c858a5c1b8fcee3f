// Records the statements this release issues during a sale's calls into statements.json (docs/operations.md
// "Migrations during a rolling deploy"): run it after a release, so the next one's migrations are checked against
// it. `npx tsx tests/fault/previous-release/record.ts` (PostgreSQL at TEST_DATABASE_URL, a schema of its own).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../../server/app.ts';
import { migrate, openDatabase } from '../../../server/db/database.ts';
import { migrations } from '../../../server/db/migrations/index.ts';
import { seed } from '../../../server/db/seed/seed.ts';
import { readPaymentConfig, signSandboxCallback } from '../../../server/payments/index.ts';
import { createShoppers, pincode } from '../../api/checkout-fixtures.ts';
import { createAgent } from '../../helpers/app.ts';
import { pricedVariants } from '../../helpers/variants.ts';
import { type Recorded, recorder } from './statements.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `record_${randomBytes(3).toString('hex')}`;
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: POSTGRES_URL });
  await c.connect();
  await c.query(q);
  await c.end();
};
await admin(`CREATE SCHEMA "${schema}"`);
const handle = await openDatabase({ databaseUrl: POSTGRES_URL, schema });
try {
  await migrate(handle.db);
  await seed(handle.db, { scale: 0 });
  const pin = await pincode(handle.db, 'cod');
  const [variant] = await pricedVariants(handle.db, 30_000, 150_000).limit(1).execute();
  const shoppers = await createShoppers(handle.db, 2, [], pin);
  const { plugin, seen } = recorder();
  const recording = { ...handle, db: handle.db.withPlugin(plugin) };
  const app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 1 }, handle: recording, clientDir: null });
  await app.ready();
  for (const [i, shopper] of shoppers.entries()) {
    const agent = createAgent(app);
    agent.cookies.set('ksid', shopper.token);
    await agent.get('/api/health/ready');
    await agent.get('/api/search/product-search-listing?per_page=20');
    await agent.get('/api/search/product-search-listing?q=whey&per_page=20');
    await agent.post('/api/cart/add-to-cart', { variant_id: variant?.id, quantity: 1 });
    await agent.get('/api/cart/cart-list');
    const body = i === 0 ? { payment_method: 4, instrument: {} } : { payment_method: 1, instrument: { upi_app: 'BHIM' } };
    const placed = (
      await agent.request({ method: 'POST', url: '/api/payment/place-order', payload: body, headers: { 'idempotency-key': `record-${i}` } })
    ).json();
    if (i === 0) continue;
    const hosted = new URL(placed.data.transaction.redirect.url, 'http://localhost');
    const page = (await agent.get(`${hosted.pathname}${hosted.search}`)).body;
    const form = page.split('<form').find((f) => f.includes('value="failed"')) ?? '';
    const f = Object.fromEntries([...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const fields = signSandboxCallback(
      readPaymentConfig().SANDBOX_GATEWAY_SECRET,
      { ref: f.ref ?? '', amount: Number(f.amount), instrument: 'upi:a@okaxis' },
      'success',
    );
    await agent.request({
      method: 'POST',
      url: '/api/payment/sandbox/callback',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await agent.get('/api/order/order-list');
  }
  await app.close();
  const executor = handle.db.getExecutor();
  const bySql = new Map<string, Recorded>();
  const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? String(v) : v);
  for (const { node, queryId } of seen) {
    const compiled = executor.compileQuery(node, queryId);
    if (!bySql.has(compiled.sql)) bySql.set(compiled.sql, { sql: compiled.sql, parameters: compiled.parameters.map(plain) });
  }
  const out = path.join(import.meta.dirname, 'statements.json');
  writeFileSync(out, `${JSON.stringify({ migrations: Object.keys(migrations), statements: [...bySql.values()] }, null, 1)}\n`);
  console.log(`${bySql.size} statements from ${seen.length} queries written to ${out}`);
} finally {
  await handle.close();
  await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}
