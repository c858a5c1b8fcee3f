import type { BrandRec, CatalogueSnapshot, CategoryRec, ProductRec, VariantRec } from './snapshot.ts';
import { SearchIndex } from './engine.ts';
import { percentOff, reachesDiscount } from '../../schemas/money.ts';

// The engine on a hand-made catalogue small enough to reason about: facet maths, distinct products, sorts,
// and in-place price updates.

function catalogue(): CatalogueSnapshot {
  const brand = (id: number, name: string): BrandRec => ({
    id,
    name,
    slug: name.toLowerCase().replace(/ /g, '-'),
    description: '',
    country: 'India',
    is_top: true,
    launched_at: '2020-01-01',
    importer: null,
    certificate: null,
    productCount: 0,
  });
  const cat = (id: number, name: string, parent: CategoryRec | null): CategoryRec => {
    const c: CategoryRec = {
      id,
      name,
      slug: name.toLowerCase().replace(/ /g, '-'),
      parent_id: parent?.id ?? null,
      position: id,
      is_top: false,
      path: [],
      children: [],
      subtree: [id],
      productCount: 0,
    };
    c.path = [...(parent?.path ?? []), c];
    if (parent) {
      parent.children.push(c);
      for (const a of parent.path) a.subtree.push(id);
    }
    return c;
  };
  const brands = [brand(1, 'Alpha'), brand(2, 'Beta')];
  const root = cat(1, 'Proteins', null);
  const whey = cat(2, 'Whey Protein', root);
  const creatine = cat(3, 'Creatine', null);
  let vid = 0;
  const product = (
    id: number,
    name: string,
    b: BrandRec,
    c: CategoryRec,
    sales: number,
    rating: number,
    variants: Array<[string, string | null, number, number]>,
  ): ProductRec => {
    const p = {
      id,
      name: `${b.name} ${name}`,
      slug: `p${id}`,
      brand: b,
      category: c,
      description: '',
      highlights: [],
      food_type: id % 2 ? 'veg' : 'non-veg',
      parent_sku: `P${id}PA`,
      rating,
      rating_count: 1,
      sales_count: sales,
      is_bestseller: false,
      synonyms: '',
      created_at: id * 1000,
      variants: [] as VariantRec[],
    } as ProductRec;
    variants.forEach(([weight, flavour, price, stock], i) => {
      p.variants.push({
        id: ++vid,
        product: p,
        sku: `S${vid}`,
        weight,
        flavour,
        pack_size: null,
        mrp: 200_000,
        sale_price: price,
        stock,
        is_default: i === 0,
        image_hue: 0,
        position: i,
        created_at: 0,
      });
    });
    return p;
  };
  const products = [
    product(1, 'Gold Whey', brands[0] as BrandRec, whey, 50, 4.5, [
      ['1 kg', 'Chocolate', 150_000, 5],
      ['2 kg', 'Vanilla', 190_000, 0],
    ]),
    product(2, 'Raw Whey', brands[1] as BrandRec, whey, 90, 4.0, [
      ['1 kg', 'Chocolate', 120_000, 5],
      ['1 kg', 'Mango', 110_000, 5],
    ]),
    product(3, 'Pure Creatine', brands[0] as BrandRec, creatine, 10, 3.5, [['250 g', null, 60_000, 5]]),
  ];
  const variants = products.flatMap((p) => p.variants);
  return {
    brands,
    categories: [root, whey, creatine],
    products,
    productsById: new Map(products.map((p) => [p.id, p])),
    knownProductIds: new Set(products.map((p) => p.id)),
    productsBySlug: new Map(products.map((p) => [p.slug, p])),
    variantsById: new Map(variants.map((v) => [v.id, v])),
    brandsById: new Map(brands.map((b) => [b.id, b])),
    brandsBySlug: new Map(brands.map((b) => [b.slug, b])),
    categoriesById: new Map([root, whey, creatine].map((c) => [c.id, c])),
    categoriesBySlug: new Map([root, whey, creatine].map((c) => [c.slug, c])),
  };
}

const base = { q: '', sortby: 'relevance' as const, page: 1, perPage: 10, filters: {} };
const counts = (out: ReturnType<SearchIndex['search']>, facet: string) =>
  Object.fromEntries((out.facets.find((f) => f.name === facet)?.values ?? []).map((v) => [v.value, v.count]));

test('counts are products, not variants', () => {
  const out = new SearchIndex(catalogue()).search(base);
  expect(out.nbHits).toBe(3);
  expect(out.totalHits).toBe(5);
  expect(counts(out, 'weight')).toEqual({ '250-g': 1, '1-kg': 2, '2-kg': 1 });
  expect(counts(out, 'brand')).toEqual({ alpha: 2, beta: 1 });
});

test('a facet ignores its own filter and obeys the others (disjunctive)', () => {
  const out = new SearchIndex(catalogue()).search({ ...base, filters: { flavour: ['chocolate'] } });
  expect(out.nbHits).toBe(2);
  // Flavour counts ignore the flavour filter...
  expect(counts(out, 'flavour')).toEqual({ chocolate: 2, vanilla: 1, mango: 1 });
  // ...brand counts obey it.
  expect(counts(out, 'brand')).toEqual({ alpha: 1, beta: 1 });
  const both = new SearchIndex(catalogue()).search({ ...base, filters: { flavour: ['chocolate'], brand: ['beta'] } });
  expect(both.hits.map((v) => v.id)).toEqual([3]);
  expect(counts(both, 'brand')).toEqual({ alpha: 1, beta: 1 });
  expect(counts(both, 'flavour')).toEqual({ chocolate: 1, mango: 1 });
});

test('a parent category filter includes its children', () => {
  const out = new SearchIndex(catalogue()).search({ ...base, filters: { category: ['proteins'] } });
  expect(out.hits.map((v) => v.product.id).sort()).toEqual([1, 2]);
});

test('price_asc shows each product at its cheapest matching variant, in order', () => {
  const idx = new SearchIndex(catalogue());
  const out = idx.search({ ...base, sortby: 'price_asc' });
  expect(out.hits.map((v) => v.sale_price)).toEqual([60_000, 110_000, 150_000]);
  const choc = idx.search({ ...base, sortby: 'price_asc', filters: { flavour: ['chocolate'] } });
  expect(choc.hits.map((v) => v.sale_price)).toEqual([120_000, 150_000]);
});

test('relevance without a query is popularity; rating_desc and recent', () => {
  const idx = new SearchIndex(catalogue());
  expect(idx.search(base).hits.map((v) => v.product.id)).toEqual([2, 1, 3]);
  expect(idx.search({ ...base, sortby: 'rating_desc' }).hits.map((v) => v.product.id)).toEqual([1, 2, 3]);
  expect(idx.search({ ...base, sortby: 'recent' }).hits.map((v) => v.product.id)).toEqual([3, 2, 1]);
});

test('paging splits products, never variants', () => {
  const idx = new SearchIndex(catalogue());
  const p1 = idx.search({ ...base, sortby: 'price_desc', perPage: 2 });
  const p2 = idx.search({ ...base, sortby: 'price_desc', perPage: 2, page: 2 });
  expect(p1.nbPages).toBe(2);
  expect([...p1.hits, ...p2.hits].map((v) => v.product.id)).toEqual([1, 2, 3]);
  expect(idx.search({ ...base, page: 9 }).hits).toEqual([]);
});

test('text: typo and prefix; the query-matching variant represents the product', () => {
  const idx = new SearchIndex(catalogue());
  expect(
    idx
      .search({ ...base, q: 'wehy' })
      .hits.map((v) => v.product.id)
      .sort(),
  ).toEqual([1, 2]);
  expect(idx.search({ ...base, q: 'creat' }).hits.map((v) => v.product.id)).toEqual([3]);
  expect(idx.search({ ...base, q: 'whey mango' }).hits.map((v) => v.id)).toEqual([4]);
  expect(idx.search({ ...base, q: 'alpha vanilla' }).hits.map((v) => v.id)).toEqual([2]);
});

test('in-stock and price range filters, and the price bounds', () => {
  const idx = new SearchIndex(catalogue());
  const out = idx.search({ ...base, filters: { availability: 'in_stock', price_min: 100_000, price_max: 160_000 } });
  expect(out.hits.map((v) => v.product.id).sort()).toEqual([1, 2]);
  expect(out.activePrice).toEqual({ min: 100_000, max: 160_000, range_min: 60_000, range_max: 150_000 });
});

test('a price change applied in place re-sorts the replicas', () => {
  const snap = catalogue();
  const idx = new SearchIndex(snap);
  const v = snap.variantsById.get(5) as VariantRec;
  v.sale_price = 500_000;
  idx.refreshVariant(5);
  idx.settle();
  expect(idx.search({ ...base, sortby: 'price_desc' }).hits[0]?.id).toBe(5);
  expect(idx.search({ ...base, sortby: 'price_asc' }).hits.at(-1)?.id).toBe(5);
});

test('a 29.6 %-off variant shows 30 % off and is in the 30 %-off clearance, as on the listing pages', () => {
  const snapshot = catalogue();
  const creatine = snapshot.products[2] as ProductRec;
  (creatine.variants[0] as VariantRec).sale_price = 140_800; // 29.6 % off an MRP of 2,000 rupees
  const out = new SearchIndex(snapshot).search({ ...base, base: { minDiscount: 30 } });
  expect(out.hits.map((v) => v.product.id)).toContain(3);
  // The listing pages (server/modules/catalogue/listing.ts) filter with the same rule.
  expect(reachesDiscount(200_000, 140_800, 30)).toBe(true);
  expect(percentOff(200_000, 140_800)).toBe(30);
  const at294 = catalogue();
  ((at294.products[2] as ProductRec).variants[0] as VariantRec).sale_price = 141_200; // 29.4 %
  expect(new SearchIndex(at294).search({ ...base, base: { minDiscount: 30 } }).hits.map((v) => v.product.id)).not.toContain(3);
  expect(reachesDiscount(200_000, 141_200, 30)).toBe(false);
});
