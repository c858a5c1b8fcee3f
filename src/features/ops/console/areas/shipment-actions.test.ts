import { can, type StaffRole } from '../../../../../schemas/staff-rules.ts';
import { offeredMoves } from './shipment-actions.ts';

// The console offers a role only the moves its permissions allow: cancelling and receiving a return move money and
// need refunds:write (docs/decisions/019).

const rightsOf = (role: StaffRole) => ({ canEdit: can(role, 'orders:write'), canMoveMoney: can(role, 'refunds:write') });

test('fulfilment packs, ships and delivers but is offered no cancel and no return receipt', () => {
  expect(offeredMoves(['pack', 'cancel'], rightsOf('fulfilment'))).toEqual(['pack']);
  expect(offeredMoves(['receive-return'], rightsOf('fulfilment'))).toEqual([]);
  expect(offeredMoves(['pickup-return'], rightsOf('fulfilment'))).toEqual(['pickup-return']);
});

test('the owner is offered every move; a role without either permission none', () => {
  expect(offeredMoves(['pack', 'cancel', 'receive-return'], rightsOf('owner'))).toEqual(['pack', 'cancel', 'receive-return']);
  expect(offeredMoves(['pack', 'cancel', 'receive-return'], rightsOf('support'))).toEqual([]);
});
