import type { PaymentIssueView } from '../../../schemas/payment.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { Conflict } from '../../http/errors.ts';
import { findGatewayPayment, paymentGateway } from './gateway.ts';

// The staff queue for money that needs a person (docs/decisions/015-gateway-life-cycle.md): a refund the gateway
// refused, a pay-on-delivery refund nobody can pay automatically ("to pay"), a payment that could not be given
// back, a bank offer the instrument used did not qualify for. Never only a log line: the operations API lists
// what is open, and a person marks each one done.

export type IssueKind = Database['payment_issues']['kind'];

export interface NewIssue {
  kind: IssueKind;
  /** The same key raises one issue, however often the job that finds it runs. */
  dedupKey: string;
  orderId?: number | null;
  paymentId?: number | null;
  refundId?: number | null;
  amount?: number;
  note: string;
}

export async function raiseIssue(db: Db, issue: NewIssue): Promise<void> {
  await db
    .insertInto('payment_issues')
    .values({
      kind: issue.kind,
      dedup_key: issue.dedupKey.slice(0, 200),
      order_id: issue.orderId ?? null,
      payment_id: issue.paymentId ?? null,
      refund_id: issue.refundId ?? null,
      amount: issue.amount ?? 0,
      note: issue.note.slice(0, 500),
    })
    .onConflict((oc) => oc.column('dedup_key').doNothing())
    .execute();
}

/** The open queue, oldest first, with what staff need beside each item (the order, its attempts, the payment). */
export async function openIssues(db: Db, limit = 200): Promise<PaymentIssueView[]> {
  const rows = await db
    .selectFrom('payment_issues as i')
    .leftJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('payments as p', 'p.id', 'i.payment_id')
    .select((eb) => [
      'i.id',
      'i.kind',
      'i.amount',
      'i.note',
      'i.created_at',
      'i.refund_id',
      'o.order_number',
      'o.status as order_status',
      'p.gateway_order_ref',
      eb
        .selectFrom('payments as a')
        .select((a) => a.fn.countAll<string>().as('n'))
        .whereRef('a.order_id', '=', 'i.order_id')
        .as('attempts'),
    ])
    .where('i.resolved_at', 'is', null)
    .orderBy('i.created_at')
    .orderBy('i.id')
    .limit(limit)
    .execute();
  return rows.map((i) => ({
    id: i.id,
    kind: i.kind,
    order_id: i.order_number,
    order_status: i.order_status,
    payment_ref: i.gateway_order_ref,
    attempts: Number(i.attempts ?? 0),
    refund_id: i.refund_id,
    amount: i.amount,
    note: i.note,
    created_at: new Date(i.created_at).toISOString(),
  }));
}

/**
 * Where the gateway refund an issue is about stands now, read by its refund id (docs/decisions/015): a refund
 * row's key (refund_failed), or the automatic refund of an unusable payment (unusable_refund_failed). Null when the
 * issue is about no gateway refund, or the gateway knows none (nothing was paid: a person may pay it).
 */
async function gatewayRefundNow(db: Db, issue: { kind: IssueKind; refund_id: number | null; payment_id: number | null }) {
  let target: { paymentId: number; key: string } | undefined;
  if (issue.kind === 'refund_failed' && issue.refund_id) {
    const r = await db
      .selectFrom('refunds')
      .select(['payment_id', 'idempotency_key', 'method'])
      .where('id', '=', issue.refund_id)
      .executeTakeFirst();
    if (r?.method === 'original' && r.payment_id) target = { paymentId: r.payment_id, key: r.idempotency_key };
  } else if (issue.kind === 'unusable_refund_failed' && issue.payment_id) {
    const r = await db
      .selectFrom('payment_refunds')
      .select(['payment_id', 'idempotency_key'])
      .where('payment_id', '=', issue.payment_id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (r) target = { paymentId: r.payment_id, key: r.idempotency_key };
  }
  if (!target) return null;
  const found = await findGatewayPayment(db, target.paymentId);
  const gateway = paymentGateway(db);
  if (!found || found.gateway !== gateway.name || !gateway.refundStatus) return null;
  try {
    return await gateway.refundStatus({ payment: found.payment, idempotencyKey: target.key });
  } catch {
    throw new Conflict("The gateway's refund status could not be read just now: try again before paying anything by hand.");
  }
}

/** Marks a refund paid by hand as processed and tells whoever must know; the orders module owns refunds. */
export type RefundPaidByHand = (trx: Db, refundId: number, reference: string) => Promise<void>;

/**
 * Where the gateway refund of open issue `id` stands now, read before the issue is resolved (a gateway call holds
 * no row locks). Null when the issue is not open, is about no gateway refund, or the gateway knows none.
 */
export async function gatewayRefundOfIssue(db: Db, id: number) {
  const open = await db
    .selectFrom('payment_issues')
    .select(['kind', 'refund_id', 'payment_id'])
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return open ? await gatewayRefundNow(db, open) : null;
}

/** Marks open issue `id` done with what the person did; false when no such issue is open. */
export async function resolveIssue(db: Db, id: number, resolution: string, refundPaidByHand: RefundPaidByHand): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const issue = await trx
      .updateTable('payment_issues')
      .set({ resolved_at: new Date(), resolution })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .returning(['kind', 'refund_id'])
      .executeTakeFirst();
    if (!issue) return false;
    // A refund paid by hand is paid: it counts as processed from now on (never before a person says so).
    if (issue.kind === 'refund_to_pay' && issue.refund_id) await refundPaidByHand(trx, issue.refund_id, resolution);
    return true;
  });
}
