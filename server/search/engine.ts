import { type ActiveFilter, type ActivePrice, type Facet, type FacetName, PRICE_BUCKETS, type SortBy } from '../../schemas/catalogue.ts';
import { foodMarker } from '../../schemas/food-type.ts';
import { percentOff } from '../../schemas/money.ts';
import type { BrandRec, CategoryRec, CatalogueSnapshot, ProductRec, VariantRec } from './snapshot.ts';
import { activeFilters, codeOf, dictionary, type FacetSource, facetList } from './facets.ts';
import { MATCH as Q, prefixAllowed, typoMatch } from './match.ts';
import { tokenize, typoBudget } from './text.ts';

// The in-process variant index. Variants sit in one array grouped by product; every attribute a filter or a
// facet needs is a typed-array column, so one linear pass answers a query: it checks each candidate against
// every filter group, and a variant failing exactly one group still counts for that group's facet (the
// "disjunctive" facet counts shoppers expect). Counts are products, de-duplicated cheaply because a product's
// variants are contiguous. Sorted orders ("replicas") are precomputed; a page is read by walking one.

export interface Filters {
  brand?: string[];
  category?: string[];
  flavour?: string[];
  weight?: string[];
  food_type?: string[];
  availability?: 'in_stock';
  price_min?: number;
  price_max?: number;
}

/** Constraints of a listing page that are not facets (the brand of a brand page, a sale's discount...). */
export interface BaseFilter {
  brandId?: number;
  categoryId?: number;
  bestseller?: boolean;
  minDiscount?: number;
}

export interface SearchQuery {
  q: string;
  sortby: SortBy;
  page: number;
  perPage: number;
  filters: Filters;
  base?: BaseFilter;
}

export interface SearchOutcome {
  hits: VariantRec[];
  nbHits: number;
  totalHits: number;
  page: number;
  nbPages: number;
  facets: Facet[];
  activeFilters: ActiveFilter[];
  activePrice: ActivePrice;
  partial: boolean;
}

interface Posting {
  products: Int32Array;
  productWeights: Uint8Array;
  variants: Int32Array;
  variantWeights: Uint8Array;
}

// Field weights x match quality = a word's score; a variant's score is the sum over query words.
const W = { name: 8, category: 7, brand: 6, flavour: 5, ancestor: 3, synonym: 3, size: 3 } as const;
const MAX_WORDS = 8;
const MAX_SCORE = 4096;
const RANK_BITS = 2 ** 21;

const G_BRAND = 1;
const G_CATEGORY = 2;
const G_FLAVOUR = 4;
const G_WEIGHT = 8;
const G_PRICE = 16;
const G_FOOD = 32;
const G_AVAILABILITY = 64;

/** Grams (or ml) for sorting weights; counts (tablets, capsules) after masses. */
function sizeOrder(label: string): number {
  const m = /^([\d.]+)\s*([a-z]+)/i.exec(label);
  if (!m) return Number.MAX_SAFE_INTEGER;
  const n = Number(m[1]);
  const unit = (m[2] ?? '').toLowerCase();
  const factor = unit === 'kg' || unit === 'l' ? 1000 : unit === 'g' || unit === 'ml' ? 1 : 1_000_000;
  return n * factor;
}

export const bucketOf = (price: number): number => {
  for (let i = PRICE_BUCKETS.length - 1; i >= 0; i--) if (price >= (PRICE_BUCKETS[i] as { min: number }).min) return i;
  return 0;
};

export class SearchIndex {
  readonly size: number;
  readonly variants: VariantRec[] = [];
  readonly products: ProductRec[];
  private readonly productIndex = new Map<number, number>();
  private readonly variantIndex = new Map<number, number>();
  private readonly brands: BrandRec[];
  private readonly categories: CategoryRec[];
  private readonly brandCode = new Map<number, number>();
  private readonly categoryCode = new Map<number, number>();
  private readonly flavours = dictionary();
  private readonly weights = dictionary();
  private readonly weightOrder: number[] = [];

  // Columns, one entry per variant.
  private readonly vProd: Int32Array;
  private readonly vBrand: Int32Array;
  private readonly vCat: Int32Array;
  private readonly vFlav: Int32Array;
  private readonly vWeight: Int32Array;
  private readonly vFood: Int32Array;
  private readonly vPrice: Int32Array;
  private readonly vBucket: Int32Array;
  private readonly vDisc: Int32Array;
  private readonly vStock: Uint8Array;
  private readonly pBest: Uint8Array;

  // Sorted orders of variant indices, one per sort; `popular` is relevance without a query.
  private replicas!: Record<Exclude<SortBy, 'relevance'> | 'popular', Int32Array>;
  private popRank!: Int32Array;
  private popOrder!: Int32Array;
  private replicasDirty = false;

  // Text index.
  private readonly postings = new Map<string, Posting>();
  private readonly vocabulary: string[];
  private readonly expansions = new Map<string, Array<[string, number]>>();

  // Scratch space reused by every query (a query runs to completion before the next starts).
  private gen = 0;
  private readonly inResult: Uint32Array;
  private readonly emitted: Uint32Array;
  private readonly pTokStamp: Uint32Array;
  private readonly pTokScore: Uint16Array;
  private readonly vTokStamp: Uint32Array;
  private readonly vTokScore: Uint16Array;
  private readonly vScore: Uint16Array;
  private readonly vMatched: Uint8Array;
  private readonly bestVariant: Int32Array;
  private readonly keys: Float64Array;
  private readonly heap: Float64Array;
  private readonly slotOffsets: Record<FacetName, number>;
  private readonly counts: Int32Array;
  private readonly lastProduct: Int32Array;
  private readonly baseCache = new Map<string, { list: Int32Array; allowed: Uint8Array }>();

  constructor(snapshot: CatalogueSnapshot) {
    this.products = snapshot.products;
    this.brands = snapshot.brands;
    this.categories = snapshot.categories;
    for (const [i, b] of snapshot.brands.entries()) this.brandCode.set(b.id, i);
    for (const [i, c] of snapshot.categories.entries()) this.categoryCode.set(c.id, i);
    this.products.forEach((p, i) => {
      this.productIndex.set(p.id, i);
      for (const v of p.variants) {
        this.variantIndex.set(v.id, this.variants.length);
        this.variants.push(v);
      }
    });
    const n = this.variants.length;
    const np = this.products.length;
    if (np >= RANK_BITS) throw new Error('too many products for the relevance key');
    this.size = n;
    this.vProd = new Int32Array(n);
    this.vBrand = new Int32Array(n);
    this.vCat = new Int32Array(n);
    this.vFlav = new Int32Array(n);
    this.vWeight = new Int32Array(n);
    this.vFood = new Int32Array(n);
    this.vPrice = new Int32Array(n);
    this.vBucket = new Int32Array(n);
    this.vDisc = new Int32Array(n);
    this.vStock = new Uint8Array(n);
    this.pBest = new Uint8Array(np);
    this.variants.forEach((v, i) => {
      const p = v.product;
      this.vProd[i] = this.productIndex.get(p.id) as number;
      this.vBrand[i] = this.brandCode.get(p.brand.id) as number;
      this.vCat[i] = this.categoryCode.get(p.category.id) as number;
      this.vFlav[i] = codeOf(this.flavours, v.flavour);
      this.vWeight[i] = codeOf(this.weights, v.weight);
      const food = foodMarker(p.food_type);
      this.vFood[i] = food === 'veg' ? 0 : food === 'non-veg' ? 1 : -1;
      this.writePriceColumns(i);
    });
    this.products.forEach((p, i) => {
      this.pBest[i] = p.is_bestseller ? 1 : 0;
    });
    this.weights.labels.forEach((l, i) => {
      this.weightOrder[i] = sizeOrder(l);
    });

    this.inResult = new Uint32Array(n);
    this.emitted = new Uint32Array(np);
    this.pTokStamp = new Uint32Array(np);
    this.pTokScore = new Uint16Array(np);
    this.vTokStamp = new Uint32Array(n);
    this.vTokScore = new Uint16Array(n);
    this.vScore = new Uint16Array(n);
    this.vMatched = new Uint8Array(n);
    this.bestVariant = new Int32Array(np);
    this.keys = new Float64Array(np);
    this.heap = new Float64Array(np);
    let slot = 0;
    const sizes: Record<FacetName, number> = {
      brand: this.brands.length,
      category: this.categories.length,
      flavour: this.flavours.values.length,
      weight: this.weights.values.length,
      price: PRICE_BUCKETS.length,
      food_type: 2,
      availability: 1,
    };
    this.slotOffsets = {} as Record<FacetName, number>;
    for (const f of Object.keys(sizes) as FacetName[]) {
      this.slotOffsets[f] = slot;
      slot += sizes[f];
    }
    this.counts = new Int32Array(slot);
    this.lastProduct = new Int32Array(slot);

    this.vocabulary = this.buildText();
    this.buildReplicas();
  }

  // ---- maintenance ---------------------------------------------------------------------------------------

  private writePriceColumns(i: number): void {
    const v = this.variants[i] as VariantRec;
    this.vPrice[i] = v.sale_price;
    this.vBucket[i] = bucketOf(v.sale_price);
    this.vDisc[i] = percentOff(v.mrp, v.sale_price);
    this.vStock[i] = v.stock > 0 ? 1 : 0;
  }

  /** Re-reads price, stock and product ranking fields after the records changed in place. */
  refreshVariant(variantId: number): boolean {
    const i = this.variantIndex.get(variantId);
    if (i === undefined) return false;
    const before = this.vPrice[i] as number;
    const beforeDisc = this.vDisc[i] as number;
    this.writePriceColumns(i);
    if (before !== this.vPrice[i] || beforeDisc !== this.vDisc[i]) this.replicasDirty = true;
    this.baseCache.clear();
    return true;
  }

  refreshProduct(productId: number): boolean {
    const i = this.productIndex.get(productId);
    if (i === undefined) return false;
    this.pBest[i] = (this.products[i] as ProductRec).is_bestseller ? 1 : 0;
    this.replicasDirty = true;
    this.baseCache.clear();
    return true;
  }

  /** Re-sorts the replicas once after a batch of changes. */
  settle(): void {
    if (this.replicasDirty) this.buildReplicas();
    this.replicasDirty = false;
  }

  private buildReplicas(): void {
    const np = this.products.length;
    const n = this.size;
    const pOrder = Array.from({ length: np }, (_, i) => i);
    const P = this.products;
    pOrder.sort((a, b) => {
      const pa = P[a] as ProductRec;
      const pb = P[b] as ProductRec;
      return pb.sales_count - pa.sales_count || pb.rating_count - pa.rating_count || pa.id - pb.id;
    });
    this.popOrder = Int32Array.from(pOrder);
    this.popRank = new Int32Array(np);
    pOrder.forEach((p, rank) => {
      this.popRank[p] = rank;
    });
    const rank = this.popRank;
    const vProd = this.vProd;
    const V = this.variants;
    // Within a product: the default variant, then position (stock is left out so stock changes need no re-sort).
    const within = (a: number, b: number) => Number((V[b] as VariantRec).is_default) - Number((V[a] as VariantRec).is_default) || a - b;
    const byPop = (a: number, b: number) => (rank[vProd[a] as number] as number) - (rank[vProd[b] as number] as number) || within(a, b);
    const all = () => Array.from({ length: n }, (_, i) => i);
    const price = this.vPrice;
    const disc = this.vDisc;
    this.replicas = {
      popular: Int32Array.from(all().sort(byPop)),
      price_asc: Int32Array.from(all().sort((a, b) => (price[a] as number) - (price[b] as number) || byPop(a, b))),
      price_desc: Int32Array.from(all().sort((a, b) => (price[b] as number) - (price[a] as number) || byPop(a, b))),
      discount_desc: Int32Array.from(all().sort((a, b) => (disc[b] as number) - (disc[a] as number) || byPop(a, b))),
      rating_desc: Int32Array.from(
        all().sort((a, b) => {
          const pa = (V[a] as VariantRec).product;
          const pb = (V[b] as VariantRec).product;
          return pb.rating - pa.rating || pb.rating_count - pa.rating_count || byPop(a, b);
        }),
      ),
      recent: Int32Array.from(
        all().sort((a, b) => {
          const pa = (V[a] as VariantRec).product;
          const pb = (V[b] as VariantRec).product;
          return pb.created_at - pa.created_at || pb.id - pa.id || within(a, b);
        }),
      ),
    };
  }

  private buildText(): string[] {
    const prodTerms = new Map<string, Map<number, number>>();
    const varTerms = new Map<string, Map<number, number>>();
    // A term's weight for an entity is the sum of the weights of the fields it occurs in, so a word that is the
    // product's name and its category ("whey") outranks the same word only in a brand name ("Himalayan Whey").
    const add = (target: Map<string, Map<number, number>>, text: string, id: number, weight: number) => {
      for (const t of new Set(tokenize(text))) {
        let m = target.get(t);
        if (!m) {
          m = new Map();
          target.set(t, m);
        }
        m.set(id, Math.min(255, (m.get(id) ?? 0) + weight));
      }
    };
    this.products.forEach((p, i) => {
      const name = p.name.startsWith(p.brand.name) ? p.name.slice(p.brand.name.length) : p.name;
      add(prodTerms, name, i, W.name);
      add(prodTerms, p.brand.name, i, W.brand);
      add(prodTerms, p.category.name, i, W.category);
      for (const t of new Set(p.category.path.filter((c) => c !== p.category).flatMap((c) => tokenize(c.name))))
        add(prodTerms, t, i, W.ancestor);
      add(prodTerms, p.synonyms, i, W.synonym);
    });
    this.variants.forEach((v, i) => {
      if (v.flavour) add(varTerms, v.flavour, i, W.flavour);
      const sizes = new Set([...tokenize(v.weight ?? ''), ...tokenize(v.pack_size ?? '')]);
      for (const t of sizes) add(varTerms, t, i, W.size);
    });
    const terms = new Set([...prodTerms.keys(), ...varTerms.keys()]);
    for (const t of terms) {
      const pm = prodTerms.get(t);
      const vm = varTerms.get(t);
      const pIds = pm ? [...pm.keys()].sort((a, b) => a - b) : [];
      const vIds = vm ? [...vm.keys()].sort((a, b) => a - b) : [];
      this.postings.set(t, {
        products: Int32Array.from(pIds),
        productWeights: Uint8Array.from(pIds.map((id) => pm?.get(id) ?? 0)),
        variants: Int32Array.from(vIds),
        variantWeights: Uint8Array.from(vIds.map((id) => vm?.get(id) ?? 0)),
      });
    }
    return [...terms].sort();
  }

  // ---- text --------------------------------------------------------------------------------------------

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
  private matchText(words: string[]): { required: number; partial: boolean } {
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

  // ---- queries -----------------------------------------------------------------------------------------

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
