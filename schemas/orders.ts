import { z } from 'zod';
import { envelope, isCalendarDay, PaiseSchema } from './common.ts';
import { formatDay, formatDayTime, IST_OFFSET } from './dates.ts';
import { SHIPMENT_STATUS_VALUES } from './shipment-status.ts';

// After purchase: every /api/order call of SPEC §7 (order listing, shipments, cancel, return, refunds, bank
// accounts, invoice) and the operations calls that move shipments along. Money is integer paise.

export { SHIPMENT_STATUS_VALUES };
export const ShipmentStatusSchema = z.enum(SHIPMENT_STATUS_VALUES);
export type ShipmentStatusValue = z.infer<typeof ShipmentStatusSchema>;

// ---- dates (SPEC §9: order dates without a zone are read as GMT+05:30) ----

const ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
/** Reads an order date; a date-time without a zone is India time (+05:30), a bare date is midnight India time. */
export function parseOrderDate(text: string): Date | null {
  const t = text.trim();
  if (!t) return null;
  let iso = t.replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) iso += 'T00:00:00';
  if (!ZONE.test(iso)) iso += IST_OFFSET;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "3 Nov 2026" in India time. */
export const formatOrderDate = (text: string): string => {
  const d = parseOrderDate(text);
  return d ? formatDay(d, 'IST') : '';
};
/** "3 Nov 2026, 2:05 pm" in India time. */
export const formatOrderDateTime = (text: string): string => {
  const d = parseOrderDate(text);
  return d ? formatDayTime(d, 'IST') : '';
};

// ---- identifiers ----

const OrderNumber = z
  .string({ error: 'Please give an order number.' })
  .trim()
  .regex(/^[A-Z0-9-]{4,32}$/, 'This order number is not valid.');
const ShipmentNumber = z
  .string({ error: 'Please give a shipment number.' })
  .trim()
  .regex(/^[A-Z0-9-]{4,40}$/, 'This shipment number is not valid.');
const ReasonId = z.string().trim().min(1, 'Please choose a reason.').max(40);
const Comment = z
  .string()
  .trim()
  .max(500, 'Please keep the comment under 500 characters.')
  .optional()
  .nullable()
  .transform((v) => v || null);
const ItemSelection = z
  .array(
    z.object({
      order_item_id: z.number().int().positive(),
      quantity: z.number().int('quantity: must be a whole number').min(1, 'quantity: must be at least 1').max(1000),
    }),
  )
  .min(1, 'Please choose at least one item.')
  .max(100)
  .refine((items) => new Set(items.map((i) => i.order_item_id)).size === items.length, 'Each item may be chosen once.');

// ---- order listing and shipment details ----

export const OrderListingRequest = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  page_size: z.number().int().min(1).max(50).default(10),
});
export type OrderListingRequest = z.infer<typeof OrderListingRequest>;

export const OrderSummary = z.object({
  order_id: z.string(),
  created_at: z.string(),
  total: PaiseSchema,
  status_label: z.string(),
  display_payment_method: z.string(),
  item_count: z.number().int(),
  thumbnails: z.array(z.string()),
  names: z.array(z.string()),
  shipments: z.array(z.object({ shipment_id: z.string(), status: ShipmentStatusSchema, status_label: z.string() })),
  /** An order waiting for payment that can still be paid: the time its hold ends (ISO); else null. */
  pay_by: z.string().nullable().optional(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderListingData = z.object({
  orders: z.array(OrderSummary),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  has_next: z.boolean(),
});
export type OrderListingData = z.infer<typeof OrderListingData>;
export const OrderListingResponse = envelope(OrderListingData);

export const ShipmentDetailsRequest = z.object({ order_id: OrderNumber });

export const ShipmentItem = z.object({
  order_item_id: z.number().int(),
  variant_id: z.number().int(),
  variant_sku: z.string(),
  product_id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category_name: z.string(),
  swatch: z.string().nullable(),
  quantity: z.number().int(),
  cancelled_quantity: z.number().int(),
  returned_quantity: z.number().int(),
  cancellable_quantity: z.number().int(),
  returnable_quantity: z.number().int(),
  mrp: PaiseSchema,
  sale_price: PaiseSchema,
  discount_share: PaiseSchema,
  paid: PaiseSchema,
  is_freebie: z.boolean(),
  thumbnail_image: z.string(),
});
export type ShipmentItem = z.infer<typeof ShipmentItem>;

export const BankAccountView = z.object({
  bank_account_id: z.number().int(),
  account_holder: z.string(),
  /** Only the last four digits ever leave the server. */
  account_number_masked: z.string(),
  ifsc: z.string(),
  bank_name: z.string(),
  branch: z.string().nullable(),
});
export type BankAccountView = z.infer<typeof BankAccountView>;

export const RefundView = z.object({
  refund_id: z.number().int(),
  reason: z.enum(['cancel', 'return']),
  method: z.enum(['original', 'bank']),
  method_label: z.string(),
  amount: PaiseSchema,
  status: z.enum(['pending', 'processed', 'failed']),
  created_at: z.string(),
  /** The serial of the GST credit note of a refund of an invoiced shipment (docs/decisions/028-gst-tax-invoices.md). */
  credit_note: z.string().nullable(),
});
export type RefundView = z.infer<typeof RefundView>;

export const PickupAddress = z.object({
  full_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  mobile: z.string(),
});
export type PickupAddress = z.infer<typeof PickupAddress>;

export const ReturnView = z.object({
  status: z.enum(['requested', 'withdrawn', 'picked_up', 'received']),
  reason: z.string(),
  comment: z.string().nullable(),
  items: z.array(z.object({ order_item_id: z.number().int(), quantity: z.number().int() })),
  media: z.array(z.object({ media_id: z.string(), url: z.string(), content_type: z.string() })),
  pickup_address: PickupAddress,
  refund_method: z.enum(['original', 'bank']),
  bank_account: BankAccountView.nullable(),
  created_at: z.string(),
});
export type ReturnView = z.infer<typeof ReturnView>;

export const ShipmentView = z.object({
  shipment_id: z.string(),
  status: ShipmentStatusSchema,
  status_label: z.string(),
  awb: z.string().nullable(),
  shipping_total: PaiseSchema,
  delivered_at: z.string().nullable(),
  timeline: z.array(z.object({ status: ShipmentStatusSchema, label: z.string(), at: z.string(), note: z.string().nullable() })),
  shipment_items: z.array(ShipmentItem),
  can_cancel: z.boolean(),
  can_return: z.boolean(),
  can_withdraw_return: z.boolean(),
  has_invoice: z.boolean(),
  return_request: ReturnView.nullable(),
  refunds: z.array(RefundView),
});
export type ShipmentView = z.infer<typeof ShipmentView>;

export const OrderAddress = z.object({
  customer_address_full_name: z.string(),
  customer_address_phone: z.string(),
  customer_address_email: z.string().nullable(),
  customer_address_line: z.string(),
  customer_address_city: z.string(),
  customer_address_state: z.string(),
  customer_address_country: z.string(),
  postcode: z.string(),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

export const OrderDetails = z.object({
  globalOrderId: z.string(),
  paymentMethod: z.number().int().nullable(),
  order: z.object({
    order_id: z.string(),
    coupon_code: z.string().nullable(),
    mrp_total: PaiseSchema,
    item_total: PaiseSchema,
    coupon_discount: PaiseSchema,
    bank_offer_discount: PaiseSchema,
    shipping_total: PaiseSchema,
    total: PaiseSchema,
    paid_total: PaiseSchema,
    refunded_total: PaiseSchema,
    created_at: z.string(),
    status_label: z.string(),
    customer_first_name: z.string(),
    customer_last_name: z.string(),
    customer_email: z.string().nullable(),
    customer_mobile: z.string().nullable(),
    display_payment_method: z.string(),
    /** As the listing's: when an order waiting for payment must be paid by (ISO), else null. */
    pay_by: z.string().nullable().optional(),
  }),
  address: OrderAddress,
  shipments: z.array(ShipmentView),
});
export type OrderDetails = z.infer<typeof OrderDetails>;
export const ShipmentDetailsResponse = envelope(OrderDetails);

// ---- cancel ----

export const Reason = z.object({ id: z.string(), reason: z.string() });
export type Reason = z.infer<typeof Reason>;
export const ReasonsResponse = envelope(z.array(Reason));

export const CancelShipmentRequest = z.object({ shipmentId: ShipmentNumber, reason_id: ReasonId, comment: Comment });
export type CancelShipmentRequest = z.infer<typeof CancelShipmentRequest>;
export const PartialCancelRequest = CancelShipmentRequest.extend({ items: ItemSelection });
export type PartialCancelRequest = z.infer<typeof PartialCancelRequest>;
export const CancelReverseRequest = z.object({ shipmentId: ShipmentNumber });
/** The refund a cancellation would give (all units when `items` is left out), before the shopper confirms. */
export const CancelRefundRequest = z.object({ shipmentId: ShipmentNumber, items: ItemSelection.optional() });

export const CancelResult = z.object({
  shipment_id: z.string(),
  status: ShipmentStatusSchema,
  // What the shopper no longer earns, when the change costs a promotion ("Refund ₹X: ₹Y less because …").
  refund: z.object({
    amount: PaiseSchema,
    method: z.enum(['original', 'bank']).nullable(),
    method_label: z.string(),
    note: z.string().nullable().optional(),
    // Pay on delivery: what the change adds to what the courier collects ("Pay ₹Y more on delivery because …").
    due_on_delivery: PaiseSchema.optional(),
  }),
});
export type CancelResult = z.infer<typeof CancelResult>;
export const CancelResponse = envelope(CancelResult);
/** A return withdrawn before its pickup: the shipment, delivered again. */
export const WithdrawReturnResponse = envelope(z.object({ shipment_id: z.string(), status: ShipmentStatusSchema }));
/** The store cancelled a shipment (the operations call): the shopper's answer and the status as staff read it. */
export const OpsCancelResponse = envelope(CancelResult.extend({ status_label: z.string() }));
export const CancelRefundResponse = envelope(CancelResult.shape.refund);

// ---- return ----

export const ShipmentQuery = z.object({ shipmentId: ShipmentNumber });
/** A credit note by its serial, "KCN/26-27/000001" (docs/decisions/028-gst-tax-invoices.md). */
export const CreditNoteQuery = z.object({
  serial: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}\/[0-9]{2}-[0-9]{2}\/[0-9]{6}$/, 'serial: a credit note serial looks like KCN/26-27/000001'),
});

export const ReturnShipmentDetails = z.object({
  shipment_id: z.string(),
  order_id: z.string(),
  status: ShipmentStatusSchema,
  can_return: z.boolean(),
  return_window_ends_at: z.string().nullable(),
  items: z.array(ShipmentItem),
  pickup_address_id: z.number().int().nullable(),
  pickup_address: PickupAddress,
  refund_method: z.enum(['original', 'bank']),
  refund_method_label: z.string(),
  media: z.array(z.object({ media_id: z.string(), url: z.string(), content_type: z.string() })),
});
export type ReturnShipmentDetails = z.infer<typeof ReturnShipmentDetails>;
export const ReturnShipmentDetailsResponse = envelope(ReturnShipmentDetails);

export const ReturnMediaData = z.object({ media_id: z.string(), url: z.string(), content_type: z.string(), size: z.number().int() });
export const ReturnMediaResponse = envelope(ReturnMediaData);

export const MAX_RETURN_PHOTOS = 5;
export const ReturnSubmitRequest = z.object({
  shipmentId: ShipmentNumber,
  reason_id: ReasonId,
  comment: Comment,
  items: ItemSelection,
  media_ids: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'This photo is not valid.'))
    .min(1, 'Please add at least one photo of the item.')
    .max(MAX_RETURN_PHOTOS, `Please add at most ${MAX_RETURN_PHOTOS} photos.`),
  bank_account_id: z.number().int().positive().optional().nullable(),
});
export type ReturnSubmitRequest = z.infer<typeof ReturnSubmitRequest>;

export const RefundAmountRequest = z.object({ shipmentId: ShipmentNumber, items: ItemSelection });
export type RefundAmountRequest = z.infer<typeof RefundAmountRequest>;
export const RefundAmount = z.object({
  amount: PaiseSchema,
  method: z.enum(['original', 'bank']),
  method_label: z.string(),
  items: z.array(z.object({ order_item_id: z.number().int(), units: z.number().int(), amount: PaiseSchema })),
  /** What the shopper no longer earns, shown before they confirm. */
  note: z.string().nullable().optional(),
});
export type RefundAmount = z.infer<typeof RefundAmount>;
export const RefundAmountResponse = envelope(RefundAmount);

export const ReturnSubmitResponse = envelope(z.object({ shipment_id: z.string(), status: ShipmentStatusSchema, refund: RefundAmount }));

export const SetSelectAddressRequest = z.object({ shipmentId: ShipmentNumber, address_id: z.number().int().positive() });
export const SetSelectAddressResponse = envelope(
  z.object({ shipment_id: z.string(), pickup_address_id: z.number().int(), pickup_address: PickupAddress }),
);

// ---- bank accounts and IFSC ----

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const IFSC_MESSAGE = 'Please enter a valid 11-character IFSC code (4 letters, 0, then 6 letters or digits).';
export const IfscCode = z
  .string({ error: IFSC_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(IFSC_PATTERN, IFSC_MESSAGE));

export const IfscQuery = z.object({ ifsc: IfscCode });
export const IfscDetails = z.object({
  ifsc: z.string(),
  bank: z.string(),
  bank_code: z.string(),
  branch: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type IfscDetails = z.infer<typeof IfscDetails>;
export const IfscDetailsResponse = envelope(IfscDetails);

/** The longest bank account number the refund form takes (9 to 18 digits). */
export const ACCOUNT_NUMBER_MAX = 18;
export const BANK_MESSAGES = {
  holder: 'Please enter the account holder’s name.',
  holderPattern: 'Name may contain letters, spaces and . only.',
  number: 'Please enter a valid account number (9 to 18 digits).',
  mismatch: 'Account numbers do not match.',
} as const;
export const UpdateBankDetailsRequest = z
  .object({
    bank_account_id: z.number().int().positive().optional().nullable(),
    account_holder: z
      .string({ error: BANK_MESSAGES.holder })
      .trim()
      .min(3, BANK_MESSAGES.holder)
      .max(80, 'Maximum length is 80 characters')
      .regex(/^[A-Za-z. ]+$/, BANK_MESSAGES.holderPattern),
    account_number: z
      .string({ error: BANK_MESSAGES.number })
      .trim()
      .regex(new RegExp(`^\\d{9,${ACCOUNT_NUMBER_MAX}}$`), BANK_MESSAGES.number),
    confirm_account_number: z.string({ error: BANK_MESSAGES.mismatch }).trim(),
    ifsc: IfscCode,
  })
  .refine((b) => b.account_number === b.confirm_account_number, { path: ['confirm_account_number'], message: BANK_MESSAGES.mismatch });
export type UpdateBankDetailsRequest = z.input<typeof UpdateBankDetailsRequest>;
export const BankAccountResponse = envelope(BankAccountView);
export const BankListingResponse = envelope(z.array(BankAccountView));
export const BankDetailsResponse = envelope(BankAccountView.nullable());

// ---- operations ----

export const OPS_ACTIONS = ['pack', 'ship', 'out-for-delivery', 'deliver', 'pickup-return', 'receive-return'] as const;
export type OpsAction = (typeof OPS_ACTIONS)[number];
export const OpsMoveRequest = z.object({
  awb: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{6,20}$/i, 'awb: 6 to 20 letters or digits')
    .optional(),
  /** When it happened; a time without a zone is India time (SPEC §9). Defaults to now. */
  at: z
    .string()
    .max(40)
    .optional()
    .refine((v) => v === undefined || (parseOrderDate(v) !== null && isCalendarDay(v.trim().slice(0, 10))), 'not a date.')
    // A time this shop can have seen: a typo of the year (or year -10000) is a 400, not a query the database refuses.
    .refine((v) => {
      const d = v === undefined ? null : parseOrderDate(v);
      return (
        d === null ||
        !isCalendarDay(v?.trim().slice(0, 10) ?? '') ||
        (d.getTime() >= Date.UTC(2000, 0, 1) && d.getTime() < Date.UTC(2100, 0, 1))
      );
    }, 'a time between 2000 and 2099.'),
  note: z.string().trim().max(200).optional(),
});
export type OpsMoveRequest = z.infer<typeof OpsMoveRequest>;
