import type { Db } from '../../db/database.ts';
import type { GatewayPayment } from '../../payments/index.ts';
import { findGatewayPayment } from '../payment/index.ts';
import { decryptAccountNumber } from './bank-accounts.ts';
import type { BankPayouts, PayoutResult, RefundGateway } from './refund-gateway.ts';

// Paying refunds out. A refund row is written in the same transaction as the cancellation or return that
// causes it (status pending); paying it happens after commit, here, with the row's idempotency key as the
// gateway's key. Retrying (a crash, two instances, the operations command) pays the same refund once: the
// gateway refunds once per key, and only a pending row is marked processed.

export interface RefundAdapters {
  /** The adapter of the gateway that took the payment (payments.gateway); null when there is none. */
  gatewayFor(name: string): RefundGateway | null;
  payouts: BankPayouts;
}

export async function processRefund(
  db: Db,
  refundId: number,
  adapters: RefundAdapters,
): Promise<'processed' | 'pending' | 'failed' | 'done'> {
  const refund = await db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
  if (refund?.status !== 'pending') return 'done';
  let result: PayoutResult;
  if (refund.method === 'original') {
    const found = refund.payment_id ? await findGatewayPayment(db, refund.payment_id) : undefined;
    if (!found) return markFailed(db, refundId, 'the original payment is missing');
    const gateway = adapters.gatewayFor(found.gateway);
    if (!gateway) return markFailed(db, refundId, `no adapter for gateway ${found.gateway}`);
    const gatewayPayment: GatewayPayment = found.payment;
    const answer = await gateway.refund({ payment: gatewayPayment, amount: refund.amount, idempotencyKey: refund.idempotency_key });
    result = {
      refundId: answer.refundId ?? '',
      status: answer.status === 'success' ? 'processed' : answer.status,
      failureReason: answer.status === 'failed' ? 'refused by the gateway' : undefined,
    };
  } else {
    const account = refund.bank_account_id
      ? await db.selectFrom('bank_accounts').selectAll().where('id', '=', refund.bank_account_id).executeTakeFirst()
      : undefined;
    if (!account) return markFailed(db, refundId, 'no bank account to pay into');
    result = await adapters.payouts.payout({
      account: { ...account, account_number: decryptAccountNumber(account.account_number, account.customer_id) },
      amount: refund.amount,
      idempotencyKey: refund.idempotency_key,
    });
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
  if (result.status === 'failed') return markFailed(db, refundId, result.failureReason ?? 'refused by the gateway');
  const res = await db
    .updateTable('refunds')
    .set({ status: 'processed', gateway_refund_id: result.refundId || null, processed_at: new Date() })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? 'processed' : 'done';
}

async function markFailed(db: Db, refundId: number, reason: string) {
  await db
    .updateTable('refunds')
    .set({ status: 'failed', failure_reason: reason })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .execute();
  return 'failed' as const;
}

/** Pays every pending refund (operations retry, and housekeeping after a crash). */
export async function processPendingRefunds(db: Db, adapters: RefundAdapters): Promise<number> {
  const pending = await db.selectFrom('refunds').select('id').where('status', '=', 'pending').orderBy('id').limit(500).execute();
  let processed = 0;
  for (const { id } of pending) if ((await processRefund(db, id, adapters)) === 'processed') processed++;
  return processed;
}
