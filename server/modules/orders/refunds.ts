import type { Db } from '../../db/database.ts';
import { decryptAccountNumber } from './bank-accounts.ts';
import type { BankPayouts, RefundGateway } from './refund-gateway.ts';

// The orders module's side of paying refunds out (the refund flow, server/flows/refund.ts, runs it): the refund
// rows and the bank accounts they pay into. A refund row is written in the same transaction as the cancellation or
// return that causes it (status pending); only a pending row changes, so a second payer changes nothing twice.

export interface RefundAdapters {
  /** The adapter of the gateway that took the payment (payments.gateway); null when there is none. */
  gatewayFor(name: string): RefundGateway | null;
  payouts: BankPayouts;
  /** Production refuses payouts that move no money (the sandbox's): those refunds are paid by a person. */
  production?: boolean;
}

export async function findRefund(db: Db, refundId: number) {
  return db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
}
export type RefundRow = NonNullable<Awaited<ReturnType<typeof findRefund>>>;

/** The bank account a refund pays into; its number is decrypted only when the payout is made. */
export async function payoutAccount(db: Db, bankAccountId: number | null) {
  const account = bankAccountId
    ? await db.selectFrom('bank_accounts').selectAll().where('id', '=', bankAccountId).executeTakeFirst()
    : undefined;
  return account && { ...account, accountNumber: () => decryptAccountNumber(account.account_number, account.customer_id) };
}

/** The gateway knows the refund and has not settled it: its id is kept, to ask its status next time. */
export async function noteGatewayRefund(db: Db, refundId: number, gatewayRefundId: string | null): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ gateway_refund_id: gatewayRefundId })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .execute();
}

/** A pending refund is processed; false when it was not pending (another payer got there first). */
export async function markRefundProcessed(db: Db, refundId: number, gatewayRefundId: string | null): Promise<boolean> {
  const res = await db
    .updateTable('refunds')
    .set({ status: 'processed', gateway_refund_id: gatewayRefundId, processed_at: new Date() })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A pending refund failed, with why; false when it was not pending. */
export async function markRefundFailed(db: Db, refundId: number, reason: string): Promise<boolean> {
  const res = await db
    .updateTable('refunds')
    .set({ status: 'failed', failure_reason: reason })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Pending refunds to pay, oldest first; one waiting for a person (the staff queue's "to pay") is not tried again. */
export async function pendingRefundIds(db: Db, limit = 500): Promise<number[]> {
  const rows = await db
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
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
