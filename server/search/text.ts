// Text normalisation and typo distance for the search index. Pure functions; no allocation-heavy libraries.

const STOP_WORDS = new Set(['and', 'the', 'of', 'for', 'with', 'a', 'an', 'in', 'by']);

// Units that make one word with the number before them: "2 kg", "2kg" and "2 KG" are all "2kg".
const UNITS = new Set(['g', 'gm', 'gms', 'kg', 'kgs', 'mg', 'ml', 'l', 'lb', 'lbs', 'oz']);
const UNIT_ALIASES: Record<string, string> = { gm: 'g', gms: 'g', kgs: 'kg', lbs: 'lb' };

/**
 * Lowercase, accents stripped, split into words (letters and digits apart), stop words dropped, and a number
 * followed by a unit joined into one word ("2 kg" -> "2kg").
 */
export function tokenize(text: string, keepStopWords = false): string[] {
  const out: string[] = [];
  const normalised = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const words = normalised.match(/[a-z]+|[0-9]+(?:\.[0-9]+)?/g) ?? [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const next = words[i + 1];
    if (/^[0-9]/.test(w) && next && UNITS.has(next)) {
      out.push(`${w}${UNIT_ALIASES[next] ?? next}`);
      i++;
      continue;
    }
    if (!keepStopWords && STOP_WORDS.has(w)) continue;
    out.push(w);
  }
  return out;
}

/**
 * Damerau–Levenshtein distance (optimal string alignment) between a and b, or max + 1 as soon as it is
 * certain to exceed max. Transpositions count as one typo ("wehy" -> "whey").
 */
export function boundedDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  // Three rolling rows are enough for the transposition rule.
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb] as number;
}

/** Typos allowed for a query word (as the big hosted engines do): none under 4 letters, 1 up to 7, then 2. */
export function typoBudget(word: string): number {
  if (!/^[a-z]+$/.test(word)) return 0;
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}
