// The orders module's public surface: what its API (server/api/orders/), the flows, tests and other modules use.
export { insertOrder, type CreatedOrder, type NewOrder, recordDevPurchase } from './demo-orders.ts';
export { canMove, nextStatus, STATUS_LABELS, shipmentLifecycle, shipmentTimeline } from './lifecycle.ts';
export type { RefundAdapters } from './refunds.ts';
export type { BankPayouts, RefundGateway } from './refund-gateway.ts';
export {
  type ConsoleOrderFilter,
  consoleOrder,
  consoleOrders,
  customerOrdersPage,
  placedOrderCounts,
  salesSince,
  shipmentOwner,
} from './console-reads.ts';
export { hasInvoice, readAddress } from './service.ts';
export {
  claimOrdersPastPaymentTime,
  insertPendingOrder,
  lockUnpaidOrderOf,
  lockUnpaidOrders,
  orderById,
  orderNumberOf,
  type UnpaidOrderRow,
  markOrderExpired,
  markOrderPaid,
  moveOrderShipments,
  type NewOrder as NewPendingOrder,
  unitsHeld,
} from './placement.ts';
export { reencryptBankAccounts } from './bank-accounts.ts';
export { seedDemoOrders } from './demo-orders.ts';
export { sandboxPayouts } from './refund-gateway.ts';
export { sellerConfig } from './seller.ts';
export { shipmentInvoice, shipmentCreditNote } from './invoice.ts';
export { findShipment } from './queries.ts';
export { latestBankAccount, listBankAccounts, lookupIfsc, saveBankAccountAsOwner } from './bank-accounts.ts';
export {
  assertReturnable,
  attachReturnMedia,
  CANCEL_REASONS,
  listOrders,
  orderDetails,
  RETURN_REASONS,
  refundQuote,
  returnDetails,
  setPickupAddress,
  type CancelOutcome,
  cancelReason,
  cancelUnits,
  lockShipment,
  type SelectedUnits,
  closeReturn,
  moveShipment,
  type OpsAction,
  type ReturnInput,
  receiveReturnedUnits,
  requestReturn,
  returnReason,
  withdrawReturnRequest,
} from './service.ts';
export type { PayoutResult } from './refund-gateway.ts';
export { findRefund, markRefundFailed, markRefundProcessed, noteGatewayRefund, payoutAccount, pendingRefundIds } from './refunds.ts';
export { recordRefund } from './refund-account.ts';
