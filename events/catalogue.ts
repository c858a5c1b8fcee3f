// The typed event catalogue (SPEC §7): one zod schema per domain event, discriminated on `name`.
// Money is integer PAISE (same as the API and the database); providers convert to rupees in their payloads.
import { z } from 'zod';

const Paise = z.number().int().nonnegative();
/** A price that may be unknown (null): SPEC §5 reports discount 0 when either price is not a number. */
const MaybePaise = Paise.nullable();
const Id = z.number().int().nonnegative();
const Text = z.string().max(500);

/** One line item, shared by every event that carries products. */
export const EventItem = z.object({
  variant_id: Id,
  /** Parent product id. */
  product_id: Id,
  /** Variant SKU. */
  sku: Text,
  /** Parent SKU; when absent it is derived from `sku` (SPEC §3: minus last two characters, plus PA). */
  parent_sku: Text.optional(),
  name: Text,
  brand: Text.optional(),
  category: Text.optional(),
  /** Category names, top level first (e.g. ['Sports Nutrition', 'Proteins', 'Whey Protein']). */
  cat_hierarchy: z.array(Text).max(10).optional(),
  /** MRP in paise (null when unknown). */
  mrp: MaybePaise,
  /** Selling price in paise (null when unknown). */
  sale_price: MaybePaise,
  /** Units; 1 when absent. */
  quantity: z.number().int().positive().max(10_000).optional(),
  /** Free gift lines are never reported (SPEC §4): the pipeline drops them before any provider. */
  is_freebie: z.boolean().optional(),
  /** Swatch label, e.g. '1 kg / Chocolate'. */
  swatch: Text.optional(),
  /** The list the shopper saw it in and its 0-based position, when known. */
  list_name: Text.optional(),
  index: z.number().int().nonnegative().optional(),
});
export type EventItem = z.infer<typeof EventItem>;

const Items = z.array(EventItem).max(500);

/** Where an add to cart came from (SPEC §4); 'orderdetail' is reported by the marketing tracker only. */
export const AddToCartOrigin = z.enum(['pdp', 'listing', 'wishlist', 'cartlist', 'save_for_later', 'recommended_product', 'orderdetail']);
export type AddToCartOrigin = z.infer<typeof AddToCartOrigin>;

/** Promotion sections of SPEC §2. */
export const PromotionSection = z.enum([
  'landing_top_category',
  'homepage_mini_banner',
  'authenticity_banner',
  'top_brands',
  'categories',
  'new_brand_launches',
  'banner_web',
  'banner_mobile',
  'carousel_web',
  'carousel_mobile',
  'thankyou_banner',
  'offers_banner',
  'offers_carousel',
  'deal_of_the_week',
  'budget_buys',
  'brand_page_banner',
  'category_page_banner',
  'pdp_banner',
  'sale_partner_brand_offers',
  'sale_banner_1',
  'sale_budget_buys',
  'sale_deals_on_favourites',
]);
export type PromotionSection = z.infer<typeof PromotionSection>;

const Promotion = z.object({
  section: PromotionSection,
  id: Text.optional(),
  name: Text.optional(),
  creative: Text.optional(),
  position: z.number().int().nonnegative().optional(),
});

/** Which listing a view_item_list comes from; brand and category views are reported as default or filtered. */
export const ListingKind = z.enum([
  'brand',
  'category',
  'shop',
  'bestseller',
  'top10',
  'search',
  'sale',
  'offers',
  'home',
  'recommended',
  'other',
]);

/** Payment instrument groups of SPEC §4. */
export const PaymentGroup = z.enum(['upi', 'upi_app', 'card', 'stored_card', 'netbanking', 'wallet', 'cod']);
/** Payment path: first attempt, retry page, or the gateway callback. */
export const PaymentPath = z.enum(['direct', 'retry', 'gateway']);
export const LoginMethod = z.enum(['password', 'otp', 'google']);
export const IdentifierType = z.enum(['phone', 'email']);
export const OtpType = z.enum(['register', 'login', 'forgotPassword', 'profile']);

const ev = <N extends string, S extends z.ZodRawShape>(name: N, shape: S) => z.object({ name: z.literal(name), ...shape });

const orderShape = {
  order_id: Text,
  items: Items,
  /** Order total in paise. */
  value: Paise,
  /** Shipping charged in paise (reporting uses the SPEC §9 rule instead). */
  shipping: Paise.optional(),
  coupon_code: Text.optional(),
  /** Payment method code of SPEC §9 (1 UPI, 2 cards, 3 net banking, 4 COD, 6 wallets). */
  payment_method: z.number().int().optional(),
  /** Hashed server-side before storage; used for the conversion feed and search insights. */
  customer_email: Text.optional(),
  customer_mobile: Text.optional(),
  customer_first_name: Text.optional(),
  customer_last_name: Text.optional(),
};

export const CatalogueEvent = z.discriminatedUnion('name', [
  // Pages and listings
  ev('page_view', { title: Text.optional() }),
  ev('view_home_page', {}),
  ev('view_sale_page', { slug: Text }),
  ev('page_drop', { seconds_on_page: z.number().nonnegative().optional() }),
  ev('view_item', { item: EventItem }),
  ev('view_item_list', {
    list_name: Text,
    listing: ListingKind,
    items: Items,
    /** Sale page only: products used to fill up to 5 after `items` (the blockbuster offers) (SPEC §9). */
    fill_items: Items.optional(),
    /** From the listing answer (SPEC §3): a listing with filters or a price range counts as filtered (SPEC §5). */
    active_filters: z.number().int().nonnegative().optional(),
    active_price: z.boolean().optional(),
    brand: Text.optional(),
    category: Text.optional(),
  }),
  ev('select_item', { item: EventItem, list_name: Text, index: z.number().int().nonnegative() }),
  ev('view_promotion', { promotion: Promotion, items: Items.optional() }),
  ev('select_promotion', { promotion: Promotion, items: Items.optional() }),
  // Search
  ev('search', { search_term: Text, results: z.number().int().nonnegative().optional() }),
  ev('search_query_fetched', {
    search_term: Text,
    query_id: z.string().max(2000),
    results: z.number().int().nonnegative(),
    items: Items.optional(),
  }),
  // Cart and wishlist
  ev('add_to_cart', { item: EventItem, origin: AddToCartOrigin }),
  ev('remove_from_cart', { item: EventItem }),
  ev('view_cart', { items: Items, value: Paise, cart_id: Text.optional(), coupon_code: Text.optional() }),
  ev('add_to_wishlist', { item: EventItem }),
  ev('remove_from_wishlist', { item: EventItem }),
  ev('coupon_applied', { coupon_code: Text, discount: Paise, success: z.boolean() }),
  // Checkout funnel (SPEC §4: view_cart 1, begin_checkout 2, checkout_initiated 3, payment_initiated 4, add_payment_info 5)
  ev('begin_checkout', { items: Items, value: Paise, coupon_code: Text.optional() }),
  ev('add_shipping_info', { pincode: Text.optional(), city: Text.optional(), state: Text.optional() }),
  ev('checkout_initiated', { items: Items, value: Paise, coupon_code: Text.optional() }),
  ev('payment_initiated', { items: Items, value: Paise, order_id: Text.optional() }),
  ev('add_payment_info', {
    items: Items,
    value: Paise,
    payment_method: z.number().int(),
    group: PaymentGroup.optional(),
    order_id: Text.optional(),
  }),
  ev('payment_option_selected', { group: PaymentGroup, option: Text.optional() }),
  ev('payment_failed', { order_id: Text, path: PaymentPath, reason: Text.optional() }),
  ev('order_placed', orderShape),
  ev('purchase', { ...orderShape, path: PaymentPath.optional() }),
  // Sign-in, OTP, register
  ev('login_viewed', {}),
  ev('login_identifier_submitted', { identifier_type: IdentifierType, exists: z.boolean() }),
  ev('login_failed', { method: LoginMethod, reason: Text.optional() }),
  ev('user_login', { method: LoginMethod, identifier_type: IdentifierType }),
  ev('user_register', { method: LoginMethod, identifier_type: IdentifierType, opt_in: z.boolean() }),
  ev('register_failed', { reason: Text.optional() }),
  ev('user_logout', {}),
  ev('otp_sent', { type: OtpType, identifier_type: IdentifierType }),
  ev('otp_resent', { type: OtpType, identifier_type: IdentifierType }),
  ev('otp_verified', { type: OtpType }),
  ev('otp_failed', { type: OtpType, reason: Text.optional() }),
  ev('forgot_password_requested', { identifier_type: IdentifierType }),
  ev('password_reset', {}),
  ev('profile_completed', {}),
  // Freebies
  ev('freebie_list_viewed', { items: Items }),
  ev('freebie_added', { item: EventItem, cart_id: Text.optional() }),
  ev('freebie_removed', { item: EventItem }),
  // Stores and retailers
  ev('store_locator_viewed', { city: Text.optional() }),
  ev('store_city_selected', { city: Text }),
  ev('store_contact_clicked', { store_id: Id, store_name: Text, city: Text.optional(), action: z.enum(['call', 'directions']) }),
  ev('retailer_form_viewed', {}),
  ev('retailer_form_submitted', { city: Text.optional() }),
  ev('retailer_form_failed', { reason: Text.optional() }),
]);

/** Any event of the catalogue, as passed to `emit`. */
export type CatalogueEvent = z.infer<typeof CatalogueEvent>;
export type EventName = CatalogueEvent['name'];
/** The event of a given name. */
export type EventOf<N extends EventName> = Extract<CatalogueEvent, { name: N }>;

export const EVENT_NAMES = CatalogueEvent.options.map((o) => o.shape.name.value) as EventName[];
