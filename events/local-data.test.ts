import { MemoryStorage } from '../tests/helpers/provider-harness.ts';
import { forgetOrigins, ORIGIN_CAP, ORIGIN_KEY, originOf, readOrigins, rememberOrigin } from './origin-data.ts';
import {
  clearTables,
  cutQueryId,
  moveToAddedToCart,
  QUERY_ID_MAP_CAP,
  queryIdFor,
  readTables,
  recordQuery,
  rememberQueryIds,
  SEARCH_TABLE_CAP,
  sessionQueryId,
  setSessionQueryId,
} from './search-clicks.ts';

const entry = (n: number, list = 'search') => ({ key: String(n), itemListName: list, itemIndex: n });

describe('product_origin_data (SPEC §4)', () => {
  test('adding an existing key replaces it (one entry, newest)', () => {
    const s = new MemoryStorage();
    rememberOrigin(s, entry(1, 'brand'));
    rememberOrigin(s, entry(2));
    rememberOrigin(s, { key: '1', itemListName: 'category', itemIndex: 7 });
    expect(readOrigins(s)).toEqual([entry(2), { key: '1', itemListName: 'category', itemIndex: 7 }]);
  });

  test('the list holds at most 100 entries; the oldest is dropped', () => {
    const s = new MemoryStorage();
    for (let i = 0; i < ORIGIN_CAP + 5; i++) rememberOrigin(s, entry(i));
    const list = readOrigins(s);
    expect(list).toHaveLength(ORIGIN_CAP);
    expect(list[0].key).toBe('5');
    expect(originOf(s, '4')).toBeNull();
    expect(originOf(s, '104')).toEqual(entry(104));
  });

  test('on a storage-quota error half the entries are dropped', () => {
    const s = new MemoryStorage();
    for (let i = 0; i < 40; i++) rememberOrigin(s, entry(i));
    const size = (s.getItem(ORIGIN_KEY) ?? '').length;
    s.quota = size + 10;
    rememberOrigin(s, entry(40));
    const list = readOrigins(s);
    expect(list).toHaveLength(21);
    expect(list[0].key).toBe('20');
    expect(list.at(-1)?.key).toBe('40');
  });

  test('origins are removed once an order is placed', () => {
    const s = new MemoryStorage();
    rememberOrigin(s, entry(1));
    rememberOrigin(s, entry(2));
    forgetOrigins(s, ['1']);
    expect(readOrigins(s).map((e) => e.key)).toEqual(['2']);
  });

  test('blocked or corrupt storage never throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {},
    };
    expect(() => rememberOrigin(broken, entry(1))).not.toThrow();
    expect(readOrigins(broken)).toEqual([]);
    const corrupt = new MemoryStorage();
    corrupt.setItem(ORIGIN_KEY, '{not json');
    expect(readOrigins(corrupt)).toEqual([]);
    expect(readOrigins(null)).toEqual([]);
  });
});

describe('search-click tables queries / addedToCart (SPEC §4)', () => {
  test('recording a query for an objectID inserts or updates it', () => {
    const s = new MemoryStorage();
    recordQuery(s, { objectID: 'a', queryID: 'q1', timestamp: 1 });
    recordQuery(s, { objectID: 'a', queryID: 'q2', timestamp: 2 });
    expect(readTables(s).queries).toEqual([{ objectID: 'a', queryID: 'q2', timestamp: 2 }]);
  });

  test('above 10 entries the oldest by timestamp is removed', () => {
    const s = new MemoryStorage();
    // Insertion order differs from timestamp order: the oldest timestamp goes, not the first inserted.
    const stamps = [50, 10, 60, 70, 80, 90, 100, 110, 120, 130, 140];
    for (const [i, t] of stamps.entries()) recordQuery(s, { objectID: `o${i}`, queryID: 'q', timestamp: t });
    const q = readTables(s).queries;
    expect(q).toHaveLength(SEARCH_TABLE_CAP);
    expect(q.map((r) => r.objectID)).not.toContain('o1');
    expect(q.map((r) => r.objectID)).toContain('o0');
  });

  test('adding to cart moves the entry from queries to addedToCart (max 10, oldest evicted)', () => {
    const s = new MemoryStorage();
    for (let i = 0; i < 12; i++) {
      recordQuery(s, { objectID: `o${i}`, queryID: `q${i}`, timestamp: i });
      moveToAddedToCart(s, `o${i}`, 1000 + i);
    }
    const t = readTables(s);
    expect(t.queries).toEqual([]);
    expect(t.addedToCart).toHaveLength(10);
    expect(t.addedToCart.map((r) => r.objectID)).toEqual(['o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'o9', 'o10', 'o11']);
    expect(moveToAddedToCart(s, 'unknown', 5)).toBeNull();
  });

  test('clear empties both tables', () => {
    const s = new MemoryStorage();
    recordQuery(s, { objectID: 'a', queryID: 'q', timestamp: 1 });
    recordQuery(s, { objectID: 'b', queryID: 'q', timestamp: 1 });
    moveToAddedToCart(s, 'b', 2);
    clearTables(s);
    expect(readTables(s)).toEqual({ queries: [], addedToCart: [] });
  });

  test('the search query id is cut to 100 characters', () => {
    const long = 'x'.repeat(150);
    expect(cutQueryId(long)).toHaveLength(100);
    const session = new MemoryStorage();
    setSessionQueryId(session, long);
    expect(sessionQueryId(session)).toBe('x'.repeat(100));
    const s = new MemoryStorage();
    recordQuery(s, { objectID: 'a', queryID: long, timestamp: 1 });
    expect(readTables(s).queries[0].queryID).toHaveLength(100);
  });

  test('algolia_query_id maps item ids to the search that listed them, newest wins, bounded', () => {
    const s = new MemoryStorage();
    rememberQueryIds(s, ['1', '2'], 'q-old');
    rememberQueryIds(s, ['2', '3'], 'q-new');
    expect(queryIdFor(s, '1')).toBe('q-old');
    expect(queryIdFor(s, '2')).toBe('q-new');
    expect(queryIdFor(s, '9')).toBeNull();
    rememberQueryIds(
      s,
      Array.from({ length: QUERY_ID_MAP_CAP }, (_, i) => String(1000 + i)),
      'q-big',
    );
    expect(queryIdFor(s, '1')).toBeNull();
    expect(queryIdFor(s, '1099')).toBe('q-big');
  });
});
