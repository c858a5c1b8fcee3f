// Which of a shipment's moves the console offers a role. Every act that writes or pays a refund (a cancel, an item
// cancel, receiving a return) needs `refunds:write` (docs/decisions/019); the other moves need `orders:write`. The
// server refuses the same calls; the console hides them so nobody is offered a button that answers 403.

/** The moves that write or pay a refund. */
export const MONEY_MOVES = ['cancel', 'receive-return'] as const;

export interface ShipmentRights {
  /** orders:write: pack, ship, deliver, pick up a return. */
  canEdit: boolean;
  /** refunds:write: cancel (whole or by item) and receive a return. */
  canMoveMoney: boolean;
}

/** The moves of `actions` this role is offered. */
export function offeredMoves(actions: readonly string[], rights: ShipmentRights): string[] {
  return actions.filter((a) => ((MONEY_MOVES as readonly string[]).includes(a) ? rights.canMoveMoney : rights.canEdit));
}
