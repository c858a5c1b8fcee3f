import { z } from 'zod';
import { CalendarDay, envelope } from './common.ts';
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

/** The owner's filters: a person (their acts and acts on their account), an action, a range of days (IST). */
export const AuditFilters = z.object({
  staff_id: z.coerce.number().int().positive().optional(),
  action: z.string().trim().min(1).max(100).optional(),
  from: CalendarDay().optional(),
  to: CalendarDay().optional(),
});
export const AuditQuery = AuditFilters.extend({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditFilters = z.infer<typeof AuditFilters>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  staff_id: z.number().int().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** The server's own id of the request that made the entry. */
  request_id: z.string(),
  /** The caller's x-request-id, kept apart: a client can name its request anything. */
  client_request_id: z.string(),
  /** The client address, an IPv6 address by its /64. */
  source: z.string(),
  user_agent: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditResponse = envelope(z.object({ entries: z.array(AuditEntry) }));

export const CreateStaffRequest = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address.').max(200),
  role: z.enum(STAFF_ROLES, { error: `role: one of ${STAFF_ROLES.join(', ')}` }),
  password: z.string().min(12, 'A staff password needs at least 12 characters.').max(200),
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
  /** Frozen by its owner ("this was not me"), apart from support's block. */
  is_frozen: z.boolean(),
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

/** A line of the account's change log: what changed (masked), how the owner proved it, from where, when. */
export const StaffAccountChange = z.object({
  change_id: z.number().int(),
  kind: z.string(),
  detail: z.string(),
  proof: z.string(),
  ip: z.string(),
  at: z.string(),
  /** When the owner answered "this was not me" to it. */
  disowned_at: z.string().nullable(),
});
export const StaffCustomerSecurityResponse = envelope(
  z.object({
    customer_id: z.number().int(),
    is_blocked: z.boolean(),
    frozen: z.object({ frozen_at: z.string(), reason: z.string(), change: StaffAccountChange.nullable() }).nullable(),
    changes: z.array(StaffAccountChange),
  }),
);
export const CustomerFreezeActionRequest = z.object({}).strip();
export const CustomerRevertResponse = envelope(z.object({ customer_id: z.number().int(), kind: z.string() }));
export const CustomerUnfreezeResponse = envelope(z.object({ customer_id: z.number().int(), is_frozen: z.literal(false) }));

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

// ---- promotions: coupons (docs/decisions/019) ------------------------------------------------------------
// Money in paise; a percent coupon's value is whole percent. The rules are those the cart's coupon rules read
// (server/modules/cart/coupon-rules.ts); a rule no cart could ever meet is refused with the field named.
const optionalId = z.number().int().positive().max(2_147_483_647).nullable().default(null);
const optionalCount = z.number().int().min(1, 'must be at least 1').max(1_000_000).nullable().default(null);
export const CouponInput = z
  .object({
    description: z.string().trim().min(1, 'please describe the coupon').max(200),
    kind: z.enum(['percent', 'flat']),
    value: z.number().int().positive('must be more than zero').max(10_000_000),
    max_discount: z.number().int().positive('must be more than zero').max(10_000_000).nullable().default(null),
    min_cart: z.number().int().min(0, 'cannot be negative').max(100_000_000).default(0),
    brand_id: optionalId,
    category_id: optionalId,
    first_order_only: z.boolean().default(false),
    per_customer_limit: optionalCount,
    usage_limit: optionalCount,
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percent coupon cannot be above 100' });
    if (c.kind === 'flat' && c.value >= c.min_cart)
      ctx.addIssue({ code: 'custom', path: ['min_cart'], message: 'a flat coupon needs a minimum cart above its value' });
    if (Date.parse(c.ends_at) <= Date.parse(c.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after the start' });
    if (c.per_customer_limit !== null && c.usage_limit !== null && c.per_customer_limit > c.usage_limit)
      ctx.addIssue({ code: 'custom', path: ['per_customer_limit'], message: 'cannot be above the overall limit' });
  });
export const CouponCreateRequest = z.intersection(
  z.object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{3,20}$/, '3 to 20 letters and digits'),
  }),
  CouponInput,
);
/** An edit names the version its editor saw (as every promotion's: ExpectedVersion below). */
export const CouponUpdate = z.intersection(
  CouponInput,
  z.object({ expected_version: z.number({ error: 'expected_version: the version you edited' }).int().positive().max(2_147_483_647) }),
);
export const CouponParams = z.object({ code: z.string().regex(/^[A-Za-z0-9]{3,20}$/, '3 to 20 letters and digits') });
export const StaffCoupon = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'flat']),
  value: z.number().int(),
  max_discount: z.number().int().nullable(),
  min_cart: z.number().int(),
  brand_id: z.number().int().nullable(),
  category_id: z.number().int().nullable(),
  first_order_only: z.boolean(),
  per_customer_limit: z.number().int().nullable(),
  usage_limit: z.number().int().nullable(),
  used: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  active: z.boolean(),
  version: z.number().int(),
});
export type StaffCoupon = z.infer<typeof StaffCoupon>;
export const StaffCouponsResponse = envelope(z.object({ coupons: z.array(StaffCoupon) }));
export const StaffCouponResponse = envelope(StaffCoupon);
export const COUPON_MESSAGES = {
  created: 'Coupon created.',
  saved: 'Coupon saved.',
  exists: (code: string) => `A coupon ${code} already exists.`,
  unknownBrand: 'brand_id: no such brand',
  unknownCategory: 'category_id: no such category',
} as const;

// ---- promotions: bank offers, free gifts, delivery, sale pages (docs/decisions/019) ------------------------
// What the cart, checkout and sale pages read (server/modules/cart/bank-offers.ts, freebie-rules.ts, the
// delivery rule, server/modules/catalogue/offers.ts). An edit names the version its editor saw (`expected_version`):
// of two editors the second gets a 409 with the current row and the fields that changed.
export const BANK_INSTRUMENTS = ['card', 'netbanking', 'upi', 'wallet'] as const;
const Id = z.coerce.number().int().positive().max(2_147_483_647);
export const PromotionIdParams = z.object({ id: Id });
const ExpectedVersion = z.number({ error: 'expected_version: the version you edited' }).int().positive().max(2_147_483_647);
const Money = (what: string) =>
  z
    .number({ error: `${what}: an amount in paise` })
    .int('a whole number of paise')
    .max(100_000_000);

export const BankOfferInput = z
  .object({
    bank: z.string().trim().min(1, 'name the bank (or "Any UPI", "Any wallet")').max(60),
    instrument: z.enum(BANK_INSTRUMENTS, { error: `instrument: one of ${BANK_INSTRUMENTS.join(', ')}` }),
    card_bins: z
      .array(
        z
          .string()
          .trim()
          .regex(/^\d{6,8}$/, 'each BIN is the first 6 to 8 digits of a card'),
      )
      .max(50, 'at most 50 BINs')
      .default([]),
    kind: z.enum(['percent', 'flat']),
    value: z.number().int().positive('must be more than zero').max(10_000_000),
    max_discount: Money('max_discount').positive('must be more than zero').nullable().default(null),
    min_cart: Money('min_cart').min(0, 'cannot be negative').default(0),
    description: z.string().trim().min(1, 'please describe the offer').max(200),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    active: z.boolean().default(true),
  })
  .superRefine((o, ctx) => {
    if (o.kind === 'percent' && o.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percent offer cannot be above 100' });
    if (o.kind === 'flat' && o.value >= o.min_cart)
      ctx.addIssue({ code: 'custom', path: ['min_cart'], message: 'a flat offer needs a minimum order above its value' });
    if (o.instrument !== 'card' && o.card_bins.length > 0)
      ctx.addIssue({ code: 'custom', path: ['card_bins'], message: 'only a card offer names BINs' });
    if (Date.parse(o.ends_at) <= Date.parse(o.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after the start' });
  });
export type BankOfferInput = z.infer<typeof BankOfferInput>;
export const BankOfferUpdate = z.intersection(BankOfferInput, z.object({ expected_version: ExpectedVersion }));
export const StaffBankOffer = z.object({
  id: z.number().int(),
  bank: z.string(),
  instrument: z.string(),
  card_bins: z.array(z.string()),
  kind: z.enum(['percent', 'flat']),
  value: z.number().int(),
  max_discount: z.number().int().nullable(),
  min_cart: z.number().int(),
  description: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  active: z.boolean(),
  version: z.number().int(),
});
export type StaffBankOffer = z.infer<typeof StaffBankOffer>;
export const StaffBankOffersResponse = envelope(z.object({ bank_offers: z.array(StaffBankOffer) }));
export const StaffBankOfferResponse = envelope(StaffBankOffer);

export const FreebieInput = z.object({
  variant_id: Id.pipe(z.number()),
  threshold: Money('threshold').positive('must be more than zero'),
  title: z.string().trim().min(1, 'please name the gift').max(100),
  active: z.boolean().default(true),
});
export const FreebieUpdate = FreebieInput.extend({ expected_version: ExpectedVersion });
export const StaffFreebie = z.object({
  id: z.number().int(),
  variant_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  threshold: z.number().int(),
  title: z.string(),
  active: z.boolean(),
  version: z.number().int(),
});
export type StaffFreebie = z.infer<typeof StaffFreebie>;
export const StaffFreebiesResponse = envelope(z.object({ freebies: z.array(StaffFreebie) }));
export const StaffFreebieResponse = envelope(StaffFreebie);

export const DeliveryRuleUpdate = z.object({
  free_from: Money('free_from').min(0, 'cannot be negative'),
  charge: Money('charge').min(0, 'cannot be negative'),
  expected_version: ExpectedVersion,
});
export const StaffDeliveryRule = z.object({
  id: z.number().int(),
  name: z.string(),
  free_from: z.number().int(),
  charge: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
});
export type StaffDeliveryRule = z.infer<typeof StaffDeliveryRule>;
export const StaffDeliveryRulesResponse = envelope(z.object({ delivery_rules: z.array(StaffDeliveryRule) }));
export const StaffDeliveryRuleResponse = envelope(StaffDeliveryRule);

/** The product sections of a sale page, in the order the page shows them. */
export const SALE_SECTIONS = ['blockbuster', 'deals_on_favourites', 'category_products'] as const;
export const SALE_SECTION_LABELS: Record<(typeof SALE_SECTIONS)[number], string> = {
  blockbuster: 'Blockbuster offers',
  deals_on_favourites: 'Deals on favourites',
  category_products: 'All sale products',
};
const SaleSection = z.object({
  section: z.enum(SALE_SECTIONS, { error: `section: one of ${SALE_SECTIONS.join(', ')}` }),
  is_hidden: z.boolean().default(false),
  /** Hand-picked products in their order; empty: the sale's discount rule fills the section. */
  product_ids: z.array(Id.pipe(z.number())).max(24, 'at most 24 products in a section').default([]),
});
const OptionalDate = z.iso.datetime({ offset: true }).nullable().default(null);
export const SalePageInput = z
  .object({
    title: z.string().trim().min(1, 'please give the sale a title').max(80),
    min_discount: z.number().int().min(0, 'cannot be negative').max(95, 'cannot be above 95').default(1),
    starts_at: OptionalDate,
    ends_at: OptionalDate,
    is_published: z.boolean().default(true),
    sections: z.array(SaleSection).max(SALE_SECTIONS.length).default([]),
  })
  .superRefine((p, ctx) => {
    if (p.starts_at && p.ends_at && Date.parse(p.ends_at) <= Date.parse(p.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after the start' });
    const seen = new Set<string>();
    p.sections.forEach((s, i) => {
      if (seen.has(s.section)) ctx.addIssue({ code: 'custom', path: ['sections', i, 'section'], message: 'named twice' });
      seen.add(s.section);
      if (new Set(s.product_ids).size !== s.product_ids.length)
        ctx.addIssue({ code: 'custom', path: ['sections', i, 'product_ids'], message: 'a product is listed twice' });
    });
  });
export const SalePageCreate = z.intersection(
  z.object({
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and dashes')
      .max(60),
  }),
  SalePageInput,
);
export const SalePageUpdate = z.intersection(SalePageInput, z.object({ expected_version: ExpectedVersion }));
export const StaffSalePage = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  min_discount: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  is_published: z.boolean(),
  version: z.number().int(),
  sections: z.array(
    z.object({
      section: z.enum(SALE_SECTIONS),
      is_hidden: z.boolean(),
      products: z.array(z.object({ product_id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type StaffSalePage = z.infer<typeof StaffSalePage>;
export const StaffSalePagesResponse = envelope(z.object({ sale_pages: z.array(StaffSalePage) }));
export const StaffSalePageResponse = envelope(StaffSalePage);

export const PROMOTION_MESSAGES = {
  bankOfferCreated: 'Bank offer created.',
  bankOfferSaved: 'Bank offer saved.',
  freebieCreated: 'Free gift created.',
  freebieSaved: 'Free gift saved.',
  deliverySaved: 'Delivery charge saved.',
  salePageCreated: 'Sale page created.',
  salePageSaved: 'Sale page saved.',
  salePageExists: (slug: string) => `A sale page ${slug} already exists.`,
  stale: (what: string, fields: readonly string[]) =>
    `Someone else changed this ${what} since you opened it (${fields.length ? fields.join(', ') : 'saved again'}). Check the current values and try again.`,
  unknownVariant: 'variant_id: no such variant',
  unpublishedVariant: 'variant_id: the gift must be a published product',
  unknownProduct: (id: number) => `product_ids: no published product ${id}`,
} as const;

// The staff life cycle (docs/decisions/019): owner-only acts, each confirmed with a fresh authenticator code.
const StepUpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app to confirm.');
const StaffPassword = z.string().min(12, 'A staff password needs at least 12 characters.').max(200);

export const StaffIdParams = z.object({ staffId: z.coerce.number().int().positive('staffId: a staff id') });
export const StepUpRequest = z.object({ code: StepUpCode });
export const InviteStaffRequest = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address.').max(200),
  role: z.enum(STAFF_ROLES, { error: `role: one of ${STAFF_ROLES.join(', ')}` }),
  code: StepUpCode,
});
export const ChangeRoleRequest = z.object({
  role: z.enum(STAFF_ROLES, { error: `role: one of ${STAFF_ROLES.join(', ')}` }),
  code: StepUpCode,
});
export const SetDisabledRequest = z.object({ disabled: z.boolean(), code: StepUpCode });
export const ChangeOwnPasswordRequest = z.object({
  current_password: z.string().min(1, 'Please enter your current password.').max(200),
  new_password: StaffPassword,
  code: StepUpCode,
});
export const AcceptLinkRequest = z.object({ password: StaffPassword.optional(), code: StepUpCode });

export const StaffListItem = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  /** False after a reset of the second factor, until the member enrols again. */
  enrolled: z.boolean(),
  created_at: z.string(),
});
export type StaffListItem = z.infer<typeof StaffListItem>;
export const StaffListResponse = envelope(
  z.object({
    staff: z.array(StaffListItem),
    invites: z.array(z.object({ email: z.string(), role: z.enum(STAFF_ROLES), expires_at: z.string() })),
  }),
);
export const StaffLinkResponse = envelope(
  z.object({
    kind: z.enum(['invite', 'enrol']),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    secret: z.string(),
    otpauth_url: z.string(),
  }),
);
export const AcceptLinkResponse = envelope(z.object({ email: z.string() }));
