import { PAYMENT_NOT_RECEIVED, payNowPath } from '../../../schemas/payment-rules.ts';
import type { PaymentState, PaymentStateData } from '../../../schemas/payment.ts';
import type { Db } from '../../db/database.ts';
import { latestAttempt, type OrderRow } from './queries.ts';
import { pendingPath, requireOrder, successPath } from './service.ts';

// The order a shopper is paying for, as the server knows it (SPEC §4.7): the payment page asks this after a
// return from the gateway without a result, and on a page opened in a new tab, on another device or from a
// message, so nothing depends on what one browser tab remembers. Only the customer's own orders are found.

const orderPage = (orderId: string) => `/account/order/order-details/${orderId}`;

/** The customer's order waiting for payment that can still be paid (at most one: place-order releases others). */
async function openOrderOf(db: Db, customerId: number, now: Date): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '=', 'payment_pending')
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const MESSAGES: Record<PaymentState, (retry: boolean) => string> = {
  awaiting_payment: (retry) =>
    retry
      ? 'Your payment was not completed. Your order is kept: pay again, with the same or another method.'
      : 'Your order is waiting for payment.',
  confirming: () => 'We are confirming your payment with your bank. This takes a few minutes at most.',
  paid: () => 'This order is paid. Thank you!',
  expired: () => `${PAYMENT_NOT_RECEIVED}. The time to pay for this order ran out and the items it held were released.`,
  cancelled: () => 'This order is cancelled, so it cannot be paid.',
};

/**
 * An order's payment state: `orderId` given, that order of the customer (another customer's is not found, 404);
 * without it, the customer's order waiting for payment, or null when there is none.
 */
export async function paymentState(
  db: Db,
  customerId: number,
  orderId: string | undefined,
  now = new Date(),
): Promise<PaymentStateData | null> {
  const order = orderId ? await requireOrder(db, customerId, orderId) : await openOrderOf(db, customerId, now);
  if (!order) return null;
  const last = await latestAttempt(db, order.id);
  const attempts = last?.attempt ?? 0;
  const open = order.status === 'payment_pending' && order.expires_at !== null && new Date(order.expires_at) > now;
  let state: PaymentState;
  if (order.status === 'placed' || order.status === 'confirmed') state = 'paid';
  else if (order.status === 'cancelled') state = 'cancelled';
  // Past its time (the sweep may not have run yet) an unpaid order can no longer be paid.
  else if (!open) state = 'expired';
  // An attempt the gateway has not decided (or has taken and we are applying): paying again could charge twice.
  else if (last?.status === 'pending' || last?.status === 'success') state = 'confirming';
  else state = 'awaiting_payment';
  const id = order.order_number;
  const next =
    state === 'awaiting_payment'
      ? attempts > 0
        ? `/retry-payment?orderId=${id}`
        : payNowPath(id)
      : state === 'confirming'
        ? pendingPath(id)
        : state === 'paid'
          ? successPath(id)
          : orderPage(id);
  return {
    order_id: id,
    state,
    order_status: order.status,
    amount: order.total,
    expires_at: order.expires_at ? new Date(order.expires_at).toISOString() : null,
    attempts,
    last_attempt: last?.status ?? null,
    message: MESSAGES[state](attempts > 0),
    next,
  };
}
