import { type ActiveFilter, type Facet, type FacetName, facetSlug, PRICE_BUCKETS } from '../../schemas/catalogue.ts';
import type { Filters } from './engine.ts';
import type { BrandRec, CategoryRec } from './snapshot.ts';

// Facet lists and the labels of active filters: built once per answer from the counts the engine's pass left in
// its slots (engine.ts keeps the hot loop; this file turns numbers into what the listing shows).

export const FOOD_LABELS = ['Veg', 'Non-Veg'];
export const FOOD_VALUES = ['veg', 'non-veg'];

export interface Dictionary {
  values: string[];
  labels: string[];
  codes: Map<string, number>;
}

export function dictionary(): Dictionary {
  return { values: [], labels: [], codes: new Map() };
}
export function codeOf(d: Dictionary, label: string | null): number {
  if (!label) return -1;
  const value = facetSlug(label);
  let code = d.codes.get(value);
  if (code === undefined) {
    code = d.values.length;
    d.values.push(value);
    d.labels.push(label);
    d.codes.set(value, code);
  }
  return code;
}

/** The engine's state the facet lists read: the dictionaries and the per-value counts of the last pass. */
export interface FacetSource {
  brands: readonly BrandRec[];
  categories: readonly CategoryRec[];
  flavours: Dictionary;
  weights: Dictionary;
  weightOrder: readonly number[];
  counts: Int32Array;
  slotOffsets: Record<FacetName, number>;
}

export function facetList(
  src: FacetSource,
  sel: {
    fBrand: Uint8Array | null;
    fCat: Uint8Array | null;
    fFlav: Uint8Array | null;
    fWeight: Uint8Array | null;
    fFood: Uint8Array | null;
    fAvail: boolean;
    filters: Filters;
  },
): Facet[] {
  const off = src.slotOffsets;
  const counts = src.counts;
  const values = (
    name: FacetName,
    entries: Array<{ value: string; label: string }>,
    selected: (i: number) => boolean,
    order: 'count' | 'given',
  ) => {
    const out = entries.map((e, i) => ({ ...e, count: counts[off[name] + i] as number, i })).filter((e) => e.count > 0 || selected(e.i));
    if (order === 'count') out.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    return out.map(({ value, label, count }) => ({ value, label, count }));
  };
  const weightIdx = src.weights.values.map((_, i) => i).sort((a, b) => (src.weightOrder[a] as number) - (src.weightOrder[b] as number));
  const weightValues = values(
    'weight',
    src.weights.values.map((value, i) => ({ value, label: src.weights.labels[i] as string })),
    (i) => Boolean(sel.fWeight?.[i]),
    'given',
  );
  const weightRank = new Map(weightIdx.map((i, r) => [src.weights.values[i] as string, r]));
  weightValues.sort((a, b) => (weightRank.get(a.value) as number) - (weightRank.get(b.value) as number));
  const priceSelected = (i: number) => {
    const b = PRICE_BUCKETS[i] as (typeof PRICE_BUCKETS)[number];
    return sel.filters.price_min === b.min && (sel.filters.price_max ?? null) === b.max;
  };
  return [
    {
      name: 'brand',
      label: 'Brand',
      values: values(
        'brand',
        src.brands.map((b) => ({ value: b.slug, label: b.name })),
        (i) => Boolean(sel.fBrand?.[i]),
        'count',
      ),
    },
    {
      name: 'category',
      label: 'Category',
      values: values(
        'category',
        src.categories.map((c) => ({ value: c.slug, label: c.name })),
        (i) => Boolean(sel.filters.category?.includes((src.categories[i] as CategoryRec).slug)),
        'count',
      ),
    },
    {
      name: 'flavour',
      label: 'Flavour',
      values: values(
        'flavour',
        src.flavours.values.map((value, i) => ({ value, label: src.flavours.labels[i] as string })),
        (i) => Boolean(sel.fFlav?.[i]),
        'count',
      ),
    },
    { name: 'weight', label: 'Weight', values: weightValues },
    {
      name: 'price',
      label: 'Price',
      values: values(
        'price',
        PRICE_BUCKETS.map((b) => ({ value: b.value, label: b.label })),
        priceSelected,
        'given',
      ),
    },
    {
      name: 'food_type',
      label: 'Veg / Non-Veg',
      values: values(
        'food_type',
        FOOD_VALUES.map((value, i) => ({ value, label: FOOD_LABELS[i] as string })),
        (i) => Boolean(sel.fFood?.[i]),
        'given',
      ),
    },
    {
      name: 'availability',
      label: 'Availability',
      values: values('availability', [{ value: 'in_stock', label: 'In stock' }], () => sel.fAvail, 'given'),
    },
  ];
}

export function activeFilters(src: FacetSource, filters: Filters): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  const label = (facet: FacetName, value: string): string => {
    if (facet === 'brand') return src.brands.find((b) => b.slug === value)?.name ?? value;
    if (facet === 'category') return src.categories.find((c) => c.slug === value)?.name ?? value;
    if (facet === 'flavour') {
      const c = src.flavours.codes.get(value);
      return c === undefined ? value : (src.flavours.labels[c] as string);
    }
    if (facet === 'weight') {
      const c = src.weights.codes.get(value);
      return c === undefined ? value : (src.weights.labels[c] as string);
    }
    if (facet === 'food_type') return value === 'veg' ? 'Veg' : value === 'non-veg' ? 'Non-Veg' : value;
    return value;
  };
  for (const facet of ['brand', 'category', 'flavour', 'weight', 'food_type'] as const)
    for (const value of filters[facet] ?? []) out.push({ facet, value, label: label(facet, value) });
  if (filters.availability) out.push({ facet: 'availability', value: 'in_stock', label: 'In stock' });
  return out;
}
