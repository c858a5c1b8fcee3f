// Payment calls (SPEC §7 /api/payment, §9 method codes). The flow is described at the top of schemas/order.ts.
import { z } from 'zod';
import { BankOfferView, PaymentInstrumentType } from './cart.ts';
import { envelope, PaiseSchema } from './common.ts';
import { OrderIdQuery, OrderIdSchema, OrderStatus, PlaceOrderData, QuoteSchema } from './order.ts';

import { CARD_NETWORKS } from './payment-rules.ts';

export { CARD_NETWORKS, cardExpired, PAYMENT_METHODS, paymentMethodName, paymentMode } from './payment-rules.ts';

export const PaymentMethodCode = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(6)], {
  error: 'Please choose a valid payment method',
});
export type PaymentMethodCode = z.infer<typeof PaymentMethodCode>;
/** Methods paid through a gateway (pay on delivery has its own call). */
export const OnlineMethodCode = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(6)], {
  error: 'Please choose a valid online payment method',
});
export type OnlineMethodCode = z.infer<typeof OnlineMethodCode>;

/** What the shopper picked inside a method (the bank for net banking, the card's first 6 to 8 digits, the UPI app). */
export const InstrumentDetails = z
  .object({
    bank: z.string().trim().max(60).optional(),
    card_bin: z
      .string()
      .regex(/^\d{6,8}$/, 'card_bin must be the first 6 to 8 digits of the card')
      .optional(),
    upi_app: z.string().trim().max(40).optional(),
    wallet: z.string().trim().max(40).optional(),
  })
  .default({});
export type InstrumentDetails = z.infer<typeof InstrumentDetails>;

// ---------- active-payment, offer-list ----------

/** The payment gateways the store can be configured with (docs/decisions/006-gateway-adapters.md). */
export const GATEWAY_NAMES = ['sandbox', 'paytm', 'juspay'] as const;
export const GatewayName = z.enum(GATEWAY_NAMES);
export type GatewayName = z.infer<typeof GatewayName>;

export const PaymentMethodView = z.object({
  code: PaymentMethodCode,
  name: z.string(),
  instrument: PaymentInstrumentType.nullable(),
  available: z.boolean(),
  /** Why a method is unavailable (pay on delivery eligibility), else null. */
  reason: z.string().nullable(),
  options: z.array(z.string()),
});
export type PaymentMethodView = z.infer<typeof PaymentMethodView>;
export const ActivePaymentQuery = OrderIdQuery;
export const ActivePaymentData = z.object({
  order_id: OrderIdSchema,
  amount: PaiseSchema,
  status: OrderStatus,
  expires_at: z.string().nullable(),
  gateway: GatewayName,
  methods: z.array(PaymentMethodView),
});
export type ActivePaymentData = z.infer<typeof ActivePaymentData>;
export const ActivePaymentResponse = envelope(ActivePaymentData);

export const OfferListQuery = z.object({
  orderId: OrderIdSchema,
  instrument: PaymentInstrumentType.optional(),
  bank: z.string().trim().max(60).optional(),
  wallet: z.string().trim().max(40).optional(),
  card_bin: z
    .string()
    .regex(/^\d{6,8}$/, 'card_bin must be the first 6 to 8 digits of the card')
    .optional(),
});
/** The bank offers of one online method (SPEC §6 bank offers): listed under the method they apply to. */
export const PaymentOfferGroup = z.object({
  code: OnlineMethodCode,
  instrument: PaymentInstrumentType,
  offers: z.array(BankOfferView),
});
export type PaymentOfferGroup = z.infer<typeof PaymentOfferGroup>;
export const OfferListData = z.object({
  /** The value bank offers are checked on (after coupon), paise. */
  amount: PaiseSchema,
  offers: z.array(BankOfferView),
  /** The offer applied with the instrument given (the largest saving), or null. */
  best: BankOfferView.nullable(),
  /** The order's total before a bank offer, paise. */
  total: PaiseSchema,
  /** What a payment with the instrument given charges: total less the applied offer (the attempt's amount). */
  payable: PaiseSchema,
  /** The offers grouped under the online methods they apply to. */
  methods: z.array(PaymentOfferGroup),
});
export type OfferListData = z.infer<typeof OfferListData>;
export const OfferListResponse = envelope(OfferListData);

// ---------- initate-transaction, retry-payment ----------

/** A saved card's id (saved-cards); a saved card pays by card (method 2) only. */
const SavedCardId = z.number({ error: 'saved_card_id must be a saved card id' }).int().positive().max(2_147_483_647);
const savedCardByCard = (r: { payment_method?: number; saved_card_id?: number }) => r.saved_card_id === undefined || r.payment_method === 2;
const SAVED_CARD_BY_CARD = { message: 'A saved card pays by card: choose Debit & Credit Cards', path: ['saved_card_id'] };

export const InitiateTransactionRequest = z
  .object({
    order_id: OrderIdSchema,
    payment_method: OnlineMethodCode,
    instrument: InstrumentDetails,
    /** When given, must equal the amount the server computes (order total less the bank offer): 422 otherwise. */
    amount: PaiseSchema.optional(),
    /** Pay with this saved card (the gateway then asks only for its CVV). */
    saved_card_id: SavedCardId.optional(),
  })
  .refine(savedCardByCard, SAVED_CARD_BY_CARD);
export type InitiateTransactionRequest = z.input<typeof InitiateTransactionRequest>;
export const RetryPaymentRequest = InitiateTransactionRequest;
export type RetryPaymentRequest = z.input<typeof RetryPaymentRequest>;

export const GatewayRedirect = z.object({
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  /** Form fields to post when method is POST. */
  fields: z.record(z.string(), z.string()),
});
export type GatewayRedirect = z.infer<typeof GatewayRedirect>;
export const TransactionData = z.object({
  order_id: OrderIdSchema,
  /** The attempt's reference with the gateway. */
  payment_ref: z.string(),
  attempt: z.number().int(),
  amount: PaiseSchema,
  bank_offer_discount: PaiseSchema,
  gateway: GatewayName,
  redirect: GatewayRedirect,
});
export type TransactionData = z.infer<typeof TransactionData>;
export const TransactionResponse = envelope(TransactionData);

// ---------- verify-transaction, pay-on-delivery, juspay return ----------

export const OrderRefRequest = z.object({ order_id: OrderIdSchema });
export type OrderRefRequest = z.infer<typeof OrderRefRequest>;
export const VerifyTransactionRequest = OrderRefRequest;
export const PayOnDeliveryRequest = OrderRefRequest;

export const PaymentOutcome = z.enum(['success', 'failed', 'pending', 'expired']);
export type PaymentOutcome = z.infer<typeof PaymentOutcome>;
export const PaymentResultData = z.object({
  order_id: OrderIdSchema,
  order_status: OrderStatus,
  payment_status: PaymentOutcome,
  payment_method: z.number().int().nullable(),
  /** Where the browser goes next: /order-successfull/{id}, /order-failed/{id} or /pending-payment?orderId=. */
  next: z.string(),
});
export type PaymentResultData = z.infer<typeof PaymentResultData>;
export const PaymentResultResponse = envelope(PaymentResultData);
/** A gateway's webhook: the payment's result, or an authentic event about no payment, ignored (answered so it stops). */
export const WebhookResponse = envelope(z.union([PaymentResultData, z.object({ ignored: z.literal(true), reason: z.string() })]));

/** Juspay's return-URL parameters (order_id, status, status_id, signature, signature_algorithm, …). */
export const JuspayReturnRequest = z
  .record(z.string().max(100), z.string().max(2000))
  .refine((r) => typeof r.order_id === 'string' && typeof r.signature === 'string', 'order_id and signature are required');
export type JuspayReturnRequest = z.infer<typeof JuspayReturnRequest>;

/** Paytm's callback form (ORDERID, TXNID, TXNAMOUNT, STATUS, CHECKSUMHASH, …). */
export const PaytmCallbackRequest = z
  .record(z.string().max(100), z.string().max(2000))
  .refine((r) => typeof r.ORDERID === 'string' && typeof r.CHECKSUMHASH === 'string', 'ORDERID and CHECKSUMHASH are required');

/** The sandbox gateway's signed callback form. */
export const SandboxCallbackRequest = z.object({
  ref: z.string().max(100),
  payment_id: z.string().max(100),
  status: z.enum(['success', 'failed', 'pending']),
  amount: z.string().regex(/^\d{1,12}$/),
  instrument: z.string().max(40),
  /** A card tokenised with the shopper's consent: the sandbox vault's token and what identifies the card. */
  card_token: z.string().max(100).optional(),
  card_network: z.enum(['MasterCard', 'RuPay', 'VISA', 'Amex']).optional(),
  card_last4: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  card_expiry: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\/20\d\d$/)
    .optional(),
  signature: z.string().max(200),
});
export type SandboxCallbackRequest = z.infer<typeof SandboxCallbackRequest>;

// ---------- payment-failed ----------

export const PaymentFailedQuery = OrderIdQuery;
export const PaymentFailedData = z.object({
  order_id: OrderIdSchema,
  order_status: OrderStatus,
  amount: PaiseSchema,
  reason: z.string().nullable(),
  last_method: z.number().int().nullable(),
  can_retry: z.boolean(),
  expires_at: z.string().nullable(),
  next: z.string(),
});
export type PaymentFailedData = z.infer<typeof PaymentFailedData>;
export const PaymentFailedResponse = envelope(PaymentFailedData);

// ---------- payment-state: the order a shopper is paying for, as the server knows it ----------

/** With an order number: that order (the customer's own); without: the customer's order waiting for payment. */
export const PaymentStateQuery = z.object({ orderId: OrderIdSchema.optional() });
/**
 * awaiting_payment: open, the shopper may pay (again); confirming: the gateway has not decided an attempt; paid;
 * expired: no payment came in time, the order is cancelled; cancelled: cancelled after it was placed.
 */
export const PAYMENT_STATES = ['awaiting_payment', 'confirming', 'paid', 'expired', 'cancelled'] as const;
export const PaymentState = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof PaymentState>;
export const PaymentStateData = z.object({
  order_id: OrderIdSchema,
  state: PaymentState,
  order_status: OrderStatus,
  amount: PaiseSchema,
  expires_at: z.string().nullable(),
  /** Payment attempts made so far: a new one after any is a retry (retry-payment). */
  attempts: z.number().int().nonnegative(),
  last_attempt: z.enum(['created', 'pending', 'success', 'failed', 'expired']).nullable(),
  /** What the shopper reads about this state. */
  message: z.string(),
  /** Where the shopper goes for this state: the payment page, the pending page, the order's pages. */
  next: z.string(),
});
export type PaymentStateData = z.infer<typeof PaymentStateData>;
/** null: no order given and none waiting for payment. */
export const PaymentStateResponse = envelope(PaymentStateData.nullable());

// ---------- POST /api/payment/place-order ----------

/** "Place order" from the payment page: the order, and with a method its first attempt (4 = pay on delivery). */
export const PaymentPlaceOrderRequest = z
  .object({
    quote: QuoteSchema.optional(),
    payment_method: PaymentMethodCode.optional(),
    instrument: InstrumentDetails,
    amount: PaiseSchema.optional(),
    saved_card_id: SavedCardId.optional(),
  })
  .refine(savedCardByCard, SAVED_CARD_BY_CARD)
  .default({ instrument: {} });
export type PaymentPlaceOrderRequest = z.input<typeof PaymentPlaceOrderRequest>;
export const PaymentPlaceOrderData = PlaceOrderData.extend({
  /** Online method: where to send the browser. */
  transaction: TransactionData.nullable(),
  /** Pay on delivery: the placed order's outcome. */
  payment: PaymentResultData.nullable(),
});
export type PaymentPlaceOrderData = z.infer<typeof PaymentPlaceOrderData>;
export const PaymentPlaceOrderResponse = envelope(PaymentPlaceOrderData);

// ---------- the staff queue: GET /api/ops/payment-issues (docs/decisions/015-gateway-life-cycle.md) ----------

export const PAYMENT_ISSUE_KINDS = [
  'refund_failed',
  'refund_to_pay',
  'unusable_refund_failed',
  'offer_not_qualified',
  'status_mismatch',
] as const;

/**
 * One open item of money that needs a person. `kind`: refund_failed (the gateway refused a refund, or it was
 * under the gateway's minimum), refund_to_pay (a pay-on-delivery refund to pay by hand: resolving it marks the
 * refund processed), unusable_refund_failed (a payment the store could not keep was not given back),
 * offer_not_qualified (a bank offer paid with an instrument that does not qualify: refunded, for the record),
 * status_mismatch (the gateway reports a state or amount the store cannot apply while money may have moved).
 */
export const PaymentIssueView = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_ISSUE_KINDS),
  /** The order number (KS…), null when the issue names no order. */
  order_id: z.string().nullable(),
  /** The order's status now (payment_pending, placed, cancelled…). */
  order_status: OrderStatus.nullable(),
  /** The gateway reference of the payment attempt concerned (`<order>-<attempt>`), when there is one. */
  payment_ref: z.string().nullable(),
  /** How many payment attempts the order has had. */
  attempts: z.number().int().nonnegative(),
  /** The refund row concerned, when there is one. */
  refund_id: z.number().int().nullable(),
  /** Paise: the money the issue is about (the refund, the payment). */
  amount: PaiseSchema,
  /** What happened and what to do, in words. */
  note: z.string(),
  created_at: z.iso.datetime(),
});
export type PaymentIssueView = z.infer<typeof PaymentIssueView>;
/** Oldest first; at most 200. */
export const PaymentIssuesResponse = envelope(z.array(PaymentIssueView));

// ---------- saved cards (docs/decisions/024-saved-cards.md) ----------

/** A saved card as the shopper sees it: the gateway keeps the card, the store only its token and these. */
export const SavedCardView = z.object({
  id: z.number().int(),
  network: z.enum(CARD_NETWORKS),
  last4: z.string().regex(/^\d{4}$/),
  expiry_month: z.number().int().min(1).max(12),
  expiry_year: z.number().int(),
});
export type SavedCardView = z.infer<typeof SavedCardView>;
export const SavedCardsResponse = envelope(z.array(SavedCardView));
export const DeleteSavedCardRequest = z.object({ id: SavedCardId });
export type DeleteSavedCardRequest = z.infer<typeof DeleteSavedCardRequest>;
