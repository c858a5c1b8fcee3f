import type { CartLine, CartListData } from '../../../schemas/cart.ts';
import { priceMetaValue } from '../../../schemas/cart.ts';
import {
  type CartChange,
  type DeliverHereData,
  decodeQuote,
  type OrderDetailsData,
  type Quote,
  quoteFromCart,
} from '../../../schemas/order.ts';
import type { Db } from '../../db/database.ts';
import { NotFound } from '../../http/errors.ts';
import { buildCartView, type CartSnapshot, findCart, setCartAddress } from '../cart/index.ts';
import { cartChanges } from './cart-changes.ts';
import { CartChanged, CheckoutRuleError } from './errors.ts';
import { type DeliveryAddress, findDeliveryAddress } from './queries.ts';

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

export async function customerCart(db: Db, customerId: number, cookieCartId: string | null): Promise<CartRow | null> {
  return findCart(db, { customerId, cookieCartId });
}

/** The cart re-priced now, by the cart module's own rules (free gifts the cart lost are dropped first). */
export async function repriceCart(
  db: Db,
  cart: CartRow,
  customerId: number,
  now: Date,
  cartLocked = false,
  snapshot?: CartSnapshot,
): Promise<PricedCart> {
  const view = await buildCartView(db, cart, customerId, now, { cartLocked, ...(snapshot ? { snapshot } : {}) });
  const quote = decodeQuote(quoteFromCart(view)) as Quote;
  const names = new Map(view.cart_data.map((l) => [l.variant_id, l.variant_name]));
  return { view, quote, nameOf: (id) => names.get(id) ?? `Product ${id}` };
}

/** Lines that cannot be ordered as they are (out of stock, above stock). */
export function stockProblems(lines: readonly CartLine[]): CartChange[] {
  return lines
    .filter((l) => l.notice)
    .map((l) => ({ kind: 'stock' as const, variant_id: l.variant_id, message: `${l.variant_name}: ${l.notice}` }));
}

/** 409 when the cart differs from the quote the shopper saw; no quote, nothing to compare. */
export function checkUnchanged(priced: PricedCart, seenQuote: string | undefined): void {
  if (!seenQuote) return;
  const seen = decodeQuote(seenQuote);
  if (!seen) return;
  const changes = cartChanges(seen, priced.quote, priced.nameOf, priced.view.cart_meta.coupon_message);
  if (changes.length) throw new CartChanged(changes);
}

export function checkDelivery(chosen: DeliveryAddress | null): DeliveryAddress {
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
  await setCartAddress(db, cart.id, addressId);
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
