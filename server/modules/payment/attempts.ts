import type { Db } from '../../db/database.ts';
import type { PaymentMethodCode } from '../../db/types.ts';
import type { VerifiedCallback } from '../../payments/index.ts';
import { PAY_ON_DELIVERY } from '../../../schemas/payment-rules.ts';
import { paidInstrumentColumn } from './money-back.ts';
import type { OrderRow, PaymentRow } from './queries.ts';

// The payment module's writes of an attempt that the finalize flow (server/flows/finalize-payment.ts) asks for:
// what a gateway said, and the attempt of pay on delivery. The flow holds no SQL of this module's tables.

/** What a gateway said is applied to the attempt: its status, its payment id, why it failed, the instrument used. */
export async function recordGatewayAnswer(
  trx: Db,
  payment: PaymentRow,
  cb: VerifiedCallback,
  finalizedAt: Date | null,
): Promise<PaymentRow> {
  return trx
    .updateTable('payments')
    .set({
      status: cb.status,
      gateway_payment_id: cb.gatewayPaymentId || payment.gateway_payment_id,
      failure_reason: cb.reason,
      finalized_at: finalizedAt,
      ...paidInstrumentColumn(cb),
    })
    .where('id', '=', payment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Pay on delivery chosen: attempt number `attempt` of the order, pending until the courier collects. */
export async function insertPayOnDeliveryAttempt(trx: Db, order: OrderRow, attempt: number): Promise<PaymentRow> {
  return trx
    .insertInto('payments')
    .values({
      order_id: order.id,
      attempt,
      gateway: 'cod',
      method: PAY_ON_DELIVERY,
      instrument: null,
      amount: order.total,
      status: 'pending',
      gateway_order_ref: `${order.order_number}-${attempt}`,
      gateway_payment_id: null,
      failure_reason: null,
      finalized_at: null,
      bank_offer_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The first attempt of an order written whole (the orders module's test and demo orders): captured by the
 * sandbox when prepaid, awaiting the courier's collection for pay on delivery.
 */
export async function insertFirstAttempt(
  trx: Db,
  order: { id: number; orderNumber: string; method: PaymentMethodCode; amount: number; at: Date },
): Promise<void> {
  const prepaid = order.method !== PAY_ON_DELIVERY;
  await trx
    .insertInto('payments')
    .values({
      order_id: order.id,
      attempt: 1,
      gateway: prepaid ? 'sandbox' : 'cod',
      method: order.method,
      instrument: prepaid ? 'sandbox' : null,
      amount: order.amount,
      status: prepaid ? 'success' : 'created',
      gateway_order_ref: `${order.orderNumber}-1`,
      gateway_payment_id: prepaid ? `sbx_pay_${order.orderNumber}` : null,
      finalized_at: prepaid ? order.at : null,
    })
    .execute();
}
