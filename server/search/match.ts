import { boundedDistance, typoBudget } from './text.ts';

// How a query word matches one word of the catalogue: the one rule shared by search (engine.ts, over the index's
// vocabulary) and suggestions (brand and category names), so both tolerate the same typos.

/** Match quality, best first; a word's score is its field weight times this. */
export const MATCH = { exact: 4, prefix: 3, typo: 2, prefixTypo: 1 } as const;

/** A word may match as a prefix when it is the last one typed (still being written) or at least 3 letters long. */
export const prefixAllowed = (word: string, isLast: boolean): boolean => isLast || word.length >= 3;

/**
 * The typo match of `word` against `term`: the whole term within the word's typo budget, else (when prefixes are
 * allowed) the term's beginning; 0 for neither.
 */
export function typoMatch(word: string, term: string, allowPrefix: boolean, budget = typoBudget(word)): number {
  if (budget <= 0) return 0;
  if (boundedDistance(word, term, budget) <= budget) return MATCH.typo;
  if (allowPrefix && term.length > word.length && boundedDistance(word, term.slice(0, word.length), budget) <= budget)
    return MATCH.prefixTypo;
  return 0;
}

/** The best match quality of `word` against `term` (0 = no match). */
export function wordMatch(word: string, term: string, isLast: boolean): number {
  if (term === word) return MATCH.exact;
  const allowPrefix = prefixAllowed(word, isLast);
  if (allowPrefix && term.startsWith(word)) return MATCH.prefix;
  return typoMatch(word, term, allowPrefix);
}
