import type { Db } from '../../db/database.ts';
import type { GatewayPayment, RefundResult, VerifiedCallback } from '../../payments/index.ts';
import { offerNotQualified } from './instrument.ts';
import { raiseIssue } from './issue-queue.ts';
import type { PaymentRow } from './queries.ts';
import type { PaymentDeps } from './service.ts';

// Money the store cannot keep goes back at once: a second payment for an order already paid, a payment that
// arrives after its order expired (docs/decisions/015-gateway-life-cycle.md: refunded, never honoured late), a
// payment whose bank offer the instrument did not qualify for. Each refund is recorded in payment_refunds
// (the reconciliation job polls the pending ones); one the gateway refuses, or that cannot be asked for, goes
// to the staff queue, never only to a log.

/** The payments row's paid_instrument, when the gateway reported one. */
export const paidInstrumentColumn = (cb: VerifiedCallback) => (cb.instrument ? { paid_instrument: JSON.stringify(cb.instrument) } : {});

/** The attempt does not place the order: it is failed with the reason the shopper reads (its money goes back). */
export async function refuseOffer(trx: Db, payment: PaymentRow, now: Date): Promise<PaymentRow> {
  return trx
    .updateTable('payments')
    .set({ status: 'failed', failure_reason: offerNotQualified(payment.offer_discount), finalized_at: now })
    .where('id', '=', payment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const unusableRefundKey = (ref: string) => `unusable-${ref}`;

/** Refunds a whole payment through the configured gateway, once per attempt; outside transactions. */
export async function refundWholePayment(
  deps: PaymentDeps,
  payment: GatewayPayment,
  ids: { orderId: number; paymentId: number },
): Promise<RefundResult | null> {
  const idempotencyKey = unusableRefundKey(payment.ref);
  let answer: RefundResult | null = null;
  try {
    answer = await deps.gateway.refund({ payment, amount: payment.amount, idempotencyKey });
  } catch (error) {
    deps.log?.warn({ err: String(error), ref: payment.ref }, 'automatic refund not answered; the reconciliation job asks again');
  }
  await deps.db
    .insertInto('payment_refunds')
    .values({
      payment_id: ids.paymentId,
      amount: payment.amount,
      idempotency_key: idempotencyKey,
      status: answer?.status ?? 'pending',
      gateway_refund_id: answer?.refundId ?? null,
      reason: 'unusable payment',
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  if (answer?.status === 'failed') await queueRefusedRefund(deps.db, { ref: payment.ref, ...ids, amount: payment.amount });
  return answer;
}

/** The gateway refused the automatic refund of an unusable payment: a person refunds it (the staff queue). */
export function queueRefusedRefund(
  db: Db,
  refused: { ref: string; orderId: number | null; paymentId: number | null; amount: number },
): Promise<unknown> {
  return raiseIssue(db, {
    kind: 'unusable_refund_failed',
    dedupKey: `unusable:${refused.ref}`,
    orderId: refused.orderId,
    paymentId: refused.paymentId,
    amount: refused.amount,
    note: `The gateway refused the automatic refund of payment ${refused.ref} and its refund status says failed: pay it to the customer by bank transfer and note the UTR.`,
  });
}
