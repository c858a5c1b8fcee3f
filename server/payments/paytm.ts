import { createDecipheriv } from 'node:crypto';
import PaytmChecksum from 'paytmchecksum';
import type { PaymentConfig } from './config.ts';
import type { CallbackCheck, GatewayPayment, PaidInstrument, PaymentGateway, RefundResult, VerifiedCallback } from './gateway.ts';
import { fetchWithTimeout, gatewayRefundId, paiseToRupeesText, rupeesTextToPaise, safeEqual } from './signing.ts';

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
/** "Refund Already Raised": the refId was used before; the refund's status says where it stands. */
const REFUND_ALREADY_RAISED = '617';

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
    };
  };

  /** A callback or webhook form: checksum, merchant, currency, then the status call decides. */
  const confirmForm = async (fields: Record<string, string>): Promise<CallbackCheck> => {
    const ref = typeof fields.ORDERID === 'string' ? fields.ORDERID.slice(0, 100) : null;
    if (!verifyPaytmChecksum({ ...fields }, key)) return { ok: false, reason: 'bad checksum', ref };
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
    const s = resultOf(body).resultStatus;
    const refundId = text(body?.refundId);
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
          txnAmount: { value: paiseToRupeesText(payment.amount), currency: 'INR' },
          userInfo: { custId: `CUST${payment.customer.id}` },
        },
      );
      const txnToken = text(body?.txnToken);
      if (resultOf(body).resultStatus !== 'S' || !txnToken)
        throw new Error(`Paytm initiate failed: ${resultOf(body).resultMsg ?? 'no answer'}`);
      return { url: paytmPaymentPage(host, mid, payment.ref), method: 'POST', fields: { mid, orderId: payment.ref, txnToken } };
    },
    verifyCallback: confirmForm,
    // Paytm's webhook posts the callback's fields, checksummed the same way.
    async verifyWebhook({ body }) {
      if (!body || typeof body !== 'object') return { ok: false, reason: 'malformed webhook', ref: null };
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
      return confirmForm(fields);
    },
    status: (payment) => orderStatus(payment.ref, payment.amount),
    async refund({ payment, amount, idempotencyKey }): Promise<RefundResult> {
      const body = await call('/refund/apply', {
        mid,
        txnType: 'REFUND',
        orderId: payment.ref,
        txnId: payment.gatewayPaymentId ?? '',
        refId: gatewayRefundId(idempotencyKey),
        refundAmount: paiseToRupeesText(amount),
      });
      const info = resultOf(body);
      // A repeated refId means the refund exists: its status, not this answer, says where it stands.
      if (info.resultCode === REFUND_ALREADY_RAISED)
        return (await refundStatus(payment, idempotencyKey)) ?? { status: 'pending', refundId: null };
      const refundId = text(body?.refundId);
      if (info.resultStatus === 'TXN_SUCCESS') return { status: 'success', refundId };
      if (info.resultStatus === 'PENDING') return { status: 'pending', refundId };
      if (!body) throw new Error('Paytm refund answer was not signed');
      return { status: 'failed', refundId };
    },
    refundStatus: ({ payment, idempotencyKey }) => refundStatus(payment, idempotencyKey),
  };
}

/** True when a head.signature of Paytm's JSON APIs matches the body text under the merchant key. */
function verifyPaytmText(bodyText: string, signature: string, key: string): boolean {
  const decrypted = decryptChecksum(signature, key);
  if (!decrypted || decrypted.length < 5) return false;
  return safeEqual(PaytmChecksum.calculateHash(bodyText, decrypted.slice(-4)), decrypted);
}
