import { type ActiveFilter, type ActivePrice, type Facet, type FacetName, PRICE_BUCKETS, type SortBy } from '../../schemas/catalogue.ts';
import { foodMarker } from '../../schemas/food-type.ts';
import { percentOff } from '../../schemas/money.ts';
import type { BrandRec, CategoryRec, CatalogueSnapshot, ProductRec, VariantRec } from './snapshot.ts';
import { codeOf, dictionary } from './facets.ts';
import { tokenize } from './text.ts';

// The search index's shapes and columns (engine.ts says how the index works).

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
export const MAX_WORDS = 8;
export const MAX_SCORE = 4096;
export const RANK_BITS = 2 ** 21;

export const G_BRAND = 1;
export const G_CATEGORY = 2;
export const G_FLAVOUR = 4;
export const G_WEIGHT = 8;
export const G_PRICE = 16;
export const G_FOOD = 32;
export const G_AVAILABILITY = 64;

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

/**
 * The index's columns, built from a snapshot, and their upkeep when prices, stock or rankings change: the first
 * layer of SearchIndex (engine.ts), whose text matching (index-text.ts) and queries build on these fields.
 */
export abstract class IndexColumns {
  readonly size: number;
  readonly variants: VariantRec[] = [];
  readonly products: ProductRec[];
  protected readonly productIndex = new Map<number, number>();
  protected readonly variantIndex = new Map<number, number>();
  protected readonly brands: BrandRec[];
  protected readonly categories: CategoryRec[];
  protected readonly brandCode = new Map<number, number>();
  protected readonly categoryCode = new Map<number, number>();
  protected readonly flavours = dictionary();
  protected readonly weights = dictionary();
  protected readonly weightOrder: number[] = [];

  // Columns, one entry per variant.
  protected readonly vProd: Int32Array;
  protected readonly vBrand: Int32Array;
  protected readonly vCat: Int32Array;
  protected readonly vFlav: Int32Array;
  protected readonly vWeight: Int32Array;
  protected readonly vFood: Int32Array;
  protected readonly vPrice: Int32Array;
  protected readonly vBucket: Int32Array;
  protected readonly vDisc: Int32Array;
  protected readonly vStock: Uint8Array;
  protected readonly pBest: Uint8Array;

  // Sorted orders of variant indices, one per sort; `popular` is relevance without a query.
  protected replicas!: Record<Exclude<SortBy, 'relevance'> | 'popular', Int32Array>;
  protected popRank!: Int32Array;
  protected popOrder!: Int32Array;
  protected replicasDirty = false;

  // Text index.
  protected readonly postings = new Map<string, Posting>();
  protected readonly vocabulary: string[];
  protected readonly expansions = new Map<string, Array<[string, number]>>();

  // Scratch space reused by every query (a query runs to completion before the next starts).
  protected gen = 0;
  protected readonly inResult: Uint32Array;
  protected readonly emitted: Uint32Array;
  protected readonly pTokStamp: Uint32Array;
  protected readonly pTokScore: Uint16Array;
  protected readonly vTokStamp: Uint32Array;
  protected readonly vTokScore: Uint16Array;
  protected readonly vScore: Uint16Array;
  protected readonly vMatched: Uint8Array;
  protected readonly bestVariant: Int32Array;
  protected readonly keys: Float64Array;
  protected readonly heap: Float64Array;
  protected readonly slotOffsets: Record<FacetName, number>;
  protected readonly counts: Int32Array;
  protected readonly lastProduct: Int32Array;
  protected readonly baseCache = new Map<string, { list: Int32Array; allowed: Uint8Array }>();

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

  protected writePriceColumns(i: number): void {
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

  protected buildReplicas(): void {
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

  protected buildText(): string[] {
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
}
