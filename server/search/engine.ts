import type { VariantRec } from './snapshot.ts';
import { activeFilters, type FacetSource, facetList } from './facets.ts';
import { tokenize } from './text.ts';
import {
  type BaseFilter,
  G_AVAILABILITY,
  G_BRAND,
  G_CATEGORY,
  G_FLAVOUR,
  G_FOOD,
  G_PRICE,
  G_WEIGHT,
  MAX_SCORE,
  MAX_WORDS,
  RANK_BITS,
  type SearchOutcome,
  type SearchQuery,
} from './index-columns.ts';
import { TextIndex } from './index-text.ts';
export { type Filters, type BaseFilter, type SearchQuery, type SearchOutcome, bucketOf } from './index-columns.ts';

// The in-process variant index. Variants sit in one array grouped by product; every attribute a filter or a
// facet needs is a typed-array column, so one linear pass answers a query: it checks each candidate against
// every filter group, and a variant failing exactly one group still counts for that group's facet (the
// "disjunctive" facet counts shoppers expect). Counts are products, de-duplicated cheaply because a product's
// variants are contiguous. Sorted orders ("replicas") are precomputed; a page is read by walking one.
// Three layers, one file each: the columns and their upkeep (index-columns.ts), text matching (index-text.ts),
// and the queries (here).

export class SearchIndex extends TextIndex {
  private baseSet(base: BaseFilter | undefined): { list: Int32Array; allowed: Uint8Array } | null {
    if (!base || (base.brandId === undefined && base.categoryId === undefined && !base.bestseller && !base.minDiscount)) return null;
    const key = `${base.brandId ?? ''}|${base.categoryId ?? ''}|${base.bestseller ? 1 : 0}|${base.minDiscount ?? 0}`;
    const hit = this.baseCache.get(key);
    if (hit) return hit;
    const brandCode = base.brandId === undefined ? -2 : (this.brandCode.get(base.brandId) ?? -3);
    let catAllowed: Uint8Array | null = null;
    if (base.categoryId !== undefined) {
      catAllowed = new Uint8Array(this.categories.length);
      const cat = this.categories.find((c) => c.id === base.categoryId);
      for (const id of cat?.subtree ?? []) catAllowed[this.categoryCode.get(id) as number] = 1;
    }
    const allowed = new Uint8Array(this.size);
    const list: number[] = [];
    for (let v = 0; v < this.size; v++) {
      if (brandCode !== -2 && this.vBrand[v] !== brandCode) continue;
      if (catAllowed && !catAllowed[this.vCat[v] as number]) continue;
      if (base.bestseller && !this.pBest[this.vProd[v] as number]) continue;
      if (base.minDiscount && (this.vDisc[v] as number) < base.minDiscount) continue;
      allowed[v] = 1;
      list.push(v);
    }
    const entry = { list: Int32Array.from(list), allowed };
    if (this.baseCache.size > 256) this.baseCache.clear();
    this.baseCache.set(key, entry);
    return entry;
  }

  private selection(values: string[] | undefined, lookup: (value: string) => number | number[] | undefined, size: number) {
    if (!values?.length) return null;
    const sel = new Uint8Array(size);
    for (const value of values) {
      const code = lookup(value);
      if (code === undefined) continue;
      for (const c of Array.isArray(code) ? code : [code]) sel[c] = 1;
    }
    return sel;
  }

  /** What the facet lists and filter labels read (facets.ts), outside the hot loop. */
  private facetSource(): FacetSource {
    return {
      brands: this.brands,
      categories: this.categories,
      flavours: this.flavours,
      weights: this.weights,
      weightOrder: this.weightOrder,
      counts: this.counts,
      slotOffsets: this.slotOffsets,
    };
  }

  search(query: SearchQuery): SearchOutcome {
    const { filters } = query;
    const words = tokenize(query.q).slice(0, MAX_WORDS);
    const hasText = words.length > 0;
    let required = 0;
    let partial = false;
    if (hasText) ({ required, partial } = this.matchText(words));

    const base = this.baseSet(query.base);
    const brandBySlug = (s: string) => {
      const i = this.brands.findIndex((b) => b.slug === s);
      return i < 0 ? undefined : i;
    };
    const catBySlug = (s: string) => {
      const c = this.categories.find((x) => x.slug === s);
      return c ? c.subtree.map((id) => this.categoryCode.get(id) as number) : undefined;
    };
    const fBrand = this.selection(filters.brand, brandBySlug, this.brands.length);
    const fCat = this.selection(filters.category, catBySlug, this.categories.length);
    const fFlav = this.selection(filters.flavour, (s) => this.flavours.codes.get(s), this.flavours.values.length);
    const fWeight = this.selection(filters.weight, (s) => this.weights.codes.get(s), this.weights.values.length);
    const fFood = this.selection(filters.food_type, (s) => (s === 'veg' ? 0 : s === 'non-veg' ? 1 : undefined), 2);
    const fAvail = filters.availability === 'in_stock';
    const hasPrice = filters.price_min !== undefined || filters.price_max !== undefined;
    const pMin = filters.price_min ?? 0;
    const pMax = filters.price_max ?? Number.MAX_SAFE_INTEGER;

    const off = this.slotOffsets;
    const counts = this.counts;
    const last = this.lastProduct;
    counts.fill(0);
    last.fill(-1);
    this.gen++;
    const g = this.gen;
    const { vProd, vBrand, vCat, vFlav, vWeight, vFood, vPrice, vBucket, vStock, vScore, vMatched } = this;
    const relevanceByText = hasText && query.sortby === 'relevance';

    let totalHits = 0;
    let nbHits = 0;
    let curProduct = -1;
    let curBest = -1;
    let curScore = -1;
    let rangeMin = Number.MAX_SAFE_INTEGER;
    let rangeMax = -1;
    const keys = this.keys;
    const popRank = this.popRank;
    const flush = () => {
      if (curProduct < 0) return;
      this.bestVariant[curProduct] = curBest;
      keys[nbHits - 1] = (MAX_SCORE - curScore) * RANK_BITS + (popRank[curProduct] as number);
    };

    const list = base && !hasText ? base.list : null;
    const allowed = base && hasText ? base.allowed : null;
    const len = list ? list.length : this.size;
    for (let i = 0; i < len; i++) {
      const v = list ? (list[i] as number) : i;
      if (hasText && (required === 0 || (vMatched[v] as number) < required)) continue;
      if (allowed && !allowed[v]) continue;
      const price = vPrice[v] as number;
      let mask = 0;
      if (fBrand && !fBrand[vBrand[v] as number]) mask |= G_BRAND;
      if (fCat && !fCat[vCat[v] as number]) mask |= G_CATEGORY;
      if (fFlav && ((vFlav[v] as number) < 0 || !fFlav[vFlav[v] as number])) mask |= G_FLAVOUR;
      if (fWeight && ((vWeight[v] as number) < 0 || !fWeight[vWeight[v] as number])) mask |= G_WEIGHT;
      if (hasPrice && (price < pMin || price > pMax)) mask |= G_PRICE;
      if (fFood && ((vFood[v] as number) < 0 || !fFood[vFood[v] as number])) mask |= G_FOOD;
      if (fAvail && !vStock[v]) mask |= G_AVAILABILITY;
      if (mask !== 0 && (mask & (mask - 1)) !== 0) continue;
      const p = vProd[v] as number;
      if (mask === 0 || mask === G_PRICE) {
        if (price < rangeMin) rangeMin = price;
        if (price > rangeMax) rangeMax = price;
      }
      let s: number;
      if (mask === 0) {
        totalHits++;
        this.inResult[v] = g;
        if (p !== curProduct) {
          flush();
          nbHits++;
          curProduct = p;
          curBest = v;
          curScore = vScore[v] as number;
        } else if (relevanceByText && (vScore[v] as number) > curScore) {
          curBest = v;
          curScore = vScore[v] as number;
        }
      }
      if (mask === 0 || mask === G_BRAND) {
        s = off.brand + (vBrand[v] as number);
        if (last[s] !== p) {
          last[s] = p;
          counts[s]++;
        }
      }
      if (mask === 0 || mask === G_CATEGORY) {
        s = off.category + (vCat[v] as number);
        if (last[s] !== p) {
          last[s] = p;
          counts[s]++;
        }
      }
      if ((mask === 0 || mask === G_FLAVOUR) && (vFlav[v] as number) >= 0) {
        s = off.flavour + (vFlav[v] as number);
        if (last[s] !== p) {
          last[s] = p;
          counts[s]++;
        }
      }
      if ((mask === 0 || mask === G_WEIGHT) && (vWeight[v] as number) >= 0) {
        s = off.weight + (vWeight[v] as number);
        if (last[s] !== p) {
          last[s] = p;
          counts[s]++;
        }
      }
      if (mask === 0 || mask === G_PRICE) {
        s = off.price + (vBucket[v] as number);
        if (last[s] !== p) {
          last[s] = p;
          counts[s]++;
        }
      }
      if ((mask === 0 || mask === G_FOOD) && (vFood[v] as number) >= 0) {
        s = off.food_type + (vFood[v] as number);
        if (last[s] !== p) {
          last[s] = p;
          counts[s]++;
        }
      }
      if ((mask === 0 || mask === G_AVAILABILITY) && vStock[v]) {
        s = off.availability;
        if (last[s] !== p) {
          last[s] = p;
          counts[s]++;
        }
      }
    }
    flush();

    const perPage = query.perPage;
    const nbPages = Math.ceil(nbHits / perPage);
    const page = query.page;
    const start = (page - 1) * perPage;
    const hits: VariantRec[] = [];
    if (start < nbHits) {
      if (relevanceByText) {
        const end = Math.min(nbHits, start + perPage);
        const sorted = this.smallest(keys, nbHits, end);
        for (let k = start; k < end; k++) {
          const rank = (sorted[k] as number) % RANK_BITS;
          const p = this.popOrder[rank] as number;
          hits.push(this.variants[this.bestVariant[p] as number] as VariantRec);
        }
      } else {
        const replica = this.replicas[query.sortby === 'relevance' ? 'popular' : query.sortby];
        let skip = start;
        const emitted = this.emitted;
        for (let k = 0; k < replica.length; k++) {
          const v = replica[k] as number;
          if (this.inResult[v] !== g) continue;
          const p = vProd[v] as number;
          if (emitted[p] === g) continue;
          emitted[p] = g;
          if (skip > 0) {
            skip--;
            continue;
          }
          hits.push(this.variants[v] as VariantRec);
          if (hits.length === perPage) break;
        }
      }
    }

    return {
      hits,
      nbHits,
      totalHits,
      page,
      nbPages,
      facets: facetList(this.facetSource(), { fBrand, fCat, fFlav, fWeight, fFood, fAvail, filters }),
      activeFilters: activeFilters(this.facetSource(), filters),
      activePrice: {
        min: filters.price_min ?? null,
        max: filters.price_max ?? null,
        range_min: rangeMax < 0 ? null : rangeMin,
        range_max: rangeMax < 0 ? null : rangeMax,
      },
      partial,
    };
  }

  /**
   * The `k` smallest of the first `n` keys, ascending, in `this.heap` — a bounded max-heap, then heapsort in
   * place: no allocation (TypedArray#sort boxes every element) and O(n log k) for the usual first page.
   */
  private smallest(keys: Float64Array, n: number, k: number): Float64Array {
    const h = this.heap;
    const down = (i: number, size: number) => {
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) return;
        const r = l + 1;
        const c = r < size && (h[r] as number) > (h[l] as number) ? r : l;
        if ((h[c] as number) <= (h[i] as number)) return;
        const t = h[i] as number;
        h[i] = h[c] as number;
        h[c] = t;
        i = c;
      }
    };
    for (let i = 0; i < k; i++) h[i] = keys[i] as number;
    for (let i = (k >> 1) - 1; i >= 0; i--) down(i, k);
    for (let i = k; i < n; i++) {
      const key = keys[i] as number;
      if (key < (h[0] as number)) {
        h[0] = key;
        down(0, k);
      }
    }
    for (let size = k - 1; size > 0; size--) {
      const t = h[0] as number;
      h[0] = h[size] as number;
      h[size] = t;
      down(0, size);
    }
    return h;
  }
}
