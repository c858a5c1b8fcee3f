import { SandboxCallbackRequest } from '../../schemas/payment.ts';
import type { Db } from '../db/database.ts';
import type { CallbackCheck, GatewayPayment, PaymentGateway, RefundResult, VerifiedCallback } from './gateway.ts';
import { hmacHex, safeEqual } from './signing.ts';

// The local sandbox gateway (ARCHITECTURE.md "Payments"): a hosted page served by the app where the shopper
// picks success, failure or pending; each choice posts back a form signed with HMAC-SHA256, exactly as a real
// gateway's callback would. Refunds succeed at once and are recorded in payment_refunds.

export const SANDBOX_CHECKOUT_PATH = '/api/payment/sandbox/checkout';
export const SANDBOX_CALLBACK_PATH = '/api/payment/sandbox/callback';

export type SandboxStatus = 'success' | 'failed' | 'pending';

/** The gateway's payment id for an attempt: stable, so every callback of one attempt names the same payment. */
export const sandboxPaymentId = (secret: string, ref: string) => `sbx_${hmacHex(secret, `pay|${ref}`).slice(0, 24)}`;

const callbackText = (f: { ref: string; payment_id: string; status: string; amount: string; instrument: string }) =>
  [f.ref, f.payment_id, f.status, f.amount, f.instrument].join('|');

/** The signed fields of one outcome button on the hosted page. */
export function signSandboxCallback(secret: string, payment: { ref: string; amount: number; instrument: string | null }, status: SandboxStatus) {
  const fields = {
    ref: payment.ref,
    payment_id: sandboxPaymentId(secret, payment.ref),
    status,
    amount: String(payment.amount),
    instrument: payment.instrument ?? 'upi',
  };
  return { ...fields, signature: hmacHex(secret, callbackText(fields)) };
}

/** The hosted page's own link carries a signature, so pages exist only for attempts this server created. */
export const sandboxPageSignature = (secret: string, ref: string) => hmacHex(secret, `page|${ref}`);

export function createSandboxGateway(deps: { db: Db; secret: string; pendingSettleS: number; now?: () => Date }): PaymentGateway {
  const { db, secret } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    name: 'sandbox',
    async initiate(payment) {
      const url = `${SANDBOX_CHECKOUT_PATH}?ref=${encodeURIComponent(payment.ref)}&sig=${sandboxPageSignature(secret, payment.ref)}`;
      return { url, method: 'GET', fields: {} };
    },
    async verifyCallback(fields): Promise<CallbackCheck> {
      const parsed = SandboxCallbackRequest.safeParse(fields);
      const ref = typeof fields.ref === 'string' ? fields.ref.slice(0, 100) : null;
      if (!parsed.success) return { ok: false, reason: 'malformed callback', ref };
      const f = parsed.data;
      if (!safeEqual(hmacHex(secret, callbackText(f)), f.signature)) return { ok: false, reason: 'bad signature', ref };
      const callback: VerifiedCallback = {
        ref: f.ref,
        gatewayPaymentId: f.payment_id,
        status: f.status,
        amount: Number(f.amount),
        reason: f.status === 'failed' ? 'The payment was declined by the bank (sandbox).' : null,
      };
      return { ok: true, callback };
    },
    async status(payment: GatewayPayment) {
      const row = await db
        .selectFrom('payments')
        .select(['status', 'amount', 'gateway_payment_id', 'created_at'])
        .where('gateway_order_ref', '=', payment.ref)
        .executeTakeFirst();
      if (!row || row.status !== 'pending' || !row.gateway_payment_id) return null;
      // A pending sandbox payment settles after a while, like a UPI collect request the shopper approves later.
      const settled = now().getTime() - new Date(row.created_at).getTime() >= deps.pendingSettleS * 1000;
      return { ref: payment.ref, gatewayPaymentId: row.gateway_payment_id, status: settled ? 'success' : 'pending', amount: row.amount, reason: null };
    },
    async refund({ payment, amount, idempotencyKey }): Promise<RefundResult> {
      const row = await db.selectFrom('payments').select(['id']).where('gateway_order_ref', '=', payment.ref).executeTakeFirst();
      if (!row) return { status: 'failed', refundId: null };
      const refundId = `sbx_rfnd_${hmacHex(secret, `refund|${idempotencyKey}`).slice(0, 20)}`;
      await db
        .insertInto('payment_refunds')
        .values({ payment_id: row.id, amount, idempotency_key: idempotencyKey, status: 'success', gateway_refund_id: refundId, reason: null })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return { status: 'success', refundId };
    },
  };
}
