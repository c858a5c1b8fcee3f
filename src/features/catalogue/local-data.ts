import { type KeyValueStorage, readJson, writeJson } from '../../../events/storage.ts';

// SPEC §3 local data of the catalogue: the search-term cookie, similarProductViewed, urlHistory /
// currentUrlHistory and the previous product page. Storage is passed in so the rules test over a fake; every
// failure is only logged (SPEC §8). product_origin_data belongs to the analytics core (events/origin-data.ts).

// ---- search-term cookie ---------------------------------------------------------------------------------

export const SEARCH_TERM_COOKIE = 'search_term';
/** SPEC §9: the search term is kept 3 days (259200000 ms). */
export const SEARCH_TERM_TTL_MS = 259_200_000;

/** The Set-Cookie text for the last search term. */
export function searchTermCookie(term: string): string {
  return `${SEARCH_TERM_COOKIE}=${encodeURIComponent(term.trim().slice(0, 200))}; Max-Age=${SEARCH_TERM_TTL_MS / 1000}; Path=/; SameSite=Lax`;
}

/** The remembered term from a cookie header (`document.cookie`), or null. */
export function readSearchTerm(cookieText: string): string | null {
  for (const part of cookieText.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SEARCH_TERM_COOKIE) continue;
    try {
      const value = decodeURIComponent(part.slice(eq + 1).trim());
      return value || null;
    } catch {
      return null;
    }
  }
  return null;
}

export function rememberSearchTerm(term: string): void {
  if (typeof document === 'undefined' || !term.trim()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: SPEC §3 keeps the term in a cookie; the Cookie Store API is not everywhere yet.
  document.cookie = searchTermCookie(term);
}

export function lastSearchTerm(): string | null {
  return typeof document === 'undefined' ? null : readSearchTerm(document.cookie);
}

// ---- similarProductViewed -------------------------------------------------------------------------------

export const SIMILAR_KEY = 'similarProductViewed';
/** SPEC §9: similar-product memory lasts 30 hours (108000000 ms). */
export const SIMILAR_TTL_MS = 108_000_000;
/** Bounded so the list cannot grow without end; only the newest few drive recommendations. */
export const SIMILAR_CAP = 20;

export interface SimilarViewed {
  similar_product_id: number;
  addedAt: number;
}

/** The products viewed in the last 30 hours, oldest first. */
export function readSimilarViewed(storage: KeyValueStorage | null, now: number): SimilarViewed[] {
  const list = readJson<unknown>(storage, SIMILAR_KEY, []);
  if (!Array.isArray(list)) return [];
  return list.filter(
    (e): e is SimilarViewed =>
      typeof e?.similar_product_id === 'number' && typeof e?.addedAt === 'number' && now - e.addedAt < SIMILAR_TTL_MS && e.addedAt <= now,
  );
}

/** Remembers a viewed product (a repeat view moves it to the newest place); expired entries are dropped. */
export function rememberSimilarViewed(storage: KeyValueStorage | null, productId: number, now: number): SimilarViewed[] {
  const list = readSimilarViewed(storage, now).filter((e) => e.similar_product_id !== productId);
  list.push({ similar_product_id: productId, addedAt: now });
  const kept = list.slice(-SIMILAR_CAP);
  writeJson(storage, SIMILAR_KEY, kept);
  return kept;
}

// ---- urlHistory / currentUrlHistory ---------------------------------------------------------------------

export const URL_HISTORY_KEY = 'urlHistory';
export const CURRENT_URL_HISTORY_KEY = 'currentUrlHistory';
/** Product pages remembered for the previous-page lookup. */
export const PRODUCT_HISTORY_CAP = 10;

export interface UrlHistory {
  currUrl: string | null;
  prevUrl: string | null;
}

export function readUrlHistory(storage: KeyValueStorage | null): UrlHistory {
  const h = readJson<Partial<UrlHistory> | null>(storage, URL_HISTORY_KEY, null);
  return { currUrl: typeof h?.currUrl === 'string' ? h.currUrl : null, prevUrl: typeof h?.prevUrl === 'string' ? h.prevUrl : null };
}

const isProductPage = (url: string) => /^\/product\/[^/?#]+\/?(\?|$)/.test(url);

/** Identity of a product page: the product, whatever its variant (a swatch switch is not a new page). */
function productKey(url: string): string | null {
  if (!isProductPage(url)) return null;
  const q = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const pid = new URLSearchParams(q).get('pId');
  return pid ? `pid:${pid}` : (url.split('?')[0] ?? url);
}

/**
 * Records a route change: urlHistory becomes {currUrl: url, prevUrl: the URL before}; a product page is also
 * remembered in currentUrlHistory (newest last). A swatch switch (same product, other variant) replaces the
 * current entries instead of pushing the same page again.
 */
export function recordUrl(storage: KeyValueStorage | null, url: string): UrlHistory {
  const h = readUrlHistory(storage);
  if (h.currUrl === url) return h;
  const sameProduct = h.currUrl !== null && productKey(url) !== null && productKey(url) === productKey(h.currUrl);
  const next: UrlHistory = sameProduct ? { currUrl: url, prevUrl: h.prevUrl } : { currUrl: url, prevUrl: h.currUrl };
  writeJson(storage, URL_HISTORY_KEY, next);
  const key = productKey(url);
  if (key) {
    const list = readProductHistory(storage).filter((u) => productKey(u) !== key);
    list.push(url);
    writeJson(storage, CURRENT_URL_HISTORY_KEY, list.slice(-PRODUCT_HISTORY_CAP));
  }
  return next;
}

export function readProductHistory(storage: KeyValueStorage | null): string[] {
  const list = readJson<unknown>(storage, CURRENT_URL_HISTORY_KEY, []);
  return Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string' && isProductPage(u)) : [];
}

/**
 * SPEC §2 previous-page lookup: the last product page the shopper saw, other than `currentUrl` (a review page
 * or the cart links back to it). Null when none.
 */
export function previousProductPage(storage: KeyValueStorage | null, currentUrl?: string): string | null {
  const skip = currentUrl ? productKey(currentUrl) : null;
  const list = readProductHistory(storage);
  for (let i = list.length - 1; i >= 0; i--) {
    const u = list[i] as string;
    if (!skip || productKey(u) !== skip) return u;
  }
  return null;
}
