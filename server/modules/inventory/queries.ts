import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StockReason } from '../../db/types.ts';

// The only writer of variants.stock. Every change writes its stock_ledger row in the same statement, so the
// ledger always sums to the change (migration 100_money). Lock order: variants by id, as checkout takes them.

export interface StockRef {
  order?: string | null;
  shipment?: string | null;
  staff?: string | null;
  /** Why staff changed stock (migration 200). */
  note?: string | null;
}

export interface StockLine {
  variant_id: number;
  quantity: number;
}

const ledgerRow = (variant: RawBuilder<unknown>, delta: RawBuilder<unknown>, reason: StockReason, ref: StockRef) =>
  sql`INSERT INTO stock_ledger (variant_id, delta, reason, order_ref, shipment_ref, staff_ref, note)
      SELECT ${variant}, ${delta}, ${reason}::text, ${ref.order ?? null}::text, ${ref.shipment ?? null}::text, ${ref.staff ?? null}::text,
             ${ref.note ?? null}::text`;

/**
 * A guarded take of `quantity` units as two common table expressions, `<name>` (one row when the units were there)
 * and its ledger row: for a statement that writes more (the order, the stored answer) in the same round trip.
 */
export function takeCtes(name: string, variantId: number, quantity: number, ref: StockRef): RawBuilder<unknown> {
  const t = sql.id(name);
  return sql`${t} AS (UPDATE variants SET stock = stock - ${quantity}::integer
                      WHERE id = ${variantId}::integer AND stock >= ${quantity}::integer RETURNING id),
             ${sql.id(`${name}_ledger`)} AS (${ledgerRow(sql`id`, sql`-${quantity}::integer`, 'order_placed', ref)} FROM ${t})`;
}

/**
 * Guarded take: never below zero, whatever runs at the same time. False when the units are gone. `alongside`
 * (a statement of the caller's transaction on its own rows) runs in the same round trip.
 */
export async function takeStock(trx: Db, line: StockLine, ref: StockRef, alongside?: RawBuilder<unknown>): Promise<boolean> {
  const r = await sql`WITH ${alongside ? sql`alongside AS (${alongside}), ` : sql``}${takeCtes('t', line.variant_id, line.quantity, ref)}
    SELECT id FROM t`.execute(trx);
  return r.rows.length > 0;
}

/** Units coming back (an order released, cancelled or returned), one variant at a time in id order. */
export async function putBack(trx: Db, lines: readonly StockLine[], reason: StockReason, ref: StockRef): Promise<void> {
  const units = new Map<number, number>();
  for (const l of lines) if (l.quantity > 0) units.set(l.variant_id, (units.get(l.variant_id) ?? 0) + l.quantity);
  for (const [variantId, quantity] of [...units].sort((a, b) => a[0] - b[0]))
    await sql`WITH u AS (UPDATE variants SET stock = stock + ${quantity}::integer, updated_at = now()
                         WHERE id = ${variantId}::integer RETURNING id)
      ${ledgerRow(sql`id`, sql`${quantity}::integer`, reason, ref)} FROM u`.execute(trx);
}

/** A staff change of `delta` units (never below zero), with who and why; the ledger records it. */
export async function adjustStock(
  trx: Db,
  variantId: number,
  delta: number,
  ref: { staff: string; note?: string | null },
): Promise<number | null> {
  const r = await sql<{ stock: number }>`WITH u AS (UPDATE variants SET stock = stock + ${delta}::integer, updated_at = now()
                         WHERE id = ${variantId}::integer AND stock + ${delta}::integer >= 0 RETURNING id, stock),
      l AS (${ledgerRow(sql`id`, sql`${delta}::integer`, 'staff_adjustment', ref)} FROM u WHERE ${delta}::integer <> 0)
    SELECT stock FROM u`.execute(trx);
  return r.rows[0]?.stock ?? null;
}

/**
 * Staff changes of many variants in one statement (a catalogue import): each by its `delta`, never below zero, each
 * with its ledger row. Returns the new stock of the variants it changed; a variant missing from the answer would
 * have gone below zero (nothing of it is written, the caller rolls the rest back).
 */
export async function adjustStocks(
  trx: Db,
  changes: ReadonlyArray<{ variant_id: number; delta: number }>,
  ref: { staff: string; note?: string | null },
): Promise<Map<number, number>> {
  const moving = changes.filter((c) => c.delta !== 0);
  if (moving.length === 0) return new Map();
  const r = await sql<{ id: number; stock: number; delta: number }>`WITH x AS (
        SELECT * FROM unnest(${moving.map((c) => c.variant_id)}::integer[], ${moving.map((c) => c.delta)}::integer[]) AS x(id, delta)),
      u AS (UPDATE variants v SET stock = v.stock + x.delta, updated_at = now() FROM x
            WHERE v.id = x.id AND v.stock + x.delta >= 0 RETURNING v.id, v.stock, x.delta),
      l AS (${ledgerRow(sql`id`, sql`delta`, 'staff_adjustment', ref)} FROM u)
    SELECT id, stock, delta FROM u`.execute(trx);
  return new Map(r.rows.map((row) => [row.id, row.stock]));
}

/** The ledger's sum per variant (an audit: stock now − stock before the first row). */
export async function ledgerSums(db: Db, variantIds: readonly number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stock_ledger')
    .select(['variant_id', sql<string>`sum(delta)`.as('sum')])
    .where('variant_id', 'in', [...variantIds])
    .groupBy('variant_id')
    .execute();
  return new Map(rows.map((r) => [r.variant_id, Number(r.sum)]));
}

/** Shipment states whose units are taken from stock but still on the shelf: placed and not yet shipped. */
const HOLDING = ['payment_pending', 'placed', 'confirmed', 'packed'] as const;

/** Units live orders hold per variant (what a count of the shelf includes but `stock` no longer does). */
export async function heldUnits(db: Db, variantIds: readonly number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('shipments as s', 's.id', 'i.shipment_id')
    .select(['i.variant_id', sql<string>`sum(i.quantity - i.cancelled_quantity - i.returned_quantity)`.as('held')])
    .where('i.variant_id', 'in', [...variantIds])
    .where('s.status', 'in', [...HOLDING])
    .groupBy('i.variant_id')
    .execute();
  return new Map(rows.map((r) => [r.variant_id, Number(r.held)]));
}
