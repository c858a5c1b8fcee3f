// @vitest-environment jsdom
import { forgetRememberedUser, readRememberedUser, rememberUser } from './remembered.ts';

describe('SPEC §4 locally remembered username, mobile and email', () => {
  beforeEach(() => localStorage.clear());
  test('a change merges into what is remembered; logout forgets', () => {
    expect(readRememberedUser()).toBeNull();
    rememberUser({ username: 'Asha Rao', mobile: '9123456789', email: 'a@kasrat.test' });
    rememberUser({ mobile: '9000000001' });
    expect(readRememberedUser()).toEqual({ username: 'Asha Rao', mobile: '9000000001', email: 'a@kasrat.test' });
    forgetRememberedUser();
    expect(readRememberedUser()).toBeNull();
  });
  test('broken storage is only logged', () => {
    localStorage.setItem('kasrat.user', '{not json');
    expect(readRememberedUser()).toBeNull();
  });
});
