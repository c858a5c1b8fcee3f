import type { CouponView, DynamicCoupon } from '../../../schemas/cart.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CartRow } from './queries.ts';
import { withLockedCart } from './service.ts';
import { CouponNotApplicable } from './errors.ts';
import { couponLine, readCartLines } from './cart-lines.ts';
import { type CouponCustomer, type CouponRule, couponScope, describeCoupon, evaluateCoupon } from './coupon-rules.ts';

// Coupons against the database: rules read with their brand / category names, the customer's history, and the
// cart's coupon kept on the cart row (re-checked on every read, so a cart that shrinks loses the discount).

function couponQuery(db: Db) {
  return db
    .selectFrom('coupons as c')
    .leftJoin('brands as b', 'b.id', 'c.brand_id')
    .leftJoin('categories as k', 'k.id', 'c.category_id')
    .selectAll('c')
    .select(['b.name as brand_name', 'k.name as category_name']);
}

type CouponRowWithNames = Awaited<ReturnType<ReturnType<typeof couponQuery>['executeTakeFirstOrThrow']>>;

const toRule = (r: CouponRowWithNames): CouponRule => ({ ...r, kind: r.kind as CouponRule['kind'] });

export async function loadCouponRule(db: Db, code: string): Promise<CouponRule | null> {
  const row = await couponQuery(db).where('c.code', '=', code.trim().toUpperCase()).executeTakeFirst();
  return row ? toRule(row) : null;
}

/** Coupons a shopper can see: active and within their validity window. */
export async function listCouponRules(db: Db, now = new Date()): Promise<CouponRule[]> {
  const rows = await couponQuery(db)
    .where('c.active', '=', true)
    .where('c.starts_at', '<=', now)
    .where('c.ends_at', '>=', now)
    .orderBy('c.min_cart')
    .orderBy('c.code')
    .execute();
  return rows.map(toRule);
}

/** First-order and per-customer-limit facts; null for a guest. */
export async function loadCouponCustomer(db: Db, customerId: number | null, code?: string): Promise<CouponCustomer> {
  if (customerId === null) return null;
  // A first order counts once it is kept: a cancelled or expired first order does not use up a first-order coupon.
  const customer = await db
    .selectFrom('customers as c')
    .select([
      'c.id',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('orders as o')
              .select('o.id')
              .whereRef('o.customer_id', '=', 'c.id')
              .where('o.placed_at', 'is not', null)
              .where('o.status', 'in', ['placed', 'confirmed']),
          )
          .as('has_kept_order'),
    ])
    .where('c.id', '=', customerId)
    .executeTakeFirst();
  if (!customer) return null;
  let redemptions = 0;
  if (code) {
    const row = await db
      .selectFrom('coupon_redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('coupon_code', '=', code)
      .executeTakeFirst();
    redemptions = Number(row?.n ?? 0);
  }
  return { id: customer.id, has_ordered: Boolean(customer.has_kept_order), redemptions };
}

export function toCouponView(c: CouponRule): CouponView {
  return {
    code: c.code,
    details: describeCoupon(c),
    kind: c.kind,
    value: c.value,
    max_discount: c.max_discount,
    min_cart: c.min_cart,
    first_order_only: c.first_order_only,
    valid_till: c.ends_at.toISOString(),
    scope: couponScope(c),
  };
}

/** Applies a coupon to the cart, or refuses with the rule's reason. Returns the discount it gives now. */
export async function applyCoupon(db: Db, cartId: string, customerId: number | null, code: string, now = new Date()): Promise<number> {
  return withLockedCart(db, cartId, async (trx) => {
    const rule = await loadCouponRule(trx, code);
    if (!rule) throw new CouponNotApplicable(`Coupon code ${code} is not valid.`);
    const lines = await readCartLines(trx, cartId);
    const result = evaluateCoupon(rule, lines.map(couponLine), await loadCouponCustomer(trx, customerId, rule.code), now);
    if (!result.ok) throw new CouponNotApplicable(result.reason, { refusal: result.refusal });
    await trx.updateTable('carts').set({ coupon_code: rule.code }).where('id', '=', cartId).execute();
    return result.discount;
  });
}

export async function removeCoupon(db: Db, cartId: string): Promise<void> {
  await withLockedCart(db, cartId, async (trx) => {
    await trx.updateTable('carts').set({ coupon_code: null }).where('id', '=', cartId).execute();
  });
}

/** Every visible coupon checked against the cart: applicable ones first, largest saving first. */
export async function dynamicCoupons(db: Db, cart: CartRow | null, customerId: number | null, now = new Date()): Promise<DynamicCoupon[]> {
  const rules = await listCouponRules(db, now);
  const lines = cart ? (await readCartLines(db, cart.id)).map(couponLine) : [];
  const out: DynamicCoupon[] = [];
  for (const rule of rules) {
    const r = evaluateCoupon(rule, lines, await loadCouponCustomer(db, customerId, rule.code), now);
    out.push({
      ...toCouponView(rule),
      applicable: r.ok,
      discount: r.ok ? r.discount : 0,
      reason: r.ok ? null : r.reason,
      applied: cart?.coupon_code === rule.code && r.ok,
    });
  }
  return out.sort((a, b) => Number(b.applicable) - Number(a.applicable) || b.discount - a.discount);
}

/** For checkout: records that a customer used a coupon on an order (read by the per-customer limit). */
export async function recordCouponRedemption(
  db: Db,
  redemption: { couponCode: string; customerId: number; orderRef: string | null; discount: number },
): Promise<void> {
  await db
    .insertInto('coupon_redemptions')
    .values({
      coupon_code: redemption.couponCode,
      customer_id: redemption.customerId,
      order_ref: redemption.orderRef,
      discount: redemption.discount,
    })
    .execute();
}

/** The cart closed by the order placed from it, as a common table expression for the order's own statement. */
export const closeCartCte = (cartId: string, now: Date) =>
  sql`closed_cart AS (UPDATE carts SET status = 'ordered', updated_at = ${now}::timestamptz WHERE id = ${cartId}::text)`;

/** Guarded coupon count: used < usage_limit (NULL = no global limit). False when the coupon is used up. */
export async function countCouponUse(trx: Db, code: string): Promise<boolean> {
  const row = await trx
    .updateTable('coupons')
    .set({ used: sql`used + 1` })
    .where('code', '=', code)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used', '<', eb.ref('usage_limit'))]))
    .returning('code')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * An order's coupon use given back (its hold released, or the order cancelled before shipping): the global count
 * and the customer's redemption. Only when the order still held a redemption, so nothing is given back twice.
 */
export async function releaseCouponUse(trx: Db, code: string, orderRef: string): Promise<boolean> {
  const gone = await trx
    .deleteFrom('coupon_redemptions')
    .where('order_ref', '=', orderRef)
    .where('coupon_code', '=', code)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) return false;
  await trx.updateTable('coupons').set({ used: sql`greatest(used - 1, 0)` }).where('code', '=', code).execute();
  return true;
}
