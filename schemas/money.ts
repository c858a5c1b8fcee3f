// Money is integer paise below the UI (docs/architecture.md "Data"); shoppers see rupees in Indian grouping, no decimals.
import { once } from './once.ts';

// Grouped by hand, not with Intl.NumberFormat('en-IN'): building that formatter loads the locale's data, ~10 ms of
// a slow phone's main thread before the first price can be drawn, for a rule this short. Beyond 15 digits (never a
// price) the formatter is built after all, since String() would switch to exponent notation.
const bigFormat = once(() => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }));

/** Indian digit grouping of a rupee amount, no decimals: 123456 -> "1,23,456" (the last three digits, then pairs). */
export function groupRupees(rupees: number): string {
  if (!Number.isFinite(rupees)) return '0';
  const whole = Math.round(rupees);
  if (Math.abs(whole) >= 1e15) return bigFormat().format(whole);
  const digits = String(Math.abs(whole));
  const sign = whole < 0 ? '-' : '';
  if (digits.length <= 3) return sign + digits;
  return `${sign}${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** "₹1,23,456" from paise. */
export function formatPaise(paise: number): string {
  return `₹${groupRupees(paise / 100)}`;
}

export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;

/** Whole percent off the MRP, 0 when either price is missing or not a number (SPEC §5). */
export function percentOff(mrp: number, sale: number): number {
  if (!Number.isFinite(mrp) || !Number.isFinite(sale) || mrp <= 0 || sale >= mrp) return 0;
  return Math.round(((mrp - sale) / mrp) * 100);
}

/**
 * A variant is in a sale of at least `minPercent` off when its rounded percent off (what the card shows) reaches
 * it: 29.6 % off shows as 30 % and is in the 30 %-off clearance on every page.
 */
export const reachesDiscount = (mrp: number, sale: number, minPercent: number): boolean => percentOff(mrp, sale) >= minPercent;

/**
 * Splits an order-level discount over lines in proportion to their value in paise (largest remainder, so the shares
 * add up to the discount exactly); no share exceeds its line's value, so a free gift (value 0) gets nothing. The
 * order items' discount_share: a refund never returns more than the line cost.
 */
export function allocateDiscount(values: readonly number[], discount: number): number[] {
  const total = values.reduce((s, v) => s + v, 0);
  if (total <= 0 || discount <= 0) return values.map(() => 0);
  const d = Math.min(discount, total);
  const raw = values.map((v) => (v * d) / total);
  const shares = raw.map(Math.floor);
  let left = d - shares.reduce((s, v) => s + v, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    if (shares[i] < values[i]) {
      shares[i]++;
      left--;
    }
  }
  return shares;
}
