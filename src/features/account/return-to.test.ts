import { isSafeReturnPath } from './return-to.ts';

describe('return path after sign-in', () => {
  test.each([
    ['/account/profile', true],
    ['/cart?x=1#top', true],
    ['//evil.example/phish', false],
    ['https://evil.example/', false],
    ['/my-account', false],
    ['/my-account?sf=true', false],
    [undefined, false],
    [42, false],
  ])('%s is safe: %s', (path, safe) => {
    expect(isSafeReturnPath(path)).toBe(safe);
  });
});
