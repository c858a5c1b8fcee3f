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

/**
 * "₹1,23,456" from paise: the one way a rupee amount is shown (SPEC §5), in the browser, e-mails and messages. The
 * paise are rounded to the nearest rupee, a half rupee up (49,950 paise show ₹500), as `groupRupees` rounds; a
 * negative amount reads "₹-1,234". `symbol` is what goes before the number: an SMS, whose alphabet has no "₹", writes
 * its own "Rs" and passes ''.
 */
export function formatPaise(paise: number, symbol = '₹'): string {
  return `${symbol}${groupRupees(paise / 100)}`;
}

/** Whole paise split into sign, rupees and the two paise digits (a non-integer is first rounded to the paisa). */
function splitPaise(paise: number): { sign: string; rupees: number; paise: string } {
  const whole = Number.isFinite(paise) ? Math.round(paise) : 0;
  const abs = Math.abs(whole);
  return { sign: whole < 0 ? '-' : '', rupees: Math.floor(abs / 100), paise: String(abs % 100).padStart(2, '0') };
}

/**
 * "1,23,456.78": paise in Indian grouping with both decimals, nothing rounded away: where the paise must be seen
 * (the GST invoice's columns, a unit price below ₹10). No symbol: the caller writes "₹" or "Rs." before it.
 */
export function groupPaise(paise: number): string {
  const p = splitPaise(paise);
  return `${p.sign}${groupRupees(p.rupees)}.${p.paise}`;
}

/**
 * "1499.50": paise as a plain decimal rupee amount, no grouping and no symbol, for what a machine or a person types
 * back: a form field, a spreadsheet cell, a payment gateway's amount, structured data.
 */
export function decimalRupees(paise: number): string {
  const p = splitPaise(paise);
  return `${p.sign}${p.rupees}.${p.paise}`;
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
