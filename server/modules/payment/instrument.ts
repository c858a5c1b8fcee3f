import type { PaymentInstrumentType } from '../../../schemas/cart.ts';
import { formatPaise } from '../../../schemas/money.ts';
import type { Db } from '../../db/database.ts';
import type { PaidInstrument } from '../../payments/index.ts';
import { checkBankOffer, loadBankOffers } from '../cart/index.ts';

// A bank offer prices an attempt from what the shopper says they will pay with; it stands only when the gateway
// reports an instrument that qualifies (SPEC §6 bank offers: card prefix, bank, UPI). A payment made with any
// other instrument never places the order at the discounted price: the payment goes back, and the shopper pays
// again, at the full price or with a qualifying instrument (docs/decisions/015-gateway-life-cycle.md).

/** What the shopper reads on the failed-payment page, and the staff in the queue. */
export const offerNotQualified = (discount: number) =>
  `The bank offer of ${formatPaise(discount)} needs the card, bank or UPI it was chosen for, and this payment was made with another. ` +
  'Your payment is being refunded in full; please pay again.';

/**
 * True when `used` qualifies for the bank offer the attempt was priced with, on the same order value and at the
 * time the attempt was made. An attempt without an offer always qualifies; an instrument the gateway did not
 * report never does.
 */
export async function offerStands(
  db: Db,
  attempt: { bank_offer_id: number | null; offer_discount: number; created_at: Date | string },
  offerBase: number,
  used: PaidInstrument | null | undefined,
): Promise<boolean> {
  if (attempt.offer_discount <= 0) return true;
  if (!used?.type) return false;
  const at = new Date(attempt.created_at);
  const offer = (await loadBankOffers(db, at)).find((o) => o.id === attempt.bank_offer_id);
  if (!offer) return false;
  const result = checkBankOffer(
    offer,
    { instrument: used.type as PaymentInstrumentType, bank: used.bank ?? undefined, card_bin: used.card_bin ?? undefined },
    offerBase,
    at,
  );
  return result.ok && result.discount >= attempt.offer_discount;
}
