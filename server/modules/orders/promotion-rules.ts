import { formatPaise } from '../../../schemas/money.ts';
import { type RefundBreakdown, trimRefund } from './refund-rules.ts';

// Promotions follow every change of an order (docs/decisions/011-order-flows.md, "Promotions after a change").
// After a cancel or a return, the paid lines the shopper keeps are priced again under the order's promotions:
// a free gift needs its threshold, free delivery its threshold, a coupon and a bank offer their minimums. What the
// shopper no longer earns comes off the refund (never below zero), and the shopper is told why before confirming:
// "Refund ₹X: ₹Y less because the free shaker needs ₹1,999". When no paid unit is left, the free gifts go with
// the change instead (no shipment is left holding only free lines). Pure rules, integer paise.

export interface OrderPromotions {
  /** Sale value of the order's paid units before this change (sale price × units not yet cancelled or returned). */
  keptBefore: number;
  /** The same after this change. */
  keptAfter: number;
  /** The order's item total when placed (sale price × every unit), the base the discounts were shared on. */
  itemTotal: number;
  /** `held`: the gift was still the shopper's before this change; `kept`: it still is after it. */
  gifts: Array<{ name: string; value: number; threshold: number; kept: boolean; held?: boolean }>;
  /** Free delivery earned when placed, with the rule's threshold and the charge it saved; null when none. */
  freeDelivery: { threshold: number; charge: number } | null;
  coupon: { code: string; minCart: number; discount: number } | null;
  bankOffer: { minCart: number; discount: number } | null;
}

/**
 * The terms each promotion of an order was sold with, snapshot when the order is written (orders.promotion_terms,
 * placement.ts promotionTermsSql): a change is re-priced under these, never under the rules of the day.
 */
export interface PromotionTerms {
  gifts: Array<{ variant_id: number; threshold: number }>;
  free_delivery: { threshold: number; charge: number } | null;
  coupon: { code: string; min_cart: number; discount: number } | null;
  bank_offer: { min_cart: number; discount: number } | null;
}

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const record = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The stored terms read back; anything missing or malformed counts as no such promotion (an order with none). */
export function readPromotionTerms(json: unknown): PromotionTerms {
  const t = record(typeof json === 'string' ? JSON.parse(json) : json) ?? {};
  const gifts = Array.isArray(t.gifts) ? t.gifts : [];
  const fd = record(t.free_delivery);
  const coupon = record(t.coupon);
  const offer = record(t.bank_offer);
  return {
    gifts: gifts.flatMap((g) => {
      const r = record(g);
      const variant_id = int(r?.variant_id);
      const threshold = int(r?.threshold);
      return variant_id !== null && threshold !== null ? [{ variant_id, threshold }] : [];
    }),
    free_delivery:
      fd && int(fd.threshold) !== null && int(fd.charge) !== null
        ? { threshold: fd.threshold as number, charge: fd.charge as number }
        : null,
    coupon:
      coupon && typeof coupon.code === 'string' && int(coupon.min_cart) !== null && int(coupon.discount) !== null
        ? { code: coupon.code, min_cart: coupon.min_cart as number, discount: coupon.discount as number }
        : null,
    bank_offer:
      offer && int(offer.min_cart) !== null && int(offer.discount) !== null
        ? { min_cart: offer.min_cart as number, discount: offer.discount as number }
        : null,
  };
}

export interface BenefitLost {
  /** What comes off the refund. */
  amount: number;
  /** One line per benefit no longer earned, for the shopper. */
  reasons: string[];
  /** True when the free gifts must go with the change (no paid unit is left). */
  cancelGifts: boolean;
}

const share = (discount: number, kept: number, total: number) => (total > 0 ? Math.floor((discount * kept) / total) : 0);

/** What the shopper no longer earns once the kept value falls from `keptBefore` to `keptAfter`. */
export function benefitLost(p: OrderPromotions): BenefitLost {
  const reasons: string[] = [];
  let amount = 0;
  if (p.keptAfter <= 0) return { amount: 0, reasons, cancelGifts: p.gifts.some((g) => g.kept) };
  const lost = (threshold: number) => p.keptBefore >= threshold && p.keptAfter < threshold;
  for (const g of p.gifts)
    if (g.kept && lost(g.threshold)) {
      amount += g.value;
      reasons.push(`the free ${g.name} needs ${formatPaise(g.threshold)}`);
    }
  const couponLost = p.coupon !== null && lost(p.coupon.minCart);
  if (p.coupon && couponLost) {
    amount += share(p.coupon.discount, p.keptAfter, p.itemTotal);
    reasons.push(`coupon ${p.coupon.code} needs ${formatPaise(p.coupon.minCart)}`);
  }
  const couponKept = p.coupon && !couponLost ? share(p.coupon.discount, p.keptAfter, p.itemTotal) : 0;
  if (p.bankOffer && p.keptBefore >= p.bankOffer.minCart && p.keptAfter - couponKept < p.bankOffer.minCart) {
    amount += share(p.bankOffer.discount, p.keptAfter, p.itemTotal);
    reasons.push(`the bank offer needs ${formatPaise(p.bankOffer.minCart)}`);
  }
  if (p.freeDelivery && lost(p.freeDelivery.threshold) && p.freeDelivery.charge > 0) {
    amount += p.freeDelivery.charge;
    reasons.push(`free delivery needs ${formatPaise(p.freeDelivery.threshold)}`);
  }
  return { amount, reasons, cancelGifts: false };
}

/**
 * What this change withholds (positive) or gives back (negative). A benefit is lost against what the order was
 * sold with (`itemTotal`), so the total withheld for the kept lines is a function of what is kept; a change
 * withholds only the difference between that total after it and before it. A benefit is thus charged once
 * however many changes follow, and when no paid unit is left (nothing earned anything) what earlier changes
 * withheld comes back. Reasons name only the benefits this change loses.
 */
export function benefitChange(p: OrderPromotions): BenefitLost {
  const after = benefitLost({ ...p, keptBefore: p.itemTotal });
  const before =
    p.keptBefore > 0
      ? benefitLost({
          ...p,
          keptBefore: p.itemTotal,
          keptAfter: p.keptBefore,
          gifts: p.gifts.map((g) => ({ ...g, kept: g.held ?? g.kept })),
        })
      : { amount: 0, reasons: [], cancelGifts: false };
  return {
    amount: after.amount - before.amount,
    reasons: after.reasons.filter((r) => !before.reasons.includes(r)),
    cancelGifts: after.cancelGifts,
  };
}

/**
 * Pay on delivery: no refund exists to take the lost benefit off, so it is added to what the courier collects;
 * the line the shopper reads before confirming, or null when nothing is added.
 */
export function dueNote(due: number, lost: BenefitLost): string | null {
  if (due <= 0 || lost.reasons.length === 0) return null;
  return `Pay ${formatPaise(due)} more on delivery because ${lost.reasons.join(', ')}.`;
}

/** The line the shopper reads before confirming, or null when nothing is lost. */
export function refundNote(refund: number, lost: BenefitLost, deducted: number): string | null {
  if (deducted < 0) return `Refund ${formatPaise(refund)}: includes ${formatPaise(-deducted)} held back at an earlier change.`;
  if (deducted <= 0 || lost.reasons.length === 0) return null;
  return `Refund ${formatPaise(refund)}: ${formatPaise(deducted)} less because ${lost.reasons.join(', ')}.`;
}

/**
 * The refund less what the shopper no longer earns (never below zero; trimRefund takes it off shipping first, then
 * the lines), or plus what an earlier change held back and this one gives back, within `room`, what the order
 * still has to refund. The note is the line the shopper reads before confirming.
 */
export function lessBenefitLost(b: RefundBreakdown, lost: BenefitLost, room: number): RefundBreakdown & { note: string | null } {
  if (lost.amount < 0) {
    const back = Math.min(-lost.amount, Math.max(0, room - b.total));
    if (back === 0 || b.items.length === 0) return { ...b, note: null };
    const items = b.items.map((i, n) => (n === 0 ? { ...i, amount: i.amount + back } : i));
    const total = b.total + back;
    return { items, shipping: b.shipping, total, note: refundNote(total, lost, -back) };
  }
  const trimmed = trimRefund(b, lost.amount);
  return { ...trimmed, note: refundNote(trimmed.total, lost, b.total - trimmed.total) };
}
