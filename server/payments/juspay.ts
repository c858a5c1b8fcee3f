import type { PaymentConfig } from './config.ts';
import type {
  CallbackCheck,
  GatewayCard,
  GatewayPayment,
  PaidInstrument,
  PaymentGateway,
  RefundResult,
  VaultCustomer,
  VerifiedCallback,
} from './gateway.ts';
import { decimalRupees } from '../../schemas/money.ts';
import { fetchWithTimeout, gatewayRefundId, hmacBase64, safeEqual } from './signing.ts';

// Juspay: a payment session is created server to server; the shopper returns to the app with signed query
// parameters, posted to /api/payment/verify-juspay-transaction. Juspay's official node SDK is an API client with
// no return-URL check, so the signature is checked as Juspay documents it (juspayReturnSignature), and the status
// is then confirmed with Juspay's order-status call before anything is finalized.

export const JUSPAY_RETURN_PATH = '/api/payment/verify-juspay-transaction';
/** Juspay's webhook URL (dashboard: Settings → Webhooks). */
export const JUSPAY_WEBHOOK_PATH = '/api/payment/juspay-webhook';

const encode = (s: string) => encodeURIComponent(s);

/**
 * Juspay's return-URL signature: every parameter except signature and signature_algorithm, each key and value
 * percent-encoded, sorted by encoded key, joined k=v&k=v, that string percent-encoded, HMAC-SHA256 with the
 * response key, base64.
 */
export function juspayReturnSignature(params: Record<string, string>, responseKey: string): string {
  const pairs = Object.entries(params)
    .filter(([k]) => k !== 'signature' && k !== 'signature_algorithm')
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return hmacBase64(responseKey, encode(pairs));
}

// Juspay's order statuses (order status API). An order may hold several transactions (Juspay allows up to 25
// on its payment page), so a failure is not final while the page is open: the order's status is what counts,
// and a later CHARGED places the order (docs/decisions/006-gateway-adapters.md).
const STATUS: Record<string, VerifiedCallback['status']> = {
  CHARGED: 'success',
  NEW: 'pending',
  PENDING: 'pending',
  PENDING_VBV: 'pending',
  AUTHORIZING: 'pending',
  STARTED: 'pending',
  VBV_SUCCESSFUL: 'pending',
  COD_INITIATED: 'pending',
  CAPTURE_INITIATED: 'pending',
  VOID_INITIATED: 'pending',
  // Pre-authorisation states (Juspay's capture and void APIs); the store never pre-authorises, so money held or
  // partly captured is not a payment it can take: never success, never failed (money may have moved).
  AUTHORIZED: 'pending',
  VOID_FAILED: 'pending',
  PARTIAL_CHARGED: 'pending',
  AUTHENTICATION_FAILED: 'failed',
  AUTHORIZATION_FAILED: 'failed',
  JUSPAY_DECLINED: 'failed',
  // Juspay gave the money back by itself (e.g. a late success on a closed order): nothing is kept.
  AUTO_REFUNDED: 'failed',
  VOIDED: 'failed',
  CAPTURE_FAILED: 'failed',
  NOT_FOUND: 'failed',
};
const REASONS: Record<string, string> = {
  AUTHENTICATION_FAILED: 'The payment could not be authenticated.',
  AUTHORIZATION_FAILED: 'The payment was declined by the bank.',
  JUSPAY_DECLINED: 'The payment was declined.',
  AUTO_REFUNDED: 'The payment was returned to you by the gateway.',
  VOIDED: 'The payment was cancelled.',
  CAPTURE_FAILED: 'The payment could not be completed.',
  NOT_FOUND: 'No payment was made.',
};
/** Statuses where money moved in a way no rule here settles: a person looks (payment_issues, status_mismatch). */
const REVIEW: Record<string, string> = {
  PARTIAL_CHARGED: 'Juspay reports the order PARTIAL_CHARGED: only part of the amount was captured. Refund what was taken.',
  AUTHORIZED: 'Juspay reports the order AUTHORIZED: the amount is held on the card, not captured. Void it on Juspay.',
  VOID_FAILED: 'Juspay reports the order VOID_FAILED: a held amount could not be released. Release it on Juspay.',
};
const TYPES: Record<string, PaidInstrument['type']> = { CARD: 'card', NB: 'netbanking', UPI: 'upi', WALLET: 'wallet' };

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v.slice(0, 100) : null);

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

interface JuspayOrder {
  id?: string;
  order_id?: string;
  status?: string;
  amount?: number;
  currency?: string;
  txn_id?: string;
  payment_method_type?: string;
  payment_method?: string;
  card?: {
    card_isin?: string;
    card_issuer?: string;
    last_four_digits?: string;
    card_brand?: string;
    expiry_month?: string;
    expiry_year?: string;
    /** The shopper ticked the page's consent box and Juspay tokenised the card (card_reference names it). */
    saved_to_locker?: boolean;
    card_reference?: string;
  };
  upi?: { payer_vpa?: string };
  /** The customer the session named, and its first merchant field (a saved card's reference: savedCardSession). */
  customer_id?: string;
  udf1?: string;
  bank_error_message?: string;
  refunds?: Array<{ unique_request_id?: string; status?: string; id?: string }>;
}

function instrumentOf(o: JuspayOrder): PaidInstrument {
  const bin = str(o.card?.card_isin);
  const method = str(o.payment_method);
  return {
    type: TYPES[str(o.payment_method_type) ?? ''] ?? null,
    card_bin: bin && /^\d{6,8}$/.test(bin) ? bin.slice(0, 6) : null,
    bank: str(o.card?.card_issuer) ?? (method?.startsWith('NB_') ? method.slice(3) : null),
    vpa: str(o.upi?.payer_vpa),
  };
}

/** Juspay's card brands, as the store names the networks it accepts (SPEC §1); any other brand is not kept. */
const NETWORKS: Record<string, GatewayCard['network']> = {
  VISA: 'VISA',
  MASTERCARD: 'MasterCard',
  MASTER: 'MasterCard',
  RUPAY: 'RuPay',
  AMEX: 'Amex',
  AMERICAN_EXPRESS: 'Amex',
};

/** A card as Juspay describes it (order status `card`, or a card of the customer's list) → the store's view. */
function gatewayCardOf(c: {
  reference?: string;
  brand?: string;
  last4?: string;
  month?: string | number;
  year?: string | number;
}): GatewayCard | null {
  const network = NETWORKS[(c.brand ?? '').toUpperCase().replace(/\s+/g, '_')];
  const last4 = /\d{4}$/.exec(c.last4 ?? '')?.[0];
  const month = Number(c.month);
  const year = Number(String(c.year).length === 2 ? `20${c.year}` : c.year);
  const token = str(c.reference);
  if (!network || !last4 || !token || !(month >= 1 && month <= 12) || !(year >= 2000 && year <= 2100)) return null;
  return { token, network, last4, expiryMonth: month, expiryYear: year };
}

/** `{ savedCard }` when a charged order's card was saved to the locker with consent; else nothing. */
function savedCardOf(status: VerifiedCallback['status'], body: JuspayOrder): { savedCard: GatewayCard } | Record<string, never> {
  const c = body.card;
  if (status !== 'success' || c?.saved_to_locker !== true) return {};
  const card = gatewayCardOf({
    reference: c.card_reference,
    brand: c.card_brand,
    last4: c.last_four_digits,
    month: c.expiry_month,
    year: c.expiry_year,
  });
  return card ? { savedCard: card } : {};
}

interface JuspayListedCard {
  card_token?: string;
  /** The card's own first digits (Juspay's list cards answer). */
  card_isin?: string;
  card_reference?: string;
  card_number?: string;
  card_brand?: string;
  card_exp_month?: string;
  card_exp_year?: string;
  expired?: boolean;
}

/**
 * The session of a payment with a saved card (docs/decisions/024-saved-cards.md): Juspay's payment locking
 * (`payment_filter`) opens the page on cards alone, where the customer's locker lists the saved card and asks only
 * for its CVV; the card's reference goes in the order's first merchant field (`udf1`), so the order on Juspay's
 * side names the saved card chosen. Juspay's page takes no card token to pay with by itself: paying with a
 * `card_token` is its transaction API, which needs the CVV through the store's servers.
 */
export function savedCardSession(reference: string) {
  return {
    payment_filter: { allowDefaultOptions: false, options: [{ paymentMethodType: 'CARD', enable: true }] },
    udf1: reference,
  };
}

/** Juspay's customer id for a store customer (the session and the card calls name the same one). */
export const juspayCustomerId = (customer: VaultCustomer | { id: number }) => `cust_${customer.id}`;
/** The store customer a Juspay customer id names (`cust_<id>`); null for any other. */
const customerOf = (id: unknown): { id: number } | null => {
  const m = typeof id === 'string' ? /^cust_(\d{1,10})$/.exec(id) : null;
  return m ? { id: Number(m[1]) } : null;
};

/**
 * Juspay's answer to a repeated unique_request_id: its refund documentation names REFUND_DUPLICATE_REQUEST
 * (https://juspay.io/sea/docs/api-reference-global/docs/express-checkout/refund-order-api), older answers `duplicate.call`;
 * any spelling of "duplicate" means the refund exists.
 */
export const isDuplicateRefund = (code: unknown) => typeof code === 'string' && /duplicate/i.test(code.replace(/[^a-z]/gi, ''));

/** Juspay refuses refunds under ₹1: never sent. */
export const juspayRefundRefusal = ({ amount }: { amount: number }): string | null =>
  amount < 100 ? "below Juspay's smallest refund (₹1)" : null;

const refundResult = (r: { status?: string; id?: string } | undefined): RefundResult | null =>
  !r
    ? null
    : {
        status: r.status === 'SUCCESS' ? 'success' : r.status === 'FAILURE' ? 'failed' : 'pending',
        refundId: str(r.id),
      };

export function createJuspayGateway(config: PaymentConfig, deps: { fetch?: typeof fetch } = {}): PaymentGateway {
  const fetchImpl = deps.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${config.JUSPAY_API_KEY}:`).toString('base64')}`;
  const base = { authorization: auth, 'x-merchantid': config.JUSPAY_MERCHANT_ID, version: '2023-06-30' };
  // Juspay asks for the same x-routing-id, the customer id, on every call for a customer
  // (https://juspay.io/api-reference/docs/express-checkout/transaction-id-based-and-instant-refund, header x-routing-id).
  const headersFor = (customer: { id: number } | null | undefined): Record<string, string> =>
    customer ? { ...base, 'x-routing-id': juspayCustomerId(customer) } : base;
  const webhookAuth = `Basic ${Buffer.from(`${config.JUSPAY_WEBHOOK_USERNAME}:${config.JUSPAY_WEBHOOK_PASSWORD}`).toString('base64')}`;

  const fetchOrder = async (ref: string, customer: { id: number } | null | undefined): Promise<JuspayOrder | null> => {
    const res = await fetchWithTimeout(fetchImpl, `${config.JUSPAY_BASE_URL}/orders/${encodeURIComponent(ref)}`, {
      headers: headersFor(customer),
    });
    if (res.status === 404) return { order_id: ref, status: 'NOT_FOUND' };
    if (!res.ok) throw new Error(`Juspay order status answered HTTP ${res.status}`);
    return (await res.json()) as JuspayOrder;
  };

  const orderStatus = async (ref: string, customer: { id: number } | null | undefined): Promise<VerifiedCallback | null> => {
    const body = await fetchOrder(ref, customer);
    const status = STATUS[body?.status ?? ''];
    if (!body || body.order_id !== ref || !status) return null;
    if (body.status === 'NOT_FOUND') return null;
    if (body.currency !== undefined && body.currency !== 'INR') return null;
    if (typeof body.amount !== 'number' || !Number.isFinite(body.amount)) return null;
    // Juspay's own order id names the payment: it exists from the session on (NEW included) and stays the same
    // across the order's transactions, so a CHARGED after a failed or pending transaction matches it.
    const id = str(body.id);
    if (!id) return null;
    const instrument = instrumentOf(body);
    // A card from the locker pays with its network token, whose answer may carry no prefix of the card itself: the
    // locker's list (card_isin) gives it, read before a bank offer is judged on it (SPEC §6 bank offers).
    const reference = str(body.card?.card_reference) ?? str(body.udf1);
    const owner = customer ?? customerOf(body.customer_id);
    if (status === 'success' && instrument.type === 'card' && !instrument.card_bin && reference && owner)
      instrument.card_bin = await lockerPrefix(owner, reference).catch(() => null);
    return {
      ref,
      gatewayPaymentId: id,
      status,
      amount: Math.round(body.amount * 100),
      reason: status === 'failed' ? (str(body.bank_error_message) ?? REASONS[body.status ?? ''] ?? 'Payment failed') : null,
      instrument,
      ...(REVIEW[body.status ?? ''] ? { review: REVIEW[body.status ?? ''] } : {}),
      // Tokenised with the shopper's consent on Juspay's page: the persistent card_reference is the token kept.
      ...savedCardOf(status, body),
    };
  };

  const refundStatus = async (payment: GatewayPayment, idempotencyKey: string): Promise<RefundResult | null> => {
    const body = await fetchOrder(payment.ref, payment.customer);
    const requestId = gatewayRefundId(idempotencyKey);
    return refundResult(body?.refunds?.find((x) => x.unique_request_id === requestId));
  };

  const listCards = async (customer: VaultCustomer): Promise<JuspayListedCard[]> => {
    const res = await fetchWithTimeout(
      fetchImpl,
      `${config.JUSPAY_BASE_URL}/customers/${encodeURIComponent(juspayCustomerId(customer))}/cards`,
      {
        headers: headersFor(customer),
      },
    );
    if (!res.ok) throw new Error(`Juspay card list answered HTTP ${res.status}`);
    const body = (await res.json().catch(() => ({}))) as { cards?: JuspayListedCard[] };
    return Array.isArray(body.cards) ? body.cards : [];
  };
  /** The first six digits of a locker card, by its reference; null when the locker does not say. */
  const lockerPrefix = async (customer: { id: number }, reference: string): Promise<string | null> => {
    const card = (await listCards({ id: customer.id, email: null, mobile: null })).find((c) => c.card_reference === reference);
    const isin = str(card?.card_isin);
    return isin && /^\d{6,8}$/.test(isin) ? isin.slice(0, 6) : null;
  };
  const listedCard = (c: JuspayListedCard) =>
    c.expired
      ? null
      : gatewayCardOf({
          reference: c.card_reference,
          brand: c.card_brand,
          last4: c.card_number,
          month: c.card_exp_month,
          year: c.card_exp_year,
        });

  return {
    name: 'juspay',
    minRefund: 100,
    async initiate(payment: GatewayPayment, urls) {
      const res = await fetchWithTimeout(fetchImpl, `${config.JUSPAY_BASE_URL}/session`, {
        method: 'POST',
        headers: { ...headersFor(payment.customer), 'content-type': 'application/json' },
        body: JSON.stringify({
          order_id: payment.ref,
          amount: decimalRupees(payment.amount),
          customer_id: juspayCustomerId(payment.customer),
          customer_email: payment.customer.email ?? undefined,
          customer_phone: payment.customer.mobile ?? undefined,
          // The client id of Juspay's payment page: the merchant id unless the account has another.
          payment_page_client_id: config.JUSPAY_CLIENT_ID ?? config.JUSPAY_MERCHANT_ID,
          action: 'paymentPage',
          return_url: `${urls.origin}${JUSPAY_RETURN_PATH}`,
          currency: 'INR',
          ...(payment.savedCardToken ? savedCardSession(payment.savedCardToken) : {}),
        }),
      });
      const body = (await res.json().catch(() => ({}))) as { payment_links?: { web?: string } };
      const url = body.payment_links?.web;
      if (!res.ok || !url) throw new Error(`Juspay session failed (HTTP ${res.status})`);
      return { url, method: 'GET', fields: {} };
    },
    async verifyCallback(fields, context): Promise<CallbackCheck> {
      const ref = typeof fields.order_id === 'string' ? fields.order_id.slice(0, 100) : null;
      const given = typeof fields.signature === 'string' ? safeDecode(fields.signature) : null;
      if (!ref || !given) return { ok: false, reason: 'malformed return', ref };
      if (fields.signature_algorithm && fields.signature_algorithm !== 'HMAC-SHA256')
        return { ok: false, reason: 'unknown signature algorithm', ref };
      if (!safeEqual(juspayReturnSignature(fields, config.JUSPAY_RESPONSE_KEY), given)) return { ok: false, reason: 'bad signature', ref };
      // A signed return URL says where the shopper came back from, not that money moved: ask Juspay.
      const confirmed = await orderStatus(ref, context?.customer).catch(() => null);
      if (!confirmed) return { ok: false, reason: 'status could not be confirmed with the gateway', ref };
      return { ok: true, callback: confirmed };
    },
    // Juspay authenticates webhooks with the Basic credentials set on its dashboard; the body is then only a
    // hint of which order changed: the order status call decides, as for a return.
    async verifyWebhook({ headers: h, body }): Promise<CallbackCheck> {
      const event = body as { event_name?: unknown; content?: { order?: { order_id?: unknown; customer_id?: unknown } } } | null;
      const order = event?.content?.order;
      const ref = typeof order?.order_id === 'string' ? order.order_id.slice(0, 100) : null;
      const given = typeof h.authorization === 'string' ? h.authorization : '';
      if (!safeEqual(given, webhookAuth)) return { ok: false, reason: 'bad webhook credentials', ref };
      // Events about no order (TXN_*, refunds, mandates…) are Juspay's to send and nothing for the store to apply;
      // refused, Juspay would send them again for ever.
      if (!ref) {
        const name = typeof event?.event_name === 'string' ? event.event_name.slice(0, 60) : 'unnamed';
        return { ok: false, reason: `event ${name} without an order`, ref, ignore: true };
      }
      const confirmed = await orderStatus(ref, customerOf(order?.customer_id)).catch(() => null);
      if (!confirmed) return { ok: false, reason: 'status could not be confirmed with the gateway', ref };
      return { ok: true, callback: confirmed };
    },
    status: (payment) => orderStatus(payment.ref, payment.customer),
    refundRefusal: juspayRefundRefusal,
    async refund({ payment, amount, idempotencyKey }): Promise<RefundResult> {
      if (juspayRefundRefusal({ amount })) return { status: 'failed', refundId: null };
      const requestId = gatewayRefundId(idempotencyKey);
      const res = await fetchWithTimeout(fetchImpl, `${config.JUSPAY_BASE_URL}/orders/${encodeURIComponent(payment.ref)}/refunds`, {
        method: 'POST',
        headers: { ...headersFor(payment.customer), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ unique_request_id: requestId, amount: decimalRupees(amount) }).toString(),
      });
      const body = (await res.json().catch(() => ({}))) as JuspayOrder & { error_code?: string };
      // The same unique_request_id again: the refund exists, Juspay is paying it; never "failed" for that.
      if (isDuplicateRefund(body.error_code)) return (await refundStatus(payment, idempotencyKey)) ?? { status: 'pending', refundId: null };
      if (res.status >= 500 || res.status === 429) throw new Error(`Juspay refund answered HTTP ${res.status}`);
      // Refused: failed only when the order's refunds[] does not hold this unique_request_id (an earlier request
      // whose answer was lost may have raised it).
      if (!res.ok) return (await refundStatus(payment, idempotencyKey)) ?? { status: 'failed', refundId: null };
      return refundResult(body.refunds?.find((x) => x.unique_request_id === requestId)) ?? { status: 'pending', refundId: null };
    },
    refundStatus: ({ payment, idempotencyKey }) => refundStatus(payment, idempotencyKey),
    // Juspay's locker (docs/decisions/024-saved-cards.md): the customer's cards, each with a card_token that is
    // good for the next call only and a persistent card_reference (the token the store keeps).
    savedCards: {
      list: async (customer) => (await listCards(customer)).flatMap((c) => listedCard(c) ?? []),
      async remove(customer, reference) {
        const card = (await listCards(customer)).find((c) => c.card_reference === reference);
        if (!card?.card_token) return true;
        const res = await fetchWithTimeout(fetchImpl, `${config.JUSPAY_BASE_URL}/card/delete`, {
          method: 'POST',
          headers: { ...headersFor(customer), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ card_token: card.card_token }).toString(),
        });
        const body = (await res.json().catch(() => ({}))) as { deleted?: boolean };
        return res.ok && body.deleted === true;
      },
    },
  };
}
