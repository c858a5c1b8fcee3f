// A shipment's statuses, declared once (SPEC §7): each with what shoppers and staff read for it. Zod-free, so the
// console can list them without loading zod; the database type, the request schemas and the orders module's
// life cycle (server/modules/orders/lifecycle.ts) all take theirs from here.

/** Every status a shipment can have, in the order of its life, with its label. */
export const SHIPMENT_STATUS_LABELS = {
  placed: 'Order placed',
  payment_pending: 'Payment pending',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  return_picked_up: 'Return picked up',
  returned: 'Returned',
  refunded: 'Refunded',
} as const satisfies Record<string, string>;

export type ShipmentStatus = keyof typeof SHIPMENT_STATUS_LABELS;

export const SHIPMENT_STATUS_VALUES = Object.keys(SHIPMENT_STATUS_LABELS) as [ShipmentStatus, ...ShipmentStatus[]];

/** The statuses staff filter orders by: all but payment_pending, which an order (not a shipment) shows. */
export const OPS_SHIPMENT_STATUSES = SHIPMENT_STATUS_VALUES.filter((s) => s !== 'payment_pending') as [
  Exclude<ShipmentStatus, 'payment_pending'>,
  ...Exclude<ShipmentStatus, 'payment_pending'>[],
];
