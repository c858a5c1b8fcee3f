import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Money the store can audit (docs/decisions/011-order-flows.md).
// - stock_ledger: every change of a variant's stock, written by the inventory module in the same statement as the
//   change, so stock can be audited and rebuilt (stock now = stock at the first row + the sum of the deltas).
// - reviews may be withdrawn: a review whose only purchase was cancelled no longer shows as from a buyer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE stock_ledger (
      id bigserial PRIMARY KEY,
      variant_id integer NOT NULL REFERENCES variants(id),
      delta integer NOT NULL CHECK (delta <> 0),
      reason text NOT NULL CHECK (reason IN ('order_placed','order_released','cancelled','returned','staff_adjustment')),
      order_ref text,
      shipment_ref text,
      staff_ref text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX stock_ledger_variant_idx ON stock_ledger(variant_id);

    ALTER TABLE reviews DROP CONSTRAINT IF EXISTS reviews_status_check;
    ALTER TABLE reviews ADD CONSTRAINT reviews_status_check CHECK (status IN ('published','hidden','withdrawn'));
  `,
  );
}
