import { describe, expect, it, test } from 'vitest';
import {
  formatDay,
  formatDayTime,
  formatIndiaDateTime,
  indiaLocalInput,
  indiaMidnight,
  indiaToday,
  indiaWall,
  instantFromIndiaLocal,
} from './dates.ts';

// The hand-written rule must read exactly as the en-IN formatter it replaces, in both zones, on any date.
const intl = (zone: string, time: boolean) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(time ? { hour: 'numeric', minute: '2-digit' } : {}),
  });

describe('dates in the en-IN style', () => {
  it('reads as en-IN in India time and in UTC, across years, months, midnight and noon', () => {
    const dates: Date[] = [];
    // Every month's first and last minute, noon and midnight in both zones, and a spread of odd minutes.
    for (let y = 1999; y <= 2031; y += 4)
      for (let m = 0; m < 12; m++)
        for (const [h, min] of [
          [0, 0],
          [6, 29],
          [6, 30],
          [12, 0],
          [18, 29],
          [18, 30],
          [23, 59],
        ] as const)
          dates.push(new Date(Date.UTC(y, m, 1 + ((y + m) % 28), h, min)));
    for (let i = 0; i < 2_000; i++) dates.push(new Date(Date.UTC(2020, 0, 1) + (i * 7_919_999_999) / 7));
    for (const [zone, tz] of [
      ['IST', 'Asia/Kolkata'],
      ['UTC', 'UTC'],
    ] as const) {
      const day = intl(tz, false);
      const dayTime = intl(tz, true);
      for (const d of dates) {
        expect(formatDay(d, zone), d.toISOString()).toBe(day.format(d));
        expect(formatDayTime(d, zone), d.toISOString()).toBe(dayTime.format(d));
      }
    }
  });

  it('moves the day at India midnight, not UTC midnight', () => {
    expect(formatDay(new Date('2026-11-04T18:29:00Z'), 'IST')).toBe('4 Nov 2026');
    expect(formatDay(new Date('2026-11-04T18:30:00Z'), 'IST')).toBe('5 Nov 2026');
    expect(formatDay(new Date('2026-11-04T18:30:00Z'), 'UTC')).toBe('4 Nov 2026');
    expect(formatDayTime(new Date('2026-09-04T06:35:00Z'), 'IST')).toBe('4 Sept 2026, 12:05 pm');
  });

  it('gives nothing for an invalid date', () => {
    expect(formatDay(new Date('nope'), 'IST')).toBe('');
    expect(formatDayTime(new Date('nope'), 'UTC')).toBe('');
  });
});

describe('India time helpers (the one owner of the +05:30 offset)', () => {
  test('today in India turns at 18:30 UTC, midnight India time is 18:30 UTC the day before', () => {
    expect(indiaToday(Date.parse('2026-11-27T18:29:59Z'))).toBe('2026-11-27');
    expect(indiaToday(Date.parse('2026-11-27T18:30:00Z'))).toBe('2026-11-28');
    expect(indiaMidnight('2026-11-28').toISOString()).toBe('2026-11-27T18:30:00.000Z');
    expect(indiaWall(new Date('2026-12-31T18:30:00Z')).getUTCFullYear()).toBe(2027);
  });

  test('a datetime-local field reads and writes India wall time across the UTC day line, and round-trips', () => {
    expect(indiaLocalInput('2026-11-27T18:29:00Z')).toBe('2026-11-27T23:59');
    expect(indiaLocalInput('2026-11-27T18:30:00Z')).toBe('2026-11-28T00:00');
    expect(indiaLocalInput(null)).toBe('');
    expect(instantFromIndiaLocal('2026-11-28T00:00')).toBe('2026-11-28T00:00:00+05:30');
    expect(new Date(instantFromIndiaLocal('2026-11-28T00:00')).toISOString()).toBe('2026-11-27T18:30:00.000Z');
    expect(instantFromIndiaLocal('')).toBe('');
    const at = '2026-03-31T18:45:00.000Z';
    expect(new Date(instantFromIndiaLocal(indiaLocalInput(at))).toISOString()).toBe(at);
  });
});

describe('formatIndiaDateTime (SPEC §3 last_order)', () => {
  test('DD-MM-YYYY HH:mm:ss on the India wall clock, zero-padded, across the UTC day line', () => {
    expect(formatIndiaDateTime(new Date('2026-11-04T20:00:05Z'))).toBe('05-11-2026 01:30:05');
    expect(formatIndiaDateTime(Date.parse('2026-01-01T00:00:00Z'))).toBe('01-01-2026 05:30:00');
    expect(formatIndiaDateTime(new Date('2026-12-31T18:29:59Z'))).toBe('31-12-2026 23:59:59');
  });
  test('an invalid date gives empty text', () => {
    expect(formatIndiaDateTime(new Date('nope'))).toBe('');
  });
});
