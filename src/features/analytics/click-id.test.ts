import { clickIdCookie, rememberClickId, rememberPendingClickId } from './click-id.ts';

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
    rememberClickId('?fbclid=New', doc, at, true);
    expect(doc.cookie).toBe(`_fbc=fb.1.${at}.New; Max-Age=7776000; Path=/; SameSite=Lax`);
  });
  test('SPEC §4.8: without ad_storage granted nothing is written; granted later on the visit, the click is kept', () => {
    const doc = { cookie: 'a=1' };
    rememberClickId('?fbclid=Later', doc, at, false);
    expect(doc.cookie).toBe('a=1');
    rememberPendingClickId(doc, at + 1000);
    expect(doc.cookie).toBe(`_fbc=fb.1.${at + 1000}.Later; Max-Age=7776000; Path=/; SameSite=Lax`);
    // Kept once: a second grant writes nothing new.
    doc.cookie = 'b=2';
    rememberPendingClickId(doc, at + 2000);
    expect(doc.cookie).toBe('b=2');
  });
});
