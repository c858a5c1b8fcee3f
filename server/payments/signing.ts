import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Signature helpers shared by the adapters: HMAC-SHA256 and a constant-time comparison of text.

export const hmacHex = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('hex');
export const hmacBase64 = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('base64');

/** Constant-time equality of two strings (false for different lengths, without leaking where they differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "123.45" (rupees, at most two decimals) → 12345 paise; anything else → null. */
export function rupeesTextToPaise(text: string | undefined): number | null {
  if (!text || !/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** fetch with a timeout; gateways are called outside transactions and must never hang a request. */
export async function fetchWithTimeout(fetchImpl: typeof fetch, url: string, init: RequestInit, ms = 10_000): Promise<Response> {
  return fetchImpl(url, { ...init, signal: AbortSignal.timeout(ms) });
}

/**
 * A gateway refund id from our idempotency key: the same key always gives the same id, in the alphabet and
 * length the gateways accept (Juspay: alphanumeric, under 21 characters; Paytm's refId fits the same).
 */
export const gatewayRefundId = (idempotencyKey: string): string =>
  `R${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 19)}`;
