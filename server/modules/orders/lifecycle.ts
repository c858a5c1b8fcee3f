import { setup, transition } from 'xstate';
import { SHIPMENT_STATUS_LABELS } from '../../../schemas/shipment-status.ts';
import type { ShipmentStatus } from '../../db/types.ts';
import { Conflict } from '../../http/errors.ts';

// The life cycle of a shipment, in one place: every status change of the orders module asks this machine
// first. Fulfilment state lives on the shipment (an order ships in one or more parcels); the order's state is
// read from its shipments.
//
//   placed ◀─ payment_pending (PAY: paid online, or pay on delivery chosen; a new order starts here)
//   placed ─▶ payment_pending ─▶ confirmed ─▶ packed ─▶ shipped ─▶ delivered ─▶ return_requested
//     │            │                 │          │                     ▲               │
//     └────────────┴─────────────────┴──────────┴──▶ cancelled        └─ (withdrawn) ─┤
//                                                                                     ▼
//                                   refunded ◀─ returned ◀─ return_picked_up ◀────────┘
export type ShipmentEvent =
  | { type: 'AWAIT_PAYMENT' }
  | { type: 'PAY' }
  | { type: 'CONFIRM' }
  | { type: 'PACK' }
  | { type: 'SHIP' }
  | { type: 'DELIVER' }
  | { type: 'CANCEL' }
  | { type: 'REQUEST_RETURN' }
  | { type: 'WITHDRAW_RETURN' }
  | { type: 'PICK_UP_RETURN' }
  | { type: 'RECEIVE_RETURN' }
  | { type: 'REFUND' };

export type ShipmentEventType = ShipmentEvent['type'];

export const shipmentLifecycle = setup({
  types: {} as { events: ShipmentEvent },
}).createMachine({
  id: 'shipment',
  initial: 'placed',
  states: {
    placed: { on: { AWAIT_PAYMENT: 'payment_pending', CONFIRM: 'confirmed', CANCEL: 'cancelled' } },
    // PAY: the order's money is settled (a captured payment, or pay on delivery chosen); staff confirm it next.
    payment_pending: { on: { PAY: 'placed', CONFIRM: 'confirmed', CANCEL: 'cancelled' } },
    confirmed: { on: { PACK: 'packed', CANCEL: 'cancelled' } },
    // Once handed to the courier a shipment can no longer be cancelled, only returned after delivery.
    packed: { on: { SHIP: 'shipped', CANCEL: 'cancelled' } },
    shipped: { on: { DELIVER: 'delivered' } },
    delivered: { on: { REQUEST_RETURN: 'return_requested' } },
    return_requested: { on: { WITHDRAW_RETURN: 'delivered', PICK_UP_RETURN: 'return_picked_up' } },
    return_picked_up: { on: { RECEIVE_RETURN: 'returned' } },
    returned: { on: { REFUND: 'refunded' } },
    cancelled: { type: 'final' },
    refunded: { type: 'final' },
  },
});

export const SHIPMENT_STATUSES = Object.keys(shipmentLifecycle.config.states ?? {}) as ShipmentStatus[];
export const SHIPMENT_EVENTS: ShipmentEventType[] = [
  'AWAIT_PAYMENT',
  'PAY',
  'CONFIRM',
  'PACK',
  'SHIP',
  'DELIVER',
  'CANCEL',
  'REQUEST_RETURN',
  'WITHDRAW_RETURN',
  'PICK_UP_RETURN',
  'RECEIVE_RETURN',
  'REFUND',
];

/** The status after `event`, or null when the machine does not allow that move from `status`. */
export function nextStatus(status: ShipmentStatus, event: ShipmentEventType): ShipmentStatus | null {
  const snapshot = shipmentLifecycle.resolveState({ value: status, context: {} });
  if (!snapshot.can({ type: event })) return null;
  const [next] = transition(shipmentLifecycle, snapshot, { type: event });
  return next.value as ShipmentStatus;
}

/** True when `event` is allowed from `status`. */
export const canMove = (status: ShipmentStatus, event: ShipmentEventType): boolean => nextStatus(status, event) !== null;

/** What shoppers see for each status. */
export const STATUS_LABELS: Readonly<Record<ShipmentStatus, string>> = SHIPMENT_STATUS_LABELS;

/** A shipment's timeline from its events, oldest first: an event that keeps the status is a partial cancellation. */
export function shipmentTimeline(
  events: ReadonlyArray<{
    shipment_id: number;
    from_status: ShipmentStatus | null;
    to_status: ShipmentStatus;
    created_at: Date | string;
    note: string | null;
  }>,
  shipmentId: number,
): Array<{ status: ShipmentStatus; label: string; at: string; note: string | null }> {
  return events
    .filter((e) => e.shipment_id === shipmentId)
    .map((e) => ({
      status: e.to_status,
      label: e.from_status === e.to_status ? 'Items cancelled' : STATUS_LABELS[e.to_status],
      at: new Date(e.created_at).toISOString(),
      note: e.note,
    }));
}

const ACTIONS: Record<ShipmentEventType, string> = {
  AWAIT_PAYMENT: 'wait for payment on',
  PAY: 'take payment for',
  CONFIRM: 'confirm',
  PACK: 'pack',
  SHIP: 'ship',
  DELIVER: 'deliver',
  CANCEL: 'cancel',
  REQUEST_RETURN: 'return',
  WITHDRAW_RETURN: 'withdraw the return of',
  PICK_UP_RETURN: 'pick up the return of',
  RECEIVE_RETURN: 'receive the return of',
  REFUND: 'refund',
};

/** An illegal move: a 409 that says what the shipment is now and what was refused. */
export class IllegalShipmentMove extends Conflict {
  constructor(
    readonly status: ShipmentStatus,
    readonly event: ShipmentEventType,
  ) {
    super(`You cannot ${ACTIONS[event]} a shipment that is ${STATUS_LABELS[status].toLowerCase()}.`, { status, event });
  }
}

/** The status after `event`, or an IllegalShipmentMove. */
export function move(status: ShipmentStatus, event: ShipmentEventType): ShipmentStatus {
  const next = nextStatus(status, event);
  if (next === null) throw new IllegalShipmentMove(status, event);
  return next;
}
