import {
  clearFilters,
  EMPTY_FILTERS,
  filterCount,
  hasFilters,
  type ListingState,
  listingQueryString,
  parseListingParams,
  removeFilter,
  selectedPriceBucket,
  setPage,
  setPriceRange,
  setSort,
  toggleFacetValue,
  togglePriceBucket,
  withListingState,
} from './listing-params.ts';

const parse = (qs: string) => parseListingParams(new URLSearchParams(qs));
const base: ListingState = { q: '', sortby: 'relevance', pn: 1, filters: EMPTY_FILTERS };

describe('listing URL → state', () => {
  test.each([
    ['nothing is the default listing', '', base],
    ['the search term from q', 'q=whey', { ...base, q: 'whey' }],
    ['SPEC §2 search link: the term from query', 'query=whey%20isolate', { ...base, q: 'whey isolate' }],
    ['a sort and a page', 'sortby=price_asc&pn=3', { ...base, sortby: 'price_asc', pn: 3 }],
    ['an unknown sort falls back to relevance', 'sortby=cheapest', base],
    ['a page that is not a whole number ≥ 1 is page 1', 'pn=0', base],
    ['a negative page is page 1', 'pn=-2', base],
    ['a fractional page is page 1', 'pn=1.5', base],
    ['comma lists', 'flavour=chocolate,vanilla', { ...base, filters: { ...EMPTY_FILTERS, flavour: ['chocolate', 'vanilla'] } }],
    ['repeated keys', 'brand=a&brand=b', { ...base, filters: { ...EMPTY_FILTERS, brand: ['a', 'b'] } }],
    ['values are lower-cased and de-duplicated', 'weight=1-KG,1-kg', { ...base, filters: { ...EMPTY_FILTERS, weight: ['1-kg'] } }],
    [
      'values that are not slugs are dropped',
      'category=whey%20protein,<b>,ok',
      { ...base, filters: { ...EMPTY_FILTERS, category: ['ok'] } },
    ],
    [
      'food types other than veg / non-veg are dropped',
      'food_type=veg,vegan',
      { ...base, filters: { ...EMPTY_FILTERS, food_type: ['veg'] } },
    ],
    ['availability=in_stock is the in-stock filter', 'availability=in_stock', { ...base, filters: { ...EMPTY_FILTERS, inStock: true } }],
    ['another availability value is ignored', 'availability=yes', base],
    [
      'a price range in paise',
      'price_min=50000&price_max=99999',
      { ...base, filters: { ...EMPTY_FILTERS, priceMin: 50000, priceMax: 99999 } },
    ],
    [
      'a reversed price range is read the right way round',
      'price_min=99999&price_max=50000',
      { ...base, filters: { ...EMPTY_FILTERS, priceMin: 50000, priceMax: 99999 } },
    ],
    ['a price that is not whole paise is ignored', 'price_min=abc&price_max=12.5', base],
  ] as Array<[string, string, ListingState]>)('%s', (_rule, qs, expected) => {
    expect(parse(qs)).toEqual(expected);
  });
});

describe('state → URL', () => {
  test('defaults are left out, so the plain listing has a clean URL', () => {
    expect(listingQueryString(base)).toBe('');
  });

  test('one canonical order and sorted values: the same listing always has the same URL (and cache key)', () => {
    const a = parse('sortby=price_asc&flavour=vanilla,chocolate&brand=x&pn=2');
    const b = parse('brand=x&pn=2&flavour=chocolate&flavour=vanilla&sortby=price_asc');
    expect(listingQueryString(a)).toBe('brand=x&flavour=chocolate%2Cvanilla&sortby=price_asc&pn=2');
    expect(listingQueryString(b)).toBe(listingQueryString(a));
  });

  test('round trip: parse(print(state)) is the state', () => {
    const state: ListingState = {
      q: 'gold whey',
      sortby: 'discount_desc',
      pn: 4,
      filters: {
        brand: ['a'],
        category: ['whey-protein'],
        flavour: ['chocolate', 'kesar-pista'],
        weight: ['1-kg'],
        food_type: ['non-veg'],
        inStock: true,
        priceMin: 100000,
        priceMax: 199999,
      },
    };
    expect(parse(listingQueryString(state))).toEqual(state);
  });

  test('the search term is left out for listings that have none', () => {
    expect(listingQueryString({ ...base, q: 'whey' }, { includeQuery: false })).toBe('');
  });

  test('keys the listing does not own stay in the page URL (e.g. ?debug=events)', () => {
    const current = new URLSearchParams('debug=events&flavour=chocolate&query=whey');
    const next = withListingState(current, toggleFacetValue(parse(current.toString()), 'flavour', 'vanilla'), { includeQuery: true });
    expect(next.toString()).toBe('debug=events&q=whey&flavour=chocolate%2Cvanilla');
  });
});

describe('shopper changes', () => {
  const onPage3 = { ...base, pn: 3 };

  test('ticking a facet value adds it; ticking it again removes it; either way back to page 1', () => {
    const on = toggleFacetValue(onPage3, 'flavour', 'chocolate');
    expect(on.filters.flavour).toEqual(['chocolate']);
    expect(on.pn).toBe(1);
    expect(toggleFacetValue({ ...on, pn: 2 }, 'flavour', 'chocolate')).toEqual(base);
  });

  test('a sort change goes back to page 1; a page change keeps everything else', () => {
    expect(setSort(onPage3, 'price_asc')).toEqual({ ...base, sortby: 'price_asc' });
    const filtered = toggleFacetValue(base, 'brand', 'x');
    expect(setPage(filtered, 5)).toEqual({ ...filtered, pn: 5 });
    expect(setPage(filtered, 0).pn).toBe(1);
  });

  test('a price bucket selects its paise range; choosing it again clears it', () => {
    const on = togglePriceBucket(onPage3, '500-999');
    expect(on.filters).toMatchObject({ priceMin: 50_000, priceMax: 99_999 });
    expect(selectedPriceBucket(on.filters)).toBe('500-999');
    expect(togglePriceBucket(on, '500-999').filters).toMatchObject({ priceMin: null, priceMax: null });
    const top = togglePriceBucket(base, '7000-');
    expect(top.filters).toMatchObject({ priceMin: 700_000, priceMax: null });
    expect(togglePriceBucket(base, 'nonsense')).toBe(base);
  });

  test('a custom price range is not a bucket', () => {
    expect(selectedPriceBucket(setPriceRange(base, 30_000, 60_099).filters)).toBeNull();
  });

  test('removing a chip removes that filter only', () => {
    const s = togglePriceBucket(setSort(toggleFacetValue(toggleFacetValue(base, 'flavour', 'a'), 'flavour', 'b'), 'price_asc'), '0-499');
    expect(removeFilter(s, 'flavour', 'a').filters.flavour).toEqual(['b']);
    expect(removeFilter(s, 'price', '').filters).toMatchObject({ priceMin: null, priceMax: null, flavour: ['a', 'b'] });
    expect(removeFilter({ ...s, filters: { ...s.filters, inStock: true } }, 'availability', 'in_stock').filters.inStock).toBe(false);
    expect(removeFilter(s, 'unknown', 'x')).toBe(s);
  });

  test('clear all keeps the term and the sort, drops every filter and the page', () => {
    const s: ListingState = {
      q: 'whey',
      sortby: 'price_desc',
      pn: 2,
      filters: { ...EMPTY_FILTERS, brand: ['x'], inStock: true, priceMin: 1 },
    };
    expect(clearFilters(s)).toEqual({ q: 'whey', sortby: 'price_desc', pn: 1, filters: EMPTY_FILTERS });
  });

  test('filter count: each value, in stock and the price range count once', () => {
    expect(filterCount(EMPTY_FILTERS)).toBe(0);
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    const f = { ...EMPTY_FILTERS, brand: ['a', 'b'], inStock: true, priceMin: 0, priceMax: 49_999 };
    expect(filterCount(f)).toBe(4);
    expect(hasFilters(f)).toBe(true);
  });
});
