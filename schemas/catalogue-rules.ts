import type { Swatch } from './catalogue.ts';

// The catalogue's constants and pure rules (SPEC §2, §3), without zod: the browser imports them without building
// the catalogue's schemas; schemas/catalogue.ts re-exports them beside the schemas that use them.

export const SORTS = ['relevance', 'price_asc', 'price_desc', 'rating_desc', 'discount_desc', 'recent'] as const;

export const FOOD_TYPES = ['veg', 'non-veg'] as const;

/** Facets of the variant index, in display order. `price` is the price range facet, `availability` in-stock. */
export const FACETS = ['brand', 'category', 'flavour', 'weight', 'price', 'food_type', 'availability'] as const;
export type FacetName = (typeof FACETS)[number];

export const PER_PAGE = 24;

/** SPEC §6: preview calls carry a fixed authorization header meant for internal staff. */
export const PREVIEW_AUTHORIZATION = 'Preview kasrat-internal-preview';

export const SWATCH_ATTRIBUTES = [
  { key: 'pa_weight', name: 'Weight', field: 'weight' },
  { key: 'pa_flavour', name: 'Flavour', field: 'flavour' },
  { key: 'pa_pack-size', name: 'Pack Size', field: 'pack_size' },
] as const;
export type SwatchKey = (typeof SWATCH_ATTRIBUTES)[number]['key'];

// ---- shared pure rules --------------------------------------------------------------------------------------

/** SPEC §2: /product/{slug}/?pId=&vId=, the placeholder slug 'product-name' when absent, trailing slash. */
export function productUrl(slug: string | null | undefined, pid: number, vid?: number | null): string {
  const s = slug?.trim() ? slug.trim() : 'product-name';
  return `/product/${s}/?pId=${pid}${vid ? `&vId=${vid}` : ''}`;
}

/** SPEC §2: the search link. */
export const searchUrl = (term: string): string => `/search?query=${encodeURIComponent(term)}`;

/** Facet value slug of a flavour, weight or pack size ("Cookies & Cream" -> "cookies-and-cream"). */
export function facetSlug(label: string): string {
  return label
    .toLowerCase()
    .trim()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The price-range buckets of the price facet: sale-price bounds in paise, both inclusive (null = no upper bound). */
export const PRICE_BUCKETS: ReadonlyArray<{ value: string; label: string; min: number; max: number | null }> = [
  { value: '0-499', label: 'Under ₹500', min: 0, max: 49_999 },
  { value: '500-999', label: '₹500 – ₹999', min: 50_000, max: 99_999 },
  { value: '1000-1999', label: '₹1,000 – ₹1,999', min: 100_000, max: 199_999 },
  { value: '2000-3999', label: '₹2,000 – ₹3,999', min: 200_000, max: 399_999 },
  { value: '4000-6999', label: '₹4,000 – ₹6,999', min: 400_000, max: 699_999 },
  { value: '7000-', label: '₹7,000 and above', min: 700_000, max: null },
];

/**
 * A price bound in whole rupees, as the range boxes and the filter chip show it: a bound covers its whole rupee (an
 * upper bound of ₹999 is 99,999 paise), so its paise are cut, never rounded up to the next rupee.
 */
export const boundRupees = (paise: number): number => Math.floor(paise / 100);

/** Sort key of a size label ("250 g" < "1 kg" < "60 tablets"). */
export function sizeRank(label: string): number {
  const m = /^([\d.]+)\s*([a-z]+)/i.exec(label);
  if (!m) return Number.MAX_SAFE_INTEGER;
  const unit = (m[2] ?? '').toLowerCase();
  return Number(m[1]) * (unit === 'kg' || unit === 'l' ? 1000 : unit === 'g' || unit === 'ml' ? 1 : 1_000_000);
}

type SwatchVariant = { vid: number; stock_status: string; selected_swatch_values: Record<string, string> };

/** The swatch groups of a product page for the selected variant: each option leads to the variant it selects. */
export function swatchesFor<V extends SwatchVariant>(variants: readonly V[], selected: V): Swatch[] {
  const out: Swatch[] = [];
  for (const a of SWATCH_ATTRIBUTES) {
    const values: string[] = [];
    for (const v of variants) {
      const value = v.selected_swatch_values[a.key];
      if (value && !values.includes(value)) values.push(value);
    }
    if (!values.length) continue;
    if (a.key !== 'pa_flavour') values.sort((x, y) => sizeRank(x) - sizeRank(y) || x.localeCompare(y));
    out.push({
      key: a.key,
      name: a.name,
      options: values.map((value) => ({
        value,
        variant_id: (pickVariant(variants, selected, a.key, value) as V).vid,
        selected: selected.selected_swatch_values[a.key] === value,
        in_stock: variants.some((v) => v.selected_swatch_values[a.key] === value && v.stock_status === 'instock'),
      })),
    });
  }
  return out;
}

/**
 * SPEC §3 swatches: choosing `value` for `attribute` keeps the other selected values where a variant has them,
 * else takes the first variant with that value (in stock first). Null when no variant has the value.
 */
export function pickVariant<V extends SwatchVariant>(variants: readonly V[], current: V, attribute: string, value: string): V | null {
  const candidates = variants.filter((v) => v.selected_swatch_values[attribute] === value);
  if (!candidates.length) return null;
  const others = Object.entries(current.selected_swatch_values).filter(([k]) => k !== attribute);
  const score = (v: V) =>
    others.reduce((n, [k, val]) => n + (v.selected_swatch_values[k] === val ? 2 : 0), 0) + (v.stock_status === 'instock' ? 1 : 0);
  let best = candidates[0] as V;
  for (const v of candidates) if (score(v) > score(best)) best = v;
  return best;
}
