import { freebiesEnabled } from './config.ts';

test('FREEBIES: on by default (SPEC §1), off when set so, and any other value refused', () => {
  expect(freebiesEnabled({})).toBe(true);
  expect(freebiesEnabled({ FREEBIES: 'on' })).toBe(true);
  expect(freebiesEnabled({ FREEBIES: 'off' })).toBe(false);
  expect(() => freebiesEnabled({ FREEBIES: 'no' })).toThrow('FREEBIES must be on or off');
});
