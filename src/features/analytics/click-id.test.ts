import { clickIdCookie, rememberClickId } from './click-id.ts';

// Meta's format ("fbp and fbc Parameters"): fb.<subdomainIndex>.<creationTime ms>.<fbclid>, the click id unmodified.
describe('the _fbc cookie from an ad click', () => {
  const at = 1_764_300_000_000;
  test('a landing URL with fbclid gives fb.1.<ms>.<fbclid>, case kept', () => {
    expect(clickIdCookie('?q=whey&fbclid=IwAR2F4-dbP0l7Mn1Iaw', '', at)).toBe(`fb.1.${at}.IwAR2F4-dbP0l7Mn1Iaw`);
  });
  test('no fbclid, a malformed one, or the same click already kept: nothing written', () => {
    expect(clickIdCookie('?q=whey', '', at)).toBeNull();
    expect(clickIdCookie('?fbclid=%3Cscript%3E', '', at)).toBeNull();
    expect(clickIdCookie('?fbclid=AbC', `a=1; _fbc=fb.1.${at - 5000}.AbC`, at)).toBeNull();
  });
  test('a new click replaces an older one', () => {
    const doc = { cookie: `_fbc=fb.1.${at - 5000}.Old` };
    rememberClickId('?fbclid=New', doc, at);
    expect(doc.cookie).toBe(`_fbc=fb.1.${at}.New; Max-Age=7776000; Path=/; SameSite=Lax`);
  });
});
