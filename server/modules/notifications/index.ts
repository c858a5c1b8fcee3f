// Transactional messages (docs/decisions/022-transactional-messages.md): one function per event, called with one
// line from the flow or writer that causes it, inside its transaction.
export {
  messageOrigin,
  notifyGrievance,
  notifyOrderExpired,
  notifyOrderPlaced,
  notifyPaymentFailed,
  notifyRefund,
  notifyShipment,
  notifyShipmentCancelled,
  type ShipmentNotice,
} from './service.ts';
export type { GrievanceEvent } from './messages.ts';
