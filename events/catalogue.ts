// The typed event catalogue (SPEC §7): one zod schema per domain event, discriminated on `name`.
// Money is integer PAISE (same as the API and the database); providers convert to rupees in their payloads.
// Written with zod/mini: the bus validates every event on every page, and mini keeps the catalogue and its
// validator a few KB instead of full zod on the first load (docs/decisions/008). Same definitions, same verdicts.
import { z } from 'zod/mini';
import { PROMOTION_SECTIONS } from './promotion-sections.ts';

/** A whole number ≥ 0. */
const Count = z.number().check(z.int(), z.nonnegative());
const Int = z.number().check(z.int());
const Paise = Count;
/** A price that may be unknown (null): SPEC §5 reports discount 0 when either price is not a number. */
const MaybePaise = z.nullable(Paise);
const Id = Count;
const Text = z.string().check(z.maxLength(500));

/** One line item, shared by every event that carries products. */
export const EventItem = z.object({
  variant_id: Id,
  /** Parent product id. */
  product_id: Id,
  /** Variant SKU. */
  sku: Text,
  /** Parent SKU; when absent it is derived from `sku` (SPEC §3: minus last two characters, plus PA). */
  parent_sku: z.optional(Text),
  name: Text,
  brand: z.optional(Text),
  category: z.optional(Text),
  /** Category names, top level first (e.g. ['Sports Nutrition', 'Proteins', 'Whey Protein']). */
  cat_hierarchy: z.optional(z.array(Text).check(z.maxLength(10))),
  /** MRP in paise (null when unknown). */
  mrp: MaybePaise,
  /** Selling price in paise (null when unknown). */
  sale_price: MaybePaise,
  /** Units; 1 when absent. */
  quantity: z.optional(z.number().check(z.int(), z.positive(), z.lte(10_000))),
  /** Free gift lines are never reported (SPEC §4): the pipeline drops them before any provider. */
  is_freebie: z.optional(z.boolean()),
  /** Swatch label, e.g. '1 kg / Chocolate'. */
  swatch: z.optional(Text),
  /** The list the shopper saw it in and its 0-based position, when known. */
  list_name: z.optional(Text),
  index: z.optional(Count),
});
export type EventItem = z.infer<typeof EventItem>;

const Items = z.array(EventItem).check(z.maxLength(500));

/** Where an add to cart came from (SPEC §4); 'orderdetail' is reported by the marketing tracker only. */
export const AddToCartOrigin = z.enum(['pdp', 'listing', 'wishlist', 'cartlist', 'save_for_later', 'recommended_product', 'orderdetail']);
export type AddToCartOrigin = z.infer<typeof AddToCartOrigin>;

/** Promotion sections of SPEC §2. */
export const PromotionSection = z.enum(PROMOTION_SECTIONS);
export type PromotionSection = z.infer<typeof PromotionSection>;

const Promotion = z.object({
  section: PromotionSection,
  id: z.optional(Text),
  name: z.optional(Text),
  creative: z.optional(Text),
  position: z.optional(Count),
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
/** The payment page's own flow (SPEC §4): direct from order confirmation, or a retry after a failed payment. */
export const PaymentFlowPath = z.enum(['direct', 'retry']);
/** SPEC §4 instrument selections inside a group: a stored card, a new card, a bank, a wallet, a UPI app. */
export const PaymentInstrumentKind = z.enum(['stored_card', 'card', 'bank', 'wallet', 'upi_app']);
export const LoginMethod = z.enum(['password', 'otp', 'google']);
export const IdentifierType = z.enum(['phone', 'email']);
export const OtpType = z.enum(['register', 'login', 'forgotPassword', 'profile']);

const ev = <N extends string, S extends z.core.$ZodLooseShape>(name: N, shape: S) => z.object({ name: z.literal(name), ...shape });

const orderShape = {
  order_id: Text,
  items: Items,
  /** Order total in paise. */
  value: Paise,
  /** Shipping charged in paise (reporting uses the SPEC §9 rule instead). */
  shipping: z.optional(Paise),
  coupon_code: z.optional(Text),
  /** Payment method code of SPEC §9 (1 UPI, 2 cards, 3 net banking, 4 COD, 6 wallets). */
  payment_method: z.optional(Int),
  /** Hashed server-side before storage; used for the conversion feed and search insights. */
  customer_email: z.optional(Text),
  customer_mobile: z.optional(Text),
  customer_first_name: z.optional(Text),
  customer_last_name: z.optional(Text),
};

export const CatalogueEvent = z.discriminatedUnion('name', [
  // Pages and listings
  ev('page_view', { title: z.optional(Text) }),
  ev('view_home_page', {}),
  ev('view_sale_page', { slug: Text }),
  ev('page_drop', { seconds_on_page: z.optional(z.number().check(z.nonnegative())) }),
  ev('view_item', { item: EventItem }),
  ev('view_item_list', {
    list_name: Text,
    listing: ListingKind,
    items: Items,
    /** Sale page only: products used to fill up to 5 after `items` (the blockbuster offers) (SPEC §9). */
    fill_items: z.optional(Items),
    /** From the listing answer (SPEC §3): a listing with filters or a price range counts as filtered (SPEC §5). */
    active_filters: z.optional(Count),
    active_price: z.optional(z.boolean()),
    brand: z.optional(Text),
    category: z.optional(Text),
  }),
  ev('select_item', { item: EventItem, list_name: Text, index: Count }),
  ev('view_promotion', { promotion: Promotion, items: z.optional(Items) }),
  ev('select_promotion', { promotion: Promotion, items: z.optional(Items) }),
  // Search
  ev('search', { search_term: Text, results: z.optional(Count) }),
  ev('search_query_fetched', {
    search_term: Text,
    query_id: z.string().check(z.maxLength(2000)),
    results: Count,
    items: z.optional(Items),
  }),
  // Cart and wishlist
  ev('add_to_cart', { item: EventItem, origin: AddToCartOrigin }),
  ev('remove_from_cart', { item: EventItem }),
  ev('view_cart', { items: Items, value: Paise, cart_id: z.optional(Text), coupon_code: z.optional(Text) }),
  ev('add_to_wishlist', { item: EventItem }),
  ev('remove_from_wishlist', { item: EventItem }),
  ev('coupon_applied', { coupon_code: Text, discount: Paise, success: z.boolean() }),
  // Checkout funnel (SPEC §4: view_cart 1, begin_checkout 2, checkout_initiated 3, payment_initiated 4, add_payment_info 5)
  ev('begin_checkout', { items: Items, value: Paise, coupon_code: z.optional(Text) }),
  ev('add_shipping_info', { pincode: z.optional(Text), city: z.optional(Text), state: z.optional(Text) }),
  ev('checkout_initiated', { items: Items, value: Paise, coupon_code: z.optional(Text) }),
  ev('payment_initiated', { items: Items, value: Paise, order_id: z.optional(Text) }),
  ev('add_payment_info', {
    items: Items,
    value: Paise,
    payment_method: Int,
    group: z.optional(PaymentGroup),
    order_id: z.optional(Text),
  }),
  /** SPEC §4 "instrument group chosen": the method (UPI, cards, net banking, wallets, pay on delivery). */
  ev('payment_option_selected', { group: PaymentGroup, option: z.optional(Text), path: z.optional(PaymentFlowPath) }),
  /** SPEC §4 "stored card, card, bank, wallet, UPI app selected": the instrument inside the group. */
  ev('payment_instrument_selected', {
    instrument: PaymentInstrumentKind,
    /** The bank, wallet or UPI app's name, or a card's network. */
    option: z.optional(Text),
    path: PaymentFlowPath,
  }),
  ev('payment_failed', { order_id: Text, path: PaymentPath, reason: z.optional(Text) }),
  ev('order_placed', orderShape),
  ev('purchase', { ...orderShape, path: z.optional(PaymentPath) }),
  // Sign-in, OTP, register
  ev('login_viewed', {}),
  ev('login_identifier_submitted', { identifier_type: IdentifierType, exists: z.boolean() }),
  ev('login_failed', { method: LoginMethod, reason: z.optional(Text) }),
  ev('user_login', { method: LoginMethod, identifier_type: IdentifierType }),
  ev('user_register', { method: LoginMethod, identifier_type: IdentifierType, opt_in: z.boolean() }),
  ev('register_failed', { reason: z.optional(Text) }),
  ev('user_logout', {}),
  ev('otp_sent', { type: OtpType, identifier_type: IdentifierType }),
  ev('otp_resent', { type: OtpType, identifier_type: IdentifierType }),
  ev('otp_verified', { type: OtpType }),
  ev('otp_failed', { type: OtpType, reason: z.optional(Text) }),
  ev('forgot_password_requested', { identifier_type: IdentifierType }),
  ev('password_reset', {}),
  ev('profile_completed', {}),
  // Freebies
  ev('freebie_list_viewed', { items: Items }),
  ev('freebie_added', { item: EventItem, cart_id: z.optional(Text) }),
  ev('freebie_removed', { item: EventItem }),
  // Stores and retailers
  ev('store_locator_viewed', { city: z.optional(Text) }),
  ev('store_city_selected', { city: Text }),
  ev('store_contact_clicked', { store_id: Id, store_name: Text, city: z.optional(Text), action: z.enum(['call', 'directions']) }),
  ev('retailer_form_viewed', {}),
  ev('retailer_form_submitted', { city: z.optional(Text) }),
  ev('retailer_form_failed', { reason: z.optional(Text) }),
]);

/** Any event of the catalogue, as passed to `emit`. */
export type CatalogueEvent = z.infer<typeof CatalogueEvent>;
export type EventName = CatalogueEvent['name'];
/** The event of a given name. */
export type EventOf<N extends EventName> = Extract<CatalogueEvent, { name: N }>;

export const EVENT_NAMES = CatalogueEvent._zod.def.options.map((o) => o.shape.name._zod.def.values[0]) as EventName[];
