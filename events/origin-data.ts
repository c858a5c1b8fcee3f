// SPEC §3/§4 product_origin_data: the list name and position an item was listed under, so a later add to cart
// or purchase reports where the product was found. Removed once an order is placed.
import { isQuotaError, type KeyValueStorage, readJson } from './storage.ts';

export const ORIGIN_KEY = 'product_origin_data';
/** SPEC §9: origin list cap. */
export const ORIGIN_CAP = 100;

export interface OriginEntry {
  /** Variant id. */
  key: string;
  itemListName: string;
  itemIndex: number;
}

let cachedText: string | null = null;
let cachedList: OriginEntry[] = [];

/** The stored list, oldest first; parsed once per distinct stored text (it is read on every commerce event). */
export function readOrigins(storage: KeyValueStorage | null): OriginEntry[] {
  let text: string | null = null;
  try {
    text = storage?.getItem(ORIGIN_KEY) ?? null;
  } catch (error) {
    console.warn('[events] cannot read product_origin_data', error);
  }
  if (!text) return [];
  if (text !== cachedText) {
    const list = readJson<unknown>({ getItem: () => text, setItem() {}, removeItem() {} }, ORIGIN_KEY, []);
    cachedList = Array.isArray(list) ? (list as OriginEntry[]) : [];
    cachedText = text;
  }
  return cachedList.slice();
}

function save(storage: KeyValueStorage, list: OriginEntry[]): void {
  try {
    storage.setItem(ORIGIN_KEY, JSON.stringify(list));
  } catch (error) {
    if (!isQuotaError(error)) {
      console.warn('[events] cannot write product_origin_data', error);
      return;
    }
    // SPEC §4: on a storage-quota error half the entries (the oldest) are dropped, then the write retried once.
    const kept = list.slice(Math.floor(list.length / 2));
    try {
      storage.setItem(ORIGIN_KEY, JSON.stringify(kept));
    } catch (again) {
      console.warn('[events] product_origin_data still over quota', again);
    }
  }
}

/** Remembers an item's list: an existing key is replaced (becomes newest); past the cap the oldest is dropped. */
export function rememberOrigin(storage: KeyValueStorage | null, entry: OriginEntry): void {
  if (!storage) return;
  const list = readOrigins(storage).filter((e) => e.key !== entry.key);
  list.push(entry);
  while (list.length > ORIGIN_CAP) list.shift();
  save(storage, list);
}

export function originOf(storage: KeyValueStorage | null, key: string): OriginEntry | null {
  return readOrigins(storage).find((e) => e.key === key) ?? null;
}

/** Once an order is placed its items' origins are forgotten. */
export function forgetOrigins(storage: KeyValueStorage | null, keys: string[]): void {
  if (!storage || keys.length === 0) return;
  const drop = new Set(keys);
  const list = readOrigins(storage);
  const kept = list.filter((e) => !drop.has(e.key));
  if (kept.length !== list.length) save(storage, kept);
}
