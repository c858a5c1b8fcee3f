import { type CompiledQuery, type Selectable, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { CouponLine } from './coupon-rules.ts';
import type { DeliveryRule, PricedLine } from './pricing.ts';
import { ACTIVE } from './queries.ts';
import { selectVariantFacts, toVariantInfo, type VariantInfo } from './variant-info.ts';

// A cart's lines joined with their catalogue facts, and the views the pure rules take of them.

export interface ResolvedLine {
  row: Selectable<Database['cart_items']>;
  info: VariantInfo;
}

export interface CartSnapshot {
  lines: ResolvedLine[];
  /** The active delivery rule, read with the lines; undefined when the cart has no lines (nothing to read it with). */
  rule: DeliveryRule | null | undefined;
}

/** A cart by its id, by its customer, or by a session of its customer. */
export type CartKey = { id: string } | { customerId: number } | { sessionId: string };

/**
 * The statement reading a cart's lines with their catalogue facts and the delivery rule. Paid lines first (in the
 * order added), then free gifts. Lines whose variant vanished are left out. `cart` is the cart's id, or a
 * customer whose active cart it is (so the read can be sent before the cart's id is known: order placement
 * pipelines it behind the statement that locks that cart), or a session whose customer's it is (the session's
 * liveness is the statement in front's to check).
 */
export function cartSnapshotQuery(db: Db, cart: CartKey) {
  return selectVariantFacts(db)
    .innerJoin('cart_items as ci', 'ci.variant_id', 'v.id')
    .select([
      'ci.id as line_id',
      'ci.cart_id',
      'ci.variant_id',
      'ci.quantity',
      'ci.is_freebie',
      'ci.freebie_id',
      'ci.created_at',
      'ci.updated_at',
    ])
    .select(
      sql<DeliveryRule | null>`(SELECT json_build_object('free_from', d.free_from, 'charge', d.charge) FROM delivery_rules d
        WHERE d.active ORDER BY d.id LIMIT 1)`.as('delivery_rule'),
    )
    .where((eb) => {
      if ('id' in cart) return eb('ci.cart_id', '=', cart.id);
      const customer =
        'customerId' in cart
          ? eb.val(cart.customerId)
          : eb.selectFrom('sessions').select('sessions.customer_id').where('sessions.id', '=', cart.sessionId);
      return eb(
        'ci.cart_id',
        '=',
        eb.selectFrom('carts').select('carts.id').where('carts.customer_id', '=', customer).where('carts.status', '=', ACTIVE),
      );
    })
    .orderBy('ci.is_freebie')
    .orderBy('ci.id');
}

type SnapshotRow = Awaited<ReturnType<ReturnType<typeof cartSnapshotQuery>['execute']>>[number];

/**
 * {@link cartSnapshotQuery} compiled: its text does not depend on the cart, so it is built once per form and only
 * the key changes. Every order and every cart answer reads it (server/db/compiled-once.ts).
 */
export function compiledCartSnapshot(db: Db, cart: CartKey): CompiledQuery<SnapshotRow> {
  if ('id' in cart) return snapshotById(db, cart);
  return 'customerId' in cart ? snapshotByCustomer(db, cart) : snapshotBySession(db, cart);
}

const snapshotById = compiledOnce((db: Db, cart: { id: string }) => cartSnapshotQuery(db, cart).compile());
const snapshotByCustomer = compiledOnce((db: Db, cart: { customerId: number }) => cartSnapshotQuery(db, cart).compile());
const snapshotBySession = compiledOnce((db: Db, cart: { sessionId: string }) => cartSnapshotQuery(db, cart).compile());

/** The snapshot of {@link cartSnapshotQuery}'s rows. */
export function toCartSnapshot(rows: readonly SnapshotRow[]): CartSnapshot {
  return {
    lines: rows.map((r) => ({
      row: {
        id: r.line_id,
        cart_id: r.cart_id,
        variant_id: r.variant_id,
        quantity: r.quantity,
        is_freebie: r.is_freebie,
        freebie_id: r.freebie_id,
        created_at: r.created_at,
        updated_at: r.updated_at,
      },
      info: toVariantInfo(r),
    })),
    rule: rows.length ? (rows[0].delivery_rule ?? null) : undefined,
  };
}

/** The cart's lines with their catalogue facts and the delivery rule, in one round trip. */
export async function readCartSnapshot(db: Db, cartId: string): Promise<CartSnapshot> {
  return toCartSnapshot((await db.executeQuery(compiledCartSnapshot(db, { id: cartId }))).rows);
}

export async function readCartLines(db: Db, cartId: string): Promise<ResolvedLine[]> {
  return (await readCartSnapshot(db, cartId)).lines;
}

/** Free gifts are priced 0 (SPEC §4). */
export const pricedLine = (l: ResolvedLine): PricedLine => ({
  mrp: l.info.mrp,
  sale_price: l.row.is_freebie ? 0 : l.info.sale_price,
  quantity: l.row.quantity,
  is_freebie: l.row.is_freebie,
});

export const couponLine = (l: ResolvedLine): CouponLine => ({
  brand_id: l.info.brand_id,
  category_ids: l.info.category_path.map((c) => c.id),
  sale_price: l.row.is_freebie ? 0 : l.info.sale_price,
  quantity: l.row.quantity,
  is_freebie: l.row.is_freebie,
});
