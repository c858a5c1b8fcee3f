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
/** Digits only, with India's country code when a bare 10-digit mobile is given (ad platforms expect it). */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
}
export const isSha256Hex = (value: string): boolean => /^[a-f0-9]{64}$/i.test(value);
