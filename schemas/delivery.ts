import type { DeliveryDays } from './account.ts';

// The delivery estimate's wording (zod-free: the product page, the cart and the address forms load it on the
// shopper's phone). docs/pincodes.md "Serviceability".

/** Where this device remembers the pincode a shopper last gave (the estimate, a saved address). */
export const DELIVERY_PINCODE_KEY = 'kasrat_delivery_pincode';

/** "Delivers in 3–6 days" (the address step and the address form). */
export const deliveryDaysText = (days: DeliveryDays): string =>
  days.min_days === days.max_days ? `Delivers in ${days.max_days} days` : `Delivers in ${days.min_days}–${days.max_days} days`;

/** "Fri, 11 Dec": the latest day of the estimate, in India's time zone. */
export function deliveryDate(days: DeliveryDays, now: Date): string {
  return new Date(now.getTime() + days.max_days * 86_400_000).toLocaleDateString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'Asia/Kolkata',
  });
}

/** Remembers a pincode for the next estimate on this device; storage failures are never shown (SPEC §8). */
export function rememberDeliveryPincode(pincode: string): void {
  try {
    if (/^[1-9]\d{5}$/.test(pincode)) localStorage.setItem(DELIVERY_PINCODE_KEY, pincode);
  } catch {
    // SPEC §8: storage failures are only logged, never shown; nothing to log here.
  }
}
