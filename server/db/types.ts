import type { ColumnType, Generated } from 'kysely';
import type { ShipmentStatus as ShipmentStatusValue } from '../../schemas/shipment-status.ts';

// Row types of the database, grouped by the area that writes each table (server/db/owners.ts, docs/decisions/011):
// a new table goes in its owner's interface, or a new interface for a new owner, which Database extends.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type OrderStatus = 'payment_pending' | 'placed' | 'confirmed' | 'cancelled' | 'payment_failed' | 'expired';
/** Declared with its labels in schemas/shipment-status.ts. */
export type ShipmentStatus = ShipmentStatusValue;
export type PaymentMethodCode = 1 | 2 | 3 | 4 | 6;

export type ReviewStatus = 'published' | 'hidden' | 'withdrawn';
export type ReviewStatsScope = 'product' | 'brand' | 'all';

export type StockReason = 'order_placed' | 'order_released' | 'cancelled' | 'returned' | 'staff_adjustment';
/** What an account change replaced, kept so support can set it back (migration 485_account_freeze). */
export type ChangeBefore =
  | { email: string | null; email_verified: boolean }
  | { mobile: string | null; c_code: string; mobile_verified: boolean };

export type CardNetwork = 'MasterCard' | 'RuPay' | 'VISA' | 'Amex';

/** Per 100 g (or ml) of the product, as the label's nutrition table (migration 340). */
export interface NutritionPer100 {
  energy_kcal: number;
  protein_g: number;
  carbohydrate_g: number;
  sugars_g: number;
  added_sugars_g: number;
  fat_g: number;
  saturated_fat_g: number;
  trans_fat_g: number;
  cholesterol_mg: number;
  sodium_mg: number;
}

/** The tables server/db writes. */
export interface DbTables {
  app_meta: { key: string; value: string };
}

/** The tables server/modules/catalogue writes. */
export interface CatalogueTables {
  importers: { id: Generated<number>; name: string; slug: string; address: string; licence_no: string };
  brands: {
    id: Generated<number>;
    name: string;
    slug: string;
    description: string;
    country: string;
    is_top: Generated<boolean>;
    launched_at: ColumnType<Date, string, string>;
    importer_id: number | null;
  };
  brand_certificates: {
    id: Generated<number>;
    brand_id: number;
    importer_id: number | null;
    title: string;
    certificate_no: string;
    issued_on: ColumnType<Date, string, string>;
    valid_till: ColumnType<Date, string, string>;
  };
  categories: {
    id: Generated<number>;
    name: string;
    slug: string;
    parent_id: number | null;
    position: Generated<number>;
    is_top: Generated<boolean>;
  };
  products: {
    id: Generated<number>;
    name: string;
    slug: string;
    brand_id: number;
    category_id: number;
    description: string;
    highlights: Json<string[]>;
    food_type: string;
    parent_sku: string;
    rating: ColumnType<string, number | string | undefined, number | string>;
    rating_count: Generated<number>;
    sales_count: Generated<number>;
    is_bestseller: Generated<boolean>;
    synonyms: Generated<string>;
    /** Migration 200: false hides the product from the listing, search and its page (docs/decisions/019). */
    is_published: Generated<boolean>;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  variants: {
    id: Generated<number>;
    product_id: number;
    sku: string;
    weight: string | null;
    flavour: string | null;
    pack_size: string | null;
    mrp: number;
    sale_price: number;
    stock: number;
    is_default: Generated<boolean>;
    image_hue: Generated<number>;
    position: Generated<number>;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  offers: {
    id: Generated<number>;
    kind: string;
    title: string;
    description: string;
    brand_id: number | null;
    product_id: number | null;
    image_hue: Generated<number>;
    starts_at: Timestamp;
    ends_at: Timestamp;
    is_preview: Generated<boolean>;
    position: Generated<number>;
    data: Json<Record<string, unknown>>;
  };
  /** Migration 260: a product's uploaded image, as WebP at the product image's two sizes. */
  product_images: {
    product_id: number;
    image_1x: Uint8Array;
    image_2x: Uint8Array;
    source_type: string;
    sha256: string;
    version: Generated<number>;
    staff_id: number | null;
    updated_at: Timestamp & Generated<Date>;
  };
  /** Migration 340: the label's declarations (docs/product-declarations.md). */
  product_declarations: {
    product_id: number;
    version: Generated<number>;
    manufacturer_name: string;
    manufacturer_address: string;
    packer_name: string | null;
    packer_address: string | null;
    importer_name: string | null;
    importer_address: string | null;
    country_of_origin: string;
    customer_care_phone: string;
    customer_care_email: string;
    customer_care_address: string;
    fssai_licence: string;
    serving_size: string;
    serving_size_g: ColumnType<string, string | number, string | number>;
    shelf_life_months: number | null;
    ingredients: string;
    allergens: string | null;
    nutrition: Json<NutritionPer100>;
    updated_at: Timestamp & Generated<Date>;
  };
  variant_declarations: {
    variant_id: number;
    net_quantity: ColumnType<string, string | number, string | number>;
    net_unit: string;
    servings: number;
    best_before: ColumnType<Date | string | null, string | null, string | null>;
  };
  /** Migration 250: the sale pages (/sale/:slug) and their product sections. */
  sale_pages: {
    id: Generated<number>;
    slug: string;
    title: string;
    min_discount: Generated<number>;
    starts_at: Timestamp | null;
    ends_at: Timestamp | null;
    is_published: Generated<boolean>;
    version: Generated<number>;
    updated_at: Timestamp & Generated<Date>;
  };
  sale_page_sections: {
    sale_page_id: number;
    section: 'blockbuster' | 'deals_on_favourites' | 'category_products';
    position: Generated<number>;
    is_hidden: Generated<boolean>;
    product_ids: ColumnType<number[], number[] | undefined, number[]>;
  };
}

/** The tables server/modules/cart writes. */
export interface CartTables {
  coupons: {
    code: string;
    description: string;
    kind: 'percent' | 'flat';
    value: number;
    max_discount: number | null;
    min_cart: Generated<number>;
    brand_id: number | null;
    category_id: number | null;
    first_order_only: Generated<boolean>;
    per_customer_limit: number | null;
    starts_at: Timestamp;
    ends_at: Timestamp;
    active: Generated<boolean>;
    usage_limit: number | null;
    used: Generated<number>;
    /** Moves on every console edit (migration 400). */
    version: Generated<number>;
  };
  bank_offers: {
    id: Generated<number>;
    bank: string;
    instrument: string;
    card_bins: ColumnType<string[], string[] | undefined, string[]>;
    kind: 'percent' | 'flat';
    value: number;
    max_discount: number | null;
    min_cart: Generated<number>;
    description: string;
    starts_at: Timestamp;
    ends_at: Timestamp;
    /** Migration 250: switched off by marketing; the cart and checkout ignore it. */
    active: Generated<boolean>;
    version: Generated<number>;
  };
  freebies: {
    id: Generated<number>;
    variant_id: number;
    threshold: number;
    title: string;
    active: Generated<boolean>;
    version: Generated<number>;
  };
  delivery_rules: {
    id: Generated<number>;
    name: string;
    free_from: number;
    charge: number;
    active: Generated<boolean>;
    version: Generated<number>;
  };
  /** Cart (SPEC §7 cart calls): carts, wishlist, save-for-later, coupon redemptions, delivery rules (migration 040_cart). */
  carts: {
    id: string;
    customer_id: number | null;
    status: Generated<'active' | 'merged' | 'ordered'>;
    coupon_code: string | null;
    version: Generated<number>;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
    /** 055_checkout: the address chosen at "deliver here". */
    address_id: Generated<number | null>;
  };
  cart_items: {
    id: Generated<number>;
    cart_id: string;
    variant_id: number;
    quantity: number;
    is_freebie: Generated<boolean>;
    freebie_id: number | null;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  wishlist_items: {
    customer_id: number;
    variant_id: number;
    evt_d: ColumnType<unknown, string | null, string | null>;
    created_at: Timestamp & Generated<Date>;
  };
  saved_items: { customer_id: number; variant_id: number; quantity: number; created_at: Timestamp & Generated<Date> };
  coupon_redemptions: {
    id: Generated<number>;
    coupon_code: string;
    customer_id: number;
    order_ref: string | null;
    discount: Generated<number>;
    created_at: Timestamp & Generated<Date>;
  };
}

/** The tables server/modules/stores writes. */
export interface StoresTables {
  cities: { id: Generated<number>; name: string; slug: string; state: string };
  stores: {
    id: Generated<number>;
    city_id: number;
    name: string;
    address: string;
    pincode: string;
    phone: string;
    hours: string;
    latitude: number;
    longitude: number;
  };
  pincodes: {
    pincode: string;
    city: string;
    district: string;
    state: string;
    serviceable: Generated<boolean>;
    cod_available: Generated<boolean>;
    /** India Post's delivery status: a post office at this pincode delivers (docs/pincodes.md). */
    delivery: Generated<boolean>;
    min_days: Generated<number>;
    max_days: Generated<number>;
  };
  pincode_directory_loads: {
    id: Generated<number>;
    version: string;
    source: string;
    pincodes: number;
    ms: number;
    loaded_at: Timestamp & Generated<Date>;
  };
  retailer_requests: {
    id: Generated<number>;
    reference: string;
    full_name: string;
    business_name: string;
    mobile: string;
    email: string;
    city: string;
    pincode: string;
    gstin: string | null;
    message: Generated<string>;
    created_at: Timestamp & Generated<Date>;
  };
}

/** The tables server/modules/customers writes. */
export interface CustomersTables {
  customers: {
    id: Generated<number>;
    first_name: string;
    last_name: Generated<string>;
    email: string | null;
    mobile: string | null;
    c_code: Generated<string>;
    password_hash: string | null;
    google_sub: string | null;
    is_blocked: Generated<boolean>;
    opt_in: Generated<boolean>;
    email_verified: Generated<boolean>;
    mobile_verified: Generated<boolean>;
    referrer: string | null;
    last_order_at: Date | null;
    deletion_requested_at: Date | null;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
    /** 080_content: staff may preview unpublished pages (SPEC §6). */
    is_staff: Generated<boolean>;
    /** 485_account_freeze: frozen by its owner ("this was not me"), apart from support's block. */
    frozen_at: Timestamp | null;
    frozen_reason: string | null;
    frozen_change_id: number | null;
  };
}

/** The tables server/modules/session writes. */
export interface SessionTables {
  sessions: {
    id: string;
    customer_id: number | null;
    created_at: Timestamp & Generated<Date>;
    expires_at: Timestamp;
    last_seen_at: Timestamp & Generated<Date>;
    data: ColumnType<Record<string, unknown>, string | undefined, string>;
  };
}

/** The tables server/modules/auth writes. */
export interface AuthTables {
  /** Sign-in and account (SPEC §4, §7): OTPs, rate limits, grants, keys, outbox, addresses, deletion requests (migration 030_auth). */
  auth_keys: { name: string; public_key: string; private_key: string; created_at: Timestamp & Generated<Date> };
  otps: {
    id: Generated<number>;
    purpose: string;
    identifier: string;
    c_code: Generated<string>;
    customer_id: number | null;
    code_hash: string;
    attempts: Generated<number>;
    expires_at: Timestamp;
    verified_at: Timestamp | null;
    consumed_at: Timestamp | null;
    created_at: Timestamp & Generated<Date>;
  };
  auth_grants: {
    token_hash: string;
    kind: 'password_reset' | 'pending_profile' | 'google_nonce' | 'owner_proof';
    customer_id: number | null;
    identifier: string;
    expires_at: Timestamp;
    used_at: Timestamp | null;
    created_at: Timestamp & Generated<Date>;
  };
}

/** The tables server/modules/account writes. */
export interface AccountTables {
  addresses: {
    id: Generated<number>;
    customer_id: number;
    full_name: string;
    mobile: string;
    c_code: Generated<string>;
    email: string | null;
    pincode: string;
    address: string;
    landmark: string | null;
    city: string;
    state: string;
    country: Generated<string>;
    address_type: number;
    is_default: Generated<boolean>;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  account_deletions: {
    id: Generated<number>;
    customer_id: number;
    reason: string | null;
    requested_at: Timestamp & Generated<Date>;
    cancelled_at: Timestamp | null;
    completed_at: Timestamp | null;
  };
  /** Account changes and the sources of failed sign-ins (migration 110_account_security). */
  account_changes: {
    id: Generated<number>;
    customer_id: number;
    kind: string;
    detail: string;
    ip: string;
    proof: string;
    not_me_hash: string | null;
    not_me_expires_at: Timestamp | null;
    not_me_used_at: Timestamp | null;
    created_at: Timestamp & Generated<Date>;
    /** 485_account_freeze: the contact the change replaced, and a hash of what it set (to tell a revert). */
    before_value: ColumnType<ChangeBefore | null, string | null | undefined, string | null>;
    after_key: string | null;
  };
}

/** The tables server/http writes. */
export interface HttpTables {
  rate_limits: { key: string; window_start: Timestamp; count: Generated<number> };
  source_delays: {
    key: string;
    failures: Generated<number>;
    blocked_until: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  idempotency_keys: {
    customer_id: number;
    scope: string;
    key: string;
    request_hash: string;
    status_code: number | null;
    response: ColumnType<unknown, string | null, string | null>;
    created_at: Timestamp & Generated<Date>;
    expires_at: Timestamp;
  };
}

/** The tables server/messaging writes. */
export interface MessagingTables {
  outbox: {
    id: Generated<number>;
    channel: 'email' | 'sms';
    recipient: string;
    c_code: string | null;
    subject: string | null;
    body: string;
    otp: string | null;
    status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
    attempts: Generated<number>;
    next_attempt_at: Timestamp & Generated<Date>;
    locked_until: Timestamp | null;
    last_error: string | null;
    created_at: Timestamp & Generated<Date>;
    sent_at: Timestamp | null;
    /** The claim holding the row while it is 'sending' (migration 090_reliability). */
    lease_token: Generated<string | null>;
    /** An email's HTML part, beside the plain text in body (migration 210_transactional_messages). */
    html: Generated<string | null>;
    /** One message per (order, shipment, payment or refund; event; channel): unique when set (migration 210). */
    dedup_key: Generated<string | null>;
  };
}

/** The tables server/jobs writes. */
export interface JobsTables {
  /** Scheduled jobs run by one instance at a time (migration 090_reliability). */
  scheduled_jobs: {
    name: string;
    lease_token: string | null;
    locked_until: Timestamp | null;
    holder: string | null;
    last_started_at: Timestamp | null;
    last_finished_at: Timestamp | null;
    last_error: string | null;
    runs: Generated<number>;
  };
}

/** The tables server/modules/system writes. */
export interface SystemTables {
  error_logs: {
    id: Generated<string>;
    error: string;
    error_info: string | null;
    location: string | null;
    user_agent: string | null;
    request_id: string | null;
    created_at: Timestamp & Generated<Date>;
  };
}

/** The tables server/modules/events writes. */
export interface EventsTables {
  /** Reporting (docs/architecture.md "Reporting"): the server-side conversion feed and its outbox (migration 010_events). */
  conversion_events: {
    event_id: string;
    event_name: string;
    event_time: Timestamp;
    session_id: string;
    funnel_step: number | null;
    customer_id: number | null;
    email_sha256: string | null;
    phone_sha256: string | null;
    external_id_sha256: string | null;
    event_source_url: string | null;
    client_user_agent: string | null;
    custom_data: Json<Record<string, unknown>>;
    received_at: Timestamp & Generated<Date>;
  };
  event_outbox: {
    id: Generated<number>;
    /** 'ga4': migration 220_refund_reports. */
    kind: 'conversion' | 'affiliate' | 'ga4';
    ref: string;
    payload: Json<Record<string, unknown>>;
    attempts: Generated<number>;
    next_attempt_at: Timestamp & Generated<Date>;
    locked_until: Timestamp | null;
    sent_at: Timestamp | null;
    last_error: string | null;
    created_at: Timestamp & Generated<Date>;
    /** Migration 090_reliability: the claim holding the row, and the dead-letter stamp. */
    lease_token: Generated<string | null>;
    dead_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
}

/** The tables server/modules/orders writes. */
export interface OrdersTables {
  orders: {
    id: Generated<number>;
    order_number: string;
    customer_id: number;
    cart_id: string;
    status: Generated<OrderStatus>;
    payment_method: PaymentMethodCode | null;
    address_id: number | null;
    address: Json<Record<string, unknown>>;
    coupon_code: string | null;
    mrp_total: number;
    item_total: number;
    coupon_discount: Generated<number>;
    bank_offer_discount: Generated<number>;
    shipping_total: Generated<number>;
    total: number;
    paid_total: Generated<number>;
    /** The terms each promotion was sold with (migration 180; orders/promotion-rules.ts PromotionTerms). */
    promotion_terms: ColumnType<unknown, string | null | undefined, string | null>;
    expires_at: Timestamp | null;
    placed_at: Timestamp | null;
    version: Generated<number>;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  shipments: {
    id: Generated<number>;
    order_id: number;
    shipment_number: string;
    status: Generated<ShipmentStatus>;
    awb: string | null;
    shipping_total: Generated<number>;
    /** Pay on delivery: benefits no longer earned after a change, collected with the shipment (migration 180). */
    due_on_delivery: Generated<number>;
    version: Generated<number>;
    delivered_at: Timestamp | null;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  order_items: {
    id: Generated<number>;
    order_id: number;
    shipment_id: number;
    variant_id: number;
    product_id: number;
    sku: string;
    name: string;
    brand_name: string;
    category_name: string;
    swatch: string | null;
    quantity: number;
    cancelled_quantity: Generated<number>;
    returned_quantity: Generated<number>;
    mrp: number;
    sale_price: number;
    discount_share: Generated<number>;
    is_freebie: Generated<boolean>;
  };
  shipment_events: {
    id: Generated<number>;
    shipment_id: number;
    from_status: ShipmentStatus | null;
    to_status: ShipmentStatus;
    note: string | null;
    created_at: Timestamp & Generated<Date>;
  };
  shipment_pickup_addresses: { shipment_id: number; address_id: number };
  ifsc_branches: { ifsc: string; branch: string; address: string; city: string; district: string; state: string };
  bank_accounts: {
    id: Generated<number>;
    customer_id: number;
    account_holder: string;
    /** AES-256-GCM ciphertext (server/modules/orders/bank-accounts.ts); clear text only in rows from before 110. */
    account_number: string;
    account_last4: string;
    ifsc: string;
    bank_name: string;
    branch: string | null;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  returns: {
    id: Generated<number>;
    shipment_id: number;
    customer_id: number;
    reason_code: string;
    comment: string | null;
    pickup_address: Json<Record<string, unknown>>;
    refund_method: 'original' | 'bank';
    bank_account_id: number | null;
    status: Generated<'requested' | 'withdrawn' | 'picked_up' | 'received'>;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
  return_items: { return_id: number; order_item_id: number; quantity: number };
  return_media: { upload_id: number; shipment_id: number; return_id: number | null; created_at: Timestamp & Generated<Date> };
  refunds: {
    id: Generated<number>;
    order_id: number;
    shipment_id: number;
    reason: 'cancel' | 'return';
    method: 'original' | 'bank';
    payment_id: number | null;
    bank_account_id: number | null;
    amount: number;
    status: Generated<'pending' | 'processed' | 'failed'>;
    idempotency_key: string;
    gateway_refund_id: string | null;
    failure_reason: string | null;
    created_at: Timestamp & Generated<Date>;
    processed_at: Timestamp | null;
  };
  refund_items: { refund_id: number; order_item_id: number; quantity: number; amount: number };
  /** Migration 350: GST rates as data, tax invoices and credit notes (docs/decisions/028-gst-tax-invoices.md). */
  gst_hsn_rates: { hsn_code: string; description: string; rate_bp: number };
  gst_category_hsn: { category_slug: string; hsn_code: string };
  gst_product_hsn: { product_id: number; hsn_code: string };
  tax_document_series: { series: string; fy: string; last_number: number };
  tax_invoices: {
    id: Generated<number>;
    shipment_id: number;
    order_id: number;
    serial: string;
    fy: string;
    number: number;
    issued_at: Timestamp;
    seller: Json<Record<string, unknown>>;
    buyer: Json<Record<string, unknown>>;
    supply_state_code: string;
    supply_state_name: string;
    intrastate: boolean;
    total: number;
  };
  tax_invoice_lines: {
    id: Generated<number>;
    invoice_id: number;
    position: number;
    kind: 'goods' | 'delivery' | 'adjustment';
    order_item_id: number | null;
    description: string;
    hsn_code: string;
    quantity: number;
    unit_price: number;
    discount: number;
    taxable: number;
    rate_bp: number;
    cgst: number;
    sgst: number;
    igst: number;
    total: number;
  };
  credit_notes: {
    id: Generated<number>;
    invoice_id: number;
    refund_id: number;
    serial: string;
    fy: string;
    number: number;
    issued_at: Timestamp;
    total: number;
  };
  credit_note_lines: {
    id: Generated<number>;
    credit_note_id: number;
    position: number;
    invoice_line_id: number;
    quantity: number;
    taxable: number;
    rate_bp: number;
    cgst: number;
    sgst: number;
    igst: number;
    total: number;
  };
}

/** The tables server/modules/payment writes. */
export interface PaymentTables {
  payments: {
    id: Generated<number>;
    order_id: number;
    attempt: number;
    gateway: string;
    method: PaymentMethodCode;
    instrument: string | null;
    amount: number;
    status: Generated<'created' | 'pending' | 'success' | 'failed' | 'expired'>;
    gateway_order_ref: string;
    gateway_payment_id: string | null;
    failure_reason: string | null;
    created_at: Timestamp & Generated<Date>;
    finalized_at: Timestamp | null;
    offer_discount: Generated<number>;
    bank_offer_id: number | null;
    /** Migration 140: what the gateway reports the shopper paid with (PaidInstrument), null until it says. */
    paid_instrument: Generated<unknown | null>;
    /** Migration 270: the saved card this attempt pays with (its token goes to the gateway). */
    saved_card_id: Generated<number | null>;
  };
  /** Migration 055_checkout: refunds and the log of gateway callbacks. */
  payment_refunds: {
    id: Generated<number>;
    payment_id: number;
    amount: number;
    idempotency_key: string;
    status: Generated<'pending' | 'success' | 'failed'>;
    gateway_refund_id: string | null;
    reason: string | null;
    created_at: Timestamp & Generated<Date>;
  };
  payment_callbacks: {
    id: Generated<string>;
    gateway: string;
    ref: string | null;
    outcome: 'applied' | 'unchanged' | 'rejected';
    reason: string | null;
    payload: Json<Record<string, unknown>>;
    created_at: Timestamp & Generated<Date>;
  };
  /** Migration 140: the staff queue for money that needs a person. */
  payment_issues: {
    id: Generated<number>;
    kind: 'refund_failed' | 'refund_to_pay' | 'unusable_refund_failed' | 'offer_not_qualified' | 'status_mismatch';
    order_id: number | null;
    payment_id: number | null;
    refund_id: number | null;
    amount: Generated<number>;
    note: string;
    dedup_key: string;
    created_at: Timestamp & Generated<Date>;
    resolved_at: Timestamp | null;
    resolution: string | null;
  };
  /** Migration 270: saved cards as gateway token references (docs/decisions/024-saved-cards.md). */
  saved_cards: {
    id: Generated<number>;
    customer_id: number;
    gateway: string;
    token: string;
    network: CardNetwork;
    last4: string;
    expiry_month: number;
    expiry_year: number;
    created_at: Timestamp & Generated<Date>;
  };
}

/** The tables server/modules/inventory writes. */
export interface InventoryTables {
  stock_ledger: {
    id: Generated<string>;
    variant_id: number;
    delta: number;
    reason: StockReason;
    order_ref: string | null;
    shipment_ref: string | null;
    staff_ref: string | null;
    /** Migration 200: why staff changed stock (their reason and note). */
    note: Generated<string | null>;
    created_at: Timestamp & Generated<Date>;
  };
}

/** The tables server/modules/uploads writes. */
export interface UploadsTables {
  uploads: {
    id: Generated<number>;
    public_id: string;
    customer_id: number | null;
    purpose: string;
    content_type: string;
    size: number;
    sha256: string;
    bytes: Uint8Array;
    created_at: Timestamp & Generated<Date>;
  };
}

/** The tables server/modules/authenticity writes. */
export interface AuthenticityTables {
  /** 080_content: authenticity codes, retailer requests, unsubscribes, help centre. */
  authenticity_codes: {
    id: Generated<number>;
    brand_id: number;
    nac_code: string;
    scratch_code: string;
    claimed_at: Timestamp | null;
    claimed_by: number | null;
  };
}

/** The tables server/modules/newsletter writes. */
export interface NewsletterTables {
  newsletter_unsubscribes: { email: string; created_at: Timestamp & Generated<Date> };
}

/** The tables server/modules/help-center writes. */
export interface HelpCenterTables {
  faqs: { id: Generated<number>; topic: string; question: string; answer: string; position: Generated<number> };
  support_reasons: {
    id: Generated<number>;
    channel: 'phone' | 'email';
    label: string;
    needs_order: Generated<boolean>;
    position: Generated<number>;
  };
  support_tickets: {
    id: Generated<number>;
    reference: string;
    customer_id: number;
    channel: 'phone' | 'email';
    reason_id: number;
    order_id: number | null;
    shipment_id: number | null;
    contact: string;
    message: string;
    attachments: ColumnType<string[], string | undefined, string>;
    created_at: Timestamp & Generated<Date>;
  };
}

/** The tables server/modules/grievances writes. */
export interface GrievancesTables {
  /** Migration 360: shoppers' complaints and their two clocks (docs/grievance-redressal.md). */
  grievances: {
    id: Generated<number>;
    reference: string;
    customer_id: number;
    order_id: number | null;
    category: string;
    message: string;
    status: Generated<'open' | 'acknowledged' | 'resolved'>;
    created_at: Timestamp & Generated<Date>;
    acknowledge_by: Timestamp;
    resolve_by: Timestamp;
    acknowledged_at: Timestamp | null;
    acknowledged_by: number | null;
    resolved_at: Timestamp | null;
    resolved_by: number | null;
    answer: string | null;
  };
}

/** The tables server/modules/reviews writes. */
export interface ReviewsTables {
  reviews: {
    id: Generated<number>;
    product_id: number;
    customer_id: number | null;
    author_name: string;
    rating: number;
    title: string;
    body: string;
    helpful: Generated<number>;
    verified: Generated<boolean>;
    created_at: Timestamp & Generated<Date>;
    // 070_reviews
    brand_id: number;
    variant_id: number | null;
    status: Generated<ReviewStatus>;
    photo_count: Generated<number>;
    updated_at: Timestamp & Generated<Date>;
    /** 230_review_moderation: when staff last decided on the review; null while it awaits moderation. */
    moderated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  review_photos: {
    id: Generated<number>;
    review_id: number;
    upload_id: number | null;
    hue: Generated<number>;
    position: Generated<number>;
    created_at: Timestamp & Generated<Date>;
  };
  review_votes: {
    review_id: number;
    customer_id: number;
    created_at: Timestamp & Generated<Date>;
  };
  review_stats: {
    scope: ReviewStatsScope;
    scope_id: number;
    r1: Generated<number>;
    r2: Generated<number>;
    r3: Generated<number>;
    r4: Generated<number>;
    r5: Generated<number>;
    with_photos: Generated<number>;
  };
  logistics_ratings: {
    id: Generated<number>;
    customer_id: number;
    order_id: number;
    product_id: Generated<number>;
    rating: number;
    comment: Generated<string>;
    created_at: Timestamp & Generated<Date>;
    updated_at: Timestamp & Generated<Date>;
  };
}

/** The tables server/modules/staff writes. */
export interface StaffTables {
  /** The operations console's staff, their sessions and the append-only audit trail (migration 170). */
  staff: {
    id: Generated<number>;
    email: string;
    name: Generated<string>;
    role: string;
    password_hash: string;
    totp_secret: string;
    totp_last_step: Generated<number>;
    disabled_at: Timestamp | null;
    created_at: Timestamp & Generated<Date>;
  };
  staff_sessions: {
    id: string;
    staff_id: number;
    created_at: Timestamp & Generated<Date>;
    last_seen_at: Timestamp & Generated<Date>;
    expires_at: Timestamp;
  };
  audit_log: {
    id: Generated<number>;
    at: Timestamp & Generated<Date>;
    actor: string;
    staff_id: number | null;
    action: string;
    target: Generated<string>;
    before: Json<unknown> | null;
    after: Json<unknown> | null;
    request_id: Generated<string>;
    client_request_id: Generated<string>;
    source: Generated<string>;
    user_agent: Generated<string>;
  };
  staff_invites: {
    id: Generated<number>;
    token_hash: string;
    kind: 'invite' | 'enrol';
    email: string;
    role: string;
    staff_id: number | null;
    totp_secret: string;
    invited_by: number | null;
    expires_at: Timestamp;
    used_at: Timestamp | null;
    created_at: Timestamp & Generated<Date>;
  };
}

/** The tables server/modules/consent writes. */
export interface ConsentTables {
  /** Migration 330: every consent given or withdrawn, never changed (SPEC §4.8). */
  consent_records: {
    id: Generated<string>;
    customer_id: number | null;
    purpose: 'marketing' | 'analytics_storage' | 'ad_storage' | 'ad_user_data' | 'ad_personalization';
    granted: boolean;
    text_version: string;
    method: 'sign_up' | 'profile' | 'cookie_notice' | 'unsubscribe_link';
    ip: string | null;
    user_agent: string | null;
    created_at: Timestamp & Generated<Date>;
  };
}

export interface Database
  extends DbTables,
    CatalogueTables,
    CartTables,
    StoresTables,
    CustomersTables,
    SessionTables,
    AuthTables,
    AccountTables,
    HttpTables,
    MessagingTables,
    JobsTables,
    SystemTables,
    EventsTables,
    OrdersTables,
    PaymentTables,
    InventoryTables,
    UploadsTables,
    AuthenticityTables,
    NewsletterTables,
    HelpCenterTables,
    GrievancesTables,
    ReviewsTables,
    StaffTables,
    ConsentTables {}
