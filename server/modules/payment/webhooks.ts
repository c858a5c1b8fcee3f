import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentResultData } from '../../../schemas/payment.ts';
import type { WebhookInput } from '../../payments/index.ts';
import { logCallback, paymentByRef } from './queries.ts';
import { finalizePayment } from '../../flows/finalize-payment.ts';
import { handleCallback } from './callbacks.ts';
import { keepSavedCard } from './saved-cards.ts';
import { recordRejection } from './rejections.ts';
import { CallbackRejected, type FinalizeResult, failedPath, type PaymentDeps } from './service.ts';

// Server-to-server notifications and shopper returns that do not check out. A return can be lost (the shopper
// closes the tab after paying by UPI): both gateways send a webhook for every outcome, verified by the adapter
// (Paytm: the callback's checksum; Juspay: the dashboard's Basic credentials) and always confirmed by a status
// call, then applied by the same finalize as a return, so a webhook and a return for one payment apply once.

/** What the shopper reads on the failed-payment page when a return could not be verified. */
export const UNCONFIRMED_RETURN =
  'We could not confirm this payment with the payment gateway. If money was taken, your order is confirmed or the money returned automatically.';

/** Refusals that say the return did not come from the gateway at all. */
const UNAUTHENTIC = /bad signature|bad checksum|malformed|another merchant|unknown signature algorithm|another gateway/;

/** What a webhook is answered with: the payment's result, or that an authentic event named no payment. */
export type WebhookAnswer = PaymentResultData | { ignored: true; reason: string };

/**
 * Verifies and applies a gateway webhook; every one, accepted or not, is logged like a callback. An authentic
 * event about no payment (Juspay's TXN_* and refund events, Paytm's refund notifications) is answered, logged
 * and ignored: refused, the gateway would send it again for ever (docs/decisions/015-gateway-life-cycle.md).
 */
export async function answerWebhook(
  deps: PaymentDeps,
  input: WebhookInput,
  now = new Date(),
  source: string | null = null,
): Promise<WebhookAnswer> {
  const r = await handleWebhook(deps, input, now, source);
  return 'ignored' in r ? r : r.result;
}

/**
 * Verifies and applies a gateway webhook (answerWebhook's rules); an ignored event answers `{ ignored }`. A
 * rejected one is stored within its source's share (rejections.ts); `source` is the poster's address.
 */
export async function handleWebhook(
  deps: PaymentDeps,
  input: WebhookInput,
  now = new Date(),
  source: string | null = null,
): Promise<FinalizeResult | { ignored: true; reason: string }> {
  const { gateway, db } = deps;
  if (!gateway.verifyWebhook) throw new CallbackRejected('this gateway sends no webhooks');
  const check = await gateway.verifyWebhook(input);
  const payload = { webhook: true };
  if (!check.ok && check.ignore) {
    await logCallback(db, {
      gateway: gateway.name,
      ref: check.ref,
      outcome: 'unchanged',
      reason: `webhook ignored: ${check.reason}`,
      payload,
    });
    deps.log?.info({ ref: check.ref, reason: check.reason, gateway: gateway.name }, 'payment webhook ignored');
    return { ignored: true, reason: check.reason };
  }
  if (!check.ok) {
    const stored = await recordRejection(db, source, {
      gateway: gateway.name,
      ref: check.ref,
      reason: `webhook: ${check.reason}`,
      payload,
    });
    if (stored) deps.log?.warn({ ref: check.ref?.slice(0, 100), reason: check.reason, gateway: gateway.name }, 'payment webhook rejected');
    throw new CallbackRejected(check.reason);
  }
  const r = await finalizePayment(deps, check.callback, now);
  await logCallback(db, { gateway: gateway.name, ref: check.callback.ref, outcome: r.outcome, reason: 'webhook', payload });
  if (r.result.payment_status === 'success') await keepSavedCard(deps, check.callback);
  return r;
}

/**
 * A shopper's return from the gateway, answered as a page: the outcome page when it checks out, else the
 * failed-payment page of the order the return names (with why), never an error document in the browser.
 */
export async function returnPage(
  deps: PaymentDeps,
  fields: Record<string, string>,
  ref: string | null,
  source: string | null = null,
): Promise<string> {
  try {
    return (await handleCallback(deps, fields, new Date(), source)).result.next;
  } catch (error) {
    if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
    const payment = ref ? await paymentByRef(deps.db, ref.slice(0, 100)) : undefined;
    if (!payment) return '/cart';
    // Only a return that came from the gateway (its signature held) may leave a note: anyone can post a forged one.
    if (!UNAUTHENTIC.test(error.message)) await noteUnconfirmed(deps.db, payment.id);
    const order = await deps.db.selectFrom('orders').select('order_number').where('id', '=', payment.order_id).executeTakeFirstOrThrow();
    return failedPath(order.order_number);
  }
}

/** The attempt keeps its state (nothing is decided by an unverified return); only its shown reason changes. */
async function noteUnconfirmed(db: Db, paymentId: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({ failure_reason: UNCONFIRMED_RETURN })
    .where('id', '=', paymentId)
    .where('status', 'in', ['created', 'pending'])
    .execute();
}
