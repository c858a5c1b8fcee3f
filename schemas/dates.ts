// Dates as Indian shoppers read them: "5 Nov 2026", "5 Nov 2026, 1:30 am" (the en-IN style, September as "Sept").
// Written by hand, not with Intl.DateTimeFormat('en-IN'): building that formatter loads the locale's data, about
// 20 ms of a phone's main thread in the middle of a product page's hydration, for a rule this short. India keeps
// one offset all year (UTC+05:30, no daylight saving), so India time is plain arithmetic.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
// The one owner of India time (SPEC §9, GMT+05:30): every other India-time computation uses these.
/** India's offset from UTC, in milliseconds (330 minutes). */
export const IST_OFFSET_MS = 330 * 60_000;
/** The offset as ISO 8601 writes it, for a date-time stored without a zone. */
export const IST_OFFSET = '+05:30';
/** The IANA zone, for Intl formatters that need one. */
export const IST_TIME_ZONE = 'Asia/Kolkata';

/** A date whose UTC fields read as India's wall clock at `d` (getUTCFullYear is the year in India). */
export const indiaWall = (d: Date | number): Date => new Date((typeof d === 'number' ? d : d.getTime()) + IST_OFFSET_MS);
/** Today's date in India as YYYY-MM-DD. */
export const indiaToday = (now: Date | number = Date.now()): string => indiaWall(now).toISOString().slice(0, 10);
/** Midnight India time of a YYYY-MM-DD day. */
export const indiaMidnight = (day: string): Date => new Date(`${day}T00:00:00${IST_OFFSET}`);
/** A datetime-local field's value ("2026-11-05T09:30", India's wall clock) of an ISO instant; '' for none. */
export const indiaLocalInput = (iso: string | null): string => (iso ? indiaWall(new Date(iso)).toISOString().slice(0, 16) : '');
/** The ISO instant of a datetime-local field's value read as India time; '' for an empty field. */
export const instantFromIndiaLocal = (local: string): string => (local ? `${local}:00${IST_OFFSET}` : '');

/** The zone a date is read in: India time, or UTC for calendar days stored without a time (certificates). */
export type DateZone = 'IST' | 'UTC';

/** The wall-clock fields of `d` in `zone`, read off a shifted UTC date. */
const wall = (d: Date, zone: DateZone) => (zone === 'IST' ? indiaWall(d) : d);

/** "5 Nov 2026"; an invalid date gives ''. */
export function formatDay(d: Date, zone: DateZone): string {
  if (Number.isNaN(d.getTime())) return '';
  const w = wall(d, zone);
  return `${w.getUTCDate()} ${MONTHS[w.getUTCMonth()]} ${w.getUTCFullYear()}`;
}

/** "5 Nov 2026, 1:30 am" (12-hour clock, midnight and noon as 12); an invalid date gives ''. */
export function formatDayTime(d: Date, zone: DateZone): string {
  const day = formatDay(d, zone);
  if (!day) return '';
  const w = wall(d, zone);
  const h = w.getUTCHours();
  return `${day}, ${h % 12 || 12}:${String(w.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * 'DD-MM-YYYY HH:mm:ss' on India's wall clock: the session user's and the events' last_order (SPEC §3).
 * An invalid date gives ''.
 */
export function formatIndiaDateTime(d: Date | number): string {
  const t = typeof d === 'number' ? d : d.getTime();
  if (Number.isNaN(t)) return '';
  const w = indiaWall(t);
  return `${pad2(w.getUTCDate())}-${pad2(w.getUTCMonth() + 1)}-${w.getUTCFullYear()} ${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())}`;
}
