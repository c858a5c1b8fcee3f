import type { PaymentResultData } from '../../../schemas/payment.ts';
import { finalizePayment as finalizeFlow } from '../../flows/finalize-payment.ts';
import type { CallbackCheck } from '../../payments/index.ts';
import { attemptCustomer, latestAttempt, logCallback } from './queries.ts';
import { capPayload, recordRejection } from './rejections.ts';
import { keepSavedCard } from './saved-cards.ts';
import { CallbackRejected, type FinalizeResult, gatewayPayment, type PaymentDeps, requireOrder, resultOf } from './service.ts';

// What a gateway says about an attempt, applied through the finalize flow (docs/decisions/011-order-flows.md).
// Kept apart from service.ts, which the flow itself uses, so that no file and its flow import each other.

/**
 * Verifies and applies a gateway callback; every accepted one is logged, a rejected one within its source's share
 * (rejections.ts). `source` is the poster's address.
 */
export async function handleCallback(
  deps: PaymentDeps,
  fields: Record<string, string>,
  now = new Date(),
  source: string | null = null,
): Promise<FinalizeResult> {
  // The attempt's customer, when the return names a known attempt: Juspay routes every call by customer.
  const ref = fields.order_id ?? fields.ORDERID ?? fields.ref;
  const attempt = ref ? await attemptCustomer(deps.db, ref.slice(0, 100)) : null;
  const check: CallbackCheck = await deps.gateway.verifyCallback(fields, { customer: attempt });
  const payload = capPayload(fields);
  if (!check.ok) {
    const stored = await recordRejection(deps.db, source, {
      gateway: deps.gateway.name,
      ref: check.ref,
      reason: check.reason,
      payload: fields,
    });
    if (stored)
      deps.log?.warn({ ref: check.ref?.slice(0, 100), reason: check.reason, gateway: deps.gateway.name }, 'payment callback rejected');
    throw new CallbackRejected(check.reason);
  }
  try {
    const r = await finalizeFlow(deps, check.callback, now);
    await logCallback(deps.db, { gateway: deps.gateway.name, ref: check.callback.ref, outcome: r.outcome, reason: null, payload });
    // A card tokenised with consent on a payment that went through is saved (docs/decisions/024-saved-cards.md).
    if (r.result.payment_status === 'success') await keepSavedCard(deps, check.callback);
    return r;
  } catch (error) {
    if (error instanceof CallbackRejected) {
      await recordRejection(deps.db, source, {
        gateway: deps.gateway.name,
        ref: check.callback.ref,
        reason: error.message,
        payload: fields,
      });
      deps.log?.warn({ ref: check.callback.ref, reason: error.message }, 'payment callback rejected');
    }
    throw error;
  }
}

export async function verifyTransaction(
  deps: PaymentDeps,
  customerId: number,
  orderId: string,
  now = new Date(),
): Promise<PaymentResultData> {
  const order = await requireOrder(deps.db, customerId, orderId);
  const last = await latestAttempt(deps.db, order.id);
  if (order.status === 'payment_pending' && last && (last.status === 'pending' || last.status === 'created')) {
    const customer = await deps.db
      .selectFrom('customers')
      .select(['email', 'mobile'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    const answer = await deps.gateway.status(gatewayPayment(order, last, customer)).catch(() => null);
    if (answer && answer.ref === last.gateway_order_ref) return (await finalizeFlow(deps, answer, now)).result;
  }
  return resultOf(order, last);
}
