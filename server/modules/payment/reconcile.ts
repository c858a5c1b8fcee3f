import type { Db } from '../../db/database.ts';
import type { GatewayPayment } from '../../payments/index.ts';
import { findGatewayPayment } from './gateway.ts';
import { queueRefusedRefund } from './money-back.ts';
import { finalizePayment } from '../../flows/finalize-payment.ts';
import type { PaymentDeps } from './service.ts';

// Nothing paid is lost (docs/decisions/015-gateway-life-cycle.md). A return can be lost and a webhook can fail,
// so the store also asks: before an unpaid order expires, the gateway is asked about its open attempts; and a
// reconciliation job (every 5 minutes, one instance at a time) compares recent attempts, and the automatic
// refunds still pending, with the gateway's status. What the gateway answers goes through the same finalize as
// a return, so asking twice changes nothing twice. The sandbox is left out: it has nobody else to ask.

/** How far back the job looks: longer than any payment window plus a late UPI approval. */
const LOOK_BACK_MS = 48 * 3_600_000;

async function askAbout(deps: PaymentDeps, paymentIds: number[], now: Date): Promise<number> {
  let applied = 0;
  for (const id of paymentIds) {
    const found = await findGatewayPayment(deps.db, id);
    if (!found || found.gateway !== deps.gateway.name) continue;
    try {
      const answer = await deps.gateway.status(found.payment);
      if (!answer || answer.ref !== found.payment.ref) continue;
      const r = await finalizePayment(deps, answer, now);
      if (r.outcome === 'applied') applied++;
    } catch (error) {
      deps.log?.warn({ err: String(error), ref: found.payment.ref }, 'payment status not reconciled');
    }
  }
  return applied;
}

/** Asks the gateway about every open attempt of orders whose payment time ran out; before they expire. */
export async function askBeforeExpiry(deps: PaymentDeps, now = new Date(), batch = 100): Promise<number> {
  if (deps.gateway.name === 'sandbox') return 0;
  const rows = await deps.db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select('p.id')
    .where('o.status', '=', 'payment_pending')
    .where('o.expires_at', '<=', now)
    .where('p.gateway', '=', deps.gateway.name)
    .where('p.status', 'in', ['created', 'pending', 'failed'])
    .orderBy('p.id')
    .limit(batch)
    .execute();
  return askAbout(
    deps,
    rows.map((r) => r.id),
    now,
  );
}

/**
 * The reconciliation job: recent attempts that are not settled, or were closed without money (failed,
 * expired: a payment may still arrive), asked again; pending automatic refunds polled to success or failure.
 */
export async function reconcilePayments(deps: PaymentDeps, now = new Date(), batch = 200): Promise<{ payments: number; refunds: number }> {
  if (deps.gateway.name === 'sandbox') return { payments: 0, refunds: 0 };
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  const open = await deps.db
    .selectFrom('payments')
    .select('id')
    .where('gateway', '=', deps.gateway.name)
    .where('created_at', '>=', since)
    .where('status', 'in', ['created', 'pending', 'failed', 'expired'])
    // A payment already given back (a refused bank offer, a late payment) has nothing more to settle.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('payment_refunds').select('payment_refunds.id').whereRef('payment_refunds.payment_id', '=', 'payments.id'))),
    )
    .orderBy('id')
    .limit(batch)
    .execute();
  const payments = await askAbout(
    deps,
    open.map((r) => r.id),
    now,
  );
  return { payments, refunds: await pollAutomaticRefunds(deps, deps.db, batch) };
}

/** Automatic refunds (payment_refunds) still pending: their status, until the gateway settles them. */
async function pollAutomaticRefunds(deps: PaymentDeps, db: Db, batch: number): Promise<number> {
  const gateway = deps.gateway;
  if (!gateway.refundStatus) return 0;
  const pending = await db
    .selectFrom('payment_refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['r.id', 'r.payment_id', 'r.idempotency_key', 'r.amount', 'p.order_id', 'p.gateway_order_ref'])
    .where('r.status', '=', 'pending')
    .where('p.gateway', '=', gateway.name)
    .orderBy('r.id')
    .limit(batch)
    .execute();
  let settled = 0;
  for (const r of pending) {
    const found = await findGatewayPayment(db, r.payment_id);
    if (!found) continue;
    const payment: GatewayPayment = found.payment;
    const answer = await gateway.refundStatus({ payment, idempotencyKey: r.idempotency_key }).catch(() => null);
    if (!answer || answer.status === 'pending') continue;
    await db
      .updateTable('payment_refunds')
      .set({ status: answer.status, gateway_refund_id: answer.refundId })
      .where('id', '=', r.id)
      .where('status', '=', 'pending')
      .execute();
    settled++;
    if (answer.status === 'failed')
      await queueRefusedRefund(db, { ref: r.gateway_order_ref, orderId: r.order_id, paymentId: r.payment_id, amount: r.amount });
  }
  return settled;
}
