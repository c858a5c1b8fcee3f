import type { GatewayName, GatewayRedirect, PaymentOutcome } from '../../schemas/payment.ts';

// The one interface every payment gateway is used through (docs/decisions/006-gateway-adapters.md). Calls to a
// gateway happen outside database transactions; the adapters hold no state of their own (rows do).

export type { GatewayName };

/** One payment attempt as the adapter sees it. Amounts are paise. */
export interface GatewayPayment {
  /** Our reference for the attempt (payments.gateway_order_ref), unique per attempt. */
  ref: string;
  orderId: string;
  amount: number;
  method: number;
  instrument: string | null;
  customer: { id: number; email: string | null; mobile: string | null };
  gatewayPaymentId?: string | null;
}

/** A callback whose signature checked out: what the gateway says happened to an attempt. */
export interface VerifiedCallback {
  ref: string;
  gatewayPaymentId: string;
  status: Exclude<PaymentOutcome, 'expired'>;
  /** Paise, as the gateway reports it; checked against the attempt before anything changes. */
  amount: number;
  reason: string | null;
}

export type CallbackCheck = { ok: true; callback: VerifiedCallback } | { ok: false; reason: string; ref: string | null };

export interface RefundResult {
  status: 'success' | 'pending' | 'failed';
  refundId: string | null;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Where the shopper's browser goes to pay. `returnUrl` is where the gateway posts back. */
  initiate(payment: GatewayPayment, urls: { origin: string }): Promise<GatewayRedirect>;
  /** Checks a callback's signature (and, where the gateway asks for it, confirms it server to server); never throws. */
  verifyCallback(fields: Record<string, string>): Promise<CallbackCheck>;
  /** Asks the gateway, server to server, what became of an attempt (a return URL alone is never proof). */
  status(payment: GatewayPayment): Promise<VerifiedCallback | null>;
  /** Refunds part or all of a successful payment; the same idempotencyKey refunds once. */
  refund(input: { payment: GatewayPayment; amount: number; idempotencyKey: string }): Promise<RefundResult>;
}
