import type { Db } from '../db/database.ts';
import type { GatewayPayment, RefundResult } from '../payments/index.ts';
import { reportRefund } from '../modules/events/index.ts';
import { notifyRefund } from '../modules/notifications/index.ts';
import type { PayoutResult } from '../modules/orders/refund-gateway.ts';
import {
  findRefund,
  markRefundFailed,
  markRefundProcessed,
  noteGatewayRefund,
  payoutAccount,
  pendingRefundIds,
  type RefundAdapters,
} from '../modules/orders/refunds.ts';
import { findGatewayPayment, raiseIssue } from '../modules/payment/index.ts';
import { refunds as refundsCounted } from '../observability/registry.ts';

// Paying refunds out (docs/decisions/011-order-flows.md). A refund row is written, pending, in the transaction of
// the cancellation or return that causes it; paying it happens after commit, here, with the row's idempotency key
// as the gateway's key. An adapter answers `failed` only once the gateway's own refund status for that key says so
// (server/payments/gateway.ts), so a failed refund here is one the gateway holds no money for. Retrying (a crash, two instances, the operations command) pays the same refund once: the
// gateway refunds once per key, and only a pending row is marked processed. A refund goes back through the attempt
// that captured the order's money (refunds.payment_id), or to the return's bank account for pay on delivery.
// The life cycle (docs/decisions/015-gateway-life-cycle.md): pending → asked again (the refund status call once
// the gateway knows the refund) until the gateway says success or failed. A gateway that is unreachable, or
// answers "already requested", leaves the refund pending, never failed. A failed refund, or one no adapter can
// pay (below the gateway's minimum, a pay-on-delivery refund without a payout service), goes to the staff queue.
// Each change of the refund row commits with what it causes: the shopper's message and the vendors' reports when
// processed, the staff queue's entry when failed.

const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> => (db.isTransaction ? fn(db) : db.transaction().execute(fn));

interface IssueRef {
  orderId: number;
  paymentId: number | null;
  refundId: number;
  amount: number;
}

export async function processRefund(
  db: Db,
  refundId: number,
  adapters: RefundAdapters,
): Promise<'processed' | 'pending' | 'failed' | 'done'> {
  const state = await payRefund(db, refundId, adapters);
  // docs/operations.md "Metrics": each try at a refund, by the state it left the refund in.
  if (state !== 'done') refundsCounted.inc({ state });
  return state;
}

async function payRefund(db: Db, refundId: number, adapters: RefundAdapters): Promise<'processed' | 'pending' | 'failed' | 'done'> {
  const refund = await findRefund(db, refundId);
  if (refund?.status !== 'pending') return 'done';
  let result: PayoutResult;
  const issue: IssueRef = { orderId: refund.order_id, paymentId: refund.payment_id, refundId, amount: refund.amount };
  if (refund.method === 'original') {
    const found = refund.payment_id ? await findGatewayPayment(db, refund.payment_id) : undefined;
    if (!found) return markFailed(db, 'the original payment is missing', issue);
    const gateway = adapters.gatewayFor(found.gateway);
    if (!gateway) return markFailed(db, `no adapter for gateway ${found.gateway}`, issue);
    const gatewayPayment: GatewayPayment = found.payment;
    // What the gateway documents it refuses (under its smallest refund) is never sent, so never half-known.
    const refusal =
      gateway.refundRefusal?.({ payment: gatewayPayment, amount: refund.amount }) ??
      (gateway.minRefund && refund.amount < gateway.minRefund ? `below the gateway's smallest refund (${gateway.minRefund} paise)` : null);
    if (refusal) return markFailed(db, refusal, issue);
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
    const account = await payoutAccount(db, refund.bank_account_id);
    if (!account) return markFailed(db, 'no bank account to pay into', issue);
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
        account: { ...account, account_number: account.accountNumber() },
        amount: refund.amount,
        idempotencyKey: refund.idempotency_key,
      });
    } catch {
      return 'pending';
    }
  }
  if (result.status === 'pending') {
    await noteGatewayRefund(db, refundId, result.refundId || null);
    return 'pending';
  }
  if (result.status === 'failed') return markFailed(db, result.failureReason ?? 'refused by the gateway', issue);
  const gatewayRefundId = result.refundId || null;
  // The refund, its message to the shopper and its reports commit together: none is lost to a crash between them.
  return inTransaction(db, async (trx) => {
    if (!(await markRefundProcessed(trx, refundId, gatewayRefundId))) return 'done' as const;
    await notifyRefund(trx, refundId, 'processed');
    await reportRefund(trx, refundId);
    return 'processed' as const;
  });
}

/** The refund failed: marked so, and a person asked, together and once. */
async function markFailed(db: Db, reason: string, issue: IssueRef) {
  await inTransaction(db, async (trx) => {
    if (await markRefundFailed(trx, issue.refundId, reason))
      await raiseIssue(trx, {
        kind: 'refund_failed',
        dedupKey: `refund-failed:${issue.refundId}`,
        ...issue,
        note: `Refund failed: ${reason}. Nothing is held at the gateway for it: pay it by bank transfer and note the UTR.`,
      });
  });
  return 'failed' as const;
}

/** Pays every pending refund (operations retry, and housekeeping after a crash). */
export async function processPendingRefunds(db: Db, adapters: RefundAdapters): Promise<number> {
  let processed = 0;
  for (const id of await pendingRefundIds(db)) if ((await processRefund(db, id, adapters)) === 'processed') processed++;
  return processed;
}

/**
 * A refund a person paid by hand (the staff queue's "to pay") is processed from now on, never before a person says
 * so; the shopper is told and the vendors get the refund, once, in the same transaction.
 */
export async function markRefundPaidByHand(db: Db, refundId: number, reference: string): Promise<void> {
  const paid = await inTransaction(db, async (trx) => {
    if (!(await markRefundProcessed(trx, refundId, reference.slice(0, 100)))) return false;
    await notifyRefund(trx, refundId, 'processed');
    await reportRefund(trx, refundId);
    return true;
  });
  if (paid) refundsCounted.inc({ state: 'paid_by_hand' });
}
