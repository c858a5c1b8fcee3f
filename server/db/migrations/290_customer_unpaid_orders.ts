import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Order placement reads the customer's unpaid orders (one unpaid order per customer: docs/decisions/011-order-flows.md)
// in its first statement. With only orders_customer_idx and orders_pending_idx to choose from, PostgreSQL combined
// both (a bitmap AND) whenever its statistics were older than the sale, so every order read the index entries of
// every order still waiting for payment: thousands under a sale, each order slower than the last, and the plan
// changed when autovacuum analysed the table. An index of exactly those rows answers it from the customer's own
// entries (docs/decisions/027-checkout-plans.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE INDEX IF NOT EXISTS orders_customer_unpaid_idx ON orders(customer_id) WHERE status = 'payment_pending';
  `,
  );
}
