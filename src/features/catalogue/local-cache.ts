import { type KeyValueStorage, readJson, writeJson } from '../../../events/storage.ts';

// SPEC §9: browser cache entries expire after 3 days (259200000 ms). Kept for data that is the same for every
// shopper and worth keeping across visits (the brands list), so a returning shopper sees it at once while a fresh
// copy loads. An entry 3 days old or older is ignored and removed; storage failures are only logged (SPEC §8).

export const BROWSER_CACHE_TTL_MS = 259_200_000;

interface Entry<T> {
  at: number;
  value: T;
}

const isEntry = (v: unknown): v is Entry<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as Entry<unknown>).at === 'number' && 'value' in v;

/** The value kept under `key`, or null when there is none, it cannot be read, or it is 3 days old. */
export function readCached<T>(storage: KeyValueStorage | null, key: string, now: number): T | null {
  const entry = readJson<unknown>(storage, key, null);
  if (entry === null) return null;
  if (!isEntry(entry) || now - entry.at >= BROWSER_CACHE_TTL_MS || entry.at > now) {
    try {
      storage?.removeItem(key);
    } catch (error) {
      console.warn(`[catalogue] cannot remove ${key}`, error);
    }
    return null;
  }
  return entry.value as T;
}

/** Keeps `value` under `key` from `now`; false when storage refused it. */
export const writeCached = (storage: KeyValueStorage | null, key: string, value: unknown, now: number): boolean =>
  writeJson(storage, key, { at: now, value } satisfies Entry<unknown>);

/** Where the brands page keeps its last brand list. */
export const BRAND_GROUPS_CACHE_KEY = 'brandGroupsCache';
