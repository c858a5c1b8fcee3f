import { isSafeReturnPath } from './return-to.ts';

describe('return path after sign-in', () => {
  test.each([
    ['/account/profile', true],
    ['/cart?x=1#top', true],
    ['//evil.example/phish', false],
    ['https://evil.example/', false],
    ['/\\evil.example', false],
    ['/\tevil', false],
    ['/\t/evil.example', false],
    ['/\n/evil.example', false],
    ['/%2F/evil.example', true],
    ['/my-account', false],
    ['/my-account?sf=true', false],
    [undefined, false],
    [42, false],
  ])('%s is safe: %s', (path, safe) => {
    expect(isSafeReturnPath(path)).toBe(safe);
  });
});
