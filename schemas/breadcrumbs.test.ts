import { breadcrumbHref, breadcrumbLinks } from './breadcrumbs.ts';
import type { BreadcrumbItem } from './catalogue.ts';

// SPEC §2 breadcrumbs, one row per rule.

const item = (category_slug: string, redirect_url = ''): BreadcrumbItem => ({ value: category_slug, category_slug, redirect_url });

describe('breadcrumbHref', () => {
  test.each([
    ['home goes to /', item('home'), { pageType: 'category' }, '/'],
    ['brand goes to /brands', item('brand'), { pageType: 'category' }, '/brands'],
    ['brands goes to /brands', item('brands'), { pageType: 'brand' }, '/brands'],
    ['bestseller goes to the sports nutrition bestsellers', item('bestseller'), { pageType: 'category' }, '/bestseller/sports-nutrition/'],
    ['review goes to #', item('review'), { pageType: 'review' }, '#'],
    ['another slug goes to its category', item('whey-protein'), { pageType: 'category' }, '/product-category/whey-protein'],
    ['another slug on a product page goes to its category', item('creatine'), { pageType: 'product' }, '/product-category/creatine'],
    [
      'another slug with origin brand goes to the brand',
      item('titan-forge'),
      { pageType: 'product', origin: 'brand' },
      '/brand/titan-forge',
    ],
    ['under a bestseller page: /bestseller/{slug}/', item('proteins'), { pageType: 'bestseller' }, '/bestseller/proteins/'],
    ['under a brand page: /brand/{slug}', item('titan-forge'), { pageType: 'brand' }, '/brand/titan-forge'],
    [
      'a product entry goes to /product{redirect_url}',
      item('product', '/gold-whey/?pId=1&vId=2'),
      { pageType: 'product' },
      '/product/gold-whey/?pId=1&vId=2',
    ],
    [
      'a product_review entry goes to its redirect_url as given',
      item('product_review', '/gold-whey/reviews/pr/1'),
      { pageType: 'review' },
      '/gold-whey/reviews/pr/1',
    ],
    ['{product}_brand: other slugs go to /{product}', item('whey-protein'), { pageType: 'gold-whey_brand' }, '/gold-whey'],
    ['{product}_brand: even review goes to /{product}', item('review'), { pageType: 'gold-whey_brand' }, '/gold-whey'],
    ['{product}_brand: home still goes to /', item('home'), { pageType: 'gold-whey_brand' }, '/'],
    ['{product}_brand: brand still goes to /brands', item('brand'), { pageType: 'gold-whey_brand' }, '/brands'],
    ['{product}_brand: brands still goes to /brands', item('brands'), { pageType: 'gold-whey_brand' }, '/brands'],
  ])('%s', (_rule, it, ctx, href) => {
    expect(breadcrumbHref(it, ctx)).toBe(href);
  });
});

describe('breadcrumbLinks', () => {
  test('the last item is plain text, the others are links', () => {
    const trail = breadcrumbLinks([item('home'), item('proteins'), item('product', '/x/?pId=1')], { pageType: 'product' });
    expect(trail).toEqual([
      { label: 'home', href: '/' },
      { label: 'proteins', href: '/product-category/proteins' },
      { label: 'product', href: null },
    ]);
  });
  test('a single item is plain text', () => {
    expect(breadcrumbLinks([item('home')], { pageType: 'home' })).toEqual([{ label: 'home', href: null }]);
  });
  test('an empty trail is empty', () => {
    expect(breadcrumbLinks([], { pageType: 'home' })).toEqual([]);
  });
});
