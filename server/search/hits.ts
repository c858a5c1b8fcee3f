import { type KeyValue, type ProductHit, productUrl, SWATCH_ATTRIBUTES } from '../../schemas/catalogue.ts';
import { percentOff } from '../../schemas/money.ts';
import type { ProductRec, VariantRec } from './snapshot.ts';
import { productImage } from '../../schemas/images.ts';

// SPEC §3 product / variant fields of one variant, as listings, search and the product page send them.

export const catHierarchy = (p: ProductRec): KeyValue[] => p.category.path.map((c) => ({ key: c.slug, value: c.name }));

export function swatchValues(v: VariantRec): Array<{ key: string; name: string; value: string }> {
  const out: Array<{ key: string; name: string; value: string }> = [];
  for (const a of SWATCH_ATTRIBUTES) {
    const value = v[a.field];
    if (value) out.push({ key: a.key, name: a.name, value });
  }
  return out;
}

export function toHit(v: VariantRec): ProductHit {
  const p = v.product;
  let minSale = Number.MAX_SAFE_INTEGER;
  let maxSale = 0;
  let maxMrp = 0;
  let anyInStock = false;
  for (const x of p.variants) {
    if (x.sale_price < minSale) minSale = x.sale_price;
    if (x.sale_price > maxSale) maxSale = x.sale_price;
    if (x.mrp > maxMrp) maxMrp = x.mrp;
    if (x.stock > 0) anyInStock = true;
  }
  const swatch = swatchValues(v);
  const display = swatch.map((s) => s.value).join(', ');
  const image = productImage(v.id);
  const cat = catHierarchy(p);
  return {
    id: v.id,
    pid: p.id,
    vid: v.id,
    parent_product_id: p.id,
    variant_product_id: v.id,
    parent_sku: p.parent_sku,
    sku: v.sku,
    variant_sku: v.sku,
    is_parent: false,
    name: display ? `${p.name}, ${display}` : p.name,
    parent_name: p.name,
    slug: p.slug,
    url: productUrl(p.slug, p.id, v.id),
    brand: { id: p.brand.id, name: p.brand.name, slug: p.brand.slug },
    brand_name: p.brand.name,
    category: { id: p.category.id, name: p.category.name, slug: p.category.slug },
    category_name: p.category.name,
    regular_price: v.mrp,
    sale_price: v.sale_price,
    discounted_price: v.sale_price,
    from_sale_price: minSale,
    price: v.sale_price,
    min_price: minSale,
    max_regular_price: maxMrp,
    percent_off: percentOff(v.mrp, v.sale_price),
    discount: Math.max(0, v.mrp - v.sale_price),
    thumbnail_image: image,
    featured_image: image,
    feature_image_small: image,
    stock_status: v.stock > 0 ? 'instock' : 'outofstock',
    parent_stock_status: anyInStock ? 'instock' : 'outofstock',
    display_value: display,
    swatch,
    swatch_display_name: swatch.map((s) => s.name).join(' / '),
    selected_swatch_values: Object.fromEntries(swatch.map((s) => [s.key, s.value])),
    cat_hierarchy: cat,
    primary_category_hierarchy: cat.map((c) => c.value).join(' > '),
    show_range: minSale !== maxSale,
    food_type: p.food_type,
    rating: p.rating,
    rating_count: p.rating_count,
    is_bestseller: p.is_bestseller,
    weight: v.weight,
    flavour: v.flavour,
    pack_size: v.pack_size,
  };
}
