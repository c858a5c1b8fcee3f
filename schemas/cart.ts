import { z } from 'zod';
import { envelope } from './common.ts';

// Cart, wishlist, save-for-later, coupons, bank offers and free gifts (SPEC §3 cart line / cart / coupon /
// wishlist, §7 /api/cart and the freebie calls). Money is integer paise in every field below.

export { CART_COOKIE, CART_COOKIE_DAYS } from './constants.ts';
/** Most units of one product a single cart line may hold, whatever the stock. */
export const MAX_QUANTITY_PER_LINE = 10;
/** Most different products one cart may hold (keeps a cart, and every read of it, bounded). */
export const MAX_CART_LINES = 50;
/** Most units (free gifts aside) one order may hold: with one unpaid order per customer, what one account can hold. */
export const MAX_UNITS_PER_ORDER = 30;

const Id = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').max(2_147_483_647);
// Large quantities reach the business rule (clear message) instead of a schema error.
const Quantity = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000);
/** A cart id as issued by the server (a UUID); anything else is ignored. */
export const CartIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

// ---------------------------------------------------------------- requests

export const AddToCartRequest = z.object({ variant_id: Id, quantity: Quantity.default(1) });
export type AddToCartRequest = z.infer<typeof AddToCartRequest>;

export const UpdateCartRequest = z.object({ variant_id: Id, quantity: Quantity });
export type UpdateCartRequest = z.infer<typeof UpdateCartRequest>;

/** delete-cart: `move_to_wishlist` moves the line to the wishlist (SPEC §4: "deleting a wishlist item from cart"). */
export const DeleteCartRequest = z.object({ variant_id: Id, move_to_wishlist: z.boolean().optional().default(false) });
export type DeleteCartRequest = z.infer<typeof DeleteCartRequest>;

export const PersistCartRequest = z.object({ cart_id: CartIdSchema.optional().nullable() }).default({ cart_id: null });

/** Opaque attribution data sent with a wishlist add (list name, position…), stored as given. */
const EventData = z
  .union([z.record(z.string(), z.unknown()), z.string().max(2000), z.number(), z.boolean(), z.null()])
  .optional()
  // NUL characters (which PostgreSQL cannot store) are refused for every route by the server's parse().
  .refine((v) => v === undefined || JSON.stringify(v).length <= 4000, 'evt_d: must be at most 4000 characters of JSON');

/** SPEC §3: wishlist add is {id (variant id), evt_d}; source 'cart' moves the line out of the cart. */
export const AddWishlistRequest = z.object({ id: Id, evt_d: EventData, source: z.enum(['cart', 'pdp', 'listing']).optional() });
export type AddWishlistRequest = z.infer<typeof AddWishlistRequest>;

export const DeleteWishlistRequest = z.object({ id: Id });
export const AddSaveForLaterRequest = z.object({ id: Id });
export const DeleteSaveForLaterRequest = z.object({ id: Id });

/** SPEC §3: move to cart carries a source; 'SFL' = from save-for-later, otherwise from the wishlist. */
export const MoveToCartRequest = z.object({ id: Id, source: z.enum(['SFL', 'wishlist']).default('wishlist') });
export type MoveToCartRequest = z.infer<typeof MoveToCartRequest>;

export const ApplyCouponRequest = z.object({
  coupon_code: z
    .string({ error: 'Please enter a coupon code' })
    .trim()
    .min(1, 'Please enter a coupon code')
    .max(40, 'Please enter a valid coupon code')
    .regex(/^[A-Za-z0-9_-]+$/, 'Please enter a valid coupon code')
    .transform((c) => c.toUpperCase()),
});
export type ApplyCouponRequest = z.infer<typeof ApplyCouponRequest>;

export const PaymentInstrumentType = z.enum(['card', 'netbanking', 'upi', 'wallet']);
export type PaymentInstrumentType = z.infer<typeof PaymentInstrumentType>;

/** The instrument a bank offer is checked against: card by its first six digits, net banking by bank name. */
export const PaymentInstrument = z.object({
  instrument: PaymentInstrumentType,
  card_bin: z
    .string()
    .regex(/^\d{6,8}$/, 'card_bin: must be the first 6 to 8 digits of the card')
    .optional(),
  bank: z.string().trim().max(80).optional(),
});
export type PaymentInstrument = z.infer<typeof PaymentInstrument>;

/** GET /api/cart/bank-offer: without an instrument it lists; with one it also checks each offer. */
export const BankOfferQuery = z.object({
  instrument: PaymentInstrumentType.optional(),
  card_bin: z
    .string()
    .regex(/^\d{6,8}$/, 'card_bin: must be the first 6 to 8 digits of the card')
    .optional(),
  bank: z.string().trim().max(80).optional(),
});

export const RemoveFreebieRequest = z.object({ freebie_id: Id.optional(), variant_id: Id.optional() }).default({});
export const AddFreebieRequest = z
  .object({ freebie_id: Id.optional(), variant_id: Id.optional() })
  .refine((b) => b.freebie_id !== undefined || b.variant_id !== undefined, 'Please choose a free gift');
export const RecommendedQuery = z.object({ limit: z.coerce.number().int().min(1).max(24).default(10) });

// ---------------------------------------------------------------- entities

export const KeyValue = z.object({ key: z.string(), value: z.string() });
export const Swatch = z.object({ key: z.enum(['pa_weight', 'pa_flavour', 'pa_pack-size']), name: z.string(), value: z.string() });
export type Swatch = z.infer<typeof Swatch>;

/** SPEC §3 variant_meta of a cart line (cat_hierachy spelt as the spec has it). */
export const VariantMeta = z.object({
  sku: z.string(),
  parent_sku: z.string(),
  name: z.string(),
  parent_name: z.string(),
  brand_name: z.string(),
  category_name: z.string(),
  cat_hierachy: z.array(KeyValue),
  regular_price: z.number().int(),
  sale_price: z.number().int(),
  swatch: z.array(Swatch),
});

/** SPEC §3 cart line ('catgeory' spelt as the spec has it). */
export const CartLine = z.object({
  id: z.number().int(),
  variant: z.number().int(),
  variant_id: z.number().int(),
  variant_name: z.string(),
  variant_sku: z.string(),
  variant_meta: VariantMeta,
  quantity: z.number().int(),
  /** Unit price; 0 for a free gift. */
  sale_price: z.number().int(),
  mrp: z.number().int(),
  is_freebie: z.boolean(),
  freebie_id: z.number().int().nullable(),
  product_id: z.number().int(),
  parent_id: z.number().int(),
  brand: z.string(),
  catgeory: z.string(),
  thumbnail_image: z.string(),
  /** Line amount before tax (tax is reported 0, SPEC §9). */
  price_before_tax: z.number().int(),
  slug: z.string(),
  url: z.string(),
  stock_status: z.enum(['in_stock', 'out_of_stock']),
  /** Most units this line may hold now: min(stock, per-line maximum). */
  max_quantity: z.number().int(),
  /** Set when the line cannot be bought as it is (stock fell below the quantity). */
  notice: z.string().nullable(),
});
export type CartLine = z.infer<typeof CartLine>;

export const PriceMetaKey = z.enum(['total_mrp', 'discount_on_mrp', 'subtotal', 'coupon_discount', 'delivery_charges', 'total_payable']);
export type PriceMetaKey = z.infer<typeof PriceMetaKey>;
/** SPEC §3: price_meta is a key/value list, shown in this order. */
export const PriceMetaEntry = z.object({ key: PriceMetaKey, label: z.string(), value: z.number().int() });
export type PriceMetaEntry = z.infer<typeof PriceMetaEntry>;
/** SPEC §3: the label of each price_meta entry. */
export const PRICE_META_LABELS = {
  total_mrp: 'Total MRP',
  discount_on_mrp: 'Discount on MRP',
  subtotal: 'Subtotal',
  coupon_discount: 'Coupon discount',
  delivery_charges: 'Delivery charges',
  total_payable: 'Total payable',
} as const satisfies Record<PriceMetaKey, string>;
/** A price_meta list from its six values: every entry, labelled, in display order. */
export function priceMetaList(values: Record<PriceMetaKey, number>): PriceMetaEntry[] {
  return PriceMetaKey.options.map((key) => ({ key, label: PRICE_META_LABELS[key], value: values[key] }));
}

export const CartMeta = z.object({
  cart_id: z.string().nullable(),
  coupon_code: z.string().nullable(),
  coupon_applied: z.boolean(),
  /** Why a coupon kept on the cart does not apply now (cart changed), else null. */
  coupon_message: z.string().nullable(),
  item_count: z.number().int(),
  total_quantity: z.number().int(),
  /** Bumped by every change: a response older than the one shown can be dropped. */
  version: z.number().int(),
  /** Free gifts that left the cart by themselves on this read (cart fell below the threshold), for a notice. */
  removed_freebies: z.array(z.string()),
  /** Cart value from which delivery is free (the seeded delivery rule), null without a rule. */
  free_delivery_from: z.number().int().nullable(),
});
export type CartMeta = z.infer<typeof CartMeta>;

export const CartListData = z.object({ cart_data: z.array(CartLine), cart_meta: CartMeta, price_meta: z.array(PriceMetaEntry) });
export type CartListData = z.infer<typeof CartListData>;

export const CartIdData = z.object({ cart_id: z.string().nullable(), total_quantity: z.number().int().optional() });
export type CartIdData = z.infer<typeof CartIdData>;

export const MiniCartData = z.object({
  cart_id: z.string().nullable(),
  item_count: z.number().int(),
  total_quantity: z.number().int(),
  total_payable: z.number().int(),
  items: z.array(
    z.object({
      variant_id: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      sale_price: z.number().int(),
      thumbnail_image: z.string(),
      url: z.string(),
      is_freebie: z.boolean(),
    }),
  ),
});
export type MiniCartData = z.infer<typeof MiniCartData>;

/** A product as the wishlist, save-for-later and recommendations show it. */
export const ProductCard = z.object({
  pid: z.number().int(),
  vid: z.number().int(),
  variant_id: z.number().int(),
  name: z.string(),
  variant_name: z.string(),
  slug: z.string(),
  url: z.string(),
  sku: z.string(),
  parent_sku: z.string(),
  brand_name: z.string(),
  category_name: z.string(),
  regular_price: z.number().int(),
  sale_price: z.number().int(),
  percent_off: z.number().int(),
  thumbnail_image: z.string(),
  stock_status: z.enum(['in_stock', 'out_of_stock']),
  swatch: z.array(Swatch),
});
export type ProductCard = z.infer<typeof ProductCard>;

export const WishlistItem = ProductCard.extend({ added_at: z.string() });
export type WishlistItem = z.infer<typeof WishlistItem>;
export const SavedItem = ProductCard.extend({ quantity: z.number().int(), added_at: z.string() });
export type SavedItem = z.infer<typeof SavedItem>;

/** SPEC §3 coupon: code and details, with the rule spelt out. */
export const CouponView = z.object({
  code: z.string(),
  details: z.string(),
  kind: z.enum(['percent', 'flat']),
  value: z.number().int(),
  max_discount: z.number().int().nullable(),
  min_cart: z.number().int(),
  first_order_only: z.boolean(),
  valid_till: z.string(),
  scope: z.string().nullable(),
});
export type CouponView = z.infer<typeof CouponView>;

/** A coupon checked against the current cart (dynamic-coupon-list). */
export const DynamicCoupon = CouponView.extend({
  applicable: z.boolean(),
  discount: z.number().int(),
  reason: z.string().nullable(),
  applied: z.boolean(),
});
export type DynamicCoupon = z.infer<typeof DynamicCoupon>;

export const AppliedCouponData = z.object({ cart_id: z.string(), coupon_code: z.string(), coupon_discount: z.number().int() });

export const BankOfferView = z.object({
  id: z.number().int(),
  bank: z.string(),
  instrument: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'flat']),
  value: z.number().int(),
  max_discount: z.number().int().nullable(),
  min_cart: z.number().int(),
  valid_till: z.string(),
  /** Present when the request named an instrument. */
  applicable: z.boolean().nullable(),
  discount: z.number().int(),
  reason: z.string().nullable(),
});
export type BankOfferView = z.infer<typeof BankOfferView>;

export const BankOfferData = z.object({ amount: z.number().int(), offers: z.array(BankOfferView), best: BankOfferView.nullable() });
export type BankOfferData = z.infer<typeof BankOfferData>;

export const FreebieView = z.object({
  freebie_id: z.number().int(),
  title: z.string(),
  threshold: z.number().int(),
  variant_id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  mrp: z.number().int(),
  thumbnail_image: z.string(),
  in_stock: z.boolean(),
  eligible: z.boolean(),
  /** Paise still to add to reach the threshold; 0 when eligible. */
  amount_needed: z.number().int(),
  in_cart: z.boolean(),
});
export type FreebieView = z.infer<typeof FreebieView>;

export const FreebieProductsData = z.object({
  cart_id: z.string().nullable(),
  cart_subtotal: z.number().int(),
  freebies: z.array(FreebieView),
});
export type FreebieProductsData = z.infer<typeof FreebieProductsData>;

// ---------------------------------------------------------------- shared helpers

export { priceMetaValue } from './cart-rules.ts';

/** SPEC §2 product page address: /product/{slug}/?pId={parentId}&vId={variantId}. */
export function productUrl(slug: string | null | undefined, productId: number, variantId: number): string {
  return `/product/${slug || 'product-name'}/?pId=${productId}&vId=${variantId}`;
}

// The answers of the cart calls (SPEC §7 "Cart"), declared by their routes and checked against every answer in the
// API tests (docs/decisions/025). The browser imports them as types only.
export const CartListResponse = envelope(CartListData);
export const MiniCartResponse = envelope(MiniCartData);
/** Adding, updating, removing, persisting and moving: the cart the call worked on. */
export const CartIdResponse = envelope(CartIdData);
/** Wishlist and saved-for-later changes: the product's id. */
export const ProductIdResponse = envelope(z.object({ id: z.number().int() }));
export const WishlistResponse = envelope(z.array(WishlistItem));
export const SavedForLaterResponse = envelope(z.array(SavedItem));
export const CouponListResponse = envelope(z.array(CouponView));
export const DynamicCouponListResponse = envelope(z.array(DynamicCoupon));
export const AppliedCouponResponse = envelope(AppliedCouponData);
export const CartBankOfferResponse = envelope(BankOfferData);
export const RecommendedProductsResponse = envelope(z.array(ProductCard));
export const FreebieProductsResponse = envelope(FreebieProductsData);
