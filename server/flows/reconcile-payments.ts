import type { Db } from '../db/database.ts';
import type { GatewayPayment } from '../payments/index.ts';
import { findGatewayPayment } from '../modules/payment/index.ts';
import { attemptsOfExpiringOrders, pendingAutomaticRefunds, settleAutomaticRefund, unsettledAttempts } from '../modules/payment/index.ts';
import { queueRefusedRefund } from '../modules/payment/index.ts';
import { finalizePayment } from './finalize-payment.ts';
import type { PaymentDeps } from '../modules/payment/index.ts';

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
  return askAbout(deps, await attemptsOfExpiringOrders(deps.db, deps.gateway.name, now, batch), now);
}

/**
 * The reconciliation job: recent attempts that are not settled, or were closed without money (failed,
 * expired: a payment may still arrive), asked again; pending automatic refunds polled to success or failure.
 */
export async function reconcilePayments(deps: PaymentDeps, now = new Date(), batch = 200): Promise<{ payments: number; refunds: number }> {
  if (deps.gateway.name === 'sandbox') return { payments: 0, refunds: 0 };
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  const payments = await askAbout(deps, await unsettledAttempts(deps.db, deps.gateway.name, since, batch), now);
  return { payments, refunds: await pollAutomaticRefunds(deps, deps.db, batch) };
}

/** Automatic refunds (payment_refunds) still pending: their status, until the gateway settles them. */
async function pollAutomaticRefunds(deps: PaymentDeps, db: Db, batch: number): Promise<number> {
  const gateway = deps.gateway;
  if (!gateway.refundStatus) return 0;
  const pending = await pendingAutomaticRefunds(db, gateway.name, batch);
  let settled = 0;
  for (const r of pending) {
    const found = await findGatewayPayment(db, r.payment_id);
    if (!found) continue;
    const payment: GatewayPayment = found.payment;
    const answer = await gateway.refundStatus({ payment, idempotencyKey: r.idempotency_key }).catch(() => null);
    if (!answer || answer.status === 'pending') continue;
    await settleAutomaticRefund(db, r.id, answer.status, answer.refundId);
    settled++;
    if (answer.status === 'failed')
      await queueRefusedRefund(db, { ref: r.gateway_order_ref, orderId: r.order_id, paymentId: r.payment_id, amount: r.amount });
  }
  return settled;
}
