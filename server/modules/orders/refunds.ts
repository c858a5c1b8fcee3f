import type { Db } from '../../db/database.ts';
import type { GatewayPayment } from '../../payments/index.ts';
import { reportRefund } from '../events/index.ts';
import { findGatewayPayment, raiseIssue } from '../payment/index.ts';
import { decryptAccountNumber } from './bank-accounts.ts';
import type { BankPayouts, PayoutResult, RefundGateway } from './refund-gateway.ts';
import type { RefundResult } from '../../payments/index.ts';
import { notifyRefund } from '../notifications/index.ts';

// Paying refunds out. A refund row is written in the same transaction as the cancellation or return that
// causes it (status pending); paying it happens after commit, here, with the row's idempotency key as the
// gateway's key. Retrying (a crash, two instances, the operations command) pays the same refund once: the
// gateway refunds once per key, and only a pending row is marked processed.
// The life cycle (docs/decisions/015-gateway-life-cycle.md): pending → asked again (the refund status call once
// the gateway knows the refund) until the gateway says success or failed. A gateway that is unreachable, or
// answers "already requested", leaves the refund pending, never failed. A failed refund, or one no adapter can
// pay (below the gateway's minimum, a pay-on-delivery refund without a payout service), goes to the staff queue.

export interface RefundAdapters {
  /** The adapter of the gateway that took the payment (payments.gateway); null when there is none. */
  gatewayFor(name: string): RefundGateway | null;
  payouts: BankPayouts;
  /** Production refuses payouts that move no money (the sandbox's): those refunds are paid by a person. */
  production?: boolean;
}

export async function processRefund(
  db: Db,
  refundId: number,
  adapters: RefundAdapters,
): Promise<'processed' | 'pending' | 'failed' | 'done'> {
  const refund = await db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
  if (refund?.status !== 'pending') return 'done';
  let result: PayoutResult;
  const issue = { orderId: refund.order_id, paymentId: refund.payment_id, refundId, amount: refund.amount };
  if (refund.method === 'original') {
    const found = refund.payment_id ? await findGatewayPayment(db, refund.payment_id) : undefined;
    if (!found) return markFailed(db, refundId, 'the original payment is missing', issue);
    const gateway = adapters.gatewayFor(found.gateway);
    if (!gateway) return markFailed(db, refundId, `no adapter for gateway ${found.gateway}`, issue);
    if (gateway.minRefund && refund.amount < gateway.minRefund)
      return markFailed(db, refundId, `below the gateway's smallest refund (${gateway.minRefund} paise)`, issue);
    const gatewayPayment: GatewayPayment = found.payment;
    let answer: RefundResult | null;
    try {
      // Once the gateway knows the refund, its status is asked; the first time (or when it never said), the
      // refund is requested, which a gateway that has it already answers with its status too.
      answer =
        refund.gateway_refund_id && gateway.refundStatus
          ? await gateway.refundStatus({ payment: gatewayPayment, idempotencyKey: refund.idempotency_key })
          : await gateway.refund({ payment: gatewayPayment, amount: refund.amount, idempotencyKey: refund.idempotency_key });
    } catch {
      return 'pending';
    }
    if (!answer) return 'pending';
    result = {
      refundId: answer.refundId ?? refund.gateway_refund_id ?? '',
      status: answer.status === 'success' ? 'processed' : answer.status,
      failureReason: answer.status === 'failed' ? 'refused by the gateway' : undefined,
    };
  } else {
    const account = refund.bank_account_id
      ? await db.selectFrom('bank_accounts').selectAll().where('id', '=', refund.bank_account_id).executeTakeFirst()
      : undefined;
    if (!account) return markFailed(db, refundId, 'no bank account to pay into', issue);
    // No payout service in production: a person pays it and marks it done; it is never "processed" before.
    if (adapters.payouts.movesMoney === false && (adapters.production ?? process.env.NODE_ENV === 'production')) {
      await raiseIssue(db, {
        kind: 'refund_to_pay',
        dedupKey: `to-pay:${refundId}`,
        ...issue,
        note: `Pay ${refund.amount} paise to the customer's bank account (${account.ifsc}), then mark this done.`,
      });
      return 'pending';
    }
    try {
      result = await adapters.payouts.payout({
        account: { ...account, account_number: decryptAccountNumber(account.account_number, account.customer_id) },
        amount: refund.amount,
        idempotencyKey: refund.idempotency_key,
      });
    } catch {
      return 'pending';
    }
  }
  if (result.status === 'pending') {
    await db
      .updateTable('refunds')
      .set({ gateway_refund_id: result.refundId || null })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .execute();
    return 'pending';
  }
  if (result.status === 'failed') return markFailed(db, refundId, result.failureReason ?? 'refused by the gateway', issue);
  const gatewayRefundId = result.refundId || null;
  // The refund, its message to the shopper and its reports commit together: none is lost to a crash between them.
  const marked = async (trx: Db) => {
    const res = await trx
      .updateTable('refunds')
      .set({ status: 'processed', gateway_refund_id: gatewayRefundId, processed_at: new Date() })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return 'done' as const;
    await notifyRefund(trx, refundId, 'processed');
    await reportRefund(trx, refundId);
    return 'processed' as const;
  };
  return db.isTransaction ? marked(db) : db.transaction().execute(marked);
}

async function markFailed(
  db: Db,
  refundId: number,
  reason: string,
  issue: { orderId: number; paymentId: number | null; refundId: number; amount: number },
) {
  const res = await db
    .updateTable('refunds')
    .set({ status: 'failed', failure_reason: reason })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1)
    await raiseIssue(db, { kind: 'refund_failed', dedupKey: `refund-failed:${refundId}`, ...issue, note: `Refund failed: ${reason}.` });
  return 'failed' as const;
}

/** Pays every pending refund (operations retry, and housekeeping after a crash). */
export async function processPendingRefunds(db: Db, adapters: RefundAdapters): Promise<number> {
  // A refund waiting for a person (the staff queue's "to pay") is not tried again on its own.
  const pending = await db
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'pending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_issues')
            .select('payment_issues.id')
            .whereRef('payment_issues.refund_id', '=', 'refunds.id')
            .where('payment_issues.kind', '=', 'refund_to_pay')
            .where('payment_issues.resolved_at', 'is', null),
        ),
      ),
    )
    .orderBy('id')
    .limit(500)
    .execute();
  let processed = 0;
  for (const { id } of pending) if ((await processRefund(db, id, adapters)) === 'processed') processed++;
  return processed;
}

/**
 * A refund a person paid by hand (the staff queue's "to pay") is processed from now on, never before a person says
 * so; the shopper is told and the vendors get the refund, once.
 */
export async function markRefundPaidByHand(db: Db, refundId: number, reference: string): Promise<void> {
  const paid = await db
    .updateTable('refunds')
    .set({ status: 'processed', processed_at: new Date(), gateway_refund_id: reference.slice(0, 100) })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(paid.numUpdatedRows) !== 1) return;
  await notifyRefund(db, refundId, 'processed');
  await reportRefund(db, refundId);
}
