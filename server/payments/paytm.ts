import { createDecipheriv } from 'node:crypto';
import PaytmChecksum from 'paytmchecksum';
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
import { fetchWithTimeout, gatewayRefundId, rupeesTextToPaise, safeEqual } from './signing.ts';

// Paytm's current integration (Paytm calls the legacy /theia/processTransaction form "available for only
// existing integrations"): Initiate Transaction, server to server with the body signed by paytmchecksum, answers
// a txnToken; the shopper's browser posts mid, orderId and txnToken to Paytm's payment page (the redirect form);
// Paytm posts the result to /api/payment/paytm-callback-url. A checksum only proves the fields came from Paytm:
// Paytm makes the Transaction Status call mandatory before an order is fulfilled, so every callback and webhook
// is confirmed by one (orderId, mid, amount and currency compared) and the status call's answer is what counts.
// paytmchecksum's verifySignature deletes CHECKSUMHASH from the object passed, compares with === and prints to
// the console on a bad checksum, so the check below uses the package's hashing on a copy, its own quiet AES
// decrypt and a constant-time comparison.

export const PAYTM_CALLBACK_PATH = '/api/payment/paytm-callback-url';
/** Paytm's Payment Status webhook (dashboard: Developer settings → Webhooks). */
export const PAYTM_WEBHOOK_PATH = '/api/payment/paytm-webhook';
/** Paytm's payment page: the browser posts mid, orderId and txnToken here. */
export const paytmPaymentPage = (host: string, mid: string, orderId: string) =>
  `${host}/theia/api/v1/showPaymentPage?mid=${encodeURIComponent(mid)}&orderId=${encodeURIComponent(orderId)}`;

/** Paytm's AES-128-CBC decrypt of a CHECKSUMHASH, without console output; null when it does not decrypt. */
function decryptChecksum(checksum: string, key: string): string | null {
  try {
    const decipher = createDecipheriv('AES-128-CBC', key, PaytmChecksum.iv);
    return decipher.update(checksum, 'base64', 'binary') + decipher.final('binary');
  } catch {
    return null;
  }
}

/** True when CHECKSUMHASH matches the other fields under the merchant key. */
export function verifyPaytmChecksum(fields: Record<string, string>, key: string): boolean {
  const { CHECKSUMHASH: checksum, ...params } = fields;
  if (!checksum) return false;
  const decrypted = decryptChecksum(checksum, key);
  if (!decrypted || decrypted.length < 5) return false;
  const salt = decrypted.slice(-4);
  return safeEqual(PaytmChecksum.calculateHash(PaytmChecksum.getStringByParams(params), salt), decrypted);
}

const STATUS: Record<string, VerifiedCallback['status']> = { TXN_SUCCESS: 'success', TXN_FAILURE: 'failed', PENDING: 'pending' };
/** Paytm's PAYMENTMODE codes. */
const MODES: Record<string, PaidInstrument['type']> = { CC: 'card', DC: 'card', EMI: 'card', NB: 'netbanking', UPI: 'upi', PPI: 'wallet' };
/**
 * Refund API answers that say a refund exists or may exist, never that it failed (Refund API response codes,
 * https://paytmpayments.com/docs/refund-api): 617 "Refund Already Raised" (a repeated refId, within 10 minutes of
 * the first request), 626 (another refund of the order is in progress), 629 (the refund already succeeded). The
 * refund's status by refId says where it stands; until it says, the refund is pending.
 */
const REFUND_EXISTS = new Set(['617', '626', '629']);
/** Paytm refuses a partial refund under ₹1 (its code 635): never sent. */
const MIN_PARTIAL_REFUND = 100;
export const paytmRefundRefusal = ({ payment, amount }: { payment: GatewayPayment; amount: number }): string | null =>
  amount < payment.amount && amount < MIN_PARTIAL_REFUND ? 'Paytm refuses a partial refund under ₹1' : null;

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v.slice(0, 100) : null);

/**
 * The card prefix in a masked card number ("411111XXXXXX1111"): the status answer's `maskedCardNo` (the field of
 * Paytm's NativePaymentStatusResponseBody in paytm-pg-node-sdk; the answer has no `binNumber`). Null when the
 * first six digits are masked too.
 */
export function binOfMaskedCard(masked: unknown): string | null {
  const m = /^(\d{6})/.exec((text(masked) ?? '').replace(/[\s-]/g, ''));
  return m?.[1] ?? null;
}

function paidInstrument(mode: unknown, maskedCard: unknown, bank: unknown, vpa: unknown): PaidInstrument {
  return {
    type: MODES[text(mode) ?? ''] ?? null,
    card_bin: binOfMaskedCard(maskedCard),
    bank: text(bank),
    vpa: text(vpa),
  };
}

/** Paytm's customer id for a store customer: the initiate's userInfo.custId and the card-on-file calls' custId. */
export const paytmCustomerId = (customer: VaultCustomer | { id: number }) => `CUST${customer.id}`;

/** Paytm's card schemes, as the store names the networks it accepts (SPEC §1); any other scheme is not kept. */
const SCHEMES: Record<string, GatewayCard['network']> = {
  VISA: 'VISA',
  MASTER: 'MasterCard',
  MASTERCARD: 'MasterCard',
  RUPAY: 'RuPay',
  AMEX: 'Amex',
};

/**
 * A card of Fetch Saved Cards → the store's view: the token kept is Paytm's `savedCardId` (the id its Delete Card
 * call takes); `expiryDate` is MMYYYY. A card whose token is not active (suspended, deleted) cannot pay: left out.
 */
export function paytmCardOf(c: Record<string, unknown>): GatewayCard | null {
  const token = text(c.savedCardId);
  const network = SCHEMES[(text(c.cardScheme) ?? '').toUpperCase()];
  const last4 = /^\d{4}$/.exec(text(c.cardSuffix) ?? '')?.[0];
  const expiry = /^(\d{2})(\d{4})$/.exec(text(c.expiryDate) ?? '');
  const month = Number(expiry?.[1]);
  const year = Number(expiry?.[2]);
  const status = text(c.tokenStatus);
  if (status !== null && status.toUpperCase() !== 'ACTIVE') return null;
  if (!token || !network || !last4 || !(month >= 1 && month <= 12) || !(year >= 2000 && year <= 2100)) return null;
  return { token, network, last4, expiryMonth: month, expiryYear: year };
}

/** The cards in a Fetch Saved Cards answer: the body's list (its one array field). */
function listedCards(body: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(body)) return body.filter((x) => x && typeof x === 'object');
  if (!body || typeof body !== 'object') return [];
  const list = Object.values(body as Record<string, unknown>).find(Array.isArray) as unknown[] | undefined;
  return (list ?? []).filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === 'object');
}

export function createPaytmGateway(config: PaymentConfig, deps: { fetch?: typeof fetch } = {}): PaymentGateway {
  const key = config.PAYTM_MERCHANT_KEY;
  const mid = config.PAYTM_MID;
  const host = config.PAYTM_HOST.replace(/\/+$/, '');
  const fetchImpl = deps.fetch ?? fetch;

  /** A signed JSON call; the answer's body when Paytm's signature on it checks out, else null. */
  const call = async (path: string, body: Record<string, unknown>): Promise<Record<string, unknown> | null> => {
    const signature = await PaytmChecksum.generateSignature(JSON.stringify(body), key);
    const res = await fetchWithTimeout(fetchImpl, `${host}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body, head: { signature } }),
    });
    if (!res.ok) throw new Error(`Paytm ${path} answered HTTP ${res.status}`);
    const raw = await res.text();
    const answer = JSON.parse(raw) as { body?: Record<string, unknown>; head?: { signature?: string } };
    // The answer's signature covers its body exactly as sent: hash the body's own text, not a re-serialisation.
    const bodyText = /"body"\s*:\s*(\{[\s\S]*\})\s*[,}]\s*("head"[\s\S]*)?$/.exec(raw)?.[1];
    const sig = answer.head?.signature;
    const signed =
      typeof sig === 'string' && [bodyText, JSON.stringify(answer.body ?? {})].some((t) => t !== undefined && verifyPaytmText(t, sig, key));
    return signed ? (answer.body ?? null) : null;
  };
  const resultOf = (body: Record<string, unknown> | null) =>
    (body?.resultInfo ?? {}) as { resultStatus?: string; resultCode?: string; resultMsg?: string };

  /** Paytm's card-on-file calls: `head` names the checksum of the body (tokenType CHECKSUM). */
  const vaultCall = async (path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const token = await PaytmChecksum.generateSignature(JSON.stringify(body), key);
    const res = await fetchWithTimeout(fetchImpl, `${host}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ head: { tokenType: 'CHECKSUM', token }, body }),
    });
    if (!res.ok) throw new Error(`Paytm ${path.split('?')[0]} answered HTTP ${res.status}`);
    const answer = (await res.json()) as { body?: Record<string, unknown> };
    return answer.body ?? {};
  };
  const listCards = async (customer: VaultCustomer | { id: number }): Promise<GatewayCard[]> => {
    const body = await vaultCall('/savedcardservice/merchant/coft/cards', { mid, custId: paytmCustomerId(customer) });
    const status = resultOf(body).resultStatus;
    if (status !== undefined && status !== 'S') throw new Error(`Paytm saved cards: ${resultOf(body).resultMsg ?? status}`);
    return listedCards(body).flatMap((c) => paytmCardOf(c) ?? []);
  };
  /**
   * The card a successful card payment was made with, when Paytm holds it as a card-on-file token for the customer
   * (the shopper gave consent on Paytm's page, now or before): matched by network and last four digits. Paytm's
   * status answer does not say whether the card was tokenised, so the vault is asked (docs/decisions/024).
   */
  const tokenisedCard = async (customer: VaultCustomer, callback: VerifiedCallback): Promise<GatewayCard | null> => {
    const last4 = callback.cardLast4;
    if (callback.status !== 'success' || callback.instrument?.type !== 'card' || !last4) return null;
    const cards = await listCards(customer);
    const matching = cards.filter((c) => c.last4 === last4);
    // Two tokens with the same last four digits cannot be told apart: keep neither rather than the wrong one.
    return matching.length === 1 ? (matching[0] as GatewayCard) : null;
  };

  /** Transaction Status: what became of an order id, or null when Paytm's answer does not describe it. */
  const orderStatus = async (ref: string, expectedAmount?: number): Promise<VerifiedCallback | null> => {
    const body = await call('/v3/order/status', { mid, orderId: ref });
    if (!body) return null;
    const info = resultOf(body);
    const status = STATUS[info.resultStatus ?? ''];
    const amount = rupeesTextToPaise(String(body.txnAmount ?? ''));
    // The answer must be about this order of this merchant (Paytm's status call checklist).
    if (!status || amount === null || body.orderId !== ref || body.mid !== mid) return null;
    if (expectedAmount !== undefined && amount !== expectedAmount) return null;
    const txnId = text(body.txnId);
    if (!txnId) return status === 'pending' ? { ref, gatewayPaymentId: '', status, amount, reason: null, instrument: null } : null;
    return {
      ref,
      gatewayPaymentId: txnId,
      status,
      amount,
      reason: status === 'failed' ? (text(info.resultMsg) ?? 'Payment failed') : null,
      instrument: paidInstrument(body.paymentMode, body.maskedCardNo, body.bankName, body.vpa),
      cardLast4: /(\d{4})$/.exec(text(body.maskedCardNo) ?? '')?.[1] ?? null,
    };
  };

  /** A callback or webhook form: checksum, merchant, currency, then the status call decides. */
  const confirmForm = async (fields: Record<string, string>): Promise<CallbackCheck> => {
    const ref = typeof fields.ORDERID === 'string' ? fields.ORDERID.slice(0, 100) : null;
    if (!verifyPaytmChecksum({ ...fields }, key)) return { ok: false, reason: 'bad checksum', ref };
    return confirmSigned(fields);
  };

  /**
   * Paytm's JSON webhook (`{ head: { signature }, body }`, the signature over the body as the JSON APIs sign it):
   * the body's camelCase fields, checked like a form's. A signed notification about a refund (its `refId`) names
   * no payment to apply: ignored.
   */
  const confirmJson = async (envelope: { head?: unknown; body?: unknown }): Promise<CallbackCheck> => {
    const body = envelope.body && typeof envelope.body === 'object' ? (envelope.body as Record<string, unknown>) : null;
    const signature = (envelope.head as { signature?: unknown } | undefined)?.signature;
    const ref = text(body?.orderId);
    if (!body || typeof signature !== 'string' || !verifyPaytmText(JSON.stringify(body), signature, key))
      return { ok: false, reason: 'bad checksum', ref };
    if (body.refId !== undefined) return { ok: false, reason: 'refund notification', ref, ignore: true };
    const amount = body.txnAmount && typeof body.txnAmount === 'object' ? (body.txnAmount as { value?: unknown }).value : body.txnAmount;
    const status = body.status ?? (body.resultInfo as { resultStatus?: unknown } | undefined)?.resultStatus;
    const fields: Record<string, string> = {};
    const put = (k: string, v: unknown) => {
      if (typeof v === 'string') fields[k] = v;
    };
    put('ORDERID', body.orderId);
    put('MID', body.mid);
    put('TXNID', body.txnId);
    put('TXNAMOUNT', amount);
    put('STATUS', status);
    put('CURRENCY', body.currency);
    put('BIN_NUMBER', body.binNumber);
    return confirmSigned(fields);
  };

  /** Fields whose signature held: merchant, currency, then the status call decides. */
  const confirmSigned = async (fields: Record<string, string>): Promise<CallbackCheck> => {
    const ref = typeof fields.ORDERID === 'string' ? fields.ORDERID.slice(0, 100) : null;
    if (fields.MID !== mid) return { ok: false, reason: 'callback for another merchant', ref };
    if (fields.CURRENCY !== undefined && fields.CURRENCY !== 'INR') return { ok: false, reason: 'currency is not INR', ref };
    const amount = rupeesTextToPaise(fields.TXNAMOUNT);
    if (!ref || !STATUS[fields.STATUS ?? ''] || amount === null) return { ok: false, reason: 'malformed callback', ref };
    const confirmed = await orderStatus(ref, amount).catch(() => null);
    if (!confirmed) return { ok: false, reason: 'status could not be confirmed with the gateway', ref };
    if (fields.TXNID && confirmed.gatewayPaymentId && fields.TXNID !== confirmed.gatewayPaymentId && confirmed.status === 'success')
      return { ok: false, reason: 'transaction id does not match the status call', ref };
    const instrument = confirmed.instrument;
    // The status call may leave out the card prefix the callback carried; the callback's is signed too.
    if (instrument && !instrument.card_bin && fields.BIN_NUMBER && /^\d{6,8}$/.test(fields.BIN_NUMBER))
      instrument.card_bin = fields.BIN_NUMBER.slice(0, 6);
    return { ok: true, callback: { ...confirmed, instrument } };
  };

  const refundStatus = async (payment: GatewayPayment, idempotencyKey: string): Promise<RefundResult | null> => {
    const body = await call('/v2/refund/status', { mid, orderId: payment.ref, refId: gatewayRefundId(idempotencyKey) });
    // An answer whose signature fails says nothing, least of all that the refund is unknown.
    if (!body) throw new Error('Paytm refund status answer was not signed');
    const s = resultOf(body).resultStatus;
    const refundId = text(body.refundId);
    if (s === 'TXN_SUCCESS') return { status: 'success', refundId };
    if (s === 'PENDING') return { status: 'pending', refundId };
    if (s === 'TXN_FAILURE' && refundId) return { status: 'failed', refundId };
    return null;
  };

  return {
    name: 'paytm',
    async initiate(payment: GatewayPayment, urls) {
      const body = await call(
        `/theia/api/v1/initiateTransaction?mid=${encodeURIComponent(mid)}&orderId=${encodeURIComponent(payment.ref)}`,
        {
          requestType: 'Payment',
          mid,
          websiteName: config.PAYTM_WEBSITE,
          orderId: payment.ref,
          callbackUrl: `${urls.origin}${PAYTM_CALLBACK_PATH}`,
          txnAmount: { value: decimalRupees(payment.amount), currency: 'INR' },
          // The custId names the customer's card-on-file tokens: Paytm's page lists them (docs/decisions/024).
          userInfo: { custId: paytmCustomerId(payment.customer) },
          // Paying with a saved card: the page opens on cards alone, the customer's saved ones listed, asking only
          // for the CVV. Paytm's hosted page takes no card token at initiation (its Process Transaction API,
          // which does, needs the CVV through the store's servers).
          ...(payment.savedCardToken ? { enablePaymentMode: [{ mode: 'CREDIT_CARD' }, { mode: 'DEBIT_CARD' }] } : {}),
        },
      );
      const txnToken = text(body?.txnToken);
      if (resultOf(body).resultStatus !== 'S' || !txnToken)
        throw new Error(`Paytm initiate failed: ${resultOf(body).resultMsg ?? 'no answer'}`);
      return { url: paytmPaymentPage(host, mid, payment.ref), method: 'POST', fields: { mid, orderId: payment.ref, txnToken } };
    },
    verifyCallback: confirmForm,
    // Paytm's webhook posts the callback's fields, checksummed the same way, or JSON (`{ head, body }`) as its
    // integration reference describes it (https://paytmpayments.com/docs/success-refund-webhook shows the shape).
    async verifyWebhook({ body }) {
      if (!body || typeof body !== 'object') return { ok: false, reason: 'malformed webhook', ref: null };
      if ('head' in body && 'body' in body) return confirmJson(body as { head?: unknown; body?: unknown });
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
      return confirmForm(fields);
    },
    status: (payment) => orderStatus(payment.ref, payment.amount),
    refundRefusal: paytmRefundRefusal,
    async refund({ payment, amount, idempotencyKey }): Promise<RefundResult> {
      if (paytmRefundRefusal({ payment, amount })) return { status: 'failed', refundId: null };
      const body = await call('/refund/apply', {
        mid,
        txnType: 'REFUND',
        orderId: payment.ref,
        txnId: payment.gatewayPaymentId ?? '',
        refId: gatewayRefundId(idempotencyKey),
        refundAmount: decimalRupees(amount),
      });
      if (!body) throw new Error('Paytm refund answer was not signed');
      const info = resultOf(body);
      // The refund exists, or another of the order's is being paid: its status, not this answer, says where it stands.
      if (REFUND_EXISTS.has(info.resultCode ?? ''))
        return (await refundStatus(payment, idempotencyKey)) ?? { status: 'pending', refundId: null };
      const refundId = text(body.refundId);
      if (info.resultStatus === 'TXN_SUCCESS') return { status: 'success', refundId };
      if (info.resultStatus === 'PENDING') return { status: 'pending', refundId };
      // Refused: failed only when the refund's own status by refId does not know it otherwise (a refund raised by an
      // earlier request that was never answered is paid once, not again by hand).
      return (await refundStatus(payment, idempotencyKey)) ?? { status: 'failed', refundId };
    },
    refundStatus: ({ payment, idempotencyKey }) => refundStatus(payment, idempotencyKey),
    // Paytm's card-on-file tokens (docs/decisions/024-saved-cards.md): Fetch Saved Cards and Delete Card, keyed by
    // mid and custId; the token kept is the card's savedCardId.
    savedCards: {
      list: (customer) => listCards(customer),
      async remove(customer, token) {
        const custId = paytmCustomerId(customer);
        const body = await vaultCall(`/savedcardservice/card/delete?mid=${encodeURIComponent(mid)}&custId=${encodeURIComponent(custId)}`, {
          mid,
          custId,
          cardId: token,
          requestedBy: 'CUSTOMER',
          reason: 'Removed by the customer from their saved cards',
          reasonCode: 'CUSTOMER_CONFIRMED',
          isParRequest: false,
        });
        if ((body.resultStatus ?? resultOf(body).resultStatus) === 'S') return true;
        // A card Paytm no longer holds is removed as far as the store is concerned.
        return !(await listCards(customer)).some((c) => c.token === token);
      },
      paidWith: (customer, callback) => tokenisedCard(customer, callback),
    },
  };
}

/** True when a head.signature of Paytm's JSON APIs matches the body text under the merchant key. */
function verifyPaytmText(bodyText: string, signature: string, key: string): boolean {
  const decrypted = decryptChecksum(signature, key);
  if (!decrypted || decrypted.length < 5) return false;
  return safeEqual(PaytmChecksum.calculateHash(bodyText, decrypted.slice(-4)), decrypted);
}
