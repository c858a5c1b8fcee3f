import type { Db } from '../db/database.ts';
import { noteSearchIndexBuilt } from '../observability/registry.ts';
import { SearchIndex } from './engine.ts';
import { toHit } from './hits.ts';
import {
  applyProductRow,
  applyVariantRow,
  type CatalogueSnapshot,
  type ChangeCounters,
  changedRowsSince,
  loadSnapshot,
  type ProductRec,
  type ProductRow,
  readCounters,
  type VariantRec,
  type VariantRow,
} from './snapshot.ts';

// Owns one instance's copy of the catalogue: the snapshot, the search index and the caches built on them.
// It follows the database through the change counters of migration 020: polled every second (and on demand
// through catalogueChanged), so a price or stock change made by any instance shows within a second.

export interface StoreOptions {
  pollMs?: number;
  /** How long a change counter is looked back over, for transactions that committed out of order. */
  lookbackMs?: number;
  onError?: (err: unknown) => void;
}

const RESULTS_CACHE_SIZE = 2000;
const ASKED_ONCE_SIZE = 20_000;
// Product-page pieces are about 3 KB each: the bound keeps a crawl of every variant's page under ~50 MB.
const PRODUCT_JSON_SIZE = 16_384;

export class CatalogueStore {
  private snap: CatalogueSnapshot | null = null;
  private idx: SearchIndex | null = null;
  private loading: Promise<void> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private seen: ChangeCounters = { rows: 0, structure: 0, content: 0 };
  /** Row-counter values seen at polls, to re-read a look-back window. */
  private rowMarks: Array<{ at: number; value: number }> = [];
  private structureRecheckAt = 0;
  private contentRecheckAt = 0;
  private readonly lookbackMs: number;
  private readonly pollMs: number;
  /** Serialised listing and search answers, as Buffers: their bytes live outside the JS heap. */
  private readonly results = new Map<string, Buffer>();
  /** The same answers by the exact address asked (path and query): a repeat is answered before it is parsed. */
  private readonly byAddress = new Map<string, Buffer>();
  /** Keys asked for once since the last clear (the cache's admission rule). */
  private readonly askedOnce = new Set<string>();
  private readonly hitJson = new Map<number, Buffer>();
  /** Pieces of product pages, by product: they go with the product when it changes in place. */
  private readonly productJsonCache = new Map<ProductRec, Map<string, Buffer>>();
  private productJsonEntries = 0;
  private readonly derived = new Map<string, unknown>();
  private readonly onError: (err: unknown) => void;
  private readonly touchedListeners: Array<(products: ProductRec[]) => void> = [];

  /** Grows whenever the catalogue this instance serves changes (prices, stock, products, structure). */
  version = 0;
  /** Grows whenever offers, coupons, bank offers or freebies change. */
  contentVersion = 0;

  constructor(
    private readonly db: Db,
    options: StoreOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.lookbackMs = options.lookbackMs ?? 5000;
    this.onError = options.onError ?? (() => {});
  }

  /** Resolves once the first snapshot is loaded. */
  ready(): Promise<void> {
    this.loading ??= this.fullLoad();
    return this.loading;
  }

  get snapshot(): CatalogueSnapshot {
    if (!this.snap) throw new Error('catalogue not loaded: await store.ready() first');
    return this.snap;
  }
  get index(): SearchIndex {
    if (!this.idx) throw new Error('catalogue not loaded: await store.ready() first');
    return this.idx;
  }

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => {
      void this.refresh();
    }, this.pollMs);
    this.timer.unref();
  }

  stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.chain;
  }

  /** Checks the change counters now and applies what changed. Calls are queued, never concurrent. */
  refresh(): Promise<void> {
    this.chain = this.chain
      .then(async () => {
        if (this.closed) return;
        await this.ready();
        await this.poll();
      })
      .catch((err) => this.onError(err));
    return this.chain;
  }

  private async fullLoad(): Promise<void> {
    // Counters first: a change that lands while the snapshot loads is fetched again by the next poll.
    const counters = await readCounters(this.db);
    const snap = await loadSnapshot(this.db);
    this.install(snap);
    this.seen = counters;
    if (!this.rowMarks.length) this.rowMarks = [{ at: 0, value: counters.rows }];
  }

  private install(snap: CatalogueSnapshot): void {
    const idx = new SearchIndex(snap);
    noteSearchIndexBuilt(snap.variantsById.size);
    this.snap = snap;
    this.idx = idx;
    this.bump();
  }

  private bump(): void {
    this.version++;
    this.clearResults();
    this.askedOnce.clear();
    this.hitJson.clear();
    this.clearProductJson();
    this.derived.clear();
  }

  private async poll(): Promise<void> {
    const now = Date.now();
    const c = await readCounters(this.db);
    if (c.structure !== this.seen.structure || (this.structureRecheckAt && now >= this.structureRecheckAt)) {
      // Re-check once after the look-back, for a structural transaction still open at the first rebuild.
      this.structureRecheckAt = c.structure !== this.seen.structure ? now + this.lookbackMs : 0;
      const snap = await loadSnapshot(this.db);
      this.install(snap);
      this.seen = { ...this.seen, structure: c.structure };
    }
    if (c.content !== this.seen.content || (this.contentRecheckAt && now >= this.contentRecheckAt)) {
      this.contentRecheckAt = c.content !== this.seen.content ? now + this.lookbackMs : 0;
      this.seen = { ...this.seen, content: c.content };
      this.contentVersion++;
      this.derived.clear();
      this.clearResults();
    }
    const last = this.rowMarks[this.rowMarks.length - 1] as { at: number; value: number };
    if (c.rows !== last.value) this.rowMarks.push({ at: now, value: c.rows });
    // The newest mark older than the look-back window is where re-reading starts.
    let startAt = 0;
    for (let i = 0; i < this.rowMarks.length; i++) if ((this.rowMarks[i] as { at: number }).at <= now - this.lookbackMs) startAt = i;
    this.rowMarks = this.rowMarks.slice(startAt);
    if (this.rowMarks.length === 1 && c.rows === this.seen.rows) return;
    const since = (this.rowMarks[0] as { value: number }).value;
    const rows = await changedRowsSince(this.db, since);
    this.seen = { ...this.seen, rows: c.rows };
    await this.applyRows(rows.products, rows.variants);
  }

  private async applyRows(products: ProductRow[], variants: VariantRow[]): Promise<void> {
    const snap = this.snapshot;
    const idx = this.index;
    let rebuild = false;
    const touched = new Set<ProductRec>();
    for (const row of products) {
      const rec = snap.productsById.get(row.id);
      if (!rec) {
        if (!snap.knownProductIds.has(row.id)) rebuild = true;
        continue;
      }
      if (
        rec.name !== row.name ||
        rec.synonyms !== row.synonyms ||
        rec.brand.id !== row.brand_id ||
        rec.category.id !== row.category_id ||
        rec.food_type !== row.food_type ||
        rec.slug !== row.slug
      ) {
        rebuild = true;
        continue;
      }
      if (productDiffers(rec, row)) {
        applyProductRow(rec, row);
        idx.refreshProduct(rec.id);
        touched.add(rec);
      }
    }
    for (const row of variants) {
      const rec = snap.variantsById.get(row.id);
      if (!rec) {
        if (snap.productsById.has(row.product_id) || snap.knownProductIds.has(row.product_id)) rebuild = true;
        continue;
      }
      // Swatch values and order shape the index itself: rebuild.
      if (
        rec.product.id !== row.product_id ||
        rec.weight !== row.weight ||
        rec.flavour !== row.flavour ||
        rec.pack_size !== row.pack_size ||
        rec.position !== row.position ||
        rec.is_default !== row.is_default
      ) {
        rebuild = true;
        continue;
      }
      if (variantDiffers(rec, row)) {
        applyVariantRow(rec, row);
        idx.refreshVariant(rec.id);
        touched.add(rec.product);
      }
    }
    if (rebuild) {
      this.install(await loadSnapshot(this.db));
      return;
    }
    if (touched.size) {
      idx.settle();
      this.invalidate(touched);
      for (const listener of this.touchedListeners) {
        try {
          listener([...touched]);
        } catch (err) {
          this.onError(err);
        }
      }
    }
  }

  /**
   * Calls `listener` with the products whose price, stock or ranking fields this instance has just applied in
   * place (a third-party search index follows them: docs/decisions/026). A rebuild (new products, structure) is
   * not reported.
   */
  onProductsTouched(listener: (products: ProductRec[]) => void): void {
    this.touchedListeners.push(listener);
  }

  /**
   * After a price / stock / rating change: listings and derived lists may all differ, so they go; the JSON of
   * the touched products' hits goes; every other product's stays.
   */
  private invalidate(products: Set<ProductRec>): void {
    this.version++;
    this.clearResults();
    this.derived.clear();
    for (const p of products) {
      for (const v of p.variants) this.hitJson.delete(v.id);
      this.productJsonEntries -= this.productJsonCache.get(p)?.size ?? 0;
      this.productJsonCache.delete(p);
    }
  }

  private clearResults(): void {
    this.results.clear();
    this.byAddress.clear();
  }

  private clearProductJson(): void {
    this.productJsonCache.clear();
    this.productJsonEntries = 0;
  }

  // ---- caches ------------------------------------------------------------------------------------------

  /**
   * A serialised answer cached until the catalogue changes (LRU). An answer is kept only the second time it is
   * asked for: one-off searches would otherwise churn the cache (and the collector) for nothing.
   */
  cachedJson(key: string, compute: () => string | Buffer, address?: string): Buffer {
    const cache = this.results;
    const hit = cache.get(key);
    if (hit !== undefined) {
      cache.delete(key);
      cache.set(key, hit);
      if (address !== undefined) this.keepAddress(address, hit);
      return hit;
    }
    const computed = compute();
    const value = typeof computed === 'string' ? Buffer.from(computed) : computed;
    if (!this.askedOnce.has(key)) {
      if (this.askedOnce.size >= ASKED_ONCE_SIZE) this.askedOnce.clear();
      this.askedOnce.add(key);
      return value;
    }
    this.askedOnce.delete(key);
    if (cache.size >= RESULTS_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    if (address !== undefined) this.keepAddress(address, value);
    return value;
  }

  /**
   * The answer cachedJson gave for exactly this address (path and query), while the catalogue is unchanged: the
   * request need not be parsed again (it parsed the same way before), nor its cache key built.
   */
  answerAt(address: string): Buffer | undefined {
    return this.byAddress.get(address);
  }

  private keepAddress(address: string, answer: Buffer): void {
    // As many addresses as cached answers: several addresses may name one answer, none holds one alone for long.
    if (!this.byAddress.has(address) && this.byAddress.size >= RESULTS_CACHE_SIZE)
      this.byAddress.delete(this.byAddress.keys().next().value as string);
    this.byAddress.set(address, answer);
  }

  /** Any value derived from the catalogue and content, kept until either changes. */
  derive<T>(key: string, compute: () => T): T {
    if (this.derived.has(key)) return this.derived.get(key) as T;
    const value = compute();
    this.derived.set(key, value);
    return value;
  }

  /**
   * A piece of JSON drawn from one product's record (its facts, a variant's page frame), kept until that product
   * changes: price, stock and rating changes update records in place, so a cache keyed by the record alone would
   * keep showing the old figures.
   */
  productJson(p: ProductRec, key: string, compute: () => Buffer): Buffer {
    const hit = this.productJsonCache.get(p)?.get(key);
    if (hit !== undefined) return hit;
    // Computing a piece may cache other pieces of the same product (a page's head holds its facts).
    const value = compute();
    if (this.productJsonEntries >= PRODUCT_JSON_SIZE) this.clearProductJson();
    let pieces = this.productJsonCache.get(p);
    if (!pieces) {
      pieces = new Map();
      this.productJsonCache.set(p, pieces);
    }
    pieces.set(key, value);
    this.productJsonEntries++;
    return value;
  }

  /** The JSON of one variant's hit, cached until the catalogue changes. */
  hitJsonOf(v: VariantRec): Buffer {
    let b = this.hitJson.get(v.id);
    if (b === undefined) {
      b = Buffer.from(JSON.stringify(toHit(v)));
      this.hitJson.set(v.id, b);
    }
    return b;
  }
}

function productDiffers(p: ProductRec, r: ProductRow): boolean {
  return (
    p.rating !== Number(r.rating) ||
    p.rating_count !== r.rating_count ||
    p.sales_count !== r.sales_count ||
    p.is_bestseller !== r.is_bestseller ||
    p.description !== r.description ||
    p.parent_sku !== r.parent_sku ||
    p.created_at !== new Date(r.created_at).getTime() ||
    JSON.stringify(p.highlights) !== JSON.stringify(typeof r.highlights === 'string' ? JSON.parse(r.highlights) : r.highlights)
  );
}

function variantDiffers(v: VariantRec, r: VariantRow): boolean {
  return (
    v.mrp !== r.mrp ||
    v.sale_price !== r.sale_price ||
    v.stock !== r.stock ||
    v.sku !== r.sku ||
    v.is_default !== r.is_default ||
    v.image_hue !== r.image_hue ||
    v.position !== r.position ||
    v.created_at !== new Date(r.created_at).getTime()
  );
}
