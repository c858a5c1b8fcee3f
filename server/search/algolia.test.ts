import { SORTS } from '../../schemas/catalogue.ts';
import { indexNames, listingRequests, variantIndexFor } from './algolia.ts';
import type { SearchQuery } from './engine.ts';

// How a listing request becomes Algolia's multi-query (docs/decisions/026): the index of each sort (SPEC §3
// replicas), the filters of each facet group and of the page, and the queries that count each refined group.

const query = (over: Partial<SearchQuery> = {}): SearchQuery => ({
  q: '',
  sortby: 'relevance',
  page: 1,
  perPage: 24,
  filters: {},
  ...over,
});

test('each sort reads its own index: the primary for relevance, a replica for each other sort', () => {
  const names = indexNames('shop');
  expect(SORTS.map((s) => variantIndexFor('shop', s))).toEqual([
    'shop_variants',
    'shop_variants_price_asc',
    'shop_variants_price_desc',
    'shop_variants_rating_desc',
    'shop_variants_discount_desc',
    'shop_variants_recent',
  ]);
  expect(names).toMatchObject({ categories: 'shop_categories', brands: 'shop_brands' });
});

test('a listing without a term or filters: two queries, no query id asked, no words dropped', () => {
  const { requests, disjunctive } = listingRequests('k', query({ page: 3, perPage: 12 }));
  expect(disjunctive).toEqual([]);
  expect(requests).toHaveLength(2);
  expect(requests[0]).toMatchObject({ indexName: 'k_variants', query: '', page: 2, hitsPerPage: 12, clickAnalytics: false });
  expect(requests[0]).not.toHaveProperty('removeWordsIfNoResults');
  expect(requests[0]).not.toHaveProperty('facetFilters');
});

test('every facet group filters as OR within, AND between; a category takes its subtree; the page’s own base', () => {
  const { requests, disjunctive } = listingRequests(
    'k',
    query({
      q: 'whey',
      filters: {
        category: ['protein', 'gainers'],
        flavour: ['chocolate'],
        weight: ['1-kg'],
        food_type: ['veg'],
        price_min: 100,
        price_max: 900,
      },
      base: { categoryId: 7, bestseller: true, minDiscount: 30 },
    }),
  );
  expect(disjunctive).toEqual(['category', 'flavour', 'weight', 'price', 'food_type']);
  expect(requests).toHaveLength(2 + 5);
  expect(requests[0]).toMatchObject({
    query: 'whey',
    clickAnalytics: true,
    removeWordsIfNoResults: 'allOptional',
    facetFilters: [['category_path:protein', 'category_path:gainers'], ['flavour:chocolate'], ['weight:1-kg'], ['food_type:veg']],
    numericFilters: ['category_ids=7', 'bestseller=1', 'percent_off>=30', 'sale_price>=100', 'sale_price<=900'],
  });
  // The flavour group's counts: every filter but the flavour's, the page's base kept.
  expect(requests[3]).toMatchObject({
    facets: ['flavour'],
    hitsPerPage: 0,
    facetFilters: [['category_path:protein', 'category_path:gainers'], ['weight:1-kg'], ['food_type:veg']],
    numericFilters: ['category_ids=7', 'bestseller=1', 'percent_off>=30', 'sale_price>=100', 'sale_price<=900'],
  });
  // The price group's counts and range: the price range dropped, the price bucket and sale price counted.
  expect(requests[5]).toMatchObject({
    facets: ['price_bucket', 'sale_price'],
    numericFilters: ['category_ids=7', 'bestseller=1', 'percent_off>=30'],
  });
});
