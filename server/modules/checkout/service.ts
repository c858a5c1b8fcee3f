import type { RawBuilder } from 'kysely';
import type { CartLine, CartListData } from '../../../schemas/cart.ts';
import { priceMetaValue } from '../../../schemas/cart.ts';
import {
  type CartChange,
  type DeliverHereData,
  decodeQuote,
  type OrderDetailsData,
  type PlaceOrderData,
  type Quote,
  quoteFromCart,
} from '../../../schemas/order.ts';
import type { Db } from '../../db/database.ts';
import { Forbidden, NotFound } from '../../http/errors.ts';
import { buildCartView, findCart, recordCouponRedemption } from '../cart/index.ts';
import { allocateDiscount, cartChanges } from './cart-changes.ts';
import { CartChanged, CheckoutRuleError, CouponUsedUp, SoldOut } from './errors.ts';
import {
  claimStatement,
  hashRequest,
  type KeyClaim,
  replayIdempotencyKey,
  storeAnswerStatement,
  storeIdempotentAnswer,
} from './idempotency.ts';
import {
  countCouponUse,
  type DeliveryAddress,
  findDeliveryAddress,
  insertOrder,
  lockCustomer,
  lockCustomerAndCart,
  pendingOrderOf,
  stockTakeStatement,
  takeVariantStock,
} from './queries.ts';

// The checkout service (SPEC §7 "Checkout and orders"): the address step, order confirmation and order
// placement. Prices always come from the server's own re-pricing through the cart module's rules; what the
// browser sends is only compared with it.

export interface CheckoutDeps {
  db: Db;
  /** Seconds a placed order waits for payment before its stock is released. */
  paymentTtlS: number;
}

type CartRow = NonNullable<Awaited<ReturnType<typeof findCart>>>;

export interface PricedCart {
  view: CartListData;
  quote: Quote;
  nameOf: (variantId: number) => string;
}

export interface PlacedOrder {
  id: number;
  order_number: string;
  total: number;
  expires_at: Date;
  customer_id: number;
}

export const paymentPath = (orderId: string) => `/payment?orderId=${orderId}`;

async function customerCart(db: Db, customerId: number, cookieCartId: string | null): Promise<CartRow | null> {
  return findCart(db, { customerId, cookieCartId });
}

/** The cart re-priced now, by the cart module's own rules (free gifts the cart lost are dropped first). */
async function repriceCart(db: Db, cart: CartRow, customerId: number, now: Date, cartLocked = false): Promise<PricedCart> {
  const view = await buildCartView(db, cart, customerId, now, { cartLocked });
  const quote = decodeQuote(quoteFromCart(view)) as Quote;
  const names = new Map(view.cart_data.map((l) => [l.variant_id, l.variant_name]));
  return { view, quote, nameOf: (id) => names.get(id) ?? `Product ${id}` };
}

/** Lines that cannot be ordered as they are (out of stock, above stock). */
function stockProblems(lines: readonly CartLine[]): CartChange[] {
  return lines
    .filter((l) => l.notice)
    .map((l) => ({ kind: 'stock' as const, variant_id: l.variant_id, message: `${l.variant_name}: ${l.notice}` }));
}

/** 409 when the cart differs from the quote the shopper saw; no quote, nothing to compare. */
function checkUnchanged(priced: PricedCart, seenQuote: string | undefined): void {
  if (!seenQuote) return;
  const seen = decodeQuote(seenQuote);
  if (!seen) return;
  const changes = cartChanges(seen, priced.quote, priced.nameOf, priced.view.cart_meta.coupon_message);
  if (changes.length) throw new CartChanged(changes);
}

function checkDelivery(chosen: DeliveryAddress | null): DeliveryAddress {
  if (!chosen) throw new CheckoutRuleError('Please choose a delivery address.', { redirect: '/cart' });
  if (!chosen.serviceable) throw new CheckoutRuleError(`We do not deliver to pincode ${chosen.address.pincode} yet.`);
  return chosen;
}

// ---------- 1. deliver here ----------

export async function deliverHere(
  db: Db,
  customerId: number,
  cookieCartId: string | null,
  addressId: number,
  now = new Date(),
): Promise<DeliverHereData> {
  const chosen = await findDeliveryAddress(db, customerId, addressId);
  if (!chosen) throw new NotFound('Address not found');
  if (!chosen.serviceable)
    throw new CheckoutRuleError(`We do not deliver to pincode ${chosen.address.pincode} yet. Please choose another address.`);
  const cart = await customerCart(db, customerId, cookieCartId);
  if (!cart) throw new CheckoutRuleError('Your cart is empty.', { redirect: '/cart' });
  await db.updateTable('carts').set({ address_id: addressId }).where('id', '=', cart.id).where('status', '=', 'active').execute();
  const priced = await repriceCart(db, cart, customerId, now);
  if (priced.view.cart_meta.item_count === 0) throw new CheckoutRuleError('Your cart is empty.', { redirect: '/cart' });
  return {
    address: chosen.address,
    serviceable: true,
    cod_available: chosen.cod_available,
    quote: quoteFromCart(priced.view),
    next: '/order-confirmation',
  };
}

// ---------- 2. order details ----------

export async function orderDetails(
  db: Db,
  customerId: number,
  cookieCartId: string | null,
  seenQuote: string | undefined,
  now = new Date(),
): Promise<OrderDetailsData> {
  const cart = await customerCart(db, customerId, cookieCartId);
  if (!cart) throw new CheckoutRuleError('Your cart is empty.', { redirect: '/cart' });
  const priced = await repriceCart(db, cart, customerId, now);
  if (priced.view.cart_meta.item_count === 0) throw new CheckoutRuleError('Your cart is empty.', { redirect: '/cart' });
  checkUnchanged(priced, seenQuote);
  const chosen = cart.address_id ? await findDeliveryAddress(db, customerId, cart.address_id) : null;
  return {
    cart_id: cart.id,
    cart_data: priced.view.cart_data,
    price_meta: priced.view.price_meta,
    coupon_code: priced.view.cart_meta.coupon_applied ? priced.view.cart_meta.coupon_code : null,
    address: chosen?.address ?? null,
    serviceable: chosen?.serviceable ?? false,
    cod_available: chosen?.cod_available ?? false,
    blocking: stockProblems(priced.view.cart_data).map((c) => c.message),
    quote: quoteFromCart(priced.view),
    total: priceMetaValue(priced.view.price_meta, 'total_payable'),
  };
}

// ---------- 3. place order ----------

export interface PlaceOrderInput {
  customerId: number;
  cookieCartId: string | null;
  quote?: string;
  idempotencyKey?: string;
  /** Runs inside the order's transaction after the order is written (the payment module adds the first attempt). */
  afterOrder?: (trx: Db, order: PlacedOrder) => Promise<void>;
}

const toAnswer = (o: { order_number: string; total: number; expires_at: Date | string | null }): PlaceOrderData => ({
  order_id: o.order_number,
  status: 'payment_pending',
  amount: o.total,
  expires_at: o.expires_at ? new Date(o.expires_at).toISOString() : null,
  next: paymentPath(o.order_number),
});

/**
 * Places the customer's order, all in one transaction: re-price the cart → check it is what the shopper saw →
 * write order, shipment, items and (optionally) the first payment attempt → close the cart → take stock (guarded)
 * → count the coupon use (guarded). One order per cart; the same Idempotency-Key answers the same order.
 */
export async function placeOrder(deps: CheckoutDeps, input: PlaceOrderInput, now = new Date()): Promise<PlaceOrderData> {
  const { db } = deps;
  // A guest cart brought by the cookie joins the customer's cart first (its own short transaction).
  if (input.cookieCartId) await customerCart(db, input.customerId, input.cookieCartId);
  const claim: KeyClaim | null = input.idempotencyKey
    ? {
        customerId: input.customerId,
        scope: 'place-order',
        key: input.idempotencyKey,
        requestHash: hashRequest({ quote: input.quote ?? null }),
      }
    : null;
  return db.transaction().execute(async (trx) => {
    // The key is claimed in the same round trip as the customer and cart locks.
    const {
      claimed,
      orderNumber,
      parties: locked,
    } = await lockCustomerAndCart(trx, input.customerId, claim ? claimStatement(claim, now) : undefined);
    if (claim && !claimed) {
      // Already used: the same request's answer, or (an expired key taken over) on with the locks already held.
      const replay = await replayIdempotencyKey<PlaceOrderData>(trx, claim, now);
      if (replay) return replay;
    }
    if (!locked) {
      const customer = await lockCustomer(trx, input.customerId);
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

    const priced = await repriceCart(trx, cart, input.customerId, now, true);
    if (priced.view.cart_meta.item_count === 0) throw new CheckoutRuleError('Your cart is empty.', { redirect: '/cart' });
    checkUnchanged(priced, input.quote);
    const problems = stockProblems(priced.view.cart_data);
    if (problems.length) throw new CartChanged(problems);
    const delivery = checkDelivery(locked.delivery);

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
    const order = await writeOrder(trx, {
      customerId: input.customerId,
      cartId: cart.id,
      priced,
      delivery,
      now,
      orderNumber,
      expiresAt,
      ...(merged ? { take: stockTakeStatement(...takes[0]), alongside: stored } : {}),
    });
    if (merged && !order.took) throw new SoldOut(priced.nameOf(takes[0][0]), takes[0][0]);
    if (input.afterOrder) await input.afterOrder(trx, order);
    await takeStock(trx, priced, merged ? takes.slice(1) : takes, merged ? undefined : stored);
    await countCoupon(trx, priced, input.customerId, order.order_number);
    return answer;
  });
}

const BLOCKED = 'Your account cannot place orders. Please contact support.';

/** Units per variant, in variant id order (one lock order for all buyers); never empty for a cart with items. */
function unitsByVariant(priced: PricedCart): [[number, number], ...Array<[number, number]>] {
  const units = new Map<number, number>();
  for (const l of priced.view.cart_data) units.set(l.variant_id, (units.get(l.variant_id) ?? 0) + l.quantity);
  return [...units].sort((a, b) => a[0] - b[0]) as [[number, number], ...Array<[number, number]>];
}

/** Takes the units with guarded UPDATEs in order; `alongside` rides on the first one's round trip. */
async function takeStock(trx: Db, priced: PricedCart, takes: Array<[number, number]>, alongside?: RawBuilder<unknown>): Promise<void> {
  for (const [i, [variantId, quantity]] of takes.entries())
    if (!(await takeVariantStock(trx, variantId, quantity, i === 0 ? alongside : undefined)))
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
    take?: RawBuilder<unknown>;
    alongside?: RawBuilder<unknown>;
  },
): Promise<PlacedOrder & { took: boolean }> {
  const { view } = o.priced;
  const meta = (k: Parameters<typeof priceMetaValue>[1]) => priceMetaValue(view.price_meta, k);
  const { expiresAt } = o;
  const lines = view.cart_data;
  const shares = allocateDiscount(
    lines.map((l) => (l.is_freebie ? 0 : l.sale_price * l.quantity)),
    meta('coupon_discount'),
  );
  const order = await insertOrder(trx, {
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
    take: o.take,
    alongside: o.alongside,
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
  return { ...order, expires_at: expiresAt };
}
