// The order flows (docs/decisions/011-order-flows.md): each one transaction over module functions.
export { type UnpaidOrder, expireUnpaidOrders, releaseUnpaidOrder } from './expire-order.ts';
export { finalizePayment, payOnDelivery, placePaidOrder } from './finalize-payment.ts';
export { type PlaceOrderInput, placeOrder } from './place-order.ts';
export { cancelOrderShipment, previewCancel } from './cancel.ts';
export { markRefundPaidByHand, processPendingRefunds, processRefund } from './refund.ts';
export { opsMove, receiveReturn, submitReturn, withdrawReturn } from './return.ts';
export { expireUnpaidOrderNow } from './expire-order.ts';
export { handleCallback, verifyTransaction } from './payment-callbacks.ts';
export { answerWebhook, returnPage, type WebhookAnswer } from './payment-webhooks.ts';
export { askBeforeExpiry, reconcilePayments } from './reconcile-payments.ts';
