// The payment module's public surface: what its API (server/api/payment/), the flows and other modules use
// (the orders module refunds through the same gateway; the events feed checks purchases against orders).
export { findGatewayPayment, gatewayPaymentOf, paymentGateway, refundPayment } from './gateway.ts';
export { affiliateOrderOf, purchaseConversion } from './purchase-events.ts';
export { openIssuesPage, orderPayments } from './console-reads.ts';
export {
  gatewayRefundOfIssue,
  type IssueKind,
  openIssues,
  raiseIssue,
  type RefundPaidByHand,
  resolveIssue,
} from './issue-queue.ts';
export { codEligibility } from './service.ts';
export { insertFirstAttempt } from './attempts.ts';
export { capPayload, pruneRejectedCallbacks, recordRejection } from './rejections.ts';
export { keepGateway } from './gateway.ts';
export { orderSuccessData } from './order-success.ts';
export {
  paymentByRef,
  findCustomerOrder,
  type OrderRow,
  latestAttempt,
  lockOrderById,
  nextAttemptNumber,
  type PaymentRow,
  logCallback,
  noteUnconfirmedReturn,
  attemptCustomer,
  attemptsOfExpiringOrders,
  pendingAutomaticRefunds,
  settleAutomaticRefund,
  unsettledAttempts,
  expireOpenAttempts,
} from './queries.ts';
export { sandboxPage } from './sandbox-page.ts';
export {
  activePayment,
  handOff,
  initiateTransaction,
  offerList,
  type PaymentDeps,
  paymentFailed,
  writeAttempt,
  CallbackRejected,
  type FinalizeResult,
  offerBase,
  PaymentRuleError,
  affiliateOrder,
  refundUnusable,
  resultOf,
  gatewayPayment,
  requireOrder,
  failedPath,
} from './service.ts';
export { cardForPayment, deleteSavedCard, listSavedCards, keepSavedCard } from './saved-cards.ts';
export { paymentState } from './payment-state.ts';
export { offerStands } from './instrument.ts';
export { refuseOffer, queueRefusedRefund } from './money-back.ts';
export { insertPayOnDeliveryAttempt, recordGatewayAnswer } from './attempts.ts';
