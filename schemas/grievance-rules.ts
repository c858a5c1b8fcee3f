import { IST_OFFSET_MS } from './dates.ts';

// Grievance redressal (docs/grievance-redressal.md; Consumer Protection (E-Commerce) Rules, 2020, rule 4(5)): a
// complaint is acknowledged within 48 hours and redressed within one month of its receipt. Zod-free: the server
// computes the clocks, the console and the shopper's page read the same names.

export const GRIEVANCE_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

export const GRIEVANCE_STATUS_LABELS: Record<GrievanceStatus, string> = {
  open: 'Received',
  acknowledged: 'Being looked into',
  resolved: 'Resolved',
};

/** What a complaint is about; the console sorts nothing by it, it tells the officer where to look first. */
export const GRIEVANCE_CATEGORIES = {
  delivery: 'Delivery or missing items',
  product: 'Product quality or authenticity',
  refund: 'Refund or payment',
  return: 'Return or cancellation',
  service: 'Customer service',
  other: 'Something else',
} as const;
export type GrievanceCategory = keyof typeof GRIEVANCE_CATEGORIES;

export const ACKNOWLEDGE_WITHIN_HOURS = 48;

/**
 * One calendar month after `received`, on India's wall clock: 15 Jan 10:00 → 15 Feb 10:00; a day the next month
 * lacks falls to its last day (31 Jan → 28 or 29 Feb), so the month is never longer than the calendar's.
 */
export function oneMonthAfter(received: Date): Date {
  const wall = new Date(received.getTime() + IST_OFFSET_MS);
  const y = wall.getUTCFullYear();
  const m = wall.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const next = Date.UTC(
    y,
    m,
    Math.min(wall.getUTCDate(), lastDay),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
  return new Date(next - IST_OFFSET_MS);
}

/** The two clocks of a complaint received at `received`. */
export function grievanceDeadlines(received: Date): { acknowledge_by: Date; resolve_by: Date } {
  return {
    acknowledge_by: new Date(received.getTime() + ACKNOWLEDGE_WITHIN_HOURS * 3_600_000),
    resolve_by: oneMonthAfter(received),
  };
}

/** The deadline a complaint is working to now: acknowledgement while open, redress once acknowledged, none once resolved. */
export function nextDeadline(g: { status: GrievanceStatus; acknowledge_by: string; resolve_by: string }): string | null {
  return g.status === 'open' ? g.acknowledge_by : g.status === 'acknowledged' ? g.resolve_by : null;
}

/** Overdue: the clock's deadline has passed and what it asks for (acknowledgement, redress) has not happened. */
export function overdue(
  g: { status: GrievanceStatus; acknowledge_by: string; resolve_by: string; acknowledged_at: string | null; resolved_at: string | null },
  now: Date,
): { acknowledge: boolean; resolve: boolean } {
  const t = now.getTime();
  return {
    acknowledge: g.acknowledged_at === null && Date.parse(g.acknowledge_by) < t,
    resolve: g.resolved_at === null && Date.parse(g.resolve_by) < t,
  };
}
