// Local data lives in Web Storage (injected, so rules are testable over a fake). Failures are logged, never
// shown (SPEC §8): reads fall back to the empty value.

/** The part of Web Storage the local-data modules use. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readJson<T>(storage: KeyValueStorage | null, key: string, fallback: T): T {
  if (!storage) return fallback;
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch (error) {
    console.warn(`[events] cannot read ${key}`, error);
    return fallback;
  }
}

/** Writes JSON; returns false on any failure (quota, blocked storage). */
export function writeJson(storage: KeyValueStorage | null, key: string, value: unknown): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch (error) {
    console.warn(`[events] cannot write ${key}`, error);
    return false;
  }
}

export const isQuotaError = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || /quota/i.test(error.message));

/** The browser's storage of a kind, or null when blocked or absent (private mode, no DOM). */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  try {
    return ((globalThis as Record<string, unknown>)[kind] as KeyValueStorage | null) ?? null;
  } catch {
    return null;
  }
}
