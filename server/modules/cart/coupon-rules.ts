import type { Selectable } from 'kysely';
import { IST_TIME_ZONE } from '../../../schemas/dates.ts';
import type { Database } from '../../db/types.ts';
import { formatPaise } from '../../../schemas/money.ts';

// The coupon rule engine: pure functions over a coupon, the cart lines and the customer. Each refusal carries
// a reason a shopper can act on.

/**
 * A coupon as read from its table: the one declaration of a coupon's columns is the `coupons` table type
 * (server/db/types.ts); the console, the content cache and the rules derive theirs from it. `value` is a percent
 * (10 = 10 %) or paise for a flat coupon.
 */
export type CouponRow = Selectable<Database['coupons']>;

/** What the rules read: the row without its usage counters and edit version, with the names of the brand and category it is for. */
export type CouponRule = Omit<CouponRow, 'usage_limit' | 'used' | 'version'> & { brand_name: string | null; category_name: string | null };

export interface CouponLine {
  brand_id: number;
  /** The line's category and all its ancestors, so a coupon on a parent category covers its children. */
  category_ids: readonly number[];
  sale_price: number;
  quantity: number;
  is_freebie: boolean;
}

/** null for a guest. */
export type CouponCustomer = { id: number; has_ordered: boolean; redemptions: number } | null;

export type CouponRefusal =
  | 'inactive'
  | 'not_started'
  | 'expired'
  | 'empty_cart'
  | 'sign_in'
  | 'first_order'
  | 'limit_reached'
  | 'out_of_scope'
  | 'min_cart'
  | 'no_discount';

export type CouponResult =
  | { ok: true; discount: number; eligible_subtotal: number }
  | { ok: false; refusal: CouponRefusal; reason: string };

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: IST_TIME_ZONE });
export const formatDate = (d: Date) => dateFormat.format(d);

const refuse = (refusal: CouponRefusal, reason: string): CouponResult => ({ ok: false, refusal, reason });

/** Amounts shown to shoppers are whole rupees, so discounts are rounded down to a rupee. */
const wholeRupees = (paise: number) => Math.floor(paise / 100) * 100;

/** Who the coupon is limited to, in words ("Titan Forge products"), or null for the whole cart. */
export function couponScope(c: Pick<CouponRule, 'brand_name' | 'category_name'>): string | null {
  if (c.brand_name && c.category_name) return `${c.brand_name} ${c.category_name} products`;
  if (c.brand_name) return `${c.brand_name} products`;
  if (c.category_name) return `${c.category_name} products`;
  return null;
}

function inScope(c: CouponRule, line: CouponLine): boolean {
  if (c.brand_id !== null && line.brand_id !== c.brand_id) return false;
  if (c.category_id !== null && !line.category_ids.includes(c.category_id)) return false;
  return true;
}

/** The discount a coupon gives on an amount: percent or flat, capped by max_discount and by the amount. */
export function couponDiscount(c: Pick<CouponRule, 'kind' | 'value' | 'max_discount'>, amount: number): number {
  const raw = c.kind === 'percent' ? wholeRupees((amount * c.value) / 100) : c.value;
  const capped = c.max_discount !== null ? Math.min(raw, c.max_discount) : raw;
  return Math.max(0, Math.min(capped, amount));
}

/**
 * Checks a coupon against a cart, in this order: active, validity window, a non-empty cart, sign-in where the
 * coupon needs one, first order only, per-customer limit, brand / category scope, minimum cart value.
 */
export function evaluateCoupon(c: CouponRule, lines: readonly CouponLine[], customer: CouponCustomer, now: Date): CouponResult {
  if (!c.active) return refuse('inactive', `Coupon ${c.code} is no longer available.`);
  if (now < c.starts_at) return refuse('not_started', `Coupon ${c.code} is valid from ${formatDate(c.starts_at)}.`);
  if (now > c.ends_at) return refuse('expired', `Coupon ${c.code} expired on ${formatDate(c.ends_at)}.`);

  const paid = lines.filter((l) => !l.is_freebie);
  if (paid.length === 0) return refuse('empty_cart', 'Your cart is empty. Add products to apply a coupon.');

  if ((c.first_order_only || c.per_customer_limit !== null) && !customer)
    return refuse('sign_in', `Please sign in to use coupon ${c.code}.`);
  if (c.first_order_only && customer?.has_ordered) return refuse('first_order', `Coupon ${c.code} is valid on your first order only.`);
  if (c.per_customer_limit !== null && customer && customer.redemptions >= c.per_customer_limit) {
    const times = c.per_customer_limit === 1 ? 'once' : `${c.per_customer_limit} times`;
    return refuse('limit_reached', `You have already used coupon ${c.code} ${times}, the most allowed.`);
  }

  const eligible = paid.filter((l) => inScope(c, l)).reduce((s, l) => s + l.sale_price * l.quantity, 0);
  if (eligible === 0) return refuse('out_of_scope', `Coupon ${c.code} applies to ${couponScope(c)} only. Add one to use it.`);

  const cartValue = paid.reduce((s, l) => s + l.sale_price * l.quantity, 0);
  if (cartValue < c.min_cart)
    return refuse(
      'min_cart',
      `Add items worth ${formatPaise(c.min_cart - cartValue)} more to use coupon ${c.code} (minimum cart value ${formatPaise(c.min_cart)}).`,
    );

  const discount = couponDiscount(c, eligible);
  if (discount <= 0) return refuse('no_discount', `Coupon ${c.code} gives no discount on this cart.`);
  return { ok: true, discount, eligible_subtotal: eligible };
}

/** The coupon in one line for lists: "10% off, up to ₹750, on orders of ₹999 or more". */
export function describeCoupon(c: CouponRule): string {
  const parts = [c.kind === 'percent' ? `${c.value}% off` : `Flat ${formatPaise(c.value)} off`];
  const scope = couponScope(c);
  if (scope) parts[0] += ` on ${scope}`;
  if (c.max_discount !== null && c.kind === 'percent') parts.push(`up to ${formatPaise(c.max_discount)}`);
  if (c.min_cart > 0) parts.push(`on orders of ${formatPaise(c.min_cart)} or more`);
  if (c.first_order_only) parts.push('first order only');
  if (c.per_customer_limit !== null)
    parts.push(c.per_customer_limit === 1 ? 'once per customer' : `${c.per_customer_limit} times per customer`);
  return parts.join(', ');
}
