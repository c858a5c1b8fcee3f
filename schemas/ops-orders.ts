import { z } from 'zod';
import { CalendarDay, envelope } from './common.ts';
import { FunnelResponse } from './events.ts';
import { OPS_SHIPMENT_STATUSES } from './shipment-status.ts';

// The console's orders area (docs/decisions/019): find orders, read one with its shipments' timelines, refunds and
// payments. The moves themselves are the operations calls of the orders module (/api/ops/shipments/…).

export { OPS_SHIPMENT_STATUSES };

export const OpsOrderQuery = z
  .object({
    /** Orders with a shipment in this status. */
    status: z.enum(OPS_SHIPMENT_STATUSES, { error: `status: one of ${OPS_SHIPMENT_STATUSES.join(', ')}` }).optional(),
    /** Placed on or after this day, India time (SPEC §9). */
    from: CalendarDay().optional(),
    /** Placed on or before this day, India time. */
    to: CalendarDay().optional(),
    payment: z.coerce
      .number()
      .int()
      .refine((n) => [1, 2, 3, 4, 6].includes(n), 'payment: 1, 2, 3, 4 or 6')
      .optional(),
    pincode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'A pincode has 6 digits.')
      .optional(),
    /** An order number, or part of the customer's email, mobile or name. */
    q: z.string().trim().max(100).default(''),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'The first day comes after the last day.', path: ['to'] });
export type OpsOrderQuery = z.infer<typeof OpsOrderQuery>;

export const OpsOrderRow = z.object({
  order_id: z.string(),
  placed_at: z.string().nullable(),
  status: z.string(),
  customer: z.string(),
  customer_id: z.number().int(),
  pincode: z.string(),
  payment: z.string(),
  total: z.number().int(),
  shipments: z.array(z.object({ shipment_id: z.string(), status: z.string(), status_label: z.string() })),
});
export type OpsOrderRow = z.infer<typeof OpsOrderRow>;
export const OpsOrdersResponse = envelope(
  z.object({
    orders: z.array(OpsOrderRow),
    page: z.number().int(),
    has_more: z.boolean(),
    /** Orders matching the filters in all, and the pages they fill. */
    page_size: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
);

export const OpsOrderParams = z.object({ orderId: z.string().regex(/^[A-Z0-9-]{4,40}$/, 'This order number is not valid.') });

const Event = z.object({ status: z.string(), label: z.string(), at: z.string(), note: z.string().nullable() });
const Item = z.object({
  /** What an item-by-item cancel names (the console's cancel call). */
  order_item_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  cancelled: z.number().int(),
  returned: z.number().int(),
  sale_price: z.number().int(),
});
const Refund = z.object({
  refund_id: z.number().int(),
  reason: z.string(),
  method: z.string(),
  amount: z.number().int(),
  status: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
});
export const OpsShipment = z.object({
  shipment_id: z.string(),
  status: z.string(),
  status_label: z.string(),
  awb: z.string().nullable(),
  /** The moves this shipment can take now (the console offers only these). */
  actions: z.array(z.string()),
  has_invoice: z.boolean(),
  timeline: z.array(Event),
  items: z.array(Item),
  refunds: z.array(Refund),
});
export type OpsShipment = z.infer<typeof OpsShipment>;
export const OpsOrder = z.object({
  order_id: z.string(),
  status: z.string(),
  placed_at: z.string().nullable(),
  customer: z.object({ customer_id: z.number().int(), name: z.string(), email: z.string().nullable(), mobile: z.string().nullable() }),
  address: z.object({
    full_name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
    mobile: z.string(),
  }),
  payment: z.string(),
  coupon_code: z.string().nullable(),
  item_total: z.number().int(),
  discount: z.number().int(),
  shipping_total: z.number().int(),
  total: z.number().int(),
  paid_total: z.number().int(),
  payments: z.array(
    z.object({ attempt: z.number().int(), gateway: z.string(), amount: z.number().int(), status: z.string(), at: z.string() }),
  ),
  shipments: z.array(OpsShipment),
});
export type OpsOrder = z.infer<typeof OpsOrder>;
export const OpsOrderResponse = envelope(OpsOrder);

export const OpsCancelRequest = z.object({ comment: z.string().trim().max(500).optional() });

export const OpsPaymentIssue = z.object({
  id: z.number().int(),
  kind: z.string(),
  order_id: z.string().nullable(),
  amount: z.number().int(),
  note: z.string(),
  created_at: z.string(),
});
export type OpsPaymentIssue = z.infer<typeof OpsPaymentIssue>;
export const OpsPaymentIssuesResponse = envelope(z.array(OpsPaymentIssue));
export const OpsResolveResponse = envelope(z.object({ id: z.number().int(), resolved: z.boolean() }));
/** POST /api/ops/refunds/retry takes no fields; anything sent is dropped once it is checked. */
export const OpsRetryRequest = z.object({}).optional();
export const OpsRetryResponse = envelope(z.object({ processed: z.number().int() }));
/** A shipment move or cancellation: where the shipment is now. */
export const OpsMoveResponse = envelope(z.object({ shipment_id: z.string(), status: z.string(), status_label: z.string() }).passthrough());

// The Today page (docs/decisions/019): the day's orders and revenue, and the health of the two outboxes.
const Sales = z.object({ orders: z.number().int(), revenue: z.number().int(), cancelled_shipments: z.number().int() });
const Queue = z.object({
  pending: z.number().int(),
  oldest_pending_at: z.string().nullable(),
  dead_letters: z.number().int(),
});
export const OpsTodayResponse = envelope(
  z.object({
    day: z.string(),
    today: Sales,
    last_7_days: Sales,
    outboxes: z.object({ messages: Queue, feeds: Queue }),
  }),
);
export type OpsToday = z.infer<typeof OpsTodayResponse>['data'];
export const OUTBOX_QUEUES = ['messages', 'feeds'] as const;
export const OutboxRetryRequest = z.object({
  queue: z.enum(OUTBOX_QUEUES, { error: `queue: one of ${OUTBOX_QUEUES.join(', ')}` }),
});
export const OutboxRetryResponse = envelope(z.object({ queue: z.enum(OUTBOX_QUEUES), requeued: z.number().int() }));
/** The analysts' funnel report (/api/analytics/funnel) as the console reads it. */
export const FunnelEnvelope = envelope(FunnelResponse);
/** GET /api/ops/variants/:variantId: a variant's stock, for machines (docs/decisions/025 declares every answer). */
export const OpsVariantResponse = envelope(z.object({ variant_id: z.number().int(), sku: z.string(), stock: z.number().int() }));
/** GET /api/ops/shipments/:shipmentId: where a shipment stands. */
export const OpsShipmentResponse = envelope(
  z.object({ shipment_id: z.string(), order_id: z.string(), status: z.string(), status_label: z.string(), awb: z.string().nullable() }),
);
