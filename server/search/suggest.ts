import { wordMatch } from './match.ts';
import { tokenize } from './text.ts';

// Suggestions' brand and category names, matched word by word by the rule search uses (match.ts), so a typo that
// finds products also finds the brand.

/** Brands / categories whose names match every query word, by the rule search uses (match.ts). */
export function matchNames<T extends { name: string }>(items: readonly T[], q: string, limit: number): T[] {
  const words = tokenize(q);
  if (!words.length) return [];
  const scored: Array<{ item: T; score: number }> = [];
  for (const item of items) {
    const nameWords = tokenize(item.name);
    let score = 0;
    let all = true;
    words.forEach((w, wi) => {
      const isLast = wi === words.length - 1;
      let best = 0;
      for (const nw of nameWords) best = Math.max(best, wordMatch(w, nw, isLast));
      if (!best) all = false;
      score += best;
    });
    if (all) scored.push({ item, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.item.name.localeCompare(b.item.name))
    .slice(0, limit)
    .map((s) => s.item);
}
