import { grievanceDeadlines, nextDeadline, oneMonthAfter, overdue } from './grievance-rules.ts';

// Consumer Protection (E-Commerce) Rules, 2020, rule 4(5) (docs/grievance-redressal.md): acknowledge within 48
// hours, redress within one month of receipt; the month is a calendar month on India's wall clock.

describe('grievance clocks', () => {
  test.each([
    // received (UTC)                 one month later (UTC)         why
    ['2027-01-15T04:30:00.000Z', '2027-02-15T04:30:00.000Z'], // 15 Jan 10:00 IST → 15 Feb 10:00 IST
    ['2027-01-31T06:00:00.000Z', '2027-02-28T06:00:00.000Z'], // 31 Jan → the last day of February
    ['2028-01-31T06:00:00.000Z', '2028-02-29T06:00:00.000Z'], // a leap year's February
    ['2027-12-10T10:00:00.000Z', '2028-01-10T10:00:00.000Z'], // across the year
    ['2027-03-31T19:00:00.000Z', '2027-04-30T19:00:00.000Z'], // 1 Apr 00:30 IST (31 Mar in UTC) → 1 May 00:30 IST, not 30 Apr
  ])('received %s: resolve by %s', (received, expected) => {
    expect(oneMonthAfter(new Date(received)).toISOString()).toBe(expected);
  });

  test('acknowledge within exactly 48 hours', () => {
    const { acknowledge_by } = grievanceDeadlines(new Date('2027-01-15T04:30:00.000Z'));
    expect(acknowledge_by.toISOString()).toBe('2027-01-17T04:30:00.000Z');
  });

  const base = {
    acknowledge_by: '2027-01-17T04:30:00.000Z',
    resolve_by: '2027-02-15T04:30:00.000Z',
    acknowledged_at: null,
    resolved_at: null,
  };
  test('the deadline worked to: acknowledgement while open, redress once acknowledged, none once resolved', () => {
    expect(nextDeadline({ ...base, status: 'open' })).toBe(base.acknowledge_by);
    expect(nextDeadline({ ...base, status: 'acknowledged' })).toBe(base.resolve_by);
    expect(nextDeadline({ ...base, status: 'resolved' })).toBeNull();
  });

  test('overdue only when the deadline passed and what it asks for has not happened', () => {
    const justAfterAck = new Date('2027-01-17T04:30:00.001Z');
    expect(overdue({ ...base, status: 'open' }, new Date('2027-01-17T04:30:00.000Z'))).toEqual({ acknowledge: false, resolve: false });
    expect(overdue({ ...base, status: 'open' }, justAfterAck)).toEqual({ acknowledge: true, resolve: false });
    expect(overdue({ ...base, status: 'acknowledged', acknowledged_at: '2027-01-16T00:00:00.000Z' }, justAfterAck)).toEqual({
      acknowledge: false,
      resolve: false,
    });
    const afterMonth = new Date('2027-02-16T00:00:00.000Z');
    expect(overdue({ ...base, status: 'acknowledged', acknowledged_at: '2027-01-16T00:00:00.000Z' }, afterMonth)).toEqual({
      acknowledge: false,
      resolve: true,
    });
    expect(
      overdue(
        { ...base, status: 'resolved', acknowledged_at: '2027-01-16T00:00:00.000Z', resolved_at: '2027-02-01T00:00:00.000Z' },
        afterMonth,
      ),
    ).toEqual({ acknowledge: false, resolve: false });
  });
});
