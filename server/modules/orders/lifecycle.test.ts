import type { ShipmentStatus } from '../../db/types.ts';
import { OPS_SHIPMENT_STATUSES, SHIPMENT_STATUS_LABELS, SHIPMENT_STATUS_VALUES } from '../../../schemas/shipment-status.ts';
import {
  IllegalShipmentMove,
  move,
  nextStatus,
  SHIPMENT_EVENTS,
  SHIPMENT_STATUSES,
  STATUS_LABELS,
  type ShipmentEventType,
  shipmentTimeline,
} from './lifecycle.ts';

// Every legal move of the shipment life cycle; every pair not listed here must be refused.
const LEGAL: Record<ShipmentStatus, Partial<Record<ShipmentEventType, ShipmentStatus>>> = {
  placed: { AWAIT_PAYMENT: 'payment_pending', CONFIRM: 'confirmed', CANCEL: 'cancelled' },
  payment_pending: { PAY: 'placed', CONFIRM: 'confirmed', CANCEL: 'cancelled' },
  confirmed: { PACK: 'packed', CANCEL: 'cancelled' },
  packed: { SHIP: 'shipped', CANCEL: 'cancelled' },
  shipped: { DELIVER: 'delivered' },
  delivered: { REQUEST_RETURN: 'return_requested' },
  return_requested: { WITHDRAW_RETURN: 'delivered', PICK_UP_RETURN: 'return_picked_up' },
  return_picked_up: { RECEIVE_RETURN: 'returned' },
  returned: { REFUND: 'refunded' },
  cancelled: {},
  refunded: {},
};

test('the machine knows exactly the statuses the shipments table allows', () => {
  expect([...SHIPMENT_STATUSES].sort()).toEqual(Object.keys(LEGAL).sort());
});

test('the statuses are declared once: the machine, the labels and the request schemas read the one list', () => {
  expect([...SHIPMENT_STATUSES].sort()).toEqual([...SHIPMENT_STATUS_VALUES].sort());
  expect(STATUS_LABELS).toBe(SHIPMENT_STATUS_LABELS);
  expect(OPS_SHIPMENT_STATUSES).toEqual(SHIPMENT_STATUS_VALUES.filter((s) => s !== 'payment_pending'));
});

test('the timeline: one shipment’s events in order, a change that keeps the status read as items cancelled', () => {
  const at = (m: number) => new Date(Date.UTC(2026, 10, 5, 4, m));
  const events = [
    { shipment_id: 1, from_status: null, to_status: 'placed' as const, created_at: at(0), note: null },
    { shipment_id: 2, from_status: null, to_status: 'placed' as const, created_at: at(1), note: null },
    { shipment_id: 1, from_status: 'placed' as const, to_status: 'placed' as const, created_at: at(2), note: '1 × Whey' },
    { shipment_id: 1, from_status: 'placed' as const, to_status: 'confirmed' as const, created_at: '2026-11-05T04:03:00.000Z', note: null },
  ];
  expect(shipmentTimeline(events, 1)).toEqual([
    { status: 'placed', label: 'Order placed', at: '2026-11-05T04:00:00.000Z', note: null },
    { status: 'placed', label: 'Items cancelled', at: '2026-11-05T04:02:00.000Z', note: '1 × Whey' },
    { status: 'confirmed', label: 'Confirmed', at: '2026-11-05T04:03:00.000Z', note: null },
  ]);
  expect(shipmentTimeline(events, 3)).toEqual([]);
});

const cases = SHIPMENT_STATUSES.flatMap((status) =>
  SHIPMENT_EVENTS.map((event) => ({ status, event, expected: LEGAL[status][event] ?? null })),
);

test.each(cases)('$status + $event -> $expected', ({ status, event, expected }) => {
  expect(nextStatus(status, event)).toBe(expected);
  if (expected === null) expect(() => move(status, event)).toThrow(IllegalShipmentMove);
  else expect(move(status, event)).toBe(expected);
});

test('illegal moves are 409s that name the refused action and the current status', () => {
  const refusals: Array<[ShipmentStatus, ShipmentEventType, string]> = [
    ['delivered', 'CANCEL', 'You cannot cancel a shipment that is delivered.'],
    ['shipped', 'REQUEST_RETURN', 'You cannot return a shipment that is shipped.'],
    ['return_requested', 'REQUEST_RETURN', 'You cannot return a shipment that is return requested.'],
    ['refunded', 'REQUEST_RETURN', 'You cannot return a shipment that is refunded.'],
  ];
  for (const [status, event, message] of refusals) {
    try {
      move(status, event);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(IllegalShipmentMove);
      expect((error as IllegalShipmentMove).httpStatus).toBe(409);
      expect((error as Error).message).toBe(message);
    }
  }
});
