import { formatOrderDateTime, parseOrderDate, UpdateBankDetailsRequest } from './orders.ts';

// SPEC §9: order dates without a zone are read as GMT+05:30.
test.each([
  ['2026-11-05 10:00', '2026-11-05T04:30:00.000Z'],
  ['2026-11-05T10:00:00', '2026-11-05T04:30:00.000Z'],
  ['2026-11-05', '2026-11-04T18:30:00.000Z'],
  ['2026-11-05T10:00:00Z', '2026-11-05T10:00:00.000Z'],
  ['2026-11-05T10:00:00+01:00', '2026-11-05T09:00:00.000Z'],
])('%s is %s', (text, iso) => {
  expect(parseOrderDate(text)?.toISOString()).toBe(iso);
});

test('nonsense is not a date', () => {
  expect(parseOrderDate('not a date')).toBeNull();
  expect(parseOrderDate('')).toBeNull();
});

test('dates are shown in India time', () => {
  expect(formatOrderDateTime('2026-11-04T20:00:00Z')).toMatch(/^5 Nov 2026, 1:30\s?am$/i);
});

test('bank details: IFSC upper-cased and checked, account numbers must match', () => {
  const ok = UpdateBankDetailsRequest.parse({
    account_holder: 'Asha Rao',
    account_number: '123456789',
    confirm_account_number: '123456789',
    ifsc: ' hdfc0000001 ',
  });
  expect(ok.ifsc).toBe('HDFC0000001');
  expect(
    UpdateBankDetailsRequest.safeParse({
      account_holder: 'Asha Rao',
      account_number: '123456789',
      confirm_account_number: '123456789',
      ifsc: 'HDFC1000001',
    }).success,
  ).toBe(false);
  expect(
    UpdateBankDetailsRequest.safeParse({
      account_holder: 'Asha Rao',
      account_number: '12345',
      confirm_account_number: '12345',
      ifsc: 'HDFC0000001',
    }).success,
  ).toBe(false);
});
