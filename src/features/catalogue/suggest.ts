import type { Suggestions, SuggestionsResponse } from '../../../schemas/catalogue.ts';
import { formatPaise } from '../../../schemas/money.ts';
import { get } from '../../api/client.ts';
import { lastSearchTerm } from './local-data.ts';

// Header search suggestions (loaded on first use, so the shell stays small): the API call with a small cache,
// and the suggestion answer turned into the options of the header combobox.

export interface SuggestOption {
  id: string;
  kind: 'product' | 'brand' | 'category' | 'search' | 'recent';
  label: string;
  url: string;
  image?: string;
  price?: string;
}

export const MIN_QUERY = 2;
const cache = new Map<string, Suggestions>();
const CACHE_CAP = 50;

/** The search page of a term, encoded as the search page itself writes its URL (one form, one history entry). */
export const searchPageUrl = (term: string): string => `/search?${new URLSearchParams({ q: term.trim() })}`;

export async function fetchSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  const key = q.trim().toLowerCase();
  const hit = cache.get(key);
  if (hit) return hit;
  const res = await get<typeof SuggestionsResponse>(`/api/search/search-suggestion-list?q=${encodeURIComponent(q.trim())}`, { signal });
  cache.set(key, res.data);
  if (cache.size > CACHE_CAP) cache.delete(cache.keys().next().value as string);
  return res.data;
}

/** Products, then brands, then categories, then "search for …" (always last, so Enter on nothing searches). */
export function suggestionOptions(s: Suggestions, term: string): SuggestOption[] {
  const t = term.trim();
  return [
    ...s.products.map((p) => ({
      id: `p${p.vid}`,
      kind: 'product' as const,
      label: p.name,
      url: p.url,
      image: p.thumbnail_image,
      price: formatPaise(p.sale_price),
    })),
    ...s.brands.map((b) => ({ id: `b${b.id}`, kind: 'brand' as const, label: b.name, url: b.url })),
    ...s.categories.map((c) => ({ id: `c${c.id}`, kind: 'category' as const, label: c.name, url: c.url })),
    ...(t ? [{ id: 'search', kind: 'search' as const, label: `Search for “${t}”`, url: searchPageUrl(t) }] : []),
  ];
}

/** With an empty box: the last search (SPEC §3 search-term cookie, 3 days) as a one-tap option. */
export function recentOptions(): SuggestOption[] {
  const term = lastSearchTerm();
  return term ? [{ id: 'recent', kind: 'recent', label: term, url: searchPageUrl(term) }] : [];
}
