import { type CartLine, type CartListData, type MiniCartData, priceMetaValue, productUrl } from '../../../schemas/cart.ts';
import type { Db } from '../../db/database.ts';
import type { CartRow } from './queries.ts';
import { withLockedCart } from './service.ts';
import { type CartSnapshot, couponLine, pricedLine, type ResolvedLine, readCartSnapshot } from './cart-lines.ts';
import { evaluateCoupon } from './coupon-rules.ts';
import { loadCouponCustomer, loadCouponRule } from './coupons.ts';
import { freebieLinesToRemove, loadFreebieRules, reconcileFreebies } from './freebie-rules.ts';
import { buildPriceMeta, cartSubtotal, type DeliveryRule } from './pricing.ts';
import { maxLineQuantity } from './quantity.ts';
import { productImage } from '../../../schemas/images.ts';

// The cart as /api/cart/cart-list returns it: SPEC §3 lines, cart_meta and the price_meta list.

export async function loadDeliveryRule(db: Db): Promise<DeliveryRule | null> {
  return (
    (await db
      .selectFrom('delivery_rules')
      .select(['free_from', 'charge'])
      .where('active', '=', true)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

function toCartLine({ row, info }: ResolvedLine): CartLine {
  const max = maxLineQuantity(info.stock);
  const unit = row.is_freebie ? 0 : info.sale_price;
  let notice: string | null = null;
  if (info.stock <= 0) notice = 'Out of stock. Remove it to place your order.';
  else if (!row.is_freebie && row.quantity > info.stock)
    notice = `Only ${info.stock} left in stock. Lower the quantity to place your order.`;
  return {
    id: row.id,
    variant: info.variant_id,
    variant_id: info.variant_id,
    variant_name: info.variant_name,
    variant_sku: info.sku,
    variant_meta: {
      sku: info.sku,
      parent_sku: info.parent_sku,
      name: info.variant_name,
      parent_name: info.product_name,
      brand_name: info.brand_name,
      category_name: info.category_name,
      cat_hierachy: info.category_path.map((c) => ({ key: c.slug, value: c.name })),
      regular_price: info.mrp,
      sale_price: unit,
      swatch: info.swatch,
    },
    quantity: row.quantity,
    sale_price: unit,
    mrp: info.mrp,
    is_freebie: row.is_freebie,
    freebie_id: row.freebie_id,
    product_id: info.product_id,
    parent_id: info.product_id,
    brand: info.brand_name,
    catgeory: info.category_name,
    thumbnail_image: productImage(info.variant_id),
    price_before_tax: unit * row.quantity,
    slug: info.slug,
    url: productUrl(info.slug, info.product_id, info.variant_id),
    stock_status: info.stock > 0 ? 'in_stock' : 'out_of_stock',
    max_quantity: row.is_freebie ? 1 : max,
    notice,
  };
}

export function emptyCartView(rule: DeliveryRule | null): CartListData {
  return {
    cart_data: [],
    cart_meta: {
      cart_id: null,
      coupon_code: null,
      coupon_applied: false,
      coupon_message: null,
      item_count: 0,
      total_quantity: 0,
      version: 0,
      removed_freebies: [],
      free_delivery_from: rule?.free_from ?? null,
    },
    price_meta: buildPriceMeta([], 0, rule),
  };
}

/**
 * Builds the cart view. Gifts are normally removed by the change that lowered the cart value; if a price moved
 * since, the read removes them under the cart lock too, and reports their titles once in cart_meta.
 */
export async function buildCartView(
  db: Db,
  cart: CartRow | null,
  customerId: number | null,
  now = new Date(),
  options: { cartLocked?: boolean; snapshot?: CartSnapshot } = {},
): Promise<CartListData> {
  if (!cart) return emptyCartView(await loadDeliveryRule(db));
  // A snapshot the caller read already (order placement, in the round trip of its locks) is of this cart.
  let snapshot = options.snapshot ?? (await readCartSnapshot(db, cart.id));
  let removedFreebies: string[] = [];
  if (snapshot.lines.some((l) => l.row.is_freebie)) {
    const stale = freebieLinesToRemove(
      snapshot.lines.map((l) => l.row),
      await loadFreebieRules(db),
      cartSubtotal(snapshot.lines.map(pricedLine)),
    );
    if (stale.length) {
      // A caller already holding the cart lock (order placement) reconciles in its own transaction.
      removedFreebies = options.cartLocked
        ? await reconcileFreebies(db, cart.id)
        : await withLockedCart(db, cart.id, (trx) => reconcileFreebies(trx, cart.id));
      snapshot = await readCartSnapshot(db, cart.id);
    }
  }
  const lines = snapshot.lines;
  const rule = snapshot.rule === undefined ? await loadDeliveryRule(db) : snapshot.rule;
  const priced = lines.map(pricedLine);
  let couponDiscount = 0;
  let couponMessage: string | null = null;
  if (cart.coupon_code) {
    const coupon = await loadCouponRule(db, cart.coupon_code);
    if (!coupon) couponMessage = `Coupon ${cart.coupon_code} is no longer available.`;
    else {
      const r = evaluateCoupon(coupon, lines.map(couponLine), await loadCouponCustomer(db, customerId, coupon.code), now);
      if (r.ok) couponDiscount = r.discount;
      else couponMessage = r.reason;
    }
  }
  const paid = lines.filter((l) => !l.row.is_freebie);
  return {
    cart_data: lines.map(toCartLine),
    cart_meta: {
      cart_id: cart.id,
      coupon_code: cart.coupon_code,
      coupon_applied: Boolean(cart.coupon_code) && couponMessage === null && couponDiscount > 0,
      coupon_message: couponMessage,
      item_count: paid.length,
      total_quantity: paid.reduce((s, l) => s + l.row.quantity, 0),
      version: cart.version,
      removed_freebies: removedFreebies,
      free_delivery_from: rule?.free_from ?? null,
    },
    price_meta: buildPriceMeta(priced, couponDiscount, rule),
  };
}

/** The header's mini cart: counts, the amount to pay and the first few lines. */
export function toMiniCart(view: CartListData, size = 5): MiniCartData {
  return {
    cart_id: view.cart_meta.cart_id,
    item_count: view.cart_meta.item_count,
    total_quantity: view.cart_meta.total_quantity,
    total_payable: priceMetaValue(view.price_meta, 'total_payable'),
    items: view.cart_data.slice(0, size).map((l) => ({
      variant_id: l.variant_id,
      name: l.variant_name,
      quantity: l.quantity,
      sale_price: l.sale_price,
      thumbnail_image: l.thumbnail_image,
      url: l.url,
      is_freebie: l.is_freebie,
    })),
  };
}
