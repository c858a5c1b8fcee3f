import { DEFAULT_TITLE, isKnownPath, organizationJsonLd, pageMeta, websiteJsonLd } from './content.ts';

describe('page meta (SPEC §2)', () => {
  test('the default title calls the store the #1 authentic supplement store in India', () => {
    expect(DEFAULT_TITLE).toMatch(/#1 Authentic Supplement Store/);
    expect(DEFAULT_TITLE).toMatch(/India/);
    expect(pageMeta('/').title).toBe(DEFAULT_TITLE);
  });
  test.each([
    ['/account/addresses', 'My Account | Kasrat'],
    ['/account/order/order-details/55', 'My Account | Kasrat'],
    ['/account/', 'My Account | Kasrat'],
    ['/my-account', 'Login / Register | Kasrat'],
    ['/about', 'About Us | Kasrat'],
    ['/cart', 'Cart | Kasrat'],
  ])('%s is titled %s', (path, title) => {
    expect(pageMeta(path).title).toBe(title);
  });
  test('account, cart and error pages are not indexed; content pages are', () => {
    expect(pageMeta('/account/profile').noindex).toBe(true);
    expect(pageMeta('/cart').noindex).toBe(true);
    expect(pageMeta('/notFound').noindex).toBe(true);
    expect(pageMeta('/about').noindex).toBeFalsy();
  });
  test('known and unknown paths', () => {
    expect(isKnownPath('/product/x/')).toBe(true);
    expect(isKnownPath('/whey/reviews/pr/12')).toBe(true);
    expect(isKnownPath('/nope/nothing')).toBe(false);
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
