import type { Database } from './types.ts';

// One writer per table (docs/decisions/011-order-flows.md): the one area of server/ that inserts, updates and
// deletes each table's rows. Any other code, a flow included, changes a table by calling a function its owner
// exports. Reading is free. `scripts/check-imports.mjs` (part of `npm run lint`) reads this file as text and fails
// on a write outside the owner, so keep one `table: 'owner',` entry a line. Migrations and the seed (server/db/)
// build the schema and are exempt.

export type TableOwner = `server/modules/${string}` | 'server/db' | 'server/http' | 'server/jobs' | 'server/messaging';

/** Each table's owner: every table of `Database`, and only those (the type says so). */
export const TABLE_OWNERS = {
  app_meta: 'server/db',
  importers: 'server/modules/catalogue',
  brands: 'server/modules/catalogue',
  brand_certificates: 'server/modules/catalogue',
  categories: 'server/modules/catalogue',
  products: 'server/modules/catalogue',
  variants: 'server/modules/catalogue',
  offers: 'server/modules/catalogue',
  product_images: 'server/modules/catalogue',
  product_declarations: 'server/modules/catalogue',
  variant_declarations: 'server/modules/catalogue',
  sale_pages: 'server/modules/catalogue',
  sale_page_sections: 'server/modules/catalogue',
  coupons: 'server/modules/cart',
  bank_offers: 'server/modules/cart',
  freebies: 'server/modules/cart',
  delivery_rules: 'server/modules/cart',
  carts: 'server/modules/cart',
  cart_items: 'server/modules/cart',
  wishlist_items: 'server/modules/cart',
  saved_items: 'server/modules/cart',
  coupon_redemptions: 'server/modules/cart',
  cities: 'server/modules/stores',
  stores: 'server/modules/stores',
  pincodes: 'server/modules/stores',
  pincode_directory_loads: 'server/modules/stores',
  retailer_requests: 'server/modules/stores',
  customers: 'server/modules/customers',
  sessions: 'server/modules/session',
  auth_keys: 'server/modules/auth',
  otps: 'server/modules/auth',
  auth_grants: 'server/modules/auth',
  addresses: 'server/modules/account',
  account_deletions: 'server/modules/account',
  account_changes: 'server/modules/account',
  rate_limits: 'server/http',
  source_delays: 'server/http',
  outbox: 'server/messaging',
  scheduled_jobs: 'server/jobs',
  error_logs: 'server/modules/system',
  conversion_events: 'server/modules/events',
  event_outbox: 'server/modules/events',
  orders: 'server/modules/orders',
  shipments: 'server/modules/orders',
  order_items: 'server/modules/orders',
  shipment_events: 'server/modules/orders',
  shipment_pickup_addresses: 'server/modules/orders',
  ifsc_branches: 'server/modules/orders',
  bank_accounts: 'server/modules/orders',
  returns: 'server/modules/orders',
  return_items: 'server/modules/orders',
  return_media: 'server/modules/orders',
  refunds: 'server/modules/orders',
  refund_items: 'server/modules/orders',
  gst_hsn_rates: 'server/modules/orders',
  gst_category_hsn: 'server/modules/orders',
  gst_product_hsn: 'server/modules/orders',
  tax_document_series: 'server/modules/orders',
  tax_invoices: 'server/modules/orders',
  tax_invoice_lines: 'server/modules/orders',
  credit_notes: 'server/modules/orders',
  credit_note_lines: 'server/modules/orders',
  payments: 'server/modules/payment',
  payment_refunds: 'server/modules/payment',
  payment_callbacks: 'server/modules/payment',
  payment_issues: 'server/modules/payment',
  saved_cards: 'server/modules/payment',
  idempotency_keys: 'server/http',
  stock_ledger: 'server/modules/inventory',
  uploads: 'server/modules/uploads',
  authenticity_codes: 'server/modules/authenticity',
  newsletter_unsubscribes: 'server/modules/newsletter',
  faqs: 'server/modules/help-center',
  support_reasons: 'server/modules/help-center',
  support_tickets: 'server/modules/help-center',
  grievances: 'server/modules/grievances',
  reviews: 'server/modules/reviews',
  review_photos: 'server/modules/reviews',
  review_votes: 'server/modules/reviews',
  review_stats: 'server/modules/reviews',
  logistics_ratings: 'server/modules/reviews',
  staff: 'server/modules/staff',
  staff_sessions: 'server/modules/staff',
  audit_log: 'server/modules/staff',
  staff_invites: 'server/modules/staff',
  consent_records: 'server/modules/consent',
} as const satisfies Record<keyof Database, TableOwner>;

/**
 * The only writers besides an owner, each for a reason a decision record gives; the lint accepts exactly these
 * (table, writer) pairs. A writer is an area or one file.
 */
export const ALSO_WRITTEN_BY = {
  // docs/decisions/011-order-flows.md: inventory is the only writer of variants.stock, with its ledger row in the
  // same statement; the catalogue writes the rest of the row (prices).
  variants: 'server/modules/inventory',
  // docs/decisions/006: the local sandbox gateway, standing in for a gateway's own records, writes each refund it
  // pays to payment_refunds under the refund's idempotency key (server/payments/sandbox.ts).
  payment_refunds: 'server/payments/sandbox.ts',
  // docs/architecture.md "Layout": the account API's address and deletion handlers still hold their SQL, until it
  // moves into the account module.
  addresses: 'server/api/account/routes.ts',
  account_deletions: 'server/api/account/routes.ts',
} as const satisfies Partial<Record<keyof Database, string>>;
