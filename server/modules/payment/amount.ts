import type { BankOfferView, PaymentInstrument, PaymentInstrumentType } from '../../../schemas/cart.ts';
import { type InstrumentDetails, PAYMENT_METHODS, type PaymentOfferGroup } from '../../../schemas/payment.ts';
import { type BankOfferRule, bankOfferViews, bestBankOffer } from '../cart/index.ts';

// The one rule for the amount a payment attempt charges (SPEC §6 bank offers): the order's total less the best
// bank offer the instrument qualifies for, on the value after coupon. The payment page's Pay button (offer-list),
// the attempt handed to the gateway, and so the failure page and every message, all read it from here.

/** What an order's money is, as the rule reads it. */
export interface PayableOrder {
  total: number;
  item_total: number;
  coupon_discount: number;
}

/** Bank offers apply to the value after coupon (the cart's rule). */
export const offerBase = (o: PayableOrder) => o.item_total - o.coupon_discount;

/** The instrument type of an online method (SPEC §9 codes); null for pay on delivery or an unknown code. */
export const instrumentOfMethod = (method: number): PaymentInstrumentType | null =>
  (PAYMENT_METHODS.find((m) => m.code === method)?.instrument ?? null) as PaymentInstrumentType | null;

/** What a bank offer is checked against: the method's instrument with the bank (or wallet) and card prefix given. */
export function offerInstrument(instrument: PaymentInstrumentType, details: InstrumentDetails): PaymentInstrument {
  return { instrument, bank: details.bank ?? details.wallet, card_bin: details.card_bin };
}

export interface PayableAmount {
  /** The order's total before any bank offer, paise. */
  total: number;
  /** The bank offer's saving, paise (0 without one). */
  discount: number;
  offer: BankOfferRule | null;
  /** What the attempt charges: total − discount. */
  amount: number;
}

/** SPEC §6 bank offers: the amount to pay for `order` with `payment` (null: no instrument chosen yet). */
export function payableAmount(
  order: PayableOrder,
  offers: readonly BankOfferRule[],
  payment: PaymentInstrument | null,
  now: Date,
): PayableAmount {
  const best = payment ? bestBankOffer(offers, payment, offerBase(order), now) : null;
  const discount = best?.discount ?? 0;
  return { total: order.total, discount, offer: best?.offer ?? null, amount: order.total - discount };
}

/**
 * The offers listed under each online method they apply to (card offers under cards, net banking under net
 * banking…), each checked against the instrument when the shopper has chosen that method.
 */
export function offersByMethod(
  order: PayableOrder,
  offers: readonly BankOfferRule[],
  payment: PaymentInstrument | null,
  now: Date,
): PaymentOfferGroup[] {
  const groups: PaymentOfferGroup[] = [];
  for (const m of PAYMENT_METHODS) {
    if (!m.instrument) continue;
    const own = offers.filter((o) => o.instrument === m.instrument);
    const chosen = payment?.instrument === m.instrument ? payment : null;
    const views: BankOfferView[] = bankOfferViews(own, chosen, offerBase(order), now).offers;
    groups.push({ code: m.code, instrument: m.instrument, offers: views });
  }
  return groups;
}
