import { facetSlug, PRICE_BUCKETS } from '../../schemas/catalogue.ts';
import { foodMarker } from '../../schemas/food-type.ts';
import { percentOff } from '../../schemas/money.ts';
import { AlgoliaClient, type AlgoliaSettings, indexNames } from './algolia.ts';
import { bucketOf } from './engine.ts';
import type { BrandRec, CatalogueSnapshot, CategoryRec, ProductRec, VariantRec } from './snapshot.ts';

// Sending the catalogue to Algolia (docs/decisions/026): the variant index with its five sorted replicas, the
// category index and the brand index of SPEC §3, in full, when operations ask (POST /api/ops/search/sync). A
// record carries what Algolia searches, filters, facets and ranks on; what a shopper sees of a hit (price, stock,
// images) is read from this instance's catalogue when the hit comes back, so a price change needs no sync to show.

/** Records per batch call: Algolia advises batches of about 1,000 records or 10 MB. */
export const BATCH_SIZE = 1000;

export function variantRecord(v: VariantRec, syncedAt: number) {
  const p = v.product;
  return {
    objectID: String(v.id),
    product_id: p.id,
    name: p.name,
    brand: p.brand.slug,
    brand_name: p.brand.name,
    brand_id: p.brand.id,
    category: p.category.slug,
    category_name: p.category.name,
    category_path: p.category.path.map((c) => c.slug),
    category_names: p.category.path.map((c) => c.name),
    category_ids: p.category.path.map((c) => c.id),
    flavour: v.flavour ? facetSlug(v.flavour) : null,
    flavour_label: v.flavour,
    weight: v.weight ? facetSlug(v.weight) : null,
    weight_label: v.weight,
    pack_size: v.pack_size,
    synonyms: p.synonyms,
    food_type: foodMarker(p.food_type),
    sale_price: v.sale_price,
    mrp: v.mrp,
    percent_off: percentOff(v.mrp, v.sale_price),
    price_bucket: (PRICE_BUCKETS[bucketOf(v.sale_price)] as (typeof PRICE_BUCKETS)[number]).value,
    in_stock: v.stock > 0,
    rating: p.rating,
    rating_count: p.rating_count,
    sales_count: p.sales_count,
    bestseller: p.is_bestseller ? 1 : 0,
    is_default: v.is_default ? 1 : 0,
    created_at: Math.floor(p.created_at / 1000),
    synced_at: syncedAt,
  };
}

export const brandRecord = (b: BrandRec, syncedAt: number) => ({ objectID: String(b.id), name: b.name, slug: b.slug, synced_at: syncedAt });

export const categoryRecord = (c: CategoryRec, syncedAt: number) => ({
  objectID: String(c.id),
  name: c.name,
  slug: c.slug,
  path: c.path.map((x) => x.name),
  synced_at: syncedAt,
});

// The built-in engine's tie-breaks after each sort: best sellers first, then the most rated.
const POPULAR = ['desc(sales_count)', 'desc(rating_count)'];
const TEXT_CRITERIA = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

/**
 * Index settings, in the order they are sent: the primary's replicas, then what every variant index shares
 * (forwarded to the replicas: searchable fields, facets, one hit per product), then each replica's sort.
 */
export function indexSettings(prefix: string): Array<{ index: string; body: Record<string, unknown>; forwardToReplicas?: boolean }> {
  const names = indexNames(prefix);
  const sort = (index: string, first: string[]) => ({ index, body: { ranking: [...first, ...TEXT_CRITERIA] } });
  return [
    { index: names.variants, body: { replicas: Object.values(names.replicas) } },
    {
      index: names.variants,
      forwardToReplicas: true,
      body: {
        searchableAttributes: [
          'name',
          'category_name',
          'brand_name',
          'flavour_label',
          'category_names',
          'synonyms',
          'weight_label,pack_size',
        ],
        attributesForFaceting: [
          'brand',
          'category',
          'filterOnly(category_path)',
          'flavour',
          'weight',
          'price_bucket',
          'food_type',
          'in_stock',
          'sale_price',
        ],
        numericAttributesForFiltering: ['brand_id', 'category_ids', 'bestseller', 'percent_off', 'sale_price', 'synced_at'],
        attributeForDistinct: 'product_id',
        customRanking: [...POPULAR, 'desc(is_default)'],
      },
    },
    sort(names.replicas.price_asc, ['asc(sale_price)']),
    sort(names.replicas.price_desc, ['desc(sale_price)']),
    sort(names.replicas.rating_desc, ['desc(rating)', 'desc(rating_count)']),
    sort(names.replicas.discount_desc, ['desc(percent_off)']),
    sort(names.replicas.recent, ['desc(created_at)']),
    { index: names.brands, body: { searchableAttributes: ['name'], numericAttributesForFiltering: ['synced_at'] } },
    { index: names.categories, body: { searchableAttributes: ['name', 'path'], numericAttributesForFiltering: ['synced_at'] } },
  ];
}

export interface SyncResult {
  variants: number;
  categories: number;
  brands: number;
  /** Batch calls made, over the three indexes. */
  batches: number;
  syncedAt: number;
}

/**
 * Sends the whole catalogue: settings first (so the replicas exist and sort), then every record in batches of
 * updateObject, then deletes what an earlier sync sent that this one did not (a product gone from the catalogue),
 * by the `synced_at` mark each record carries.
 */
export async function syncCatalogue(settings: AlgoliaSettings, snap: CatalogueSnapshot, now = Date.now()): Promise<SyncResult> {
  if (!settings.writeKey) throw new Error('ALGOLIA_WRITE_KEY is not set: the indexes cannot be sent');
  const client = new AlgoliaClient(settings);
  const names = indexNames(settings.prefix);
  const syncedAt = Math.floor(now / 1000);
  const write = { write: true, timeoutMs: Math.max(settings.timeoutMs, 30_000) };
  for (const { index, body, forwardToReplicas } of indexSettings(settings.prefix)) {
    const forward = forwardToReplicas ? '?forwardToReplicas=true' : '';
    await client.request('PUT', `/1/indexes/${encodeURIComponent(index)}/settings${forward}`, body, write);
  }
  const variants = snap.products.flatMap((p) => p.variants.map((v) => variantRecord(v, syncedAt)));
  const sets: Array<[string, Array<{ objectID: string }>]> = [
    [names.variants, variants],
    [names.categories, snap.categories.map((c) => categoryRecord(c, syncedAt))],
    [names.brands, snap.brands.map((b) => brandRecord(b, syncedAt))],
  ];
  let batches = 0;
  for (const [index, records] of sets) {
    for (let i = 0; i < records.length; i += BATCH_SIZE) {
      const requests = records.slice(i, i + BATCH_SIZE).map((body) => ({ action: 'updateObject', body }));
      await client.request('POST', `/1/indexes/${encodeURIComponent(index)}/batch`, { requests }, write);
      batches++;
    }
    await client.request(
      'POST',
      `/1/indexes/${encodeURIComponent(index)}/deleteByQuery`,
      { numericFilters: [`synced_at<${syncedAt}`] },
      write,
    );
  }
  return { variants: variants.length, categories: snap.categories.length, brands: snap.brands.length, batches, syncedAt };
}

/** The fields of a variant record that change in place (price, stock, ranking): what a partial update sends. */
export function changingFields(v: VariantRec) {
  const r = variantRecord(v, 0);
  return {
    objectID: r.objectID,
    sale_price: r.sale_price,
    mrp: r.mrp,
    percent_off: r.percent_off,
    price_bucket: r.price_bucket,
    in_stock: r.in_stock,
    rating: r.rating,
    rating_count: r.rating_count,
    sales_count: r.sales_count,
    bestseller: r.bestseller,
  };
}

/**
 * Follows in-place catalogue changes (a price edit, stock taken by an order, a new rating) with partial updates of
 * the touched products' variant records, gathered for `delayMs` into one batch call. Every instance sees every
 * change, so each sends the same update: it is idempotent. What needs the full sync: docs/decisions/026.
 */
export class AlgoliaChangeFeed {
  private pending = new Map<number, ProductRec>();
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly settings: AlgoliaSettings,
    private readonly onError: (err: unknown) => void,
    private readonly delayMs = 250,
  ) {}

  touched(products: ProductRec[]): void {
    for (const p of products) this.pending.set(p.id, p);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.delayMs);
      this.timer.unref();
    }
  }

  /** Sends what is pending now; resolves when the call (and any before it) is done. */
  flush(): Promise<void> {
    const products = [...this.pending.values()];
    this.pending.clear();
    if (products.length) {
      const requests = products.flatMap((p) => p.variants.map((v) => ({ action: 'partialUpdateObjectNoCreate', body: changingFields(v) })));
      const client = new AlgoliaClient(this.settings);
      const index = encodeURIComponent(indexNames(this.settings.prefix).variants);
      this.inFlight = this.inFlight
        .then(async () => {
          for (let i = 0; i < requests.length; i += BATCH_SIZE)
            await client.request('POST', `/1/indexes/${index}/batch`, { requests: requests.slice(i, i + BATCH_SIZE) }, { write: true });
        })
        .catch(this.onError);
    }
    return this.inFlight;
  }

  stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.flush();
  }
}
