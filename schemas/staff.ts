import { z } from 'zod';
import { envelope } from './common.ts';
import { PERMISSIONS, STAFF_ROLES } from './staff-rules.ts';

export * from './staff-rules.ts';

// The operations console's calls (/api/ops, docs/decisions/019). Shared by server and console.

export const STAFF_MESSAGES = {
  wrongCredentials: 'The email, password or code is wrong.',
  locked: 'Too many wrong attempts. Please try again after 15 minutes.',
  tooManyFromNetwork: 'Too many attempts from your network. Please try again later.',
  signedIn: 'Signed in.',
  signedOut: 'Signed out.',
  sessionEnded: 'Your staff session has ended. Please sign in again.',
} as const;

export const StaffSignInRequest = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address.').max(200),
  password: z.string().min(1, 'Please enter your password.').max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code from your authenticator app.'),
});

export const StaffMe = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type StaffMe = z.infer<typeof StaffMe>;
export const StaffMeResponse = envelope(StaffMe);

export const AuditQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  staff_id: z.number().int().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditResponse = envelope(z.object({ entries: z.array(AuditEntry) }));

export const CreateStaffRequest = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address.').max(200),
  role: z.enum(STAFF_ROLES, { error: `role: one of ${STAFF_ROLES.join(', ')}` }),
  password: z.string().min(10, 'A staff password needs at least 10 characters.').max(200),
  name: z.string().trim().max(100).optional(),
});
/** The TOTP secret is in this answer once, and nowhere else afterwards. */
export const CreateStaffResponse = envelope(
  z.object({ id: z.number().int(), email: z.string(), role: z.enum(STAFF_ROLES), secret: z.string(), otpauth_url: z.string() }),
);

export const CATALOGUE_EDIT_MESSAGES = {
  negative: 'The price cannot be below zero.',
  mrpBelowPrice: 'The MRP cannot be below the price.',
  stale: 'Someone else changed this price since you opened it. Check the current values and try again.',
  saved: 'Price saved.',
} as const;

const Paise = z
  .number({ error: 'Enter an amount in paise.' })
  .int('Enter a whole number of paise.')
  .max(100_000_000, 'That amount is too large.');

export const StaffVariantQuery = z.object({ q: z.string().trim().max(100).default('') });
export const StaffVariant = z.object({
  variant_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  slug: z.string(),
  sku: z.string(),
  label: z.string(),
  price: z.number().int(),
  mrp: z.number().int(),
  stock: z.number().int(),
  /** Units live orders hold (placed, not yet shipped): already out of `stock`, still on the shelf. */
  held: z.number().int(),
  is_published: z.boolean(),
});
export type StaffVariant = z.infer<typeof StaffVariant>;
export const StaffVariantsResponse = envelope(z.object({ variants: z.array(StaffVariant) }));

export const VariantPriceParams = z.object({ variantId: z.coerce.number().int().positive().max(2_147_483_647) });
/** The new price and MRP, and the ones the editor saw (the optimistic version). */
export const VariantPriceRequest = z
  .object({ price: Paise, mrp: Paise, expected_price: Paise, expected_mrp: Paise })
  .refine((b) => b.price >= 0 && b.mrp >= 0, { message: CATALOGUE_EDIT_MESSAGES.negative, path: ['price'] })
  .refine((b) => b.mrp >= b.price, { message: CATALOGUE_EDIT_MESSAGES.mrpBelowPrice, path: ['mrp'] });
const Prices = z.object({
  variant_id: z.number().int(),
  product_id: z.number().int(),
  sku: z.string(),
  price: z.number().int(),
  mrp: z.number().int(),
});
export const VariantPriceResponse = envelope(z.object({ before: Prices, after: Prices }));

export const CUSTOMER_MESSAGES = {
  blocked: 'Customer blocked. Their sessions have ended.',
  unblocked: 'Customer unblocked.',
} as const;

export const StaffCustomerQuery = z.object({ q: z.string().trim().max(100).default('') });
export const StaffCustomer = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  is_blocked: z.boolean(),
  orders: z.number().int(),
  created_at: z.string(),
});
export type StaffCustomer = z.infer<typeof StaffCustomer>;
export const StaffCustomersResponse = envelope(z.object({ customers: z.array(StaffCustomer) }));
export const CustomerParams = z.object({ customerId: z.coerce.number().int().positive().max(2_147_483_647) });
export const CustomerBlockRequest = z.object({ blocked: z.boolean({ error: 'blocked: true or false' }) });
export const CustomerBlockResponse = envelope(
  z.object({ customer_id: z.number().int(), is_blocked: z.boolean(), sessions_ended: z.number().int() }),
);

export const STOCK_REASONS = ['recount', 'received', 'damaged', 'correction'] as const;
export const STOCK_EDIT_MESSAGES = {
  belowHeld: (held: number) => `Stock on hand cannot be below the ${held} unit(s) live orders hold.`,
  stale: 'Someone changed this stock since you opened it (an order, or another editor). Check the current count and try again.',
  saved: 'Stock saved.',
} as const;
/**
 * A count of the units on the shelf (what live orders hold included), the available stock the editor saw (the
 * optimistic version) and why.
 */
export const VariantStockRequest = z.object({
  on_hand: z
    .number({ error: 'on_hand: a whole number of units' })
    .int('on_hand: a whole number of units')
    .min(0, 'Stock cannot be below zero.')
    .max(1_000_000),
  expected_stock: z.number().int().min(0).max(1_000_000),
  reason: z.enum(STOCK_REASONS, { error: `reason: one of ${STOCK_REASONS.join(', ')}` }),
  note: z.string().trim().max(200).optional(),
});
const StockState = z.object({ stock: z.number().int(), held: z.number().int(), on_hand: z.number().int() });
export const VariantStockResponse = envelope(z.object({ variant_id: z.number().int(), before: StockState, after: StockState }));

export const PUBLISH_MESSAGES = {
  published: 'Product published.',
  unpublished: 'Product unpublished: shoppers no longer see it.',
} as const;
export const ProductParams = z.object({ productId: z.coerce.number().int().positive().max(2_147_483_647) });
export const ProductPublishRequest = z.object({ published: z.boolean({ error: 'published: true or false' }) });
export const ProductPublishResponse = envelope(z.object({ product_id: z.number().int(), is_published: z.boolean() }));

/** The console's review queue (docs/decisions/019): awaiting a decision, or what was already decided. */
export const REVIEW_QUEUE_STATES = ['awaiting', 'published', 'hidden'] as const;
export const StaffReviewQuery = z.object({ state: z.enum(REVIEW_QUEUE_STATES).default('awaiting') });
export const StaffReview = z.object({
  review_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  author_name: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  photo_count: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  moderated_at: z.string().nullable(),
});
export type StaffReview = z.infer<typeof StaffReview>;
export const StaffReviewsResponse = envelope(z.object({ reviews: z.array(StaffReview) }));
/** The reviews module's moderation call answers the review and its new status. */
export const ReviewDecisionResponse = envelope(z.object({ review_id: z.number().int(), status: z.enum(['published', 'hidden']) }));
