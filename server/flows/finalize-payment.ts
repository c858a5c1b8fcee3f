import type { Db } from '../db/database.ts';
import type { VerifiedCallback } from '../payments/index.ts';
import { markOrderPaid, moveOrderShipments } from '../modules/orders/placement.ts';
import {
  findCustomerOrder,
  latestAttempt,
  lockOrderById,
  nextAttemptNumber,
  type OrderRow,
  type PaymentRow,
  paymentByRef,
} from '../modules/payment/queries.ts';
import {
  CallbackRejected,
  codEligibility,
  type FinalizeResult,
  offerBase,
  type PaymentDeps,
  PaymentRuleError,
  affiliateOrder,
  refundUnusable,
  resultOf,
} from '../modules/payment/service.ts';
import { enqueueForward } from '../modules/events/queries.ts';
import { recordLastOrder } from '../modules/customers/index.ts';
import { hasConsent } from '../modules/consent/index.ts';
import { offerStands } from '../modules/payment/instrument.ts';
import { refuseOffer } from '../modules/payment/money-back.ts';
import { insertPayOnDeliveryAttempt, recordGatewayAnswer } from '../modules/payment/attempts.ts';
import { PAY_ON_DELIVERY } from '../../schemas/payment-rules.ts';
import { NotFound } from '../http/errors.ts';
import { notifyOrderPlaced, notifyPaymentFailed } from '../modules/notifications/index.ts';
import { raiseIssue } from '../modules/payment/issues.ts';
import { formatPaise } from '../../schemas/money.ts';
import type { PaymentResultData } from '../../schemas/payment.ts';
import { bankOfferUses, ordersPaid, paymentAttempts } from '../observability/registry.ts';

// Finalize a payment and place the order (docs/decisions/011-order-flows.md): what a gateway says happened to an
// attempt is applied once, and a captured payment (or pay on delivery chosen) places the order: the order's
// money, its shipment moved payment_pending → placed by the life-cycle machine (PAY), the customer's last order,
// the affiliate order. One transaction; every write through the module that owns the table.

/** The order is placed by `payment`, inside `trx` (the caller holds the order row locked). */
export async function placePaidOrder(trx: Db, order: OrderRow, payment: PaymentRow, now: Date): Promise<OrderRow> {
  const cod = payment.method === PAY_ON_DELIVERY;
  const placed = await markOrderPaid(trx, order, payment, !cod, now);
  await moveOrderShipments(trx, order.id, 'PAY', cod ? 'Pay on delivery' : 'Payment received');
  const customer = await recordLastOrder(trx, order.customer_id, now);
  // SPEC §3: the affiliate order, built from the stored order, forwarded once by the events module's outbox; only
  // when the customer's recorded consent grants what the affiliate needs (SPEC §4.8, providers/consent.ts).
  if (await hasConsent(trx, placed.customer_id, ['ad_storage']))
    await enqueueForward(trx, 'affiliate', placed.order_number, await affiliateOrder(trx, placed, customer, placed.customer_id));
  await notifyOrderPlaced(trx, order.id);
  return placed;
}

/**
 * Applies what a gateway says happened to an attempt, once. Keyed by the attempt's reference and the gateway's
 * payment id: a repeated, late or out-of-order callback changes nothing twice. The amount must equal the
 * attempt's. A success on an order that can no longer take it (already paid by another attempt, or expired) is
 * refunded after the transaction.
 */
export async function finalizePayment(deps: PaymentDeps, cb: VerifiedCallback, now = new Date()): Promise<FinalizeResult> {
  const { db } = deps;
  const found = await paymentByRef(db, cb.ref);
  if (!found) throw new CallbackRejected('unknown payment reference');
  // What the gateway says disagrees with what the store can apply, while money may have moved: nothing changes,
  // and a person is asked (docs/decisions/015-gateway-life-cycle.md, the staff queue).
  const mismatch = found.gateway !== deps.gateway.name ? null : mismatchOf(found, cb);
  if (mismatch) {
    await raiseIssue(db, {
      kind: 'status_mismatch',
      dedupKey: `mismatch:${cb.ref}:${mismatch.key}`,
      orderId: found.order_id,
      paymentId: found.id,
      amount: cb.amount,
      note: `Payment ${cb.ref}: ${mismatch.note}`,
    });
    if (!cb.review) throw new CallbackRejected(mismatch.reason);
    const order = (await db.selectFrom('orders').selectAll().where('id', '=', found.order_id).executeTakeFirstOrThrow()) as OrderRow;
    return { result: resultOf(order, found), outcome: 'unchanged' };
  }
  const outcome = await db.transaction().execute(async (trx) => {
    const order = (await lockOrderById(trx, found.order_id)) as OrderRow;
    const payment = (await paymentByRef(trx, cb.ref, true)) as PaymentRow;
    if (payment.gateway !== deps.gateway.name) throw new CallbackRejected('callback from another gateway');
    if (cb.amount !== payment.amount) throw new CallbackRejected('amount does not match the payment');
    if (payment.gateway_payment_id && payment.gateway_payment_id !== cb.gatewayPaymentId)
      throw new CallbackRejected('payment id does not match');
    // An expired or failed attempt still records a late success (the money moved): a gateway may charge after a
    // failure (Juspay: several transactions per order; a UPI approval after a timeout). It places the order when
    // the order still waits, else it is refunded below (docs/decisions/015-gateway-life-cycle.md).
    const final =
      payment.status === 'success' || ((payment.status === 'failed' || payment.status === 'expired') && cb.status !== 'success');
    // Only created → pending → success | failed moves; anything else (a replay, a late pending) changes nothing.
    if (final || (payment.status === 'pending' && cb.status === 'pending')) {
      // The store placed the order on this payment and the gateway now says no money stayed (Juspay
      // AUTO_REFUNDED, a reversal): the order ships unpaid unless a person looks.
      if (payment.status === 'success' && cb.status === 'failed')
        await raiseIssue(trx, {
          kind: 'status_mismatch',
          dedupKey: `mismatch:${cb.ref}:failed-after-success`,
          orderId: order.id,
          paymentId: payment.id,
          amount: payment.amount,
          note: `Payment ${cb.ref} is recorded as paid, and the gateway now reports it failed: ${cb.reason ?? 'no reason given'}.`,
        });
      return { order, payment, applied: false, refund: false };
    }
    const finalizedAt = cb.status === 'pending' ? null : now;
    const updated = await recordGatewayAnswer(trx, payment, cb, finalizedAt);
    if (cb.status === 'failed' && order.status === 'payment_pending') await notifyPaymentFailed(trx, updated.id);
    if (cb.status !== 'success') return { order, payment: updated, applied: true, refund: false };
    if (order.status !== 'payment_pending') return { order, payment: updated, applied: true, refund: true };
    // A bank offer stands only on an instrument the gateway reports as qualifying; otherwise the payment goes
    // back and the order waits for a payment at the right price (SPEC §6 bank offers).
    if (!(await offerStands(trx, updated, offerBase(order), cb.instrument))) {
      const refused = await refuseOffer(trx, updated, now);
      await raiseIssue(trx, {
        kind: 'offer_not_qualified',
        dedupKey: `offer:${cb.ref}`,
        orderId: order.id,
        paymentId: updated.id,
        amount: updated.amount,
        note: `Payment ${cb.ref} claimed a bank offer of ${formatPaise(updated.offer_discount)} with an instrument that does not qualify; it is refunded in full and the order waits for a new payment.`,
      });
      return { order, payment: refused, applied: true, refund: true };
    }
    const placed = await placePaidOrder(trx, order, updated, now);
    return { order: placed, payment: updated, applied: true, refund: false, paid: true };
  });
  // docs/operations.md "Metrics": the gateway's answer applied, and the order it paid for.
  if (outcome.applied) paymentAttempts.inc({ gateway: outcome.payment.gateway, outcome: cb.status });
  if ('paid' in outcome) {
    ordersPaid.inc({ kind: 'prepaid' });
    if (outcome.payment.offer_discount > 0) bankOfferUses.inc();
  }
  if (outcome.refund) await refundUnusable(deps, outcome.order, outcome.payment);
  return { result: resultOf(outcome.order, outcome.payment), outcome: outcome.applied ? 'applied' : 'unchanged' };
}

/**
 * A gateway answer that cannot be applied while money may have moved: a success for another amount, a success
 * under another payment id, or a state the adapter marks for review (a partial capture, a held authorisation).
 */
function mismatchOf(payment: PaymentRow, cb: VerifiedCallback): { key: string; reason: string; note: string } | null {
  if (cb.review) return { key: 'review', reason: 'state needs review', note: cb.review };
  if (cb.status !== 'success') return null;
  if (cb.amount !== payment.amount)
    return {
      key: `amount-${cb.amount}`,
      reason: 'amount does not match the payment',
      note: `the gateway reports ${formatPaise(cb.amount)} paid where the attempt asked for ${formatPaise(payment.amount)}. Check and refund on the gateway.`,
    };
  if (payment.gateway_payment_id && cb.gatewayPaymentId && payment.gateway_payment_id !== cb.gatewayPaymentId)
    return {
      key: `id-${cb.gatewayPaymentId.slice(0, 60)}`,
      reason: 'payment id does not match',
      note: `the gateway reports a success under payment id ${cb.gatewayPaymentId}, where ${payment.gateway_payment_id} was recorded. Check for a second charge.`,
    };
  return null;
}

/** Pay on delivery chosen for an open order: a pending COD attempt, and the order placed. Asking twice answers the same order. */
export async function payOnDelivery(deps: PaymentDeps, customerId: number, orderId: string, now = new Date()): Promise<PaymentResultData> {
  const { db } = deps;
  const order0 = await findCustomerOrder(db, customerId, orderId);
  if (!order0) throw new NotFound('Order not found');
  let placedNow = false;
  const answer = await db.transaction().execute(async (trx) => {
    const order = (await lockOrderById(trx, order0.id)) as OrderRow;
    if (order.payment_method === PAY_ON_DELIVERY && order.status !== 'payment_pending')
      return resultOf(order, await latestAttempt(trx, order.id));
    const eligible = await codEligibility({ ...deps, db: trx }, order, now);
    if (!eligible.ok) throw new PaymentRuleError(eligible.reason);
    const attempt = await nextAttemptNumber(trx, order.id);
    const payment = await insertPayOnDeliveryAttempt(trx, order, attempt);
    const placed = await placePaidOrder(trx, order, payment, now);
    placedNow = true;
    return { ...resultOf(placed, payment), payment_status: 'success' as const };
  });
  if (placedNow) ordersPaid.inc({ kind: 'cod' });
  return answer;
}
