import { DEFAULT_TITLE, organizationJsonLd, ROUTE_META, websiteJsonLd } from './content.ts';

describe('page meta (SPEC §2)', () => {
  test('the default title calls the store the #1 authentic supplement store in India', () => {
    expect(DEFAULT_TITLE).toMatch(/#1 Authentic Supplement Store/);
    expect(DEFAULT_TITLE).toMatch(/India/);
    expect(ROUTE_META.home.title).toBe(DEFAULT_TITLE);
  });
  test('account, cart and error pages are not indexed; content pages are', () => {
    for (const name of ['account', 'signIn', 'cart', 'payment', 'preview', 'notFound', 'error'] as const)
      expect(ROUTE_META[name].noindex, name).toBe(true);
    for (const name of ['home', 'about', 'product', 'landing', 'help'] as const) expect(ROUTE_META[name].noindex, name).toBeFalsy();
  });
  test('every title names the store', () => {
    for (const [name, meta] of Object.entries(ROUTE_META)) expect(meta.title, name).toMatch(/Kasrat/);
  });
});

describe('structured data (SPEC §9)', () => {
  test('organisation: Delhi address, customer service contact, founded 2016-12', () => {
    const org = organizationJsonLd('https://kasrat.test');
    expect(org.foundingDate).toBe('2016-12');
    expect(org.address.addressRegion).toBe('Delhi');
    expect(org.contactPoint[0]?.contactType).toBe('customer service');
  });
  test('website search points at /search?q=', () => {
    expect(websiteJsonLd('https://kasrat.test').potentialAction.target.urlTemplate).toBe(
      'https://kasrat.test/search?q={search_term_string}',
    );
  });
});
