import { MATCH as Q, prefixAllowed, typoMatch } from './match.ts';
import { typoBudget } from './text.ts';
import { IndexColumns } from './index-columns.ts';

/** SearchIndex's second layer (engine.ts): the query words against the vocabulary and the variants' text. */
export abstract class TextIndex extends IndexColumns {
  /** The vocabulary terms a query word matches, each with its match quality (exact, prefix, typo). */
  expand(word: string, isLast: boolean): Array<[string, number]> {
    const key = `${word}|${isLast ? 1 : 0}`;
    const cached = this.expansions.get(key);
    if (cached) return cached;
    const found = new Map<string, number>();
    if (this.postings.has(word)) found.set(word, Q.exact);
    const allowPrefix = prefixAllowed(word, isLast);
    if (allowPrefix) {
      const vocab = this.vocabulary;
      let lo = 0;
      let hi = vocab.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((vocab[mid] as string) < word) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < vocab.length && (vocab[i] as string).startsWith(word); i++) {
        const t = vocab[i] as string;
        if (!found.has(t)) found.set(t, Q.prefix);
      }
    }
    const budget = typoBudget(word);
    if (budget > 0) {
      for (const t of this.vocabulary) {
        if ((found.get(t) ?? 0) >= Q.typo) continue;
        const quality = typoMatch(word, t, allowPrefix, budget);
        if (quality) found.set(t, quality);
      }
    }
    const result = [...found];
    if (this.expansions.size > 5000) this.expansions.clear();
    this.expansions.set(key, result);
    return result;
  }

  /** Scores every variant against the query words; returns how many words a result must match (0 = none). */
  protected matchText(words: string[]): { required: number; partial: boolean } {
    const n = this.size;
    const vProd = this.vProd;
    this.vScore.fill(0);
    this.vMatched.fill(0);
    words.forEach((word, wi) => {
      this.gen++;
      const g = this.gen;
      for (const [term, quality] of this.expand(word, wi === words.length - 1)) {
        const post = this.postings.get(term);
        if (!post) continue;
        const { products, productWeights, variants, variantWeights } = post;
        for (let k = 0; k < products.length; k++) {
          const p = products[k] as number;
          const s = (productWeights[k] as number) * quality;
          if (this.pTokStamp[p] !== g || (this.pTokScore[p] as number) < s) {
            this.pTokStamp[p] = g;
            this.pTokScore[p] = s;
          }
        }
        for (let k = 0; k < variants.length; k++) {
          const v = variants[k] as number;
          const s = (variantWeights[k] as number) * quality;
          if (this.vTokStamp[v] !== g || (this.vTokScore[v] as number) < s) {
            this.vTokStamp[v] = g;
            this.vTokScore[v] = s;
          }
        }
      }
      for (let v = 0; v < n; v++) {
        const p = vProd[v] as number;
        const sp = this.pTokStamp[p] === g ? (this.pTokScore[p] as number) : 0;
        const sv = this.vTokStamp[v] === g ? (this.vTokScore[v] as number) : 0;
        const s = Math.max(sp, sv);
        if (s > 0) {
          this.vScore[v] = (this.vScore[v] as number) + s;
          this.vMatched[v] = (this.vMatched[v] as number) + 1;
        }
      }
    });
    let best = 0;
    for (let v = 0; v < n; v++) if ((this.vMatched[v] as number) > best) best = this.vMatched[v] as number;
    // Every word must match; when nothing matches them all, show what matches most of them.
    return { required: best, partial: best > 0 && best < words.length };
  }
}
