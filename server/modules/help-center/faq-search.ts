// Help-centre search (docs/grievance-redressal.md "Help-centre search"): every word of the query must appear in the
// question, answer or topic as a whole word, so "cod" no longer finds "scratch code". A word of four letters or
// more also matches its plain inflections (refund: refunds, refunded, refunding); a word on the synonym list also
// matches its phrases, written with spaces or hyphens (cod: "pay on delivery", "pay-on-delivery").

/** The synonym list, kept small and deliberate: each entry is what shoppers type for what the answers say. */
export const FAQ_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  cod: ['cash on delivery', 'pay on delivery'],
  otp: ['one-time password', 'one time password'],
};

/** Words after the first 8 are ignored: a query is at most 100 characters anyway. */
const MAX_WORDS = 8;
const INFLECTIONS = '(?:s|es|ed|ing)?';

/** A phrase as a whole-word PostgreSQL pattern: words apart by spaces or hyphens. */
const phrase = (text: string) => text.split(/[\s-]+/).join('[\\s-]+');

/**
 * The query as PostgreSQL regular expressions (ARE, matched with `~*`), one per word, each of which must match;
 * `null` when the query has text but no word (it then matches nothing), `[]` when it is empty (everything).
 */
export function faqSearchPatterns(query: string): string[] | null {
  const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return query.trim() ? null : [];
  return [...new Set(words)].map((word) => {
    const alternatives = [word.length >= 4 ? `${word}${INFLECTIONS}` : word, ...(FAQ_SYNONYMS[word] ?? []).map(phrase)];
    return `\\m(?:${alternatives.join('|')})\\M`;
  });
}
