import type { BankOfferView, PaymentInstrument } from '../../../schemas/cart.ts';
import { formatPaise } from '../../../schemas/money.ts';
import type { Db } from '../../db/database.ts';
import { couponDiscount, formatDate } from './coupon-rules.ts';

// Bank offers: listed on the cart and checked against the payment instrument. Checkout reuses
// `findBankOfferForPayment` when the shopper pays, so the cart and the payment page agree.

export interface BankOfferRule {
  id: number;
  bank: string;
  /** card, netbanking, upi or wallet */
  instrument: string;
  card_bins: readonly string[];
  kind: 'percent' | 'flat';
  value: number;
  max_discount: number | null;
  min_cart: number;
  description: string;
  starts_at: Date;
  ends_at: Date;
}

export type BankOfferResult = { ok: true; discount: number } | { ok: false; reason: string };

const INSTRUMENT_WORDS: Record<string, string> = { card: 'cards', netbanking: 'net banking', upi: 'UPI', wallet: 'wallets' };

// "ICICI Bank" and "icici" name the same bank.
const bankKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/\bbank\b/g, '')
    .replace(/[^a-z0-9]/g, '');

/** True when an offer's bank is "Any …" (any UPI app, any wallet). */
const anyBank = (offer: BankOfferRule) => /^any\b/i.test(offer.bank);

/** Checks one offer for an instrument and an amount (the cart value after coupon, paise). */
export function checkBankOffer(offer: BankOfferRule, payment: PaymentInstrument, amount: number, now: Date): BankOfferResult {
  if (now < offer.starts_at) return { ok: false, reason: `This offer starts on ${formatDate(offer.starts_at)}.` };
  if (now > offer.ends_at) return { ok: false, reason: `This offer ended on ${formatDate(offer.ends_at)}.` };
  const forWhat = anyBank(offer)
    ? INSTRUMENT_WORDS[offer.instrument]
    : `${offer.bank} ${INSTRUMENT_WORDS[offer.instrument] ?? offer.instrument}`;
  if (payment.instrument !== offer.instrument) return { ok: false, reason: `This offer is for ${forWhat} only.` };
  if (offer.instrument === 'card' && offer.card_bins.length > 0) {
    if (!payment.card_bin) return { ok: false, reason: `Enter your card number to check this offer for ${forWhat}.` };
    // A BIN is a prefix of the card number (6 to 8 digits): the card's digits must start with one of the offer's.
    const bin = payment.card_bin;
    if (!offer.card_bins.some((b) => bin.startsWith(b)))
      return { ok: false, reason: `This card is not eligible: the offer is for ${forWhat} only.` };
  } else if (!anyBank(offer) && bankKey(payment.bank ?? '') !== bankKey(offer.bank)) {
    return { ok: false, reason: `This offer is for ${forWhat} only.` };
  }
  if (amount < offer.min_cart)
    return {
      ok: false,
      reason: `Add ${formatPaise(offer.min_cart - amount)} more to get this offer (minimum order ${formatPaise(offer.min_cart)}).`,
    };
  const discount = couponDiscount(offer, amount);
  return discount > 0 ? { ok: true, discount } : { ok: false, reason: 'This offer gives no discount on this order.' };
}

/** The offer giving the largest discount for the instrument, or null. */
export function bestBankOffer(
  offers: readonly BankOfferRule[],
  payment: PaymentInstrument,
  amount: number,
  now: Date,
): { offer: BankOfferRule; discount: number } | null {
  let best: { offer: BankOfferRule; discount: number } | null = null;
  for (const offer of offers) {
    const r = checkBankOffer(offer, payment, amount, now);
    if (r.ok && (!best || r.discount > best.discount)) best = { offer, discount: r.discount };
  }
  return best;
}

/** Offers marketing has not switched off whose validity window includes `now`. */
export async function loadBankOffers(db: Db, now = new Date()): Promise<BankOfferRule[]> {
  const rows = await db
    .selectFrom('bank_offers')
    .selectAll()
    .where('active', '=', true)
    .where('starts_at', '<=', now)
    .where('ends_at', '>=', now)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, kind: r.kind as 'percent' | 'flat', card_bins: r.card_bins ?? [] }));
}

/** For checkout: the best bank offer for this instrument and amount, checked against the database now. */
export async function findBankOfferForPayment(db: Db, payment: PaymentInstrument, amount: number, now = new Date()) {
  return bestBankOffer(await loadBankOffers(db, now), payment, amount, now);
}

/** The offers as the cart shows them; with an instrument, each is checked and the best one picked. */
export function bankOfferViews(
  offers: readonly BankOfferRule[],
  payment: PaymentInstrument | null,
  amount: number,
  now: Date,
): { offers: BankOfferView[]; best: BankOfferView | null } {
  const views = offers.map((o): BankOfferView => {
    const r = payment ? checkBankOffer(o, payment, amount, now) : null;
    return {
      id: o.id,
      bank: o.bank,
      instrument: o.instrument,
      description: o.description,
      kind: o.kind,
      value: o.value,
      max_discount: o.max_discount,
      min_cart: o.min_cart,
      valid_till: o.ends_at.toISOString(),
      applicable: r ? r.ok : null,
      discount: r?.ok ? r.discount : 0,
      reason: r && !r.ok ? r.reason : null,
    };
  });
  const best = views.filter((v) => v.applicable).sort((a, b) => b.discount - a.discount)[0] ?? null;
  return { offers: views, best };
}
