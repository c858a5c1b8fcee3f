// Small pure rules the checkout funnel shares with its pages: payment groups by SPEC §9 code, call errors,
// idempotency keys.
import type { PaymentMethodCode } from '../schemas/payment.ts';

/** SPEC §4 payment instrument groups as the event catalogue names them. */
export type PaymentGroup = 'upi' | 'card' | 'netbanking' | 'wallet' | 'cod';

/** SPEC §9: 1 UPI, 2 cards, 3 net banking, 4 pay on delivery, 6 wallets. */
export function groupOfMethod(code: PaymentMethodCode): PaymentGroup {
  switch (code) {
    case 1:
      return 'upi';
    case 2:
      return 'card';
    case 3:
      return 'netbanking';
    case 4:
      return 'cod';
    case 6:
      return 'wallet';
  }
}

/** A failed call as the API client throws it (SPEC §8 normalised error). */
export interface CallError {
  message?: string;
  response?: { status?: number; data?: { message?: string } };
}

export const CHECKOUT_ERROR = 'Something went wrong. Please try again.';

export const errorStatus = (error: unknown): number | null => (error as CallError | null)?.response?.status ?? null;

export function errorMessage(error: unknown): string {
  const e = error as CallError | null;
  return e?.response?.data?.message || e?.message || CHECKOUT_ERROR;
}

/** Idempotency-Key header value (schemas/order.ts: 8–100 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
