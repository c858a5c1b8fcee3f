// SPEC §3/§4 local search-click tracking: which search (queryID) led to a click and then to an add to cart,
// so search insights can report "after search" conversions.
import { type KeyValueStorage, readJson, writeJson } from './storage.ts';

export const SEARCH_CLICKS_KEY = 'search_click_tracking';
export const QUERY_ID_MAP_KEY = 'algolia_query_id';
export const SESSION_QUERY_ID_KEY = 'search_query_id';
/** SPEC §9: each table keeps at most 10 records. */
export const SEARCH_TABLE_CAP = 10;
/** SPEC §5/§9: the session search-query id is cut to 100 characters. */
export const QUERY_ID_MAX = 100;
/** The item → query id map is a derived cache; bounded so it cannot grow without end. */
export const QUERY_ID_MAP_CAP = 100;

export interface SearchClick {
  objectID: string;
  queryID: string;
  timestamp: number;
}
export interface SearchClickTables {
  queries: SearchClick[];
  addedToCart: SearchClick[];
}

export const cutQueryId = (id: string): string => id.slice(0, QUERY_ID_MAX);

export function readTables(storage: KeyValueStorage | null): SearchClickTables {
  const t = readJson<Partial<SearchClickTables>>(storage, SEARCH_CLICKS_KEY, {});
  return { queries: Array.isArray(t.queries) ? t.queries : [], addedToCart: Array.isArray(t.addedToCart) ? t.addedToCart : [] };
}

/** Insert or update by objectID; above the cap the oldest by timestamp is removed. */
function upsert(table: SearchClick[], record: SearchClick): SearchClick[] {
  const next = table.filter((r) => r.objectID !== record.objectID);
  next.push(record);
  while (next.length > SEARCH_TABLE_CAP) {
    let oldest = 0;
    for (let i = 1; i < next.length; i++) if (next[i].timestamp < next[oldest].timestamp) oldest = i;
    next.splice(oldest, 1);
  }
  return next;
}

/** Records that a search result (objectID) was clicked from the search with queryID. */
export function recordQuery(storage: KeyValueStorage | null, record: SearchClick): void {
  const t = readTables(storage);
  writeJson(storage, SEARCH_CLICKS_KEY, { ...t, queries: upsert(t.queries, { ...record, queryID: cutQueryId(record.queryID) }) });
}

/** Adding to cart moves the entry from queries to addedToCart; returns the moved record (null when none). */
export function moveToAddedToCart(storage: KeyValueStorage | null, objectID: string, now: number): SearchClick | null {
  const t = readTables(storage);
  const found = t.queries.find((r) => r.objectID === objectID);
  if (!found) return null;
  const moved = { ...found, timestamp: now };
  writeJson(storage, SEARCH_CLICKS_KEY, { queries: t.queries.filter((r) => r !== found), addedToCart: upsert(t.addedToCart, moved) });
  return moved;
}

/** Clear empties both tables. */
export function clearTables(storage: KeyValueStorage | null): void {
  writeJson(storage, SEARCH_CLICKS_KEY, { queries: [], addedToCart: [] });
}

/** The map as [item id, query id] pairs, oldest first (an array keeps insertion order for numeric ids). */
export function readQueryIdMap(storage: KeyValueStorage | null): [string, string][] {
  const m = readJson<unknown>(storage, QUERY_ID_MAP_KEY, []);
  return Array.isArray(m) ? (m as [string, string][]) : [];
}

/** Remembers the search that listed each item (item id → query id); past the cap the oldest are dropped. */
export function rememberQueryIds(storage: KeyValueStorage | null, itemIds: string[], queryId: string): void {
  if (!storage || itemIds.length === 0) return;
  const fresh = new Set(itemIds);
  const id = cutQueryId(queryId);
  const pairs = readQueryIdMap(storage).filter(([item]) => !fresh.has(item));
  for (const item of fresh) pairs.push([item, id]);
  writeJson(storage, QUERY_ID_MAP_KEY, pairs.slice(-QUERY_ID_MAP_CAP));
}

export function queryIdFor(storage: KeyValueStorage | null, itemId: string): string | null {
  const pairs = readQueryIdMap(storage);
  for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i][0] === itemId) return pairs[i][1];
  return null;
}

/** The session's current search query id (sessionStorage), cut to 100 characters. */
export function setSessionQueryId(storage: KeyValueStorage | null, queryId: string): void {
  if (!storage) return;
  try {
    storage.setItem(SESSION_QUERY_ID_KEY, cutQueryId(queryId));
  } catch (error) {
    console.warn('[events] cannot store the search query id', error);
  }
}

export function sessionQueryId(storage: KeyValueStorage | null): string | null {
  try {
    return storage?.getItem(SESSION_QUERY_ID_KEY) ?? null;
  } catch {
    return null;
  }
}
