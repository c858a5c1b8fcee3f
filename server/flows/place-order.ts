import { type RawBuilder, sql } from 'kysely';
import type { CartLine } from '../../schemas/cart.ts';
import { MAX_QUANTITY_PER_LINE, MAX_UNITS_PER_ORDER, priceMetaValue } from '../../schemas/cart.ts';
import type { PlaceOrderData } from '../../schemas/order.ts';
import type { Db } from '../db/database.ts';
import type { DeferredSession } from '../modules/session/index.ts';
import { Forbidden } from '../http/errors.ts';
import {
  type CartKey,
  closeCartCte,
  compiledCartSnapshot,
  countCouponUse,
  recordCouponRedemption,
  toCartSnapshot,
} from '../modules/cart/index.ts';
import { allocateDiscount } from '../modules/checkout/cart-changes.ts';
import { CartChanged, CheckoutRuleError, CouponUsedUp, SoldOut } from '../modules/checkout/errors.ts';
import { type ClaimParts, type KeyClaim, replayIdempotencyKey, storeAnswerStatement, storeIdempotentAnswer } from '../http/idempotency.ts';
import { type DeliveryAddress, lockCustomer, lockCustomerAndCart, type Placer, pendingOrderOf } from '../modules/checkout/queries.ts';
import {
  type CheckoutDeps,
  checkDelivery,
  checkUnchanged,
  customerCart,
  type PlacedOrder,
  type PricedCart,
  paymentPath,
  repriceCart,
  stockProblems,
} from '../modules/checkout/service.ts';
import { takeCtes, takeStock } from '../modules/inventory/index.ts';
import { insertPendingOrder } from '../modules/orders/placement.ts';
import { REPLACED, releaseUnpaidOrder } from './expire-order.ts';
import { couponUses, ordersPlaced } from '../observability/registry.ts';

// Place an order (SPEC §7 "Checkout and orders"; docs/decisions/011-order-flows.md): re-price the cart, check it is
// what the shopper saw, release the customer's earlier unpaid order, write the order, take stock, count the coupon.
// One transaction; every write through the module that owns the table, several riding on one round trip.

/** The customer placing the order, or the session of a route that lets the order's first statement check it. */
type Placing = { customerId: number } | { session: DeferredSession };

export type PlaceOrderInput = Placing & {
  cookieCartId: string | null;
  quote?: string;
  /** The request's Idempotency-Key (`idempotencyOf` of server/http/idempotency.ts); null or absent without one. */
  idempotency?: ClaimParts | null;
  /** Runs inside the order's transaction after the order is written (the payment module adds the first attempt). */
  afterOrder?: (trx: Db, order: PlacedOrder) => Promise<void>;
};

/** The order's first statement's view of who places it (lockCustomerAndCart). */
function placing(input: Placing): { known: number | null; placer: Placer; cart: CartKey; settle: DeferredSession['settle'] } {
  if ('session' in input) {
    const { check, settle } = input.session;
    return { known: null, placer: check, cart: { sessionId: check.id }, settle };
  }
  const { customerId } = input;
  return { known: customerId, placer: customerId, cart: { customerId }, settle: () => customerId };
}

const BLOCKED = 'Your account cannot place orders. Please contact support.';

const toAnswer = (o: { order_number: string; total: number; expires_at: Date | string | null }): PlaceOrderData => ({
  order_id: o.order_number,
  status: 'payment_pending',
  amount: o.total,
  expires_at: o.expires_at ? new Date(o.expires_at).toISOString() : null,
  next: paymentPath(o.order_number),
});

/** Quantities an order may hold: a line at most MAX_QUANTITY_PER_LINE, the order at most MAX_UNITS_PER_ORDER. */
function checkQuantities(lines: readonly CartLine[]): void {
  const paid = lines.filter((l) => !l.is_freebie);
  const over = paid.find((l) => l.quantity > MAX_QUANTITY_PER_LINE);
  if (over)
    throw new CheckoutRuleError(`You can buy at most ${MAX_QUANTITY_PER_LINE} units of ${over.variant_name} in one order.`, {
      redirect: '/cart',
    });
  const units = paid.reduce((n, l) => n + l.quantity, 0);
  if (units > MAX_UNITS_PER_ORDER)
    throw new CheckoutRuleError(`You can buy at most ${MAX_UNITS_PER_ORDER} units in one order. Your cart has ${units}.`, {
      redirect: '/cart',
    });
}

/**
 * Places the customer's order, all in one transaction. One order per cart, and one unpaid order per customer: a
 * new placement releases the hold of the customer's earlier unpaid order. The same Idempotency-Key answers the
 * same order.
 */
export async function placeOrder(deps: CheckoutDeps, input: PlaceOrderInput, now = new Date()): Promise<PlaceOrderData> {
  const { db } = deps;
  const who = placing(input);
  // A guest cart brought by the cookie joins the customer's cart first (its own short transaction).
  if (input.cookieCartId) {
    if (who.known === null) throw new Error('placeOrder: a guest cart joins a known customer; read the session first');
    await customerCart(db, who.known, input.cookieCartId);
  }
  const claimParts = input.idempotency ?? null;
  // Set when this call wrote the order (not a replay, not a double click's answer): counted after commit.
  let wrote: { coupon: boolean } | null = null;
  const placed = await db.transaction().execute(async (trx) => {
    // The key is claimed in the same round trip as the customer and cart locks, and a deferred session is checked
    // in it. The cart's lines are read in that round trip too, pipelined right behind the locks, so after them
    // (docs/decisions/023-fewer-round-trips.md).
    const found = await lockCustomerAndCart(trx, who.placer, claimParts ?? undefined, compiledCartSnapshot(trx, who.cart), now);
    // A session that is not live is the route's 401, and rolls back the order number taken.
    const customerId = who.settle(found.customerId);
    const { claimed, orderNumber, parties: locked, alongside: lines } = found;
    const claim: KeyClaim | null = claimParts && { ...claimParts, customerId };
    if (claim && !claimed) {
      // Already used: the same request's answer, or (an expired key taken over) on with the locks already held.
      const replay = await replayIdempotencyKey<PlaceOrderData>(trx, claim, now);
      if (replay) return replay;
    }
    if (!locked) {
      const customer = await lockCustomer(trx, customerId);
      if (!customer || customer.is_blocked) throw new Forbidden(BLOCKED);
      // The cart was closed by an order a moment ago (a double click): answer that order.
      const pending = await pendingOrderOf(trx, customer.id, now);
      if (!pending) throw new CheckoutRuleError('Your cart is empty.', { redirect: '/cart' });
      const answer = toAnswer(pending);
      if (claim) await storeIdempotentAnswer(trx, claim, answer);
      return answer;
    }
    if (locked.isBlocked) throw new Forbidden(BLOCKED);
    const { cart } = locked;

    // Lines of another cart cannot come back (one active cart per customer, locked first); if ever, read again.
    const snapshot = lines.every((l) => l.cart_id === cart.id) ? toCartSnapshot(lines) : undefined;
    const priced = await repriceCart(trx, cart, customerId, now, true, snapshot);
    if (priced.view.cart_meta.item_count === 0) throw new CheckoutRuleError('Your cart is empty.', { redirect: '/cart' });
    checkUnchanged(priced, input.quote);
    const problems = stockProblems(priced.view.cart_data);
    if (problems.length) throw new CartChanged(problems);
    checkQuantities(priced.view.cart_data);
    const delivery = checkDelivery(locked.delivery);

    // One unpaid order per customer: an earlier one (another cart) gives its stock and coupon back first, so a
    // shopper cannot keep best-sellers held by placing order after order. Found in the lock round trip above.
    for (const unpaid of await lockUnpaidOrders(trx, locked.unpaidOrderIds)) await releaseUnpaidOrder(trx, unpaid, now, REPLACED);

    const expiresAt = new Date(now.getTime() + deps.paymentTtlS * 1000);
    const answer = toAnswer({
      order_number: orderNumber,
      total: priceMetaValue(priced.view.price_meta, 'total_payable'),
      expires_at: expiresAt,
    });
    const stored = claim ? storeAnswerStatement(claim, answer) : undefined;
    // The shared rows last: every buyer of a product queues on its variant row (and a coupon's row) from the
    // guarded UPDATE to COMMIT. Without a hook, the first stock take and the stored answer ride on the order's own
    // statement; with one (the payment module's first attempt) they wait until it has run, so no variant row is
    // held longer. A refusal rolls back everything written.
    const takes = unitsByVariant(priced);
    const merged = !input.afterOrder;
    // Nothing after the order's statement (one variant, no coupon to count, no hook): its COMMIT goes with it, and
    // the transaction is two waits (docs/decisions/023-fewer-round-trips.md).
    const last = merged && takes.length === 1 && !priced.quote.coupon_code;
    const ref = { order: orderNumber };
    const order = await writeOrder(trx, {
      customerId,
      cartId: cart.id,
      priced,
      delivery,
      now,
      orderNumber,
      expiresAt,
      took: merged ? 't' : undefined,
      commit: last,
      with: [
        closeCartCte(cart.id, now),
        ...(merged ? [takeCtes('t', takes[0][0], takes[0][1], ref), ...(stored ? [aside(stored)] : [])] : []),
      ],
    });
    if (!order) throw new SoldOut(priced.nameOf(takes[0][0]), takes[0][0]);
    wrote = { coupon: Boolean(priced.quote.coupon_code) };
    if (last) return answer;
    if (input.afterOrder) await input.afterOrder(trx, order);
    await takeAll(trx, priced, merged ? takes.slice(1) : takes, ref, merged ? undefined : stored);
    await countCoupon(trx, priced, customerId, order.order_number);
    return answer;
  });
  // docs/operations.md "Metrics".
  if (wrote) {
    ordersPlaced.inc();
    if ((wrote as { coupon: boolean }).coupon) couponUses.inc();
  }
  return placed;
}

/** Another statement of this transaction (the stored answer) as a common table expression of the order's statement. */
const aside = (statement: RawBuilder<unknown>) => sql`stored_answer AS (${statement})`;

/** The customer's unpaid orders found at the lock, locked now and still unpaid (the expiry sweep may have won). */
async function lockUnpaidOrders(trx: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('orders')
    .select(['id', 'order_number', 'coupon_code'])
    .where('id', 'in', [...ids])
    .where('status', '=', 'payment_pending')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Units per variant, in variant id order (one lock order for all buyers); never empty for a cart with items. */
function unitsByVariant(priced: PricedCart): [[number, number], ...Array<[number, number]>] {
  const units = new Map<number, number>();
  for (const l of priced.view.cart_data) units.set(l.variant_id, (units.get(l.variant_id) ?? 0) + l.quantity);
  return [...units].sort((a, b) => a[0] - b[0]) as [[number, number], ...Array<[number, number]>];
}

/** Takes the units with guarded UPDATEs in order; `alongside` rides on the first one's round trip. */
async function takeAll(
  trx: Db,
  priced: PricedCart,
  takes: Array<[number, number]>,
  ref: { order: string },
  alongside?: RawBuilder<unknown>,
): Promise<void> {
  for (const [i, [variantId, quantity]] of takes.entries())
    if (!(await takeStock(trx, { variant_id: variantId, quantity }, ref, i === 0 ? alongside : undefined)))
      throw new SoldOut(priced.nameOf(variantId), variantId);
  if (takes.length === 0 && alongside) await alongside.execute(trx);
}

async function countCoupon(trx: Db, priced: PricedCart, customerId: number, orderNumber: string): Promise<void> {
  const code = priced.quote.coupon_code;
  if (!code) return;
  if (!(await countCouponUse(trx, code))) throw new CouponUsedUp(code);
  await recordCouponRedemption(trx, { couponCode: code, customerId, orderRef: orderNumber, discount: priced.quote.coupon_discount });
}

const swatchText = (l: CartLine) => (l.variant_meta.swatch.length ? l.variant_meta.swatch.map((s) => s.value).join(' / ') : null);

async function writeOrder(
  trx: Db,
  o: {
    customerId: number;
    cartId: string;
    priced: PricedCart;
    delivery: DeliveryAddress;
    now: Date;
    orderNumber: string;
    expiresAt: Date;
    with: RawBuilder<unknown>[];
    took?: string;
    commit?: boolean;
  },
): Promise<PlacedOrder | null> {
  const { view } = o.priced;
  const meta = (k: Parameters<typeof priceMetaValue>[1]) => priceMetaValue(view.price_meta, k);
  const { expiresAt } = o;
  const lines = view.cart_data;
  const shares = allocateDiscount(
    lines.map((l) => (l.is_freebie ? 0 : l.sale_price * l.quantity)),
    meta('coupon_discount'),
  );
  const order = await insertPendingOrder(trx, {
    customerId: o.customerId,
    cartId: o.cartId,
    address: o.delivery.address,
    couponCode: o.priced.quote.coupon_code,
    mrpTotal: meta('total_mrp'),
    itemTotal: meta('subtotal'),
    couponDiscount: meta('coupon_discount'),
    shippingTotal: meta('delivery_charges'),
    total: meta('total_payable'),
    expiresAt,
    now: o.now,
    orderNumber: o.orderNumber,
    with: o.with,
    took: o.took,
    commit: o.commit,
    giftRules: lines.flatMap((l) => (l.is_freebie && l.freebie_id !== null ? [l.freebie_id] : [])),
    items: lines.map((l, i) => ({
      variant_id: l.variant_id,
      product_id: l.product_id,
      sku: l.variant_sku,
      name: l.variant_name,
      brand_name: l.brand,
      category_name: l.catgeory,
      swatch: swatchText(l),
      quantity: l.quantity,
      mrp: l.mrp,
      sale_price: l.is_freebie ? 0 : l.sale_price,
      discount_share: shares[i],
      is_freebie: l.is_freebie,
    })),
  });
  return order && { ...order, expires_at: expiresAt };
}
