import { CARD_NETWORKS, PAY_ON_DELIVERY } from '../../../schemas/payment-rules.ts';
import type { Address } from '../../../schemas/account.ts';
import type { PaymentInstrumentType } from '../../../schemas/cart.ts';
import { formatPaise } from '../../../schemas/money.ts';
import type { AffiliateOrder } from '../../../schemas/order.ts';
import {
  type ActivePaymentData,
  type InitiateTransactionRequest,
  type InstrumentDetails,
  type OfferListData,
  PAYMENT_METHODS,
  type PaymentFailedData,
  type PaymentOutcome,
  type PaymentResultData,
  type TransactionData,
} from '../../../schemas/payment.ts';
import type { Db } from '../../db/database.ts';
import { AppError, Conflict, NotFound, refusedBy } from '../../http/errors.ts';
import { type ClaimParts, idempotent } from '../../http/idempotency.ts';
import type { GatewayPayment, PaymentConfig, PaymentGateway } from '../../payments/index.ts';
import { bankOfferViews, loadBankOffers } from '../cart/index.ts';
import { instrumentOfMethod, offerBase, offerInstrument, offersByMethod, payableAmount } from './amount.ts';
import { refundWholePayment } from './money-back.ts';
import { cardForPayment, savedCardToken } from './saved-cards.ts';
import {
  findCustomerOrder,
  latestAttempt,
  lockOrderById,
  nextAttemptNumber,
  type OrderRow,
  type PaymentRow,
  paymentByRef,
  pincodeFacts,
} from './queries.ts';

// Payment (SPEC §7 /api/payment, §9 method codes): attempts, the one idempotent finalize, pay on delivery,
// expiry. Gateway calls happen outside database transactions; every state change happens inside one.

export interface PaymentDeps {
  db: Db;
  config: PaymentConfig;
  gateway: PaymentGateway;
  log?: { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
}

/** A payment rule refused the step (the amount does not match, the method is not offered for this order). */
export class PaymentRuleError extends refusedBy('payment-rule') {}
export class GatewayUnavailable extends AppError {
  constructor() {
    super(502, 'The payment gateway could not be reached. Please try again.');
  }
}
/** A callback whose signature, amount or order did not check out: 400, nothing changed. */
export class CallbackRejected extends AppError {
  constructor(reason: string) {
    super(400, `Payment callback refused: ${reason}.`);
  }
}

export const successPath = (orderId: string) => `/order-successfull/${orderId}`;
export const failedPath = (orderId: string) => `/order-failed/${orderId}`;
export const pendingPath = (orderId: string) => `/pending-payment?orderId=${orderId}`;

const isOpen = (o: OrderRow, now: Date) => o.status === 'payment_pending' && o.expires_at !== null && new Date(o.expires_at) > now;
export { offerBase };

export async function requireOrder(db: Db, customerId: number, orderId: string): Promise<OrderRow> {
  const order = await findCustomerOrder(db, customerId, orderId);
  if (!order) throw new NotFound('Order not found');
  return order;
}

// ---------- pay-on-delivery eligibility ----------

export type Eligibility = { ok: true } | { ok: false; reason: string };

/** Pay on delivery: an open order, value within the band, a serviceable pincode with COD, a customer not blocked. */
export async function codEligibility(deps: PaymentDeps, order: OrderRow, now = new Date()): Promise<Eligibility> {
  const { config, db } = deps;
  if (!isOpen(order, now)) return { ok: false, reason: 'This order is no longer waiting for payment.' };
  if (order.total < config.COD_MIN_PAISE)
    return { ok: false, reason: `Pay on delivery is available on orders of ${formatPaise(config.COD_MIN_PAISE)} or more.` };
  if (order.total > config.COD_MAX_PAISE)
    return { ok: false, reason: `Pay on delivery is available on orders up to ${formatPaise(config.COD_MAX_PAISE)}.` };
  const address = order.address as unknown as Address;
  const pin = await pincodeFacts(db, address.pincode);
  if (!pin?.serviceable || !pin.cod_available)
    return { ok: false, reason: `Pay on delivery is not available for pincode ${address.pincode}.` };
  const customer = await db
    .selectFrom('customers')
    .select(['is_blocked', 'frozen_at'])
    .where('id', '=', order.customer_id)
    .executeTakeFirst();
  if (!customer || customer.is_blocked || customer.frozen_at)
    return { ok: false, reason: 'Pay on delivery is not available for this account.' };
  return { ok: true };
}

// ---------- active-payment, offer-list ----------

const OPTIONS: Record<number, string[]> = {
  1: ['Google Pay', 'PhonePe', 'Paytm', 'BHIM', 'Other UPI ID'],
  // SPEC §1: the accepted card networks.
  2: [...CARD_NETWORKS],
  3: ['HDFC Bank', 'ICICI Bank', 'State Bank of India', 'Axis Bank', 'Kotak Mahindra Bank'],
  6: ['Paytm Wallet', 'Amazon Pay', 'Mobikwik'],
  4: [],
};

export async function activePayment(deps: PaymentDeps, customerId: number, orderId: string, now = new Date()): Promise<ActivePaymentData> {
  const order = await requireOrder(deps.db, customerId, orderId);
  const cod = await codEligibility(deps, order, now);
  const open = isOpen(order, now);
  return {
    order_id: order.order_number,
    amount: order.total,
    status: order.status,
    expires_at: order.expires_at ? new Date(order.expires_at).toISOString() : null,
    gateway: deps.gateway.name,
    methods: PAYMENT_METHODS.map((m) => {
      const available = m.code === PAY_ON_DELIVERY ? cod.ok : open;
      const reason = m.code === PAY_ON_DELIVERY && !cod.ok ? cod.reason : available ? null : 'This order is no longer waiting for payment.';
      return { code: m.code, name: m.name, instrument: m.instrument, available, reason, options: OPTIONS[m.code] };
    }),
  };
}

export async function offerList(
  deps: PaymentDeps,
  customerId: number,
  q: { orderId: string; instrument?: PaymentInstrumentType; bank?: string; wallet?: string; card_bin?: string },
  now = new Date(),
): Promise<OfferListData> {
  const order = await requireOrder(deps.db, customerId, q.orderId);
  const amount = offerBase(order);
  const offers = await loadBankOffers(deps.db, now);
  const instrument = q.instrument ? offerInstrument(q.instrument, q) : null;
  // The Pay button shows `payable`: the same rule writeAttempt charges with (./amount.ts).
  const payable = payableAmount(order, offers, instrument, now);
  return {
    amount,
    ...bankOfferViews(offers, instrument, amount, now),
    total: payable.total,
    payable: payable.amount,
    methods: offersByMethod(order, offers, instrument, now),
  };
}

// ---------- initate-transaction, retry-payment ----------

const instrumentOf = (method: number): PaymentInstrumentType => instrumentOfMethod(method) ?? 'upi';

export function gatewayPayment(order: OrderRow, p: PaymentRow, customer: { email: string | null; mobile: string | null }): GatewayPayment {
  return {
    ref: p.gateway_order_ref,
    orderId: order.order_number,
    amount: p.amount,
    method: p.method,
    instrument: p.instrument,
    customer: { id: order.customer_id, ...customer },
    gatewayPaymentId: p.gateway_payment_id,
  };
}

/**
 * Adds a payment attempt to an open order (priced with the best bank offer for the instrument) inside `trx`.
 * `expectedAmount`, when the browser sends one, must match: a wrong amount is refused, nothing written.
 */
export async function writeAttempt(
  trx: Db,
  deps: PaymentDeps,
  order: OrderRow,
  req: { payment_method: number; instrument: InstrumentDetails; amount?: number; saved_card_id?: number },
  now: Date,
): Promise<PaymentRow> {
  if (!isOpen(order, now)) throw new Conflict('This order is no longer waiting for payment.', { next: failedPath(order.order_number) });
  // A saved card is the customer's own, with this gateway, and still valid (docs/decisions/024-saved-cards.md).
  const savedCard = req.saved_card_id === undefined ? null : await cardForPayment(trx, deps, order.customer_id, req.saved_card_id, now);
  const instrument = instrumentOf(req.payment_method);
  const { amount, discount, offer } = payableAmount(
    order,
    await loadBankOffers(trx, now),
    offerInstrument(instrument, req.instrument),
    now,
  );
  if (req.amount !== undefined && req.amount !== amount)
    throw new PaymentRuleError(`The amount does not match this order: the amount to pay is ${formatPaise(amount)}.`, { amount });
  const attempt = await nextAttemptNumber(trx, order.id);
  return trx
    .insertInto('payments')
    .values({
      order_id: order.id,
      attempt,
      gateway: deps.gateway.name,
      method: req.payment_method as PaymentRow['method'],
      instrument,
      amount,
      gateway_order_ref: `${order.order_number}-${attempt}`,
      gateway_payment_id: null,
      failure_reason: null,
      finalized_at: null,
      offer_discount: discount,
      bank_offer_id: offer?.id ?? null,
      saved_card_id: savedCard?.id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Hands an attempt to the gateway (outside any transaction). A gateway failure fails the attempt, not the order. */
export async function handOff(
  deps: PaymentDeps,
  order: OrderRow,
  payment: PaymentRow,
  origin: string,
  instrument: InstrumentDetails = {},
): Promise<TransactionData> {
  const customer = await deps.db
    .selectFrom('customers')
    .select(['email', 'mobile'])
    .where('id', '=', order.customer_id)
    .executeTakeFirstOrThrow();
  let redirect: TransactionData['redirect'];
  try {
    const savedCard = await savedCardToken(deps.db, payment.saved_card_id);
    redirect = await deps.gateway.initiate(
      { ...gatewayPayment(order, payment, customer), savedCardToken: savedCard, cardBin: instrument.card_bin ?? null },
      { origin },
    );
  } catch (error) {
    deps.log?.warn({ err: String(error), ref: payment.gateway_order_ref }, 'gateway initiate failed');
    await deps.db
      .updateTable('payments')
      .set({ status: 'failed', failure_reason: 'The payment gateway could not be reached.', finalized_at: new Date() })
      .where('id', '=', payment.id)
      .where('status', '=', 'created')
      .execute();
    throw new GatewayUnavailable();
  }
  return {
    order_id: order.order_number,
    payment_ref: payment.gateway_order_ref,
    attempt: payment.attempt,
    amount: payment.amount,
    bank_offer_discount: payment.offer_discount,
    gateway: deps.gateway.name,
    redirect,
  };
}

export async function initiateTransaction(
  deps: PaymentDeps,
  customerId: number,
  req: InitiateTransactionRequest & { instrument: InstrumentDetails },
  opts: { retry: boolean; idempotency: ClaimParts | null; origin: string },
  now = new Date(),
): Promise<TransactionData> {
  const { db } = deps;
  const order0 = await requireOrder(db, customerId, req.order_id);
  // The key keeps the attempt's reference; a replay answers that attempt.
  const payment = await idempotent(
    db,
    opts.idempotency,
    customerId,
    async (trx) => {
      const order = (await lockOrderById(trx, order0.id)) as OrderRow;
      if (opts.retry) {
        const last = await latestAttempt(trx, order.id);
        if (!last || (last.status !== 'failed' && last.status !== 'expired' && last.status !== 'created'))
          throw new Conflict('There is no failed payment to retry for this order.');
      }
      return writeAttempt(trx, deps, order, req, now);
    },
    {
      stored: (p): { ref: string } => ({ ref: p.gateway_order_ref }),
      replayed: async (trx, answer) => (await paymentByRef(trx, answer.ref)) as PaymentRow,
      now,
    },
  );
  const order = (await findCustomerOrder(db, customerId, req.order_id)) as OrderRow;
  return handOff(deps, order, payment, opts.origin, req.instrument);
}

// ---------- the one finalize ----------

export interface FinalizeResult {
  result: PaymentResultData;
  outcome: 'applied' | 'unchanged';
}

export const resultOf = (order: OrderRow, payment: PaymentRow | undefined): PaymentResultData => {
  const status: PaymentOutcome =
    order.status === 'placed' || order.status === 'confirmed'
      ? 'success'
      : order.status === 'expired' || order.status === 'cancelled'
        ? 'expired'
        : payment?.status === 'failed' || payment?.status === 'expired'
          ? 'failed'
          : payment?.status === 'pending'
            ? 'pending'
            : payment?.status === 'success'
              ? 'success'
              : 'pending';
  const next =
    status === 'success'
      ? successPath(order.order_number)
      : status === 'pending'
        ? pendingPath(order.order_number)
        : failedPath(order.order_number);
  return {
    order_id: order.order_number,
    order_status: order.status,
    payment_status: status,
    payment_method: order.payment_method ?? payment?.method ?? null,
    next,
  };
};

/** Money taken for an order that cannot use it goes straight back (never charge twice). */
export async function refundUnusable(deps: PaymentDeps, order: OrderRow, payment: PaymentRow): Promise<void> {
  const customer = await deps.db
    .selectFrom('customers')
    .select(['email', 'mobile'])
    .where('id', '=', order.customer_id)
    .executeTakeFirstOrThrow();
  await refundWholePayment(deps, gatewayPayment(order, payment, customer), { orderId: order.id, paymentId: payment.id });
}

/** SPEC §6 months: a customer is new when they had no order in the 6 months before this one. */
export async function isNewCustomer(db: Db, customerId: number, order: OrderRow): Promise<boolean> {
  const since = new Date(new Date(order.created_at).getTime());
  since.setMonth(since.getMonth() - 6);
  const earlier = await db
    .selectFrom('orders')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', '<>', order.id)
    .where('placed_at', 'is not', null)
    .where('placed_at', '>=', since)
    .where('placed_at', '<', new Date(order.created_at))
    .limit(1)
    .executeTakeFirst();
  return !earlier;
}

/** SPEC §3 affiliate order from the stored order (never from prices the browser sends); status pending (SPEC §4). */
export async function affiliateOrder(
  db: Db,
  order: OrderRow,
  customer: { first_name: string; last_name: string; email: string | null; mobile: string | null },
  customerId: number,
): Promise<AffiliateOrder> {
  const items = await db
    .selectFrom('order_items')
    .select(['name', 'quantity', 'sale_price', 'sku', 'product_id', 'is_freebie'])
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  return {
    id: order.order_number,
    number: order.order_number,
    total: order.total / 100,
    shipping: order.shipping_total / 100,
    currency: 'INR',
    date: new Date(order.placed_at ?? order.created_at).toISOString(),
    customer: {
      name: `${customer.first_name} ${customer.last_name}`.trim(),
      email: customer.email ?? '',
      phone: customer.mobile ?? '',
      is_new_customer: await isNewCustomer(db, customerId, order),
    },
    coupons: order.coupon_code ? [order.coupon_code] : [],
    // SPEC §4: free gifts are left out of reported items.
    line_items: items
      .filter((i) => !i.is_freebie)
      .map((i) => ({ name: i.name, quantity: i.quantity, price: i.sale_price / 100, sku: i.sku, product_id: i.product_id })),
    status: 'pending',
  };
}

// ---------- payment-failed ----------

export async function paymentFailed(deps: PaymentDeps, customerId: number, orderId: string, now = new Date()): Promise<PaymentFailedData> {
  const order = await requireOrder(deps.db, customerId, orderId);
  const last = await latestAttempt(deps.db, order.id);
  const canRetry = isOpen(order, now);
  const result = resultOf(order, last);
  return {
    order_id: order.order_number,
    order_status: order.status,
    // The amount of the payment that failed, as its message says it (./amount.ts): with a bank offer it is less
    // than the order's total, and the page and the email must name the same sum.
    amount: last?.amount ?? order.total,
    reason: order.status === 'expired' ? 'The time to pay for this order ran out, so it was cancelled.' : (last?.failure_reason ?? null),
    last_method: last?.method ?? null,
    can_retry: canRetry,
    expires_at: order.expires_at ? new Date(order.expires_at).toISOString() : null,
    next: result.payment_status === 'success' ? result.next : canRetry ? `/retry-payment?orderId=${order.order_number}` : '/cart',
  };
}
