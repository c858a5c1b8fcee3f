// Checkout: the address step, order confirmation, order placement and the outcome page (SPEC §2, §3 order,
// §4 funnel, §7 "Checkout and orders", §8 409 → /cart). Shared by the server and the app.
//
// The flow, call by call (every call answers { status, message, data }; amounts are integer paise):
//  1. /cart → address page: POST /api/select-address/deliver-here { address_id }
//       → DeliverHereData: the address, whether it is serviceable / has cash on delivery, and `quote`, the
//         snapshot of the cart the shopper is looking at. Not serviceable → 422 with the reason. Browser: go to
//         /order-confirmation (carry `quote`).
//  2. /order-confirmation: GET /api/order-confirmation/order-details?quote=
//       → OrderDetailsData: the cart re-priced on the server, the address, price_meta and a fresh `quote`.
//         When the re-priced cart differs from `quote` (price, stock, coupon, free gift, lines), 409 with a
//         message naming each change and data.changes (CartChange[]) → SPEC §8: the browser goes to /cart and
//         shows the message. Without `quote` nothing is compared (the answer is the current cart).
//  3. "Place order": GET /api/order-confirmation/place-order?quote=  or  POST /api/payment/place-order
//     { quote } — both with an `Idempotency-Key` header (8–100 chars of [A-Za-z0-9_-]). One order per cart: stock
//     is taken, the coupon use counted and the cart closed in one transaction; the order waits for payment
//     (status payment_pending) until `expires_at`, when its stock is released.
//       → PlaceOrderData { order_id, amount, expires_at, next: '/payment?orderId=…' }. The same key (or the
//         same cart) answers the same order; 409 as in step 2 when the cart changed; 409 OutOfStock naming the
//         product when someone else took the last units.
//  4. /payment: GET /api/payment/active-payment?orderId= (methods by SPEC §9 code, pay-on-delivery eligibility)
//     and GET /api/payment/offer-list?orderId=&instrument=&bank=&card_bin= (bank offers checked for the order).
//     Online: POST /api/payment/initate-transaction { order_id, payment_method, instrument } → TransactionData
//       { redirect: { url, method, fields } }. The browser navigates there (GET) or posts `fields` as a form
//       (POST). Sandbox gateway (default): `url` is /api/payment/sandbox/checkout?ref=…, a page served by the
//       app with Success / Failure / Pending buttons; each button posts a signed form (HMAC-SHA256) to
//       /api/payment/sandbox/callback, which verifies it, finalizes the payment once, and answers 303 to
//       /order-successfull/{orderId}, /order-failed/{orderId} or /pending-payment?orderId=. Paytm posts to
//       /api/payment/paytm-callback-url (same 303s); Juspay returns to the app, which posts the return
//       parameters to /api/payment/verify-juspay-transaction (JSON answer with `next`).
//     Pay on delivery: POST /api/payment/pay-on-delivery { order_id } → PaymentResultData (status placed,
//       next /order-successfull/{orderId}); 422 with the reason when not eligible.
//  5. /pending-payment: POST /api/payment/verify-transaction { order_id } → PaymentResultData (asks the gateway
//     for a pending attempt; poll until status is not 'pending').
//  6. /order-failed/{orderId}: GET /api/payment/payment-failed?orderId= → PaymentFailedData; "Retry" →
//     /retry-payment: POST /api/payment/retry-payment { order_id, payment_method, instrument } → TransactionData
//     (a new attempt on the same order, never a second order).
//  7. /order-successfull/{orderId}: GET /api/order-success/order-success-data?orderId= → OrderSuccessData
//     (SPEC §3 order shape, and the purchase facts for the data layer; event id = order id).
// Every order call answers 404 for an order that is not the signed-in customer's, and 401 when signed out.
import { z } from 'zod';
import { Address } from './account.ts';
import { CartLine, PriceMetaEntry } from './cart.ts';
import { envelope, PaiseSchema } from './common.ts';
import { decodeQuote } from './quote.ts';

// ---------- ids and headers ----------

/** Public order id: the order number (e.g. KS100001). */
export const OrderIdSchema = z
  .string()
  .trim()
  .regex(/^KS\d{6,12}$/, 'Please give a valid order id');
export type OrderId = z.infer<typeof OrderIdSchema>;
export const OrderIdQuery = z.object({ orderId: OrderIdSchema });
export type OrderIdQuery = z.infer<typeof OrderIdQuery>;

export { IDEMPOTENCY_HEADER } from './constants.ts';
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _');

// ---------- the quote: what the shopper saw ----------

// The quote's format and helpers live in schemas/quote.ts, without zod: the cart page builds quotes in the browser.
export { decodeQuote, encodeQuote, type Quote, type QuoteLine, quoteFromCart } from './quote.ts';

export const QuoteSchema = z
  .string()
  .max(4000, 'quote is too long')
  .refine((s) => decodeQuote(s) !== null, 'quote is not valid');

/** One difference between what the shopper saw and the cart now; `message` is shown as it is. */
export const CartChangeKind = z.enum(['price', 'stock', 'coupon', 'freebie', 'lines', 'total']);
export const CartChange = z.object({ kind: CartChangeKind, variant_id: z.number().int().nullable(), message: z.string() });
export type CartChange = z.infer<typeof CartChange>;
/** data of the 409 answer of order-details and place-order. */
export const CartChangedData = z.object({ changes: z.array(CartChange), redirect: z.literal('/cart') });
export type CartChangedData = z.infer<typeof CartChangedData>;

// ---------- 1. address step ----------

export const DeliverHereRequest = z.object({ address_id: z.coerce.number().int().positive('Please choose an address') });
export type DeliverHereRequest = z.infer<typeof DeliverHereRequest>;
export const DeliverHereData = z.object({
  address: Address,
  serviceable: z.literal(true),
  cod_available: z.boolean(),
  quote: z.string(),
  next: z.literal('/order-confirmation'),
});
export type DeliverHereData = z.infer<typeof DeliverHereData>;
export const DeliverHereResponse = envelope(DeliverHereData);

// ---------- 2. order confirmation ----------

export const OrderDetailsQuery = z.object({ quote: QuoteSchema.optional() });
export type OrderDetailsQuery = z.infer<typeof OrderDetailsQuery>;
export const OrderDetailsData = z.object({
  cart_id: z.string(),
  cart_data: z.array(CartLine),
  price_meta: z.array(PriceMetaEntry),
  coupon_code: z.string().nullable(),
  address: Address.nullable(),
  serviceable: z.boolean(),
  cod_available: z.boolean(),
  /** Lines that cannot be ordered now (out of stock, above stock); place-order refuses while any remain. */
  blocking: z.array(z.string()),
  quote: z.string(),
  total: PaiseSchema,
});
export type OrderDetailsData = z.infer<typeof OrderDetailsData>;
export const OrderDetailsResponse = envelope(OrderDetailsData);

// ---------- 3. place order ----------

export const PlaceOrderQuery = z.object({ quote: QuoteSchema.optional() });
export const PlaceOrderRequest = z.object({ quote: QuoteSchema.optional() }).default({});
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequest>;
export const OrderStatus = z.enum(['payment_pending', 'placed', 'confirmed', 'cancelled', 'payment_failed', 'expired']);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const PlaceOrderData = z.object({
  order_id: OrderIdSchema,
  status: OrderStatus,
  amount: PaiseSchema,
  expires_at: z.string().nullable(),
  next: z.string(),
});
export type PlaceOrderData = z.infer<typeof PlaceOrderData>;
export const PlaceOrderResponse = envelope(PlaceOrderData);

// ---------- 7. order success (SPEC §3 order) ----------

export const ShipmentItem = z.object({
  variant_id: z.number().int(),
  variant_sku: z.string(),
  product_id: z.number().int(),
  quantity: z.number().int(),
  mrp: PaiseSchema,
  sale_price: PaiseSchema,
  is_freebie: z.boolean(),
  brand: z.string(),
  name: z.string(),
  swatch: z.string().nullable(),
  category_name: z.string(),
  cat_hierachy: z.array(z.object({ key: z.string(), value: z.string() })),
  parent_id: z.number().int(),
  /** The variant's picture, as on the cart line (optional: older answers did not carry it). */
  thumbnail_image: z.string().optional(),
});
export type ShipmentItem = z.infer<typeof ShipmentItem>;
export const OrderAddress = z.object({
  customer_address_city: z.string(),
  customer_address_state: z.string(),
  customer_address_country: z.string(),
  customer_address_full_name: z.string(),
  customer_address_email: z.string().nullable(),
  customer_address_phone: z.string(),
  customer_address_line: z.string(),
  customer_address_pincode: z.string(),
});
export const OrderShipment = z.object({
  shipment_id: z.string(),
  shipment_items: z.array(ShipmentItem),
  shipping_total: PaiseSchema,
  postcode: z.string(),
  state: z.string(),
  city: z.string(),
  customer_email: z.string().nullable(),
  address: OrderAddress,
});
export const OrderSummary = z.object({
  coupon_code: z.string().nullable(),
  total: PaiseSchema,
  shipping_total: PaiseSchema,
  coupon_discount: PaiseSchema,
  bank_offer_discount: PaiseSchema,
  paid_total: PaiseSchema,
  created_at: z.string(),
  customer_first_name: z.string(),
  customer_last_name: z.string(),
  customer_email: z.string().nullable(),
  customer_mobile: z.string().nullable(),
  /** 'COD' or 'Prepaid' (SPEC §9) with the method name, e.g. "Prepaid (UPI)". */
  display_payment_method: z.string(),
  status: OrderStatus,
});
/** What the purchase / order_placed events report (freebies excluded, SPEC §4); event_id = order id. */
export const PurchaseFacts = z.object({
  event_id: z.string(),
  value: PaiseSchema,
  shipping: PaiseSchema,
  coupon: z.string().nullable(),
  payment_method: z.number().int().nullable(),
  payment_mode: z.enum(['COD', 'Prepaid']),
  is_new_customer: z.boolean(),
  num_items: z.number().int(),
});
export const OrderSuccessData = z.object({
  globalOrderId: OrderIdSchema,
  paymentMethod: z.number().int().nullable(),
  shipments: z.array(OrderShipment),
  order: OrderSummary,
  purchase: PurchaseFacts,
});
export type OrderSuccessData = z.infer<typeof OrderSuccessData>;
export const OrderSuccessResponse = envelope(OrderSuccessData);

/** SPEC §3 affiliate order, built on the server from the stored order and sent with status pending (SPEC §4). */
export const AffiliateOrder = z.object({
  id: z.string(),
  number: z.string(),
  total: z.number(),
  shipping: z.number(),
  currency: z.literal('INR'),
  date: z.string(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string(), is_new_customer: z.boolean() }),
  coupons: z.array(z.string()),
  line_items: z.array(
    z.object({ name: z.string(), quantity: z.number().int(), price: z.number(), sku: z.string(), product_id: z.number().int() }),
  ),
  status: z.literal('pending'),
});
export type AffiliateOrder = z.infer<typeof AffiliateOrder>;
