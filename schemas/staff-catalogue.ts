import { z } from 'zod';
import { envelope, IdParam, PageParam } from './common.ts';
import { OpsPaymentIssue } from './ops-orders.ts';
import { CATALOGUE_EDIT_MESSAGES, STOCK_EDIT_MESSAGES, StaffReview, StaffReviewQuery } from './staff.ts';

// The console's catalogue file, customers' orders, item-by-item cancel and queue pages (docs/decisions/019).
// Shared by server and console; the console imports types only.

// ---- catalogue CSV ------------------------------------------------------------------------------------------
/** What one import may send: a file this size holds far more rows than the row cap, so both are checked. */
export const CSV_LIMITS = { maxBytes: 1024 * 1024, maxRows: 5000 } as const;
/**
 * The export's columns, in order. An import reads sku, price, mrp and stock; the rest are there to read, except
 * `exported`: the price, MRP and stock the row was exported with ("1499.00|1999.00|40"), so an import of an old file
 * is refused for the rows someone changed since (docs/decisions/019). A row without it (added by hand) is not compared.
 */
export const CSV_COLUMNS = ['sku', 'product', 'brand', 'category', 'price', 'mrp', 'stock', 'published', 'exported'] as const;
export const CSV_REQUIRED = ['sku', 'price', 'mrp', 'stock'] as const;

export const CSV_MESSAGES = {
  notMultipart: 'Send the file as multipart/form-data, in a field named "file".',
  noFile: 'Choose a file to upload.',
  tooLarge: `The file is too large: the limit is ${CSV_LIMITS.maxBytes / 1024 / 1024} MB.`,
  tooManyRows: `The file has more than ${CSV_LIMITS.maxRows} rows. Split it into smaller files.`,
  empty: 'The file has no rows under its header.',
  notText: 'This is not a CSV file: save it from your spreadsheet as "CSV UTF-8".',
  missingColumns: (names: readonly string[]) => `The header row lacks the column(s): ${names.join(', ')}.`,
  unreadable: (line: number | null, reason: string) => `The file could not be read as CSV${line ? ` (line ${line})` : ''}: ${reason}`,
  unknownSku: 'No variant has this SKU.',
  duplicateSku: (row: number) => `This SKU is also on row ${row}.`,
  amount: 'Enter an amount in rupees, like 1499 or 1499.50.',
  units: 'Enter a whole number of units.',
  negative: CATALOGUE_EDIT_MESSAGES.negative,
  negativeStock: 'Stock cannot be below zero.',
  mrpBelowPrice: CATALOGUE_EDIT_MESSAGES.mrpBelowPrice,
  belowHeld: STOCK_EDIT_MESSAGES.belowHeld,
  checked: (rows: number, changed: number) => `All ${rows} row(s) are valid; ${changed} would change.`,
  hasErrors: (bad: number) => `${bad} row(s) have errors: nothing was written. Fix them and try again.`,
  stale: (rows: number) =>
    `${rows} row(s) changed in the catalogue since this file was exported: nothing was written. Download the catalogue again, or remove those rows.`,
  exported: 'The export writes this cell: leave it as it was (or empty it on a row you add by hand).',
  applied: (changed: number) => `Import applied: ${changed} variant(s) changed.`,
  stockReason: 'csv import',
} as const;

const MAX_AMOUNT = 100_000_000;
/** Rupees as a spreadsheet writes them ("1499", "1,499.50", "₹1499"), to paise; a minus sign is read to be refused. */
const Rupees = z
  .string()
  .transform((s) => s.replace(/[₹,\s]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^-?\d+(\.\d{1,2})?$/, CSV_MESSAGES.amount)
      .transform((s) => Math.round(Number(s) * 100))
      .pipe(z.number().min(0, CSV_MESSAGES.negative).max(MAX_AMOUNT, 'That amount is too large.')),
  );
const Units = z
  .string()
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .regex(/^-?\d+$/, CSV_MESSAGES.units)
      .transform(Number)
      .pipe(z.number().min(0, CSV_MESSAGES.negativeStock).max(1_000_000, 'That count is too large.')),
  );

/** One row of an import, as text from the file: what it asks for, in paise and units. */
export const CsvImportRow = z
  .object({
    sku: z.string().trim().min(1, 'Every row needs a SKU.').max(64, 'A SKU has at most 64 characters.'),
    price: Rupees,
    mrp: Rupees,
    stock: Units,
  })
  .refine((r) => r.mrp >= r.price, { message: CSV_MESSAGES.mrpBelowPrice, path: ['mrp'] });
export type CsvImportRow = z.infer<typeof CsvImportRow>;

export const CsvIssue = z.object({
  /** The row's line in the file (the header is line 1). */
  row: z.number().int(),
  sku: z.string(),
  field: z.string(),
  message: z.string(),
});
export type CsvIssue = z.infer<typeof CsvIssue>;
const Values = z.object({ price: z.number().int(), mrp: z.number().int(), on_hand: z.number().int() });
export const CsvChange = z.object({ row: z.number().int(), sku: z.string(), variant_id: z.number().int(), before: Values, after: Values });
export type CsvChange = z.infer<typeof CsvChange>;
/** A row whose variant changed since the file was exported: what it was then and what it is now (paise, units). */
export const CsvConflict = z.object({
  row: z.number().int(),
  sku: z.string(),
  field: z.enum(['price', 'mrp', 'stock']),
  exported: z.number().int(),
  current: z.number().int(),
});
export type CsvConflict = z.infer<typeof CsvConflict>;
export const CsvReport = z.object({
  rows: z.number().int(),
  valid: z.boolean(),
  issues: z.array(CsvIssue),
  /** Rows stale against the catalogue, one entry per changed field; any makes the file invalid (a 409). */
  conflicts: z.array(CsvConflict),
  /** The rows that change something (a valid row equal to the database changes nothing). */
  changes: z.array(CsvChange),
});
export type CsvReport = z.infer<typeof CsvReport>;
export const CsvReportResponse = envelope(CsvReport);
export const CsvApplyResponse = envelope(z.object({ rows: z.number().int(), changed: z.number().int() }));

// ---- product image ------------------------------------------------------------------------------------------
export const PRODUCT_IMAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, size: 800 } as const;
export const PRODUCT_IMAGE_MESSAGES = {
  saved: 'Image saved. The product page shows it now.',
  tooLarge: `The image is too large: the limit is ${PRODUCT_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`,
  type: 'This file type is not accepted. Please upload JPEG, PNG or WEBP files.',
  unreadable: 'The image could not be read. Please upload another file.',
} as const;
export const ProductImageResponse = envelope(z.object({ product_id: z.number().int(), image_url: z.string() }));

// ---- a customer's orders ------------------------------------------------------------------------------------
export const PageQuery = z.object({ page: PageParam, page_size: z.coerce.number().int().min(1).max(100).default(25) });
export const Paging = z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int(), pages: z.number().int() });
export type Paging = z.infer<typeof Paging>;

export const CustomerOrderParams = z.object({ customerId: IdParam });
export const StaffCustomerOrder = z.object({
  order_id: z.string(),
  placed_at: z.string().nullable(),
  status: z.string(),
  total: z.number().int(),
  items: z.number().int(),
});
export type StaffCustomerOrder = z.infer<typeof StaffCustomerOrder>;
export const StaffCustomerOrdersResponse = envelope(
  z.object({
    customer: z.object({ customer_id: z.number().int(), name: z.string(), email: z.string().nullable(), mobile: z.string().nullable() }),
    orders: z.array(StaffCustomerOrder),
    paging: Paging,
  }),
);

// ---- item-by-item cancel ------------------------------------------------------------------------------------
export const ShipmentItemsParams = z.object({ shipmentId: z.string().regex(/^[A-Z0-9-]{4,40}$/, 'This shipment number is not valid.') });
const Lines = z
  .array(z.object({ order_item_id: IdParam, quantity: z.number().int().min(1, 'quantity: at least 1').max(1000) }))
  .min(1, 'Choose at least one item to cancel.')
  .max(100)
  .refine((l) => new Set(l.map((x) => x.order_item_id)).size === l.length, 'Each item may be chosen once.');
export const CancelItemsPreviewRequest = z.object({ items: Lines });
export const CancelItemsRequest = z.object({ items: Lines, comment: z.string().trim().max(500).optional() });
const Refund = z.object({
  amount: z.number().int(),
  method: z.enum(['original', 'bank']).nullable(),
  method_label: z.string(),
  note: z.string().nullable(),
  due_on_delivery: z.number().int().optional(),
});
export const CancelItemsPreviewResponse = envelope(z.object({ shipment_id: z.string(), refund: Refund }));
export const CancelItemsResponse = envelope(z.object({ shipment_id: z.string(), status: z.string(), refund: Refund }));

// ---- queue pages --------------------------------------------------------------------------------------------
export const StaffReviewPageQuery = StaffReviewQuery.extend(PageQuery.shape);
export const StaffReviewsPageResponse = envelope(z.object({ reviews: z.array(StaffReview), paging: Paging }));
/** The open payment issues, oldest first, a page at a time. */
export const PaymentIssuesPageResponse = envelope(z.object({ issues: z.array(OpsPaymentIssue), paging: Paging }));
