import type { Db } from '../../db/database.ts';
import type { BankPayouts, RefundGateway } from './refund-gateway.ts';

// Paying refunds out. A refund row is written in the same transaction as the cancellation or return that
// causes it (status pending); paying it happens after commit, here, with the row's idempotency key as the
// gateway's key. Retrying (a crash, two instances, the operations command) pays the same refund once: the
// gateway answers the same refund for the same key, and only a pending row is marked processed.

export interface RefundAdapters {
  gateway: RefundGateway;
  payouts: BankPayouts;
}

export async function processRefund(
  db: Db,
  refundId: number,
  adapters: RefundAdapters,
): Promise<'processed' | 'pending' | 'failed' | 'done'> {
  const refund = await db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
  if (refund?.status !== 'pending') return 'done';
  let result: Awaited<ReturnType<RefundGateway['refund']>>;
  if (refund.method === 'original') {
    const payment = refund.payment_id
      ? await db.selectFrom('payments').selectAll().where('id', '=', refund.payment_id).executeTakeFirst()
      : undefined;
    if (!payment) return markFailed(db, refundId, 'the original payment is missing');
    result = await adapters.gateway.refund({ payment, amount: refund.amount, idempotencyKey: refund.idempotency_key });
  } else {
    const account = refund.bank_account_id
      ? await db.selectFrom('bank_accounts').selectAll().where('id', '=', refund.bank_account_id).executeTakeFirst()
      : undefined;
    if (!account) return markFailed(db, refundId, 'no bank account to pay into');
    result = await adapters.payouts.payout({ account, amount: refund.amount, idempotencyKey: refund.idempotency_key });
  }
  if (result.status === 'pending') {
    await db
      .updateTable('refunds')
      .set({ gateway_refund_id: result.refundId })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .execute();
    return 'pending';
  }
  if (result.status === 'failed') return markFailed(db, refundId, result.failureReason ?? 'refused by the gateway');
  const res = await db
    .updateTable('refunds')
    .set({ status: 'processed', gateway_refund_id: result.refundId, processed_at: new Date() })
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
