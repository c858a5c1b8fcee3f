import { BROWSER_CACHE_TTL_MS, readCached, writeCached } from './local-cache.ts';

// SPEC §9: browser cache entries last 3 days (259200000 ms); an older entry is ignored and removed.

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const T0 = Date.UTC(2026, 0, 1);

test('the expiry is 3 days, 259200000 ms', () => {
  expect(BROWSER_CACHE_TTL_MS).toBe(259_200_000);
  expect(BROWSER_CACHE_TTL_MS).toBe(3 * 24 * 60 * 60 * 1000);
});

test('an entry is kept at 3 days − 1 ms and dropped (and removed) at 3 days', () => {
  const s = memoryStorage();
  expect(writeCached(s, 'k', ['a'], T0)).toBe(true);
  expect(readCached<string[]>(s, 'k', T0 + BROWSER_CACHE_TTL_MS - 1)).toEqual(['a']);
  expect(s.map.has('k')).toBe(true);
  expect(readCached(s, 'k', T0 + BROWSER_CACHE_TTL_MS)).toBeNull();
  expect(s.map.has('k')).toBe(false);
});

test('a newer write restarts the 3 days', () => {
  const s = memoryStorage();
  writeCached(s, 'k', 1, T0);
  writeCached(s, 'k', 2, T0 + BROWSER_CACHE_TTL_MS - 10);
  expect(readCached(s, 'k', T0 + BROWSER_CACHE_TTL_MS + 10)).toBe(2);
});

test('nothing stored, garbage, or no storage at all read as null; garbage is removed', () => {
  const s = memoryStorage();
  expect(readCached(s, 'k', T0)).toBeNull();
  s.map.set('k', '{"value":1}');
  expect(readCached(s, 'k', T0)).toBeNull();
  expect(s.map.has('k')).toBe(false);
  expect(readCached(null, 'k', T0)).toBeNull();
  expect(writeCached(null, 'k', 1, T0)).toBe(false);
});
