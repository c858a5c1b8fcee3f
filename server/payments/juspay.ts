import type { PaymentConfig } from './config.ts';
import type { CallbackCheck, GatewayPayment, PaymentGateway, RefundResult, VerifiedCallback } from './gateway.ts';
import { fetchWithTimeout, hmacBase64, paiseToRupeesText, safeEqual } from './signing.ts';

// Juspay: a payment session is created server to server; the shopper returns to the app with signed query
// parameters, posted to /api/payment/verify-juspay-transaction. Juspay's official node SDK is an API client with
// no return-URL check, so the signature is checked as Juspay documents it (juspayReturnSignature), and the status
// is then confirmed with Juspay's order-status call before anything is finalized.

export const JUSPAY_RETURN_PATH = '/api/payment/verify-juspay-transaction';

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

const STATUS: Record<string, VerifiedCallback['status']> = {
  CHARGED: 'success',
  PENDING: 'pending',
  PENDING_VBV: 'pending',
  AUTHORIZING: 'pending',
  STARTED: 'pending',
  NEW: 'pending',
  AUTHENTICATION_FAILED: 'failed',
  AUTHORIZATION_FAILED: 'failed',
  JUSPAY_DECLINED: 'failed',
};

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

export function createJuspayGateway(config: PaymentConfig, deps: { fetch?: typeof fetch } = {}): PaymentGateway {
  const fetchImpl = deps.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${config.JUSPAY_API_KEY}:`).toString('base64')}`;
  const headers = { authorization: auth, 'x-merchantid': config.JUSPAY_MERCHANT_ID, version: '2023-06-30' };

  const orderStatus = async (ref: string): Promise<VerifiedCallback | null> => {
    const res = await fetchWithTimeout(fetchImpl, `${config.JUSPAY_BASE_URL}/orders/${encodeURIComponent(ref)}`, { headers });
    if (!res.ok) return null;
    const body = (await res.json()) as { order_id?: string; status?: string; amount?: number; txn_id?: string; bank_error_message?: string };
    const status = STATUS[body.status ?? ''];
    if (body.order_id !== ref || !status || typeof body.amount !== 'number' || !Number.isFinite(body.amount)) return null;
    return {
      ref,
      gatewayPaymentId: body.txn_id || `juspay_${ref}`,
      status,
      amount: Math.round(body.amount * 100),
      reason: status === 'failed' ? (body.bank_error_message ?? 'Payment failed') : null,
    };
  };

  return {
    name: 'juspay',
    async initiate(payment: GatewayPayment, urls) {
      const res = await fetchWithTimeout(fetchImpl, `${config.JUSPAY_BASE_URL}/session`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          order_id: payment.ref,
          amount: paiseToRupeesText(payment.amount),
          customer_id: `cust_${payment.customer.id}`,
          customer_email: payment.customer.email ?? undefined,
          customer_phone: payment.customer.mobile ?? undefined,
          payment_page_client_id: config.JUSPAY_MERCHANT_ID,
          action: 'paymentPage',
          return_url: `${urls.origin}${JUSPAY_RETURN_PATH}`,
          currency: 'INR',
        }),
      });
      const body = (await res.json().catch(() => ({}))) as { payment_links?: { web?: string } };
      const url = body.payment_links?.web;
      if (!res.ok || !url) throw new Error(`Juspay session failed (HTTP ${res.status})`);
      return { url, method: 'GET', fields: {} };
    },
    async verifyCallback(fields): Promise<CallbackCheck> {
      const ref = typeof fields.order_id === 'string' ? fields.order_id.slice(0, 100) : null;
      const given = typeof fields.signature === 'string' ? safeDecode(fields.signature) : null;
      if (!ref || !given) return { ok: false, reason: 'malformed return', ref };
      if (fields.signature_algorithm && fields.signature_algorithm !== 'HMAC-SHA256') return { ok: false, reason: 'unknown signature algorithm', ref };
      if (!safeEqual(juspayReturnSignature(fields, config.JUSPAY_RESPONSE_KEY), given)) return { ok: false, reason: 'bad signature', ref };
      // A signed return URL says where the shopper came back from, not that money moved: ask Juspay.
      const confirmed = await orderStatus(ref).catch(() => null);
      if (!confirmed) return { ok: false, reason: 'status could not be confirmed with the gateway', ref };
      return { ok: true, callback: confirmed };
    },
    status: (payment) => orderStatus(payment.ref),
    async refund({ payment, amount, idempotencyKey }): Promise<RefundResult> {
      const res = await fetchWithTimeout(fetchImpl, `${config.JUSPAY_BASE_URL}/orders/${encodeURIComponent(payment.ref)}/refunds`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ unique_request_id: idempotencyKey, amount: paiseToRupeesText(amount) }).toString(),
      });
      if (!res.ok) return { status: 'failed', refundId: null };
      const body = (await res.json()) as { refunds?: Array<{ unique_request_id?: string; status?: string; id?: string }> };
      const r = body.refunds?.find((x) => x.unique_request_id === idempotencyKey);
      return { status: r?.status === 'SUCCESS' ? 'success' : r?.status === 'FAILURE' ? 'failed' : 'pending', refundId: r?.id ?? null };
    },
  };
}
