// The conversion feed's names, funnel steps and PII normalisation (SPEC §4, §7), without zod: the browser's
// providers import them without building the feed's schemas; schemas/events.ts re-exports them.

/** Event names the feed accepts, with their funnel step (SPEC §4) where they have one. */
export const CONVERSION_EVENTS = [
  'ViewCart',
  'InitiateCheckout',
  'OrderConfirmation',
  'PaymentInitiated',
  'AddPaymentInfo',
  'Purchase',
] as const;
export type ConversionEventName = (typeof CONVERSION_EVENTS)[number];
/**
 * SPEC §4 checkout funnel: the one table of steps. `store_event` is the shopper event (events/catalogue.ts) that
 * marks the step, `event_name` its name in the conversion feed; providers and the funnel report read it from here.
 */
export const FUNNEL_STEPS = [
  { step: 1, store_event: 'view_cart', event_name: 'ViewCart', label: 'Cart view' },
  { step: 2, store_event: 'begin_checkout', event_name: 'InitiateCheckout', label: 'Begin checkout' },
  { step: 3, store_event: 'checkout_initiated', event_name: 'OrderConfirmation', label: 'Order confirmation' },
  { step: 4, store_event: 'payment_initiated', event_name: 'PaymentInitiated', label: 'Payment view' },
  { step: 5, store_event: 'add_payment_info', event_name: 'AddPaymentInfo', label: 'Add payment info' },
] as const satisfies readonly { step: 1 | 2 | 3 | 4 | 5; store_event: string; event_name: ConversionEventName; label: string }[];
export type FunnelStep = (typeof FUNNEL_STEPS)[number]['step'];

/** PII is normalised the same way in the browser and on the server before SHA-256, so both give one hash. */
export { normaliseEmail as normalizeEmail } from './text.ts';
/**
 * Digits only, always with the country code, as Meta's and Google's hashing rules ask: `+` or an international `00`
 * prefix keeps the number's own code, a trunk `0` before ten digits and a bare ten-digit mobile are India's (+91).
 */
export function normalizePhone(phone: string): string {
  const text = phone.trim();
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return `91${digits.slice(1)}`;
  return digits.length === 10 ? `91${digits}` : digits;
}
export const isSha256Hex = (value: string): boolean => /^[a-f0-9]{64}$/i.test(value);

// Meta's optional match keys, normalised as its Business SDK does before SHA-256 (Conversions API, "Customer
// Information Parameters"): names lowercase without punctuation, city lowercase letters only, postal code without
// spaces or dashes, country the lowercase two-letter ISO code.
export const normalizeName = (v: string): string =>
  v
    .trim()
    .toLowerCase()
    .replace(/[\p{P}\p{S}\s]/gu, '');
export const normalizeCity = (v: string): string => v.toLowerCase().replace(/[^\p{L}]/gu, '');
export const normalizeZip = (v: string): string => v.trim().toLowerCase().replace(/[\s-]/g, '');
export const normalizeCountry = (v: string): string => {
  const c = v
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return c === 'india' ? 'in' : c.length === 2 ? c : '';
};
