import { boundRupees, PRICE_BUCKETS } from './catalogue-rules.ts';
import { facetSlug, FacetFilters, ListingRequest, pickVariant, productUrl, SearchRequest, searchUrl } from './catalogue.ts';

describe('productUrl (SPEC §2)', () => {
  test.each([
    ['gold-whey', 1, 2, '/product/gold-whey/?pId=1&vId=2'],
    ['gold-whey', 1, undefined, '/product/gold-whey/?pId=1'],
    ['', 5, 6, '/product/product-name/?pId=5&vId=6'],
    [null, 5, 6, '/product/product-name/?pId=5&vId=6'],
    ['  ', 5, null, '/product/product-name/?pId=5'],
  ] as const)('%j, %d, %j -> %s', (slug, pid, vid, url) => {
    expect(productUrl(slug, pid, vid)).toBe(url);
  });
  test('search link', () => {
    expect(searchUrl('whey & isolate')).toBe('/search?query=whey%20%26%20isolate');
  });
});

describe('facetSlug', () => {
  test.each([
    ['Cookies & Cream', 'cookies-and-cream'],
    ['1 kg', '1-kg'],
    ['Double Rich Chocolate', 'double-rich-chocolate'],
    ['Pack of 2', 'pack-of-2'],
    ['  Kesar Pista  ', 'kesar-pista'],
  ])('%s -> %s', (label, slug) => {
    expect(facetSlug(label)).toBe(slug);
  });
});

describe('request schemas', () => {
  test('facet lists come as comma lists or repeated keys, lowercased', () => {
    expect(FacetFilters.parse({ brand: 'a,b', flavour: ['x', 'y,z'], category: 'Whey-Protein' })).toMatchObject({
      brand: ['a', 'b'],
      flavour: ['x', 'y', 'z'],
      category: ['whey-protein'],
    });
  });
  test('defaults: relevance, page 1, 24 per page', () => {
    expect(SearchRequest.parse({})).toMatchObject({ q: '', sortby: 'relevance', pn: 1, per_page: 24 });
  });
  test.each([{ sortby: 'cheap' }, { pn: '0' }, { price_min: '10', price_max: '5' }, { food_type: 'fish' }, { brand: 'no spaces' }])(
    'refuses %j',
    (input) => {
      expect(SearchRequest.safeParse(input).success).toBe(false);
    },
  );
  test('listing lookups take id, slug, saleType and orderId', () => {
    expect(ListingRequest.parse({ id: '3', slug: 'x', saleType: 'clearance', orderId: 'KSR-1' })).toMatchObject({
      id: 3,
      slug: 'x',
      saleType: 'clearance',
      orderId: 'KSR-1',
    });
  });
});

describe('pickVariant (swatches switch the variant)', () => {
  const v = (vid: number, weight: string, flavour: string, stock = true) => ({
    vid,
    stock_status: stock ? 'instock' : 'outofstock',
    selected_swatch_values: { pa_weight: weight, pa_flavour: flavour },
  });
  const variants = [
    v(1, '1 kg', 'Chocolate'),
    v(2, '2 kg', 'Chocolate'),
    v(3, '1 kg', 'Vanilla'),
    v(4, '2 kg', 'Mango', false),
    v(5, '2 kg', 'Vanilla'),
  ];
  test.each([
    ['keeps the flavour when changing weight', 1, 'pa_weight', '2 kg', 2],
    ['keeps the weight when changing flavour', 2, 'pa_flavour', 'Vanilla', 5],
    ['takes the only variant with the value', 1, 'pa_flavour', 'Mango', 4],
    ['prefers in stock when the other values cannot be kept', 4, 'pa_weight', '1 kg', 1],
  ] as const)('%s', (_name, from, attr, value, to) => {
    const current = variants.find((x) => x.vid === from) as (typeof variants)[number];
    expect(pickVariant(variants, current, attr, value)?.vid).toBe(to);
  });
  test('null when no variant has the value', () => {
    expect(pickVariant(variants, variants[0] as (typeof variants)[number], 'pa_weight', '5 kg')).toBeNull();
  });
});

describe('boundRupees (a price bound covers its whole rupee)', () => {
  test('cuts the paise of every bucket bound, so the chip reads as the bucket label', () => {
    for (const b of PRICE_BUCKETS) {
      expect(boundRupees(b.min) * 100).toBe(b.min);
      if (b.max !== null) expect(boundRupees(b.max) * 100 + 99).toBe(b.max);
    }
    expect(boundRupees(99_999)).toBe(999);
    expect(boundRupees(0)).toBe(0);
  });
});
