// The payment methods and their reporting names (SPEC §9), without zod: the payment page lists them in the browser,
// where zod does not travel (docs/decisions/008); schemas/payment.ts re-exports them beside its schemas.

/** SPEC §9: the method code of pay on delivery (COD); every other code is prepaid. The one place it is written. */
export const PAY_ON_DELIVERY = 4 as const;

/** SPEC §9: 1 UPI, 2 Debit & Credit Cards, 3 Net Banking, 4 Pay on delivery, 6 Wallets. */
export const PAYMENT_METHODS = [
  { code: 1, name: 'UPI', instrument: 'upi' },
  { code: 2, name: 'Debit & Credit Cards', instrument: 'card' },
  { code: 3, name: 'Net Banking', instrument: 'netbanking' },
  { code: 6, name: 'Wallets', instrument: 'wallet' },
  { code: 4, name: 'Pay on delivery', instrument: null },
] as const;

/** SPEC §9: the method's name for reporting; anything else is NA. */
export function paymentMethodName(code: number | null | undefined): string {
  return PAYMENT_METHODS.find((m) => m.code === code)?.name ?? 'NA';
}
/** SPEC §9: 4 is COD, everything else Prepaid. */
export const paymentMode = (code: number | null | undefined): 'COD' | 'Prepaid' => (code === PAY_ON_DELIVERY ? 'COD' : 'Prepaid');

/** SPEC §1: the card networks the store accepts, as the payment page names them. */
export const CARD_NETWORKS = ['MasterCard', 'RuPay', 'VISA', 'Amex'] as const;
export type CardNetwork = (typeof CARD_NETWORKS)[number];

/** A saved card is offered until the end of its expiry month (cards are valid through that month). */
export function cardExpired(card: { expiry_month: number; expiry_year: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return card.expiry_year < y || (card.expiry_year === y && card.expiry_month < m);
}

/**
 * Whether a gateway's hosted card form can start with the first digits the shopper gave the payment page (for bank
 * offers), so that they are typed once: the sandbox's page takes them in its link. Paytm's and Juspay's hosted
 * pages take no card digits at initiation (docs/decisions/006-gateway-adapters.md), so there the prefix is optional.
 */
export const cardDigitsCarryOver = (gateway: string): boolean => gateway === 'sandbox';
/** SPEC §4.7: an unpaid order whose time to pay ran out stays listed with this status. */
export const PAYMENT_NOT_RECEIVED = 'Payment not received — cancelled';
/** SPEC §4.7: where an order waiting for payment is paid, from any page, tab or device (the server knows the order). */
export const payNowPath = (orderId: string) => `/payment?orderId=${encodeURIComponent(orderId)}`;
