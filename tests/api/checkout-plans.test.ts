import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { compiledCartSnapshot } from '../../server/modules/cart/index.ts';
import { hashRequest } from '../../server/http/idempotency.ts';
import { placeOrder } from '../../server/flows/place-order.ts';
import { lockPartiesStatement } from '../../server/modules/checkout/queries.ts';
import { BACKENDS, openTestDatabase } from '../helpers/app.ts';
import { createShoppers, pincode, variantIn } from './checkout-fixtures.ts';

// Order placement's statements are prepared once per pooled connection (docs/decisions/023-fewer-round-trips.md);
// PostgreSQL then runs a generic plan, one for every customer, unless that plan is worse than planning each call
// for its values. The customer's active cart is found by the partial index carts_customer_active_idx, which a
// generic plan can use only when the statement says status = 'active' itself: sent as a parameter, the generic plan
// scanned every cart and each order was planned again (docs/decisions/027-checkout-plans.md).

let probes = 0;

/** The generic plan PostgreSQL would keep for `statement` (as a prepared statement of the pool runs it). */
async function genericPlan(db: Db, statement: CompiledQuery): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(trx);
    const name = `plan_probe_${++probes}`;
    await sql.raw(`PREPARE ${name} AS ${statement.sql}`).execute(trx);
    // EXECUTE takes its arguments written out (a utility statement has no parameters of its own).
    const args = sql.join(statement.parameters.map((p) => sql.lit(p instanceof Date ? p.toISOString() : (p as string | number))));
    const r = await sql<{ 'QUERY PLAN': string }>`EXPLAIN EXECUTE ${sql.raw(name)}(${args})`.execute(trx);
    await sql.raw(`DEALLOCATE ${name}`).execute(trx);
    return r.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe.each(BACKENDS)('order placement finds the active cart by its index in a generic plan [%s]', (backend) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let customerId: number;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    const db = t.handle.db;
    const variant = await variantIn(db, 30_000, 200_000);
    await db.updateTable('variants').set({ stock: 1_000 }).where('id', '=', variant.id).execute();
    // Enough carts that a scan of them all costs more than the index.
    const shoppers = await createShoppers(db, 300, [{ variant_id: variant.id, quantity: 1 }], await pincode(db, 'cod'));
    customerId = shoppers[0].customerId;
    await sql`ANALYZE carts`.execute(db);
    // Statistics from before the sale: no orders. Then the sale's unpaid orders, which the customer's own must
    // not be read through.
    await sql`ANALYZE orders`.execute(db);
    for (const s of shoppers.slice(1, 151)) await placeOrder({ db, paymentTtlS: 900 }, { customerId: s.customerId, cookieCartId: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  test('the statement taking the key, the customer and the cart', async () => {
    const claim = { customerId, scope: 'place-order', key: 'plan-1', requestHash: hashRequest({ quote: null }) };
    const plan = await genericPlan(t.handle.db, lockPartiesStatement(t.handle.db, customerId, claim));
    expect(plan).toMatch(/Index Scan using carts_customer_active_idx on carts k/);
    expect(plan).not.toMatch(/Seq Scan on carts/);
    // The customer's unpaid orders, by their own index: not every unpaid order of the store (migration 290).
    expect(plan).toMatch(/Index Scan using orders_customer_unpaid_idx on orders o/);
    expect(plan).not.toMatch(/orders_pending_idx|Seq Scan on orders/);
  });

  test('the same statement when it checks the session first (a route that defers its session)', async () => {
    const session = await t.handle.db.selectFrom('sessions').select('id').where('customer_id', '=', customerId).executeTakeFirstOrThrow();
    const now = new Date();
    const check = { id: session.id, idleSince: new Date(now.getTime() - 3_600_000), touchBefore: new Date(now.getTime() - 60_000), now };
    const claim = { scope: 'place-order', key: 'plan-2', requestHash: hashRequest({ quote: null }) };
    const plan = await genericPlan(t.handle.db, lockPartiesStatement(t.handle.db, check, claim));
    expect(plan).toMatch(/Index Scan using carts_customer_active_idx on carts k/);
    expect(plan).toMatch(/Index Scan using sessions_pkey on sessions/);
    expect(plan).not.toMatch(/Seq Scan on (carts|sessions)/);
    const lines = await genericPlan(t.handle.db, compiledCartSnapshot(t.handle.db, { sessionId: session.id }));
    expect(lines).toMatch(/Index Scan using carts_customer_active_idx on carts/);
    expect(lines).not.toMatch(/Seq Scan on (carts|sessions)/);
  });

  test("the cart's lines, read by the customer", async () => {
    const plan = await genericPlan(t.handle.db, compiledCartSnapshot(t.handle.db, { customerId }));
    expect(plan).toMatch(/Index Scan using carts_customer_active_idx on carts/);
    expect(plan).not.toMatch(/Seq Scan on carts/);
  });
});
