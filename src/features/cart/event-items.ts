import type { CartLine, ProductCard } from '../../../schemas/cart.ts';
import type { EventItem } from '../../../events/index.ts';

// Cart lines and product cards as event items (prices in paise; free gifts flagged, never filtered here).

export function lineToEventItem(l: CartLine, quantity = l.quantity): EventItem {
  return {
    variant_id: l.variant_id,
    product_id: l.product_id,
    sku: l.variant_sku,
    parent_sku: l.variant_meta.parent_sku,
    name: l.variant_meta.parent_name,
    brand: l.brand,
    category: l.catgeory,
    cat_hierarchy: l.variant_meta.cat_hierachy.map((c) => c.value).slice(0, 10),
    mrp: l.mrp,
    sale_price: l.sale_price,
    quantity: Math.max(1, quantity),
    is_freebie: l.is_freebie,
    swatch: l.variant_meta.swatch.map((s) => s.value).join(' / ') || undefined,
  };
}

export function cardToEventItem(c: ProductCard, quantity = 1): EventItem {
  return {
    variant_id: c.variant_id,
    product_id: c.pid,
    sku: c.sku,
    parent_sku: c.parent_sku,
    name: c.name,
    brand: c.brand_name,
    category: c.category_name,
    mrp: c.regular_price,
    sale_price: c.sale_price,
    quantity: Math.max(1, quantity),
    swatch: c.swatch.map((s) => s.value).join(' / ') || undefined,
  };
}
