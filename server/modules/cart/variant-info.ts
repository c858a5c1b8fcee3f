import { type ProductCard, productUrl, type Swatch } from '../../../schemas/cart.ts';
import { percentOff } from '../../../schemas/money.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { productImage } from '../../../schemas/images.ts';

// What the cart needs to know about a variant: names, prices, stock, brand and the category path (for coupon
// scope and SPEC §3 cat_hierachy). Read straight from the catalogue tables so a price change shows at once, in one
// round trip (checkout reads it inside the order's transaction).

export interface VariantInfo {
  variant_id: number;
  product_id: number;
  sku: string;
  parent_sku: string;
  product_name: string;
  variant_name: string;
  slug: string;
  brand_id: number;
  brand_name: string;
  category_id: number;
  category_name: string;
  /** Root first, the product's own category last. */
  category_path: Array<{ id: number; slug: string; name: string }>;
  mrp: number;
  sale_price: number;
  stock: number;
  /** False once staff unpublish the product: it can no longer be added (docs/decisions/019). */
  published: boolean;
  swatch: Swatch[];
}

function swatchOf(v: { weight: string | null; flavour: string | null; pack_size: string | null }): Swatch[] {
  const s: Swatch[] = [];
  if (v.weight) s.push({ key: 'pa_weight', name: 'Weight', value: v.weight });
  if (v.flavour) s.push({ key: 'pa_flavour', name: 'Flavour', value: v.flavour });
  if (v.pack_size) s.push({ key: 'pa_pack-size', name: 'Pack Size', value: v.pack_size });
  return s;
}

/** The columns a VariantInfo is built from: variant, product, brand and (in the same round trip) the category path. */
export function selectVariantFacts(db: Db) {
  return (
    db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .select([
        'v.id',
        'v.product_id',
        'v.sku',
        'v.weight',
        'v.flavour',
        'v.pack_size',
        'v.mrp',
        'v.sale_price',
        'v.stock',
        'p.name',
        'p.slug',
        'p.parent_sku',
        'p.is_published',
        'p.category_id',
        'p.brand_id',
        'b.name as brand_name',
      ])
      // Root first; the depth cap guards against a cycle in hand-edited data.
      .select(
        sql<CategoryStep[] | null>`(WITH RECURSIVE up AS (
            SELECT k.id, k.slug, k.name, k.parent_id, 0 AS depth FROM categories k WHERE k.id = p.category_id
            UNION ALL
            SELECT k.id, k.slug, k.name, k.parent_id, up.depth + 1 FROM categories k JOIN up ON k.id = up.parent_id WHERE up.depth < 19)
          SELECT json_agg(json_build_object('id', up.id, 'slug', up.slug, 'name', up.name) ORDER BY up.depth DESC) FROM up)`.as(
          'category_path',
        ),
      )
  );
}

interface CategoryStep {
  id: number;
  slug: string;
  name: string;
}

export type VariantFacts = Awaited<ReturnType<ReturnType<typeof selectVariantFacts>['executeTakeFirstOrThrow']>>;

export function toVariantInfo(r: VariantFacts): VariantInfo {
  const swatch = swatchOf(r);
  const path = r.category_path ?? [];
  return {
    variant_id: r.id,
    product_id: r.product_id,
    sku: r.sku,
    parent_sku: r.parent_sku,
    product_name: r.name,
    variant_name: swatch.length ? `${r.name} - ${swatch.map((s) => s.value).join(', ')}` : r.name,
    slug: r.slug,
    brand_id: r.brand_id,
    brand_name: r.brand_name,
    category_id: r.category_id,
    category_name: path.at(-1)?.name ?? '',
    category_path: path,
    mrp: r.mrp,
    sale_price: r.sale_price,
    stock: r.stock,
    published: r.is_published,
    swatch,
  };
}

export async function loadVariantInfo(db: Db, variantIds: readonly number[]): Promise<Map<number, VariantInfo>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const rows = await selectVariantFacts(db).where('v.id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, toVariantInfo(r)]));
}

export function toProductCard(v: VariantInfo): ProductCard {
  return {
    pid: v.product_id,
    vid: v.variant_id,
    variant_id: v.variant_id,
    name: v.product_name,
    variant_name: v.variant_name,
    slug: v.slug,
    url: productUrl(v.slug, v.product_id, v.variant_id),
    sku: v.sku,
    parent_sku: v.parent_sku,
    brand_name: v.brand_name,
    category_name: v.category_name,
    regular_price: v.mrp,
    sale_price: v.sale_price,
    percent_off: percentOff(v.mrp, v.sale_price),
    thumbnail_image: productImage(v.variant_id),
    stock_status: v.stock > 0 ? 'in_stock' : 'out_of_stock',
    swatch: v.swatch,
  };
}

/**
 * Product cards for stored list rows (wishlist, saved for later), newest first as given, each with its own extra
 * fields; a row whose variant no longer exists is left out.
 */
export async function cardsFor<R extends { variant_id: number }, T>(
  db: Db,
  rows: R[],
  extra: (row: R) => T,
): Promise<Array<ProductCard & T>> {
  const infos = await loadVariantInfo(
    db,
    rows.map((r) => r.variant_id),
  );
  return rows.flatMap((r) => {
    const info = infos.get(r.variant_id);
    return info ? [{ ...toProductCard(info), ...extra(r) }] : [];
  });
}
