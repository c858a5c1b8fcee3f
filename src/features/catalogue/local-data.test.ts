import { MemoryStorage } from '../../../tests/helpers/provider-harness.ts';
import {
  CURRENT_URL_HISTORY_KEY,
  PRODUCT_HISTORY_CAP,
  previousProductPage,
  readProductHistory,
  readSearchTerm,
  readSimilarViewed,
  readUrlHistory,
  recordUrl,
  rememberSimilarViewed,
  SEARCH_TERM_TTL_MS,
  SIMILAR_CAP,
  SIMILAR_KEY,
  SIMILAR_TTL_MS,
  searchTermCookie,
} from './local-data.ts';

const HOUR = 3_600_000;

describe('search-term cookie (SPEC §3, §9: 3 days)', () => {
  test('lives 3 days (259200000 ms), site-wide', () => {
    expect(SEARCH_TERM_TTL_MS).toBe(259_200_000);
    expect(searchTermCookie('whey')).toBe('search_term=whey; Max-Age=259200; Path=/; SameSite=Lax');
  });

  test('the term is encoded and read back whatever its characters', () => {
    const term = 'café & crème; 100%';
    const cookie = searchTermCookie(term).split(';')[0] as string;
    expect(readSearchTerm(`a=1; ${cookie}; b=2`)).toBe(term);
  });

  test('no cookie, an empty one or a broken encoding reads as no term', () => {
    expect(readSearchTerm('')).toBeNull();
    expect(readSearchTerm('search_terms=x; other=search_term')).toBeNull();
    expect(readSearchTerm('search_term=')).toBeNull();
    expect(readSearchTerm('search_term=%E0%A4%A')).toBeNull();
  });
});

describe('similarProductViewed (SPEC §3, §9: 30 hours)', () => {
  test('a viewed product is remembered with its time', () => {
    const s = new MemoryStorage();
    rememberSimilarViewed(s, 7, 1_000);
    expect(readSimilarViewed(s, 2_000)).toEqual([{ similar_product_id: 7, addedAt: 1_000 }]);
    expect(JSON.parse(s.getItem(SIMILAR_KEY) ?? '[]')).toEqual([{ similar_product_id: 7, addedAt: 1_000 }]);
  });

  test('an entry is kept for 30 hours (108000000 ms) and no longer', () => {
    expect(SIMILAR_TTL_MS).toBe(108_000_000);
    const s = new MemoryStorage();
    rememberSimilarViewed(s, 1, 0);
    expect(readSimilarViewed(s, 30 * HOUR - 1)).toHaveLength(1);
    expect(readSimilarViewed(s, 30 * HOUR)).toHaveLength(0);
  });

  test('viewing a product again moves it to the newest place; expired entries are dropped on write', () => {
    const s = new MemoryStorage();
    rememberSimilarViewed(s, 1, 0);
    rememberSimilarViewed(s, 2, 10 * HOUR);
    rememberSimilarViewed(s, 3, 20 * HOUR);
    rememberSimilarViewed(s, 2, 31 * HOUR);
    expect(readSimilarViewed(s, 31 * HOUR)).toEqual([
      { similar_product_id: 3, addedAt: 20 * HOUR },
      { similar_product_id: 2, addedAt: 31 * HOUR },
    ]);
  });

  test(`the list is bounded (${SIMILAR_CAP}); the oldest go first`, () => {
    const s = new MemoryStorage();
    for (let id = 1; id <= SIMILAR_CAP + 3; id++) rememberSimilarViewed(s, id, id);
    const list = readSimilarViewed(s, 100);
    expect(list).toHaveLength(SIMILAR_CAP);
    expect(list[0]?.similar_product_id).toBe(4);
  });

  test('corrupt or blocked storage never throws', () => {
    const s = new MemoryStorage();
    s.setItem(SIMILAR_KEY, '{not json');
    expect(readSimilarViewed(s, 0)).toEqual([]);
    s.setItem(
      SIMILAR_KEY,
      JSON.stringify([
        { similar_product_id: 'x', addedAt: 1 },
        { similar_product_id: 5, addedAt: 1 },
      ]),
    );
    expect(readSimilarViewed(s, 2)).toEqual([{ similar_product_id: 5, addedAt: 1 }]);
    expect(readSimilarViewed(null, 0)).toEqual([]);
    expect(() => rememberSimilarViewed(null, 1, 0)).not.toThrow();
  });
});

describe('urlHistory / currentUrlHistory and the previous product page (SPEC §2, §3)', () => {
  test('each page change makes the current URL the previous one', () => {
    const s = new MemoryStorage();
    recordUrl(s, '/');
    recordUrl(s, '/brand/titan-forge');
    expect(readUrlHistory(s)).toEqual({ currUrl: '/brand/titan-forge', prevUrl: '/' });
  });

  test('the same URL again (a re-render, a reload) changes nothing', () => {
    const s = new MemoryStorage();
    recordUrl(s, '/');
    recordUrl(s, '/shop');
    recordUrl(s, '/shop');
    expect(readUrlHistory(s)).toEqual({ currUrl: '/shop', prevUrl: '/' });
  });

  test('a swatch switch on a product page keeps the page the shopper came from', () => {
    const s = new MemoryStorage();
    recordUrl(s, '/brand/titan-forge');
    recordUrl(s, '/product/gold-whey/?pId=1&vId=2');
    recordUrl(s, '/product/gold-whey/?pId=1&vId=3');
    expect(readUrlHistory(s)).toEqual({ currUrl: '/product/gold-whey/?pId=1&vId=3', prevUrl: '/brand/titan-forge' });
  });

  test('product pages are remembered, one entry per product, newest last', () => {
    const s = new MemoryStorage();
    recordUrl(s, '/product/a/?pId=1&vId=1');
    recordUrl(s, '/search?q=whey');
    recordUrl(s, '/product/b/?pId=2&vId=5');
    recordUrl(s, '/product/a/?pId=1&vId=9');
    expect(readProductHistory(s)).toEqual(['/product/b/?pId=2&vId=5', '/product/a/?pId=1&vId=9']);
  });

  test('the previous product page is the last product seen other than the current one', () => {
    const s = new MemoryStorage();
    expect(previousProductPage(s)).toBeNull();
    recordUrl(s, '/product/a/?pId=1&vId=1');
    recordUrl(s, '/product/b/?pId=2&vId=5');
    expect(previousProductPage(s)).toBe('/product/b/?pId=2&vId=5');
    expect(previousProductPage(s, '/product/b/?pId=2&vId=6')).toBe('/product/a/?pId=1&vId=1');
    recordUrl(s, '/gold-whey/reviews/pr/1');
    expect(previousProductPage(s, '/gold-whey/reviews/pr/1')).toBe('/product/b/?pId=2&vId=5');
  });

  test(`at most ${PRODUCT_HISTORY_CAP} product pages are kept; other stored values are ignored`, () => {
    const s = new MemoryStorage();
    for (let i = 1; i <= PRODUCT_HISTORY_CAP + 2; i++) recordUrl(s, `/product/p${i}/?pId=${i}`);
    expect(readProductHistory(s)).toHaveLength(PRODUCT_HISTORY_CAP);
    expect(readProductHistory(s)[0]).toBe('/product/p3/?pId=3');
    s.setItem(CURRENT_URL_HISTORY_KEY, JSON.stringify(['/cart', 42, '/product/x/?pId=1']));
    expect(readProductHistory(s)).toEqual(['/product/x/?pId=1']);
  });
});
