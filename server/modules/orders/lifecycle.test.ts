import type { ShipmentStatus } from '../../db/types.ts';
import { IllegalShipmentMove, move, nextStatus, SHIPMENT_EVENTS, SHIPMENT_STATUSES, type ShipmentEventType } from './lifecycle.ts';

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
