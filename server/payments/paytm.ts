import { createDecipheriv } from 'node:crypto';
import PaytmChecksum from 'paytmchecksum';
import type { PaymentConfig } from './config.ts';
import type { CallbackCheck, GatewayPayment, PaymentGateway, RefundResult, VerifiedCallback } from './gateway.ts';
import { fetchWithTimeout, paiseToRupeesText, rupeesTextToPaise, safeEqual } from './signing.ts';

// Paytm: the shopper's browser posts a checksummed form to Paytm's hosted page; Paytm posts the result to
// /api/payment/paytm-callback-url, verified with Paytm's own checksum package (paytmchecksum).
// Its verifySignature deletes CHECKSUMHASH from the object passed, compares with === and prints to the console on
// a bad checksum, so the check below uses the package's hashing on a copy, its own quiet AES decrypt and a
// constant-time comparison.

export const PAYTM_CALLBACK_PATH = '/api/payment/paytm-callback-url';

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

export function createPaytmGateway(config: PaymentConfig, deps: { fetch?: typeof fetch } = {}): PaymentGateway {
  const key = config.PAYTM_MERCHANT_KEY;
  const fetchImpl = deps.fetch ?? fetch;
  const signedJson = async (body: Record<string, unknown>) => {
    const signature = await PaytmChecksum.generateSignature(JSON.stringify(body), key);
    return JSON.stringify({ body, head: { signature } });
  };
  return {
    name: 'paytm',
    async initiate(payment: GatewayPayment, urls) {
      const fields: Record<string, string> = {
        MID: config.PAYTM_MID,
        ORDER_ID: payment.ref,
        CUST_ID: `CUST${payment.customer.id}`,
        TXN_AMOUNT: paiseToRupeesText(payment.amount),
        CHANNEL_ID: 'WEB',
        INDUSTRY_TYPE_ID: 'Retail',
        WEBSITE: 'WEBSTAGING',
        CALLBACK_URL: `${urls.origin}${PAYTM_CALLBACK_PATH}`,
      };
      fields.CHECKSUMHASH = await PaytmChecksum.generateSignature(fields, key);
      return { url: config.PAYTM_HOSTED_URL, method: 'POST', fields };
    },
    async verifyCallback(fields): Promise<CallbackCheck> {
      const ref = typeof fields.ORDERID === 'string' ? fields.ORDERID.slice(0, 100) : null;
      if (!verifyPaytmChecksum({ ...fields }, key)) return { ok: false, reason: 'bad checksum', ref };
      if (fields.MID !== config.PAYTM_MID) return { ok: false, reason: 'callback for another merchant', ref };
      const status = STATUS[fields.STATUS ?? ''];
      const amount = rupeesTextToPaise(fields.TXNAMOUNT);
      if (!ref || !status || amount === null || !fields.TXNID) return { ok: false, reason: 'malformed callback', ref };
      return {
        ok: true,
        callback: { ref, gatewayPaymentId: fields.TXNID, status, amount, reason: status === 'failed' ? (fields.RESPMSG ?? 'Payment failed') : null },
      };
    },
    async status(payment) {
      const res = await fetchWithTimeout(fetchImpl, config.PAYTM_STATUS_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await signedJson({ mid: config.PAYTM_MID, orderId: payment.ref }),
      });
      if (!res.ok) return null;
      const body = ((await res.json()) as { body?: Record<string, unknown> }).body ?? {};
      const info = (body.resultInfo ?? {}) as { resultStatus?: string; resultMsg?: string };
      const status = STATUS[info.resultStatus ?? ''];
      const amount = rupeesTextToPaise(String(body.txnAmount ?? ''));
      if (!status || amount === null || typeof body.txnId !== 'string') return null;
      return { ref: payment.ref, gatewayPaymentId: body.txnId, status, amount, reason: status === 'failed' ? (info.resultMsg ?? null) : null };
    },
    async refund({ payment, amount, idempotencyKey }): Promise<RefundResult> {
      const res = await fetchWithTimeout(fetchImpl, config.PAYTM_REFUND_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await signedJson({
          mid: config.PAYTM_MID,
          txnType: 'REFUND',
          orderId: payment.ref,
          txnId: payment.gatewayPaymentId ?? '',
          refId: idempotencyKey,
          refundAmount: paiseToRupeesText(amount),
        }),
      });
      if (!res.ok) return { status: 'failed', refundId: null };
      const body = ((await res.json()) as { body?: { refundId?: string; resultInfo?: { resultStatus?: string } } }).body;
      const s = body?.resultInfo?.resultStatus;
      return { status: s === 'TXN_SUCCESS' ? 'success' : s === 'PENDING' ? 'pending' : 'failed', refundId: body?.refundId ?? null };
    },
  };
}
